// What other areas compose into a statement of their own from the sender's recorded prices: the cost
// of an account's messages of one purpose under some send keys, as the sender priced each one (Meta's
// rate card of its day, USD micros). The Checkouts screen sums its period's reminders with it.
import { sql, type SQL } from 'drizzle-orm';
import { templateSends } from './template-send-tables';

/**
 * A scalar subquery: the summed price (USD micros, a bigint) of the account's messages of `purpose`
 * whose send key `keys` yields (a select of one text column); 0 when none was priced. A message not
 * sent (queued, failed before Meta took it) has no price and adds nothing.
 */
export const sendsCostSql = (uid: string, purpose: string, keys: SQL): SQL =>
  sql`coalesce((select sum(${templateSends.costMicros}) from ${templateSends}
    where ${templateSends.uid} = ${uid} and ${templateSends.purpose} = ${purpose} and ${templateSends.sendKey} in (${keys})), 0)::bigint`;
