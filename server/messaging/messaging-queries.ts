// What other areas read of the sender's tables, without knowing them: the messages an account asked
// for under some send keys, as the sender records each one's delivery (the Checkouts screen's
// timeline finds a checkout's reminders by their keys, `recovery:{checkoutId}:{step}`).
import { and, eq, inArray } from 'drizzle-orm';
import type { TemplateSendStatus } from '@/domain/template-send';
import type { Db } from '../db/database';
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
