// What the WhatsApp webhook reads and writes: channels found by phone number id (remembered a few
// seconds, with the opened app secret the signature check needs), Meta's verification by verify
// token, and each payload's events recorded idempotently by Meta's message id, a new message queued
// for the answerer in the same statement; for the shoppers' consent (./conversation-consent.ts), the
// channels' languages and which messages are redelivered. The channel store tells it (`forget`) of
// every change.
import { createHash } from 'node:crypto';
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { AiBaseLanguage } from '@/domain/ai-base';
import type { ChannelStatus } from '@/domain/channel';
import type { InboundEvent } from '@/domain/whatsapp-webhook';
import { baseLanguageSql } from '../ai-bases/ai-base-queries';
import type { Db } from '../db/database';
import { enqueueRows } from '../jobs/job-queue';
import type { SecretBox } from '../secrets/secret-box';
import { verifyTokenHash, WHATSAPP_INBOUND_QUEUE } from './channel-store';
import { channels, whatsappInboundMessages, whatsappMessageStatuses } from './channel-tables';

/** How long the webhook remembers a channel (and its app secret) by phone number id. */
export const WEBHOOK_CHANNEL_TTL_MS = 5_000;
const WEBHOOK_CHANNEL_CACHE_MAX = 10_000;

/** A channel as the webhook needs it: whose, whether it answers, and the secret Meta signs its payloads with. */
export type WebhookChannel = { id: string; uid: string; phoneNumberId: string; status: ChannelStatus; appSecret: string };

/** What a payload's events did: new messages queued for the answerer, new ones kept without a job, redeliveries, statuses. */
export type RecordedEvents = { queued: number; unqueued: number; duplicates: number; statuses: number };

