// Channels (connected WhatsApp numbers) in the database, and what their webhook receives. Every
// account-facing query is keyed by the caller's uid, so another account's id finds nothing (the
// routes answer 404). The access token and the app secret are sealed with the row's id as context;
// the verify token is made here, returned once and kept as its SHA-256. The webhook finds channels
// by phone number id (remembered a few seconds, with the opened app secret its signature check
// needs) and records messages idempotently by Meta's message id: a new one is queued for the
// answerer in the same statement, so a message is never recorded without its job, nor queued twice.
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, ne, notInArray, or, sql, type SQL } from 'drizzle-orm';
import { tokenHint } from '../../domain/inventory';
import { tokenAttentionReasons } from '../../domain/channel';
import type {
  Channel,
  ChannelAttentionReason,
  ChannelRefusalReason,
  ChannelStatus,
  ChannelSummary,
  ConnectChannel,
  ConnectedChannel,
  PhoneNumberCheck,
} from '../../domain/channel';
import type { InboundEvent } from '../../domain/whatsapp-webhook';
import type { Db } from '../db/database';
import { aiBases } from '../ai-bases/ai-base-tables';
import { channels, whatsappInboundMessages, whatsappMessageStatuses } from './channel-tables';
import { inventories } from '../inventories/inventory-tables';
import { enqueueRows } from '../jobs/job-queue';
import type { SecretBox } from '../secrets/secret-box';

type Row = typeof channels.$inferSelect;

/** The queue of inbound messages for the answerer; a job's payload is `{ channelId, inboundMessageId }` (ids only). */
export const WHATSAPP_INBOUND_QUEUE = 'whatsapp-inbound';

/** How long the webhook remembers a channel (and its app secret) by phone number id. */
export const WEBHOOK_CHANNEL_TTL_MS = 5_000;
const WEBHOOK_CHANNEL_CACHE_MAX = 10_000;

/** Why a change was refused; the routes turn each into its HTTP answer. */
export class ChannelRefusal extends Error {
  constructor(readonly reason: ChannelRefusalReason) {
    super(reason);
  }
}

/** A channel as the webhook needs it: whose, whether it answers, and the secret Meta signs its payloads with. */
export type WebhookChannel = { id: string; uid: string; phoneNumberId: string; status: ChannelStatus; appSecret: string };

/** What a payload's events did: new messages queued for the answerer, new ones kept without a job, redeliveries, statuses. */
export type RecordedEvents = { queued: number; unqueued: number; duplicates: number; statuses: number };

/** The verify token's lookup key. */
export const verifyTokenHash = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

/** 192 random bits, URL-safe: pasted once into Meta's webhook settings. */
const newVerifyToken = () => randomBytes(24).toString('base64url');

