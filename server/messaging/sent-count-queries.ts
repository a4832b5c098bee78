// What other areas read of the sender's records by period: how many of an account's messages of one
// purpose Meta took between two instants. A message counts when Meta took it (its `sent_at`, as the
// dashboard's rollups count template messages), whatever became of it after (delivered, read, failed
// late). The Solutions screen counts its campaign messages of the last 30 days with it.
import { and, eq, gte, isNotNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { templateSends } from './template-send-tables';

/** The account's messages of `purpose` Meta took from `start` (included) to `end` (excluded). */
export async function sentCount(db: Db, uid: string, purpose: string, { start, end }: { start: Date; end: Date }): Promise<number> {
  // The messaging limit's index (uid, sent_at) finds them.
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(templateSends)
    .where(
      and(
        eq(templateSends.uid, uid),
        isNotNull(templateSends.sentAt),
        gte(templateSends.sentAt, start),
        lt(templateSends.sentAt, end),
        eq(templateSends.purpose, purpose),
      ),
    );
  return row?.count ?? 0;
}
