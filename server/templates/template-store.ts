// Each connected number's WhatsApp message templates: read whole from Meta (a refresh), submitted
// to Meta for review one language at a time (new ones created, rejected or paused ones edited),
// and kept current by Meta's template webhooks. Every call of the API is keyed by the caller's uid
// through the channel store; the webhook's updates reach only the channels whose app secret
// signed them. Meta's answers are stored as they come: a language submitted before another was
// refused stays submitted.
import { isDeepStrictEqual } from 'node:util';
import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  templateQualityOf,
  templateStatusOf,
  toGraphTemplate,
  templateRefusalMessages,
  templateRefusalOf,
  templateLanguages,
  templateStatuses,
  type MessageTemplate,
  type TemplateAccount,
  type TemplateDraft,
  type TemplateLanguage,
  type TemplateList,
  type TemplateRecord,
  type TemplateRefusal as MetaRefusal,
} from '@/domain/message-template';
import type { TemplateUpdateEvent } from '@/domain/whatsapp-webhook';
import type { ChannelStore } from '../channels/channel-store';
import type { CloudApiClient, CloudApiFailure } from '../channels/cloud-api-client';
import type { Db } from '../db/database';
import { messageTemplates, templateRefreshes } from './template-tables';

type Row = typeof messageTemplates.$inferSelect;

/** Why a call is refused: no such channel (or template) of the caller's; Meta refused the token, the submission, or did not answer. */
export class TemplateRefusal extends Error {
  constructor(
    readonly reason: 'not_found' | 'token_invalid' | 'unreachable' | 'throttled' | 'refused',
    /** `refused`: Meta's refusal, at the field it names. */
    readonly refusal: MetaRefusal | null = null,
  ) {
    super(reason);
  }
}

const recordOf = (row: Row): TemplateRecord => ({
  metaId: row.metaId,
  name: row.name,
  language: row.language,
  category: row.category,
  status: row.status,
  quality: row.quality,
  rejectedReason: row.rejectedReason,
  parameterFormat: row.parameterFormat,
  content: row.content,
  unsupported: row.unsupported,
  channelId: row.channelId,
  pausedUntil: row.pausedUntil?.toISOString() ?? null,
  attention: row.attention,
  updatedAt: row.updatedAt.toISOString(),
});

/** A pause's length as Meta's notice words it ('paused for 3 hours'), from when it was sent; null when it says none. */
export function pausedUntilOf(notice: string | null, sentAt: Date): Date | null {
  const hours = /(\d+)\s*hours?/i.exec(notice ?? '')?.[1];
  return hours ? new Date(sentAt.getTime() + Number(hours) * 3_600_000) : null;
}

/**
 * What a webhook update changes: Meta's statuses as they are; its events that are not statuses
 * (REINSTATED and UNPAUSED: approved again; FLAGGED: still sending, its quality at risk) mapped;
 * any other event (ARCHIVED, LIMIT_EXCEEDED…) changes nothing here. Null: nothing to change.
 */
function changeOf(update: TemplateUpdateEvent, now: () => Date): Partial<Row> | null {
  if (update.kind === 'template_quality') return { quality: templateQualityOf(update.quality) };
  if (update.event === 'REINSTATED' || update.event === 'UNPAUSED') return { status: 'APPROVED', rejectedReason: null, pausedUntil: null };
  if (update.event === 'FLAGGED') return { attention: 'flagged' };
  if (!(templateStatuses as readonly string[]).includes(update.event)) return null;
  const sentAt = update.time === null ? now() : new Date(update.time * 1000);
  return {
    status: templateStatusOf(update.event),
    rejectedReason: update.event === 'REJECTED' ? update.reason : null,
    pausedUntil: update.event === 'PAUSED' ? pausedUntilOf(update.notice, sentAt) : null,
  };
}

/** How old Meta's word on a template in review may be before reading it asks Meta again. */
export const PENDING_RECHECK_MS = 15_000;

export type TemplateStoreDependencies = { channels: ChannelStore; cloudApi: CloudApiClient; now?: () => Date };

