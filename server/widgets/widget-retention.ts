// What the website widget gathers, kept as long as its number keeps conversations (the channel's
// retention, 90 days without a number): its conversations (their messages with them) without a
// message since, and the visitor codes handed out (or picked up: then they hold the shopper's
// WhatsApp number) before it. The conversation retention sweep (../channels/conversation-retention.ts)
// runs these a batch at a time; the dashboard's widget_events stay.
import { sql } from 'drizzle-orm';
import { retentionIntervalSql } from '../channels/channel-queries';
import type { Db } from '../db/database';
import { widgetConversations } from './widget-chat-tables';
import { widgetHandoffs } from './widget-handoff-tables';
import { widgets } from './widget-tables';

const rowsOf = (result: unknown) => (result as { rows: unknown[] }).rows.length;

/** One batch of expired widget conversations deleted; how many. */
export async function deleteExpiredWidgetConversations(db: Db, now: Date, batchSize: number): Promise<number> {
  const result = await db.execute(sql`
    delete from ${widgetConversations} where id in (
      select wc.id from ${widgetConversations} wc left join ${widgets} w on w.uid = wc.uid
      where wc.last_message_at < ${now.toISOString()}::timestamptz - ${retentionIntervalSql(sql`w.channel_id`)}
      limit ${batchSize})
    returning id`);
  return rowsOf(result);
}

/** One batch of expired visitor codes deleted (a picked-up one by its number's retention); how many. */
export async function deleteExpiredWidgetHandoffs(db: Db, now: Date, batchSize: number): Promise<number> {
  const result = await db.execute(sql`
    delete from ${widgetHandoffs} where code in (
      select h.code from ${widgetHandoffs} h left join ${widgets} w on w.uid = h.uid
      where coalesce(h.picked_up_at, h.created_at) < ${now.toISOString()}::timestamptz - ${retentionIntervalSql(sql`coalesce(h.channel_id, w.channel_id)`)}
      limit ${batchSize})
    returning code`);
  return rowsOf(result);
}
