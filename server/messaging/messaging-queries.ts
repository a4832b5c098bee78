// What other areas read of the sender's tables, without knowing them: the messages an account asked
// for under some send keys, as the sender records each one's delivery (the Checkouts screen's
// timeline finds a checkout's reminders by their keys, `recovery:{checkoutId}:{step}`), and whether one
// of them reached Meta in time (an order is recovered only by a reminder that went).
import { and, eq, inArray, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { sentSendStatuses, type TemplateSendStatus } from '@/domain/template-send';
import type { Db } from '../db/database';
import { sqlList } from '../db/sql-list';
import { templateSends } from './template-send-tables';

/** A message as the sender records it: what was asked, when, and where its delivery stands. */
export type RecordedSend = {
  sendKey: string;
  templateName: string;
  language: string;
  status: TemplateSendStatus;
  /** Why it waits or failed (domain/template-send.ts, send-outcomes.ts); null otherwise. */
  reason: string | null;
  /** Meta's price of it, USD micros; null until sent. */
  costMicros: number | null;
  askedAt: Date;
  sentAt: Date | null;
};

/** The account's messages of these send keys (one at most per key), by key. */
export async function sendsByKeys(db: Db, uid: string, keys: readonly string[]): Promise<Map<string, RecordedSend>> {
  if (keys.length === 0) return new Map();
  const rows = await db
    .select({
      sendKey: templateSends.sendKey,
      templateName: templateSends.templateName,
      language: templateSends.language,
      status: templateSends.status,
      reason: templateSends.reason,
      costMicros: templateSends.costMicros,
      askedAt: templateSends.createdAt,
      sentAt: templateSends.sentAt,
    })
    .from(templateSends)
    .where(and(eq(templateSends.uid, uid), inArray(templateSends.sendKey, [...keys])));
  return new Map(rows.map((row) => [row.sendKey, row]));
}

/**
 * How much later than `by` a message's recorded `sent_at` may be and still count as gone by then. The
 * shopper can have it as soon as Meta took it, before its answer is written here; and a store's times
 * (an order's, a checkout's completion) are whole seconds. A shopper who buys from the link at once
 * must still count.
 */
const SENT_RECORDED_SLACK = sql.raw(`interval '5 seconds'`);

/**
 * True where the account `uid` has a message under one of `keys` (a text[] expression of the caller's
 * statement) that Meta took at or before `by` (within SENT_RECORDED_SLACK). One Meta took but then
 * reported failed never reached the shopper, and one still being asked has not gone yet: neither counts.
 */
export const sendWentBySql = (uid: SQLWrapper, keys: SQLWrapper, by: SQLWrapper): SQL =>
  sql`exists (select 1 from ${templateSends} where ${templateSends.uid} = ${uid} and ${templateSends.sendKey} = any(${keys})
    and ${templateSends.status} in (${sqlList(sentSendStatuses)}) and ${templateSends.sentAt} <= ${by} + ${SENT_RECORDED_SLACK})`;