function view(row: Row): Channel {
  return {
    id: row.id,
    displayPhoneNumber: row.displayPhoneNumber,
    phoneNumberId: row.phoneNumberId,
    wabaId: row.wabaId,
    accessTokenHint: row.accessTokenHint,
    aiBaseId: row.aiBaseId,
    inventoryId: row.inventoryId,
    status: row.status,
    attentionReason: row.attentionReason,
    verifiedName: row.verifiedName,
    qualityRating: row.qualityRating,
    webhookVerifiedAt: row.webhookVerifiedAt?.toISOString() ?? null,
    retentionDays: row.retentionDays,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function channelStore(db: Db, secrets: SecretBox, { webhookTtlMs = WEBHOOK_CHANNEL_TTL_MS } = {}) {
  const mine = (uid: string, id: string) => and(eq(channels.uid, uid), eq(channels.id, id));
  const remembered = new Map<string, { channel: WebhookChannel; until: number }>();

  /** The caller's AI base, active, and inventory (when one is named), or the refusal. */
  async function checkAnswering(uid: string, aiBaseId: string, inventoryId: string | null): Promise<void> {
    const [base] = await db
      .select({ status: aiBases.status })
      .from(aiBases)
      .where(and(eq(aiBases.uid, uid), eq(aiBases.id, aiBaseId)));
    if (!base) throw new ChannelRefusal('ai_base_not_found');
    if (base.status !== 'active') throw new ChannelRefusal('ai_base_not_active');
    if (inventoryId === null) return;
    const [inventory] = await db
      .select({ id: inventories.id })
      .from(inventories)
      .where(and(eq(inventories.uid, uid), eq(inventories.id, inventoryId)));
    if (!inventory) throw new ChannelRefusal('inventory_not_found');
  }

  /**
   * Writes `change` to the caller's channel if it meets `condition` (null: no such channel, or it did
   * not); this process's webhook forgets what it remembered of it.
   */
  async function write(uid: string, id: string, change: Partial<Row>, condition?: SQL): Promise<Channel | null> {
    const [row] = await db
      .update(channels)
      .set({ ...change, updatedAt: new Date() })
      .where(and(mine(uid, id), condition))
      .returning();
    if (!row) return null;
    remembered.delete(row.phoneNumberId);
    return view(row);
  }

  async function update(uid: string, id: string, change: Partial<Row>): Promise<Channel> {
    const written = await write(uid, id, change);
    if (!written) throw new ChannelRefusal('not_found');
    return written;
  }

  /**
   * Writes a status `change` unless the channel waits for a new access token: a reason only a new
   * token clears outlives a pause and a resume (refused, `needs_access_token`). One statement, so a
   * worker marking the channel meanwhile is not overwritten.
   */
  async function updateUnlessWaitingForToken(uid: string, id: string, change: Partial<Row>): Promise<Channel> {
    const notWaiting = or(ne(channels.status, 'needs_attention'), notInArray(channels.attentionReason, [...tokenAttentionReasons]));
    const written = await write(uid, id, change, notWaiting);
    if (written) return written;
    await existing(uid, id); // not_found first
    throw new ChannelRefusal('needs_access_token');
  }

  /** Whether the AI base still answers (a deleted one, null, does not). */
  async function baseIsActive(aiBaseId: string | null): Promise<boolean> {
    if (!aiBaseId) return false;
    const [base] = await db.select({ status: aiBases.status }).from(aiBases).where(eq(aiBases.id, aiBaseId));
    return base?.status === 'active';
  }

  async function existing(uid: string, id: string): Promise<Row> {
    const [row] = await db.select().from(channels).where(mine(uid, id));
    if (!row) throw new ChannelRefusal('not_found');
    return row;
  }

  return {
    async list(uid: string): Promise<Channel[]> {
      const rows = await db.select().from(channels).where(eq(channels.uid, uid)).orderBy(asc(channels.createdAt), asc(channels.id));
      return rows.map(view);
    },

    async get(uid: string, id: string): Promise<Channel | null> {
      const [row] = await db.select().from(channels).where(mine(uid, id));
      return row ? view(row) : null;
    },

    /** The caller's channels by the AI base answering on them (the AI base cards list them). */
    async summariesByBase(uid: string): Promise<Map<string, ChannelSummary[]>> {
      const rows = await db
        .select({ id: channels.id, aiBaseId: channels.aiBaseId, displayPhoneNumber: channels.displayPhoneNumber, status: channels.status })
        .from(channels)
        .where(eq(channels.uid, uid))
        .orderBy(asc(channels.createdAt), asc(channels.id));
      const byBase = new Map<string, ChannelSummary[]>();
      for (const { aiBaseId, ...summary } of rows) {
        if (aiBaseId) byBase.set(aiBaseId, [...(byBase.get(aiBaseId) ?? []), summary]);
      }
      return byBase;
    },

    /**
     * Refuses (ai_base_not_found, ai_base_not_active, inventory_not_found) a base or inventory that
     * cannot answer: the connect route asks before it checks the number with Meta.
     */
    checkAnswering,

    /**
     * Connects a number after its check (the route checks the token against the number first): the
     * secrets sealed, a verify token made and returned this once. A number connected already, on
     * any account, is refused.
     */
    async connect(uid: string, input: ConnectChannel, check: PhoneNumberCheck): Promise<ConnectedChannel> {
      const inventoryId = input.inventoryId ?? null;
      await checkAnswering(uid, input.aiBaseId, inventoryId);
      const id = randomUUID();
      const verifyToken = newVerifyToken();
      const [row] = await db
        .insert(channels)
        .values({
          id,
          uid,
          phoneNumberId: input.phoneNumberId,
          wabaId: input.wabaId,
          displayPhoneNumber: check.displayPhoneNumber,
          verifiedName: check.verifiedName,
          qualityRating: check.qualityRating,
          accessTokenSealed: secrets.seal(input.accessToken, id),
          accessTokenHint: tokenHint(input.accessToken),
          appSecretSealed: secrets.seal(input.appSecret, id),
          verifyTokenHash: verifyTokenHash(verifyToken),
          aiBaseId: input.aiBaseId,
          inventoryId,
        })
        .onConflictDoNothing({ target: channels.phoneNumberId })
        .returning();
      if (!row) throw new ChannelRefusal('already_connected');
      return { channel: view(row), verifyToken };
    },

    /** Another AI base or inventory (null: none); a channel that needed attention for its base answers again. */
    async setAnswering(uid: string, id: string, aiBaseId: string, inventoryId: string | null): Promise<Channel> {
      const row = await existing(uid, id);
      await checkAnswering(uid, aiBaseId, inventoryId);
      const recovered = row.status === 'needs_attention' && row.attentionReason === 'ai_base_inactive';
      return update(uid, id, { aiBaseId, inventoryId, ...(recovered ? { status: 'active', attentionReason: null } : {}) });
    },

    /**
     * A new access token (after its check); a channel that needed attention for its token answers
     * again, or, should its AI base have been switched off meanwhile, needs attention for the base.
     */
    async replaceAccessToken(uid: string, id: string, accessToken: string, check: PhoneNumberCheck): Promise<Channel> {
      const row = await existing(uid, id);
      const recovered = row.status === 'needs_attention' && row.attentionReason !== 'ai_base_inactive';
      const recovery: Partial<Row> = (await baseIsActive(row.aiBaseId))
        ? { status: 'active', attentionReason: null }
        : { status: 'needs_attention', attentionReason: 'ai_base_inactive' };
      return update(uid, id, {
        accessTokenSealed: secrets.seal(accessToken, id),
        accessTokenHint: tokenHint(accessToken),
        displayPhoneNumber: check.displayPhoneNumber,
        verifiedName: check.verifiedName,
        qualityRating: check.qualityRating,
        ...(recovered ? recovery : {}),
      });
    },

    /** How many days the number's conversations are kept (the retention job deletes what is older). */
    setRetention(uid: string, id: string, retentionDays: number): Promise<Channel> {
      return update(uid, id, { retentionDays });
    },

    /**
     * The AI base stops answering on the number (messages are still received and kept). Refused
     * (`needs_access_token`) while the channel waits for a new token: pausing would drop the reason.
     */
    pause(uid: string, id: string): Promise<Channel> {
      return updateUnlessWaitingForToken(uid, id, { status: 'paused', attentionReason: null });
    },

    /**
     * The AI base answers again: it must still be there and active (a channel that waited for its
     * base answers again). Refused (`needs_access_token`) while the channel waits for a new token.
     */
    async resume(uid: string, id: string): Promise<Channel> {
      const row = await existing(uid, id);
      if (!row.aiBaseId) throw new ChannelRefusal('ai_base_not_found');
      await checkAnswering(uid, row.aiBaseId, null);
      return updateUnlessWaitingForToken(uid, id, { status: 'active', attentionReason: null });
    },

    /** A new verify token, returned this once (the old one no longer verifies). */
    async rotateVerifyToken(uid: string, id: string): Promise<ConnectedChannel> {
      const verifyToken = newVerifyToken();
      return { channel: await update(uid, id, { verifyTokenHash: verifyTokenHash(verifyToken), webhookVerifiedAt: null }), verifyToken };
    },

    /** Disconnects the number: the channel goes with its messages and statuses. */
    async remove(uid: string, id: string): Promise<void> {
      const deleted = await db.delete(channels).where(mine(uid, id)).returning({ phoneNumberId: channels.phoneNumberId });
      if (deleted.length === 0) throw new ChannelRefusal('not_found');
      remembered.delete(deleted[0]!.phoneNumberId);
    },

    /** The answerer could not answer on the channel (Meta refused its token…): it waits for the merchant. Not account-scoped: for workers. */
    async markNeedsAttention(id: string, reason: ChannelAttentionReason): Promise<void> {
      const [row] = await db
        .update(channels)
        .set({ status: 'needs_attention', attentionReason: reason, updatedAt: new Date() })
        .where(eq(channels.id, id))
        .returning({ phoneNumberId: channels.phoneNumberId });
      if (row) remembered.delete(row.phoneNumberId);
    },

    /** The channel's access token, opened, to reply with; null when the channel is gone. Not account-scoped: for workers. */
    async accessToken(id: string): Promise<string | null> {
      const [row] = await db.select({ sealed: channels.accessTokenSealed }).from(channels).where(eq(channels.id, id));
      return row ? secrets.open(row.sealed, id) : null;
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
        remembered.set(row.phoneNumberId, { channel, until: now + webhookTtlMs });
        found.set(row.phoneNumberId, channel);
      }
      return found;
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
        const added = db
          .insert(whatsappInboundMessages)
          .values(
            messages.map(({ channel, event }) => ({
              channelId: channel.id,
              messageId: event.messageId,
              sender: event.from,
              type: event.content.type,
              content: event.content,
              replyTo: event.replyTo,
              sentAt: new Date(event.timestamp * 1000),
            })),
          )
          .onConflictDoNothing()
          .returning({ id: whatsappInboundMessages.id, channelId: whatsappInboundMessages.channelId });
        ctes.push(sql`added as (${added.getSQL()})`);
        if (answering.length > 0) {
          const payloads = sql`select jsonb_build_object('channelId', channel_id, 'inboundMessageId', id) as payload from added
            where channel_id in (${sql.join(answering.map((id) => sql`${id}::uuid`), sql`, `)}) order by id`;
          ctes.push(sql`queued as (${enqueueRows(WHATSAPP_INBOUND_QUEUE, payloads)})`);
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
      const result = await db.execute(sql`with ${sql.join(ctes, sql`, `)}
        select ${counted('added', messages.length > 0)} as added, ${counted('queued', messages.length > 0 && answering.length > 0)} as queued,
          ${counted('recorded', statuses.length > 0)} as statuses`);
      const [row] = (result as unknown as { rows: { added: number; queued: number; statuses: number }[] }).rows;
      const { added, queued, statuses: recorded } = row!;
      return { queued, unqueued: added - queued, duplicates: messages.length - added, statuses: recorded };
    },
  };
}

export type ChannelStore = ReturnType<typeof channelStore>;
