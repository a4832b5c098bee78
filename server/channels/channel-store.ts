// Channels (connected WhatsApp numbers) in the database. Every account-facing query is keyed by the
// caller's uid, so another account's id finds nothing (the routes answer 404). The access token and
// the app secret are sealed with the row's id as context; the verify token is made here, returned
// once and kept as its SHA-256. What the webhook reads and records is ./webhook-intake.ts.
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { and, asc, eq, ne, notInArray, or, sql, type SQL } from 'drizzle-orm';
import { tokenHint } from '@/domain/inventory';
import { tokenAttentionReasons } from '@/domain/channel';
import type {
  Channel,
  ChannelAttentionReason,
  ChannelRefusalReason,
  ChannelSummary,
  ConnectChannel,
  ConnectedChannel,
  PhoneNumberCheck,
} from '@/domain/channel';
import type { Db } from '../db/database';
import { aiBaseFacts, aiBaseStatus } from '../ai-bases/ai-base-queries';
import { channels } from './channel-tables';
import { isAccountsInventory } from '../inventories/inventory-queries';
import type { SecretBox } from '../secrets/secret-box';

type Row = typeof channels.$inferSelect;

/** The queue of inbound messages for the answerer; a job's payload is `{ channelId, inboundMessageId }` (ids only). */
export const WHATSAPP_INBOUND_QUEUE = 'whatsapp-inbound';

/** Why a change was refused; the routes turn each into its HTTP answer. */
export class ChannelRefusal extends Error {
  constructor(readonly reason: ChannelRefusalReason) {
    super(reason);
  }
}

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

export type ChannelStoreOptions = {
  /** Told the phone number id of each channel a write changed or removed (the webhook intake forgets it at once). */
  onChannelChanged?: (phoneNumberId: string) => void;
};

export function channelStore(db: Db, secrets: SecretBox, { onChannelChanged = () => {} }: ChannelStoreOptions = {}) {
  const mine = (uid: string, id: string) => and(eq(channels.uid, uid), eq(channels.id, id));
  // The template sender's read of every send, built and prepared once.
  const withToken = db
    .select()
    .from(channels)
    .where(and(eq(channels.uid, sql.placeholder('uid')), eq(channels.id, sql.placeholder('id'))))
    .prepare('channel_with_access_token');

  /** The caller's AI base, active, and inventory (when one is named), or the refusal. */
  async function checkAnswering(uid: string, aiBaseId: string, inventoryId: string | null): Promise<void> {
    const base = await aiBaseFacts(db, uid, aiBaseId);
    if (!base) throw new ChannelRefusal('ai_base_not_found');
    if (base.status !== 'active') throw new ChannelRefusal('ai_base_not_active');
    if (inventoryId === null) return;
    if (!(await isAccountsInventory(db, uid, inventoryId))) throw new ChannelRefusal('inventory_not_found');
  }

  /**
   * Writes `change` to the caller's channel if it meets `condition` (null: no such channel, or it did
   * not); the webhook intake forgets what it remembered of it.
   */
  async function write(uid: string, id: string, change: Partial<Row>, condition?: SQL): Promise<Channel | null> {
    const [row] = await db
      .update(channels)
      .set({ ...change, updatedAt: new Date() })
      .where(and(mine(uid, id), condition))
      .returning();
    if (!row) return null;
    onChannelChanged(row.phoneNumberId);
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
    return (await aiBaseStatus(db, aiBaseId)) === 'active';
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
      onChannelChanged(deleted[0]!.phoneNumberId);
    },

    /** The answerer could not answer on the channel (Meta refused its token…): it waits for the merchant. Not account-scoped: for workers. */
    async markNeedsAttention(id: string, reason: ChannelAttentionReason): Promise<void> {
      const [row] = await db
        .update(channels)
        .set({ status: 'needs_attention', attentionReason: reason, updatedAt: new Date() })
        .where(eq(channels.id, id))
        .returning({ phoneNumberId: channels.phoneNumberId });
      if (row) onChannelChanged(row.phoneNumberId);
    },

    /** The account's channel with its access token opened, in one read (the template sender's); null when it is gone. */
    async withAccessToken(uid: string, id: string): Promise<{ channel: Channel; token: string } | null> {
      const [row] = await withToken.execute({ uid, id });
      return row ? { channel: view(row), token: secrets.open(row.accessTokenSealed, id) } : null;
    },

    /** The channel's access token, opened, to reply with; null when the channel is gone. Not account-scoped: for workers. */
    async accessToken(id: string): Promise<string | null> {
      const [row] = await db.select({ sealed: channels.accessTokenSealed }).from(channels).where(eq(channels.id, id));
      return row ? secrets.open(row.sealed, id) : null;
    },
  };
}

export type ChannelStore = ReturnType<typeof channelStore>;