export function webhookIntake(db: Db, secrets: SecretBox, { ttlMs = WEBHOOK_CHANNEL_TTL_MS } = {}) {
  const remembered = new Map<string, { channel: WebhookChannel; until: number }>();

  return {
    /** Drops what this process remembers of the number: its channel changed or went (the channel store calls it). */
    forget(phoneNumberId: string): void {
      remembered.delete(phoneNumberId);
    },

    /** Meta's webhook verification: whether a channel has this verify token (and it is now marked verified). */
    async verifyWebhook(verifyToken: string): Promise<boolean> {
      const verified = await db
        .update(channels)
        .set({ webhookVerifiedAt: new Date() })
        .where(eq(channels.verifyTokenHash, verifyTokenHash(verifyToken)))
        .returning({ id: channels.id });
      return verified.length > 0;
    },

    /** The channels of these phone number ids (an unknown id is absent from the map), remembered WEBHOOK_CHANNEL_TTL_MS. */
    async webhookChannels(phoneNumberIds: readonly string[]): Promise<Map<string, WebhookChannel>> {
      const now = Date.now();
      const found = new Map<string, WebhookChannel>();
      const unknown: string[] = [];
      for (const phoneNumberId of phoneNumberIds) {
        const hit = remembered.get(phoneNumberId);
        if (hit && hit.until > now) found.set(phoneNumberId, hit.channel);
        else unknown.push(phoneNumberId);
      }
      if (unknown.length === 0) return found;
      const rows = await db
        .select({
          id: channels.id,
          uid: channels.uid,
          phoneNumberId: channels.phoneNumberId,
          status: channels.status,
          sealed: channels.appSecretSealed,
        })
        .from(channels)
        .where(inArray(channels.phoneNumberId, unknown));
      for (const { sealed, ...row } of rows) {
        const channel = { ...row, appSecret: secrets.open(sealed, row.id) };
        if (remembered.size >= WEBHOOK_CHANNEL_CACHE_MAX) remembered.delete(remembered.keys().next().value!);
        remembered.set(row.phoneNumberId, { channel, until: now + ttlMs });
        found.set(row.phoneNumberId, channel);
      }
      return found;
    },

    /**
     * The channels of these WhatsApp Business Accounts, by account (an unknown one is absent): a
     * template update names its account, not a number. Not remembered: such updates are rare.
     */
    async accountChannels(wabaIds: readonly string[]): Promise<Map<string, WebhookChannel[]>> {
      const found = new Map<string, WebhookChannel[]>();
      if (wabaIds.length === 0) return found;
      const rows = await db
        .select({
          id: channels.id,
          uid: channels.uid,
          phoneNumberId: channels.phoneNumberId,
          wabaId: channels.wabaId,
          status: channels.status,
          sealed: channels.appSecretSealed,
        })
        .from(channels)
        .where(inArray(channels.wabaId, [...wabaIds]));
      for (const { sealed, wabaId, ...row } of rows)
        found.set(wabaId, [...(found.get(wabaId) ?? []), { ...row, appSecret: secrets.open(sealed, row.id) }]);
      return found;
    },

    /**
     * What recording a payload's consent events needs (./conversation-consent.ts): the language of
     * each channel's AI base (absent: none), and which of these messages are recorded already (a
     * redelivery), as `channelId messageId` keys.
     */
    async consentFacts(
      channelIds: readonly string[],
      messages: ReadonlyArray<{ channelId: string; messageId: string }>,
    ): Promise<{ languages: Map<string, AiBaseLanguage>; recorded: Set<string> }> {
      const languages = new Map<string, AiBaseLanguage>();
      const recorded = new Set<string>();
      if (channelIds.length > 0) {
        const rows = await db
          .select({ id: channels.id, language: baseLanguageSql(channels.aiBaseId) })
          .from(channels)
          .where(inArray(channels.id, [...channelIds]));
        for (const row of rows) if (row.language) languages.set(row.id, row.language);
      }
      if (messages.length > 0) {
        const rows = await db
          .select({ channelId: whatsappInboundMessages.channelId, messageId: whatsappInboundMessages.messageId })
          .from(whatsappInboundMessages)
          .where(
            and(
              inArray(whatsappInboundMessages.channelId, [...new Set(messages.map((message) => message.channelId))]),
              inArray(whatsappInboundMessages.messageId, [...new Set(messages.map((message) => message.messageId))]),
            ),
          );
        for (const row of rows) recorded.add(`${row.channelId} ${row.messageId}`);
      }
      return { languages, recorded };
    },

    /**
     * Records a payload's events in one statement: each message once per channel and Meta id (a
     * redelivery adds nothing), a new one queued for the answerer when its channel is active, and
     * each status once.
     */
    async recordEvents(events: ReadonlyArray<{ channel: WebhookChannel; event: InboundEvent }>): Promise<RecordedEvents> {
      const messages = events.flatMap(({ channel, event }) => (event.kind === 'message' ? [{ channel, event }] : []));
      const statuses = events.flatMap(({ channel, event }) => (event.kind === 'status' ? [{ channel, event }] : []));
      const answering = [...new Set(messages.filter(({ channel }) => channel.status === 'active').map(({ channel }) => channel.id))];
      const ctes: SQL[] = [];
      if (messages.length > 0) {
        // Two deliveries of one shopper taken in at once: the later one's job might be seen (committed)
        // before the earlier one's, and answered first. Each shopper's intake takes its turn (a lock
        // per serial key, held to the statement's commit), taken before the rows get their ids: the
        // rows come from a join with the lock's one row, so they are made only once it is held.
        const serialKeys = [
          ...new Set(
            messages
              .filter(({ channel }) => channel.status === 'active')
              .map(({ channel, event }) => `${channel.id}:${createHash('md5').update(event.from).digest('hex')}`),
          ),
        ].sort();
        ctes.push(sql`locked as (select count(*) as turns from (select pg_advisory_xact_lock(hashtext(key))
          from unnest(array[${sql.join(
            serialKeys.map((key) => sql`${key}`),
            sql`, `,
          )}]::text[]) as key order by key) as taken)`);
        const rows = JSON.stringify(
          messages.map(({ channel, event }, position) => ({
            position,
            channel_id: channel.id,
            message_id: event.messageId,
            sender: event.from,
            type: event.content.type,
            content: event.content,
            reply_to: event.replyTo,
            sent_at: new Date(event.timestamp * 1000).toISOString(),
          })),
        );
        ctes.push(sql`added as (insert into ${whatsappInboundMessages}
            (channel_id, message_id, sender, type, content, reply_to, sent_at)
          select r.channel_id, r.message_id, r.sender, r.type, r.content, r.reply_to, r.sent_at
          from jsonb_to_recordset(${rows}::jsonb) as r(position int, channel_id uuid, message_id text, sender text, type text,
            content jsonb, reply_to text, sent_at timestamptz), locked
          order by r.position
          on conflict do nothing
          returning id, channel_id, sender)`);
        if (answering.length > 0) {
          // One shopper's messages to one number are answered one at a time, in the order they came.
          const payloads = sql`select jsonb_build_object('channelId', channel_id, 'inboundMessageId', id) as payload,
            channel_id::text || ':' || md5(sender) as serial_key from added
            where channel_id in (${sql.join(
              answering.map((id) => sql`${id}::uuid`),
              sql`, `,
            )}) order by id`;
          ctes.push(sql`queued as (${enqueueRows(WHATSAPP_INBOUND_QUEUE, payloads, { serialKeyColumn: true })})`);
        }
      }
      if (statuses.length > 0) {
        const recorded = db
          .insert(whatsappMessageStatuses)
          .values(
            statuses.map(({ channel, event }) => ({
              channelId: channel.id,
              messageId: event.messageId,
              status: event.status,
              occurredAt: new Date(event.timestamp * 1000),
              errorCode: event.errorCodes[0] ?? null,
            })),
          )
          .onConflictDoNothing()
          .returning({ messageId: whatsappMessageStatuses.messageId });
        ctes.push(sql`recorded as (${recorded.getSQL()})`);
      }
      if (ctes.length === 0) return { queued: 0, unqueued: 0, duplicates: 0, statuses: 0 };
      const counted = (name: string, present: boolean) => (present ? sql.raw(`(select count(*)::int from ${name})`) : sql.raw('0'));
      const statement = sql`with ${sql.join(ctes, sql`, `)}
        select ${counted('added', messages.length > 0)} as added, ${counted('queued', messages.length > 0 && answering.length > 0)} as queued,
          ${counted('recorded', statuses.length > 0)} as statuses`;
      const result = await db.execute(statement);
      const [row] = (result as unknown as { rows: { added: number; queued: number; statuses: number }[] }).rows;
      const { added, queued, statuses: recorded } = row!;
      return { queued, unqueued: added - queued, duplicates: messages.length - added, statuses: recorded };
    },
  };
}

export type WebhookIntake = ReturnType<typeof webhookIntake>;
