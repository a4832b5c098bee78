// The templates area's tables: each connected number's WhatsApp message templates as Meta has them
// (one row per name and language), kept current by the template webhooks and by a refresh.
// After a change: `npm run db:generate`, then commit the new migration in server/db/migrations/.
import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import {
  parameterFormats,
  templateCategories,
  templateQualities,
  templateStatuses,
  type ParameterFormat,
  type TemplateCategory,
  type TemplateContent,
  type TemplateQuality,
  type TemplateStatus,
} from '@/domain/message-template';
import { sqlList } from '../db/sql-list';
import { accounts } from '../accounts/account-tables';
import { channels } from '../channels/channel-tables';

/**
 * A template of a channel's WhatsApp Business Account in one language, as Meta last told us
 * (a refresh, a submission's answer or a webhook). Meta's id names one name and language.
 */
export const messageTemplates = pgTable(
  'message_templates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    uid: text('uid')
      .notNull()
      .references(() => accounts.uid, { onDelete: 'cascade' }),
    channelId: uuid('channel_id')
      .notNull()
      .references(() => channels.id, { onDelete: 'cascade' }),
    metaId: text('meta_id').notNull(),
    name: text('name').notNull(),
    language: text('language').notNull(),
    category: text('category').$type<TemplateCategory>().notNull(),
    status: text('status').$type<TemplateStatus>().notNull(),
    quality: text('quality').$type<TemplateQuality>().notNull().default('UNKNOWN'),
    rejectedReason: text('rejected_reason'),
    parameterFormat: text('parameter_format').$type<ParameterFormat>().notNull().default('NAMED'),
    content: jsonb('content').$type<TemplateContent>().notNull(),
    /** What Catalyst cannot show or send of a template made elsewhere. */
    unsupported: jsonb('unsupported').$type<string[]>().notNull().default([]),
    /** PAUSED: when Meta lets it send again, as its notice says. */
    pausedUntil: timestamp('paused_until', { withTimezone: true }),
    /** Why the sender stopped using it (Meta refused its parameters, say); null while it sends. */
    attention: text('attention'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('message_templates_channel_name_language').on(table.channelId, table.name, table.language),
    index('message_templates_channel_meta_id').on(table.channelId, table.metaId),
    index('message_templates_uid').on(table.uid),
    check('message_templates_category_known', sql`${table.category} in (${sqlList(templateCategories)})`),
    check('message_templates_status_known', sql`${table.status} in (${sqlList(templateStatuses)})`),
    check('message_templates_quality_known', sql`${table.quality} in (${sqlList(templateQualities)})`),
    check('message_templates_parameter_format_known', sql`${table.parameterFormat} in (${sqlList(parameterFormats)})`),
  ],
);

/** When each channel's templates were last read whole from Meta (a refresh). */
export const templateRefreshes = pgTable('template_refreshes', {
  channelId: uuid('channel_id')
    .primaryKey()
    .references(() => channels.id, { onDelete: 'cascade' }),
  refreshedAt: timestamp('refreshed_at', { withTimezone: true }).notNull(),
});
