// What other areas ask of the channels' tables inside their own transaction: an AI base stopping or
// starting to answer moves its channels at once (server/ai-bases calls these in the base's own
// transaction). Other areas never import channel-tables.ts (scripts/lint-area-tables.js).
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/database';
import { channels } from './channel-tables';

/**
 * The AI base switched off (or deleted): its active channels need attention (`ai_base_inactive`)
 * at once, not when a shopper next writes. The webhook's cache of a channel's status
 * (./webhook-intake.ts) catches up within its few seconds; a message queued meanwhile finds the
 * base off and is not answered.
 */
export async function baseStoppedAnswering(tx: Db, uid: string, aiBaseId: string): Promise<void> {
  await tx
    .update(channels)
    .set({ status: 'needs_attention', attentionReason: 'ai_base_inactive', updatedAt: new Date() })
    .where(and(eq(channels.uid, uid), eq(channels.aiBaseId, aiBaseId), eq(channels.status, 'active')));
}

/** The AI base switched on: the channels that waited for it answer again. */
export async function baseStartedAnswering(tx: Db, uid: string, aiBaseId: string): Promise<void> {
  await tx
    .update(channels)
    .set({ status: 'active', attentionReason: null, updatedAt: new Date() })
    .where(
      and(
        eq(channels.uid, uid),
        eq(channels.aiBaseId, aiBaseId),
        eq(channels.status, 'needs_attention'),
        eq(channels.attentionReason, 'ai_base_inactive'),
      ),
    );
}
