// What an answer outside WhatsApp (the website widget's chat, server/widgets/) asks of the channels'
// tables: what a number answers with now, and an AI request counted as a WhatsApp answer's is. Apart
// from ./channel-queries.ts, which the AI bases' store imports: these read the AI bases' queries.
import { and, eq, sql } from 'drizzle-orm';
import type { AiBase } from '@/domain/ai-base';
import type { ChannelStatus } from '@/domain/channel';
import type { MediaType } from '@/domain/plans';
import { monthStart } from '../accounts/account-store';
import { countQueriesFrom, planOfSql } from '../accounts/account-queries';
import { aiBaseJsonSql, aiBaseOfJson } from '../ai-bases/ai-base-queries';
import type { Db } from '../db/database';
import { channels } from './channel-tables';
import { allowances } from './inbound-replies';
import { aiRequests } from './whatsapp-reply-tables';

/** The account's number as it answers now: its status, inventory and AI base (null: none, or gone); null when it is not the account's. */
export async function answeringChannel(
  db: Db,
  uid: string,
  channelId: string,
): Promise<{ status: ChannelStatus; inventoryId: string | null; base: AiBase | null } | null> {
  const [row] = await db
    .select({ status: channels.status, inventoryId: channels.inventoryId, base: aiBaseJsonSql(channels.aiBaseId, channels.uid) })
    .from(channels)
    .where(and(eq(channels.id, channelId), eq(channels.uid, uid)));
  return row ? { status: row.status, inventoryId: row.inventoryId, base: row.base ? aiBaseOfJson(row.base) : null } : null;
}

/**
 * One AI request of an answer given on `channelId` without a WhatsApp message (the widget's chat),
 * counted as the WhatsApp worker counts one: the month's usage, and an ai_requests row `extra` past
 * the plan's allowance (answered all the same, billed apart). On `tx`, in the caller's transaction.
 */
export async function countAiRequest(
  tx: Db,
  request: { uid: string; aiBaseId: string; channelId: string; mediaType: MediaType; at: Date },
): Promise<void> {
  const uid = sql`${request.uid}`;
  await tx.execute(sql`
    with month_usage as (${countQueriesFrom(uid, sql`${monthStart(request.at)}`, sql`(select 1) as one`)})
    insert into ${aiRequests} (uid, ai_base_id, channel_id, media_type, extra, occurred_at)
    select ${uid}, ${request.aiBaseId}::uuid, ${request.channelId}::uuid, ${request.mediaType},
      coalesce(month_usage.queries > (case ${planOfSql(uid)} ${allowances} end), false), ${request.at.toISOString()}::timestamptz
    from month_usage`);
}
