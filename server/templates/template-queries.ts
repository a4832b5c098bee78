// What other areas read of the templates area's tables, without knowing them: the sender asks for
// the template a send names (its status, content and category) and marks one needing attention when
// Meta refuses its parameters; the recovery worker asks which category a template is sent as. Everything
// is keyed by the channel, which the caller checks.
import { and, eq, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { ParameterFormat, TemplateCategory, TemplateContent, TemplateStatus } from '@/domain/message-template';
import type { Db } from '../db/database';
import { messageTemplates } from './template-tables';

export type SendingTemplate = {
  name: string;
  language: string;
  category: TemplateCategory;
  status: TemplateStatus;
  parameterFormat: ParameterFormat;
  content: TemplateContent;
  /** Why the sender stopped using it; null while it sends. */
  attention: string | null;
};

/** The channel's template of that name in each language it has, by language. */
export async function templatesByLanguage(db: Db, channelId: string, name: string): Promise<Map<string, SendingTemplate>> {
  const rows = await db
    .select({
      name: messageTemplates.name,
      language: messageTemplates.language,
      category: messageTemplates.category,
      status: messageTemplates.status,
      parameterFormat: messageTemplates.parameterFormat,
      content: messageTemplates.content,
      attention: messageTemplates.attention,
    })
    .from(messageTemplates)
    .where(and(eq(messageTemplates.channelId, channelId), eq(messageTemplates.name, name)));
  return new Map(rows.map((row) => [row.language, row]));
}

/**
 * The channel's templates of that name, one per language (SendingTemplate[] as jsonb; [] for none), as a
 * scalar for the caller's statement: the sender reads them with the send.
 */
export const templatesOfNameSql = (channelId: SQLWrapper, name: SQLWrapper): SQL<SendingTemplate[]> =>
  sql`coalesce((select jsonb_agg(jsonb_build_object('name', ${messageTemplates.name}, 'language', ${messageTemplates.language},
      'category', ${messageTemplates.category}, 'status', ${messageTemplates.status}, 'parameterFormat', ${messageTemplates.parameterFormat},
      'content', ${messageTemplates.content}, 'attention', ${messageTemplates.attention}))
    from ${messageTemplates} where ${messageTemplates.channelId} = ${channelId} and ${messageTemplates.name} = ${name}), '[]'::jsonb)`;

/**
 * The category the channel's template of that name is sent as when a language of it is APPROVED, as a
 * scalar for the caller's statement: MARKETING when an approved language is, else UTILITY; null when
 * none is approved.
 */
export const approvedCategorySql = (channelId: string, name: string): SQL<'MARKETING' | 'UTILITY' | null> =>
  sql`(select case when bool_or(${messageTemplates.category} = 'MARKETING') then 'MARKETING' else 'UTILITY' end
    from ${messageTemplates} where ${messageTemplates.channelId} = ${channelId} and ${messageTemplates.name} = ${name}
      and ${messageTemplates.status} = 'APPROVED' having count(*) > 0)`;

/** Marks one language of a template as needing the merchant's attention (Meta refused its parameters). */
export async function markTemplateAttention(db: Db, channelId: string, name: string, language: string, reason: string): Promise<void> {
  await db
    .update(messageTemplates)
    .set({ attention: reason, updatedAt: new Date() })
    .where(and(eq(messageTemplates.channelId, channelId), eq(messageTemplates.name, name), eq(messageTemplates.language, language)));
}