export function templateStore(db: Db, { channels, cloudApi, now = () => new Date() }: TemplateStoreDependencies) {
  /** The caller's channel and its token, or the refusal. */
  async function channelOf(uid: string, channelId: string) {
    const channel = await channels.get(uid, channelId);
    if (!channel) throw new TemplateRefusal('not_found');
    const token = await channels.accessToken(channel.id);
    if (!token) throw new TemplateRefusal('not_found');
    return { channel, token };
  }

  /** Meta's failure as the refusal the API answers; a refused token also marks the channel. */
  async function failed(channelId: string, failure: CloudApiFailure, language: TemplateLanguage) {
    if (failure.kind === 'token-invalid') {
      await channels.markNeedsAttention(channelId, 'token_invalid');
      return new TemplateRefusal('token_invalid');
    }
    if (failure.kind === 'not-found') return new TemplateRefusal('not_found');
    if (failure.kind === 'throughput' || failure.kind === 'pair-rate-limit') return new TemplateRefusal('throttled');
    if (failure.kind === 'invalid') return new TemplateRefusal('refused', templateRefusalOf(failure.error, language));
    return new TemplateRefusal('unreachable');
  }

  const rowsOf = (channelId: string, name?: string) =>
    db
      .select()
      .from(messageTemplates)
      .where(and(eq(messageTemplates.channelId, channelId), name === undefined ? undefined : eq(messageTemplates.name, name)))
      .orderBy(messageTemplates.name, messageTemplates.language);

  /** Writes Meta's templates of a channel as they are (by name and language). */
  async function upsert(tx: Db, uid: string, channelId: string, templates: readonly MessageTemplate[]) {
    if (templates.length === 0) return;
    const at = now();
    await tx
      .insert(messageTemplates)
      .values(templates.map((template) => ({ ...template, uid, channelId, updatedAt: at })))
      .onConflictDoUpdate({
        target: [messageTemplates.channelId, messageTemplates.name, messageTemplates.language],
        set: {
          metaId: sql`excluded.meta_id`,
          category: sql`excluded.category`,
          status: sql`excluded.status`,
          quality: sql`excluded.quality`,
          rejectedReason: sql`excluded.rejected_reason`,
          parameterFormat: sql`excluded.parameter_format`,
          content: sql`excluded.content`,
          unsupported: sql`excluded.unsupported`,
          // Approved again (or never paused): no longer paused.
          pausedUntil: sql`case when excluded.status = 'PAUSED' then ${messageTemplates.pausedUntil} else null end`,
          updatedAt: at,
        },
      });
  }

  async function account(uid: string, channelId: string): Promise<TemplateAccount> {
    const { channel } = await channelOf(uid, channelId);
    const [refreshed] = await db.select().from(templateRefreshes).where(eq(templateRefreshes.channelId, channelId));
    return {
      channelId,
      displayPhoneNumber: channel.displayPhoneNumber,
      wabaId: channel.wabaId,
      templates: (await rowsOf(channelId)).map(recordOf),
      refreshedAt: refreshed?.refreshedAt.toISOString() ?? null,
    };
  }

  return {
    /** Every channel of the caller's with its templates as last read. */
    async list(uid: string): Promise<TemplateList> {
      const connected = await channels.list(uid);
      if (connected.length === 0) return { accounts: [] };
      const ids = connected.map((channel) => channel.id);
      const [rows, refreshes] = await Promise.all([
        db
          .select()
          .from(messageTemplates)
          .where(and(eq(messageTemplates.uid, uid), inArray(messageTemplates.channelId, ids)))
          .orderBy(messageTemplates.name, messageTemplates.language),
        db.select().from(templateRefreshes).where(inArray(templateRefreshes.channelId, ids)),
      ]);
      return {
        accounts: connected.map((channel) => ({
          channelId: channel.id,
          displayPhoneNumber: channel.displayPhoneNumber,
          wabaId: channel.wabaId,
          templates: rows.filter((row) => row.channelId === channel.id).map(recordOf),
          refreshedAt: refreshes.find((refresh) => refresh.channelId === channel.id)?.refreshedAt.toISOString() ?? null,
        })),
      };
    },

    /** Reads the channel's templates from Meta again, whole: what Meta no longer has goes. */
    async refresh(uid: string, channelId: string): Promise<TemplateAccount> {
      const { channel, token } = await channelOf(uid, channelId);
      const read = await cloudApi.templates(channel.wabaId, token);
      if (!read.ok) throw await failed(channel.id, read.failure, 'en_US');
      await db.transaction(async (tx) => {
        await upsert(tx, uid, channel.id, read.value);
        const kept = sql.join(
          read.value.map((template) => sql`(${template.name}, ${template.language})`),
          sql`, `,
        );
        await tx
          .delete(messageTemplates)
          .where(
            and(
              eq(messageTemplates.channelId, channel.id),
              read.value.length === 0 ? undefined : sql`(${messageTemplates.name}, ${messageTemplates.language}) not in (${kept})`,
            ),
          );
        await tx
          .insert(templateRefreshes)
          .values({ channelId: channel.id, refreshedAt: now() })
          .onConflictDoUpdate({ target: templateRefreshes.channelId, set: { refreshedAt: now() } });
      });
      return account(uid, channelId);
    },

    /**
     * One template's languages (none: not_found). While one is in review and Meta's last word on it
     * is older than PENDING_RECHECK_MS, Meta is asked for the name itself: a webhook can be lost, or
     * come before the submission's answer was stored. Meta not answering leaves the records as they are.
     */
    async records(uid: string, channelId: string, name: string): Promise<TemplateRecord[]> {
      const { channel, token } = await channelOf(uid, channelId);
      const rows = await rowsOf(channelId, name);
      if (rows.length === 0) throw new TemplateRefusal('not_found');
      const due = now().getTime() - PENDING_RECHECK_MS;
      if (!rows.some((row) => row.status === 'PENDING' && row.updatedAt.getTime() <= due)) return rows.map(recordOf);

      // Claimed first, so the next read (of this process or another) waits its turn again.
      await db
        .update(messageTemplates)
        .set({ updatedAt: now() })
        .where(and(eq(messageTemplates.channelId, channel.id), eq(messageTemplates.name, name), eq(messageTemplates.status, 'PENDING')));
      const read = await cloudApi.templates(channel.wabaId, token, { name });
      if (read.ok) {
        const known = new Set(rows.map((row) => row.language));
        await upsert(
          db,
          uid,
          channel.id,
          read.value.filter((template) => template.name === name && known.has(template.language)),
        );
      } else if (read.failure.kind === 'token-invalid') await channels.markNeedsAttention(channel.id, 'token_invalid');
      return (await rowsOf(channelId, name)).map(recordOf);
    },

    /**
     * Submits each language of the draft for Meta's review: a language Meta has is edited, a new one
     * created. Stops at the first refusal (the languages before it are submitted and stored).
     */
    async submit(uid: string, channelId: string, draft: TemplateDraft): Promise<TemplateRecord[]> {
      const { channel, token } = await channelOf(uid, channelId);
      const name = draft.name.trim();
      const existing = new Map((await rowsOf(channel.id, name)).map((row) => [row.language, row]));
      // Before Meta is asked anything: an image header needs its example uploaded to Meta first (to build).
      const withImage = templateLanguages.find((language) => draft.languages[language]?.header.type === 'image');
      if (withImage) {
        const message = templateRefusalMessages.imageHeaderUnavailable;
        throw new TemplateRefusal('refused', {
          field: `languages.${withImage}.header`,
          message,
          metaTitle: null,
          metaMessage: message.message!,
          code: null,
          subcode: null,
        });
      }
      for (const language of templateLanguages) {
        if (!draft.languages[language]) continue;
        const body = toGraphTemplate({ ...draft, name }, language);
        const known = existing.get(language);
        const content = draft.languages[language]!;
        // Approved or in review as it is: left alone (an edit would send it back to review, and Meta
        // allows one edit a day). A retry after a partial failure skips what went through.
        // Compared as values: jsonb keeps its keys in an order of its own.
        const unchanged = known && known.category === body.category && isDeepStrictEqual(known.content, content);
        if (known && unchanged && (known.status === 'APPROVED' || known.status === 'PENDING')) continue;
        if (known) {
          const edited = await cloudApi.editTemplate(known.metaId, token, { category: body.category, components: body.components });
          if (!edited.ok) throw await failed(channel.id, edited.failure, language);
          await db
            .update(messageTemplates)
            .set({
              category: body.category,
              content,
              status: 'PENDING',
              rejectedReason: null,
              pausedUntil: null,
              attention: null,
              updatedAt: now(),
            })
            .where(eq(messageTemplates.id, known.id));
        } else {
          const created = await cloudApi.createTemplate(channel.wabaId, token, body);
          if (!created.ok) throw await failed(channel.id, created.failure, language);
          const record: MessageTemplate = {
            metaId: created.value.id,
            name,
            language,
            category: body.category,
            status: created.value.status,
            quality: 'UNKNOWN',
            rejectedReason: null,
            parameterFormat: 'NAMED',
            content,
            unsupported: [],
          };
          await upsert(db, uid, channel.id, [record]);
        }
      }
      return (await rowsOf(channel.id, name)).map(recordOf);
    },

    /** Meta's review and quality updates (the webhook's), for the channels whose app secret signed them. Unknown templates wait for a refresh. */
    async applyUpdates(updates: ReadonlyArray<{ update: TemplateUpdateEvent; channelIds: readonly string[] }>): Promise<number> {
      let applied = 0;
      for (const { update, channelIds } of updates) {
        if (channelIds.length === 0) continue;
        const which = and(inArray(messageTemplates.channelId, [...channelIds]), eq(messageTemplates.metaId, update.metaTemplateId));
        if (update.kind === 'template_status' && update.event === 'DELETED') {
          applied += (await db.delete(messageTemplates).where(which).returning({ id: messageTemplates.id })).length;
          continue;
        }
        const change = changeOf(update, now);
        if (!change) continue;
        const written = await db
          .update(messageTemplates)
          .set({ ...change, updatedAt: now() })
          .where(which)
          .returning({ id: messageTemplates.id });
        applied += written.length;
      }
      return applied;
    },
  };
}

export type TemplateStore = ReturnType<typeof templateStore>;
