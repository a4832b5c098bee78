// A checkout's reminders as the template sender knows them: the send key that makes each go once
// (per checkout and step, whatever retries), and the check the sender makes right before it asks
// Meta — the recovery worker looked at the checkout when it asked for the reminder, but the order
// may have come in while the send waited for its turn, and a reminder never goes after the order —
// and whether one of a checkout's reminders went before its order (only then is the order recovered).
import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { RECOVERY_MAX_STEPS } from '@/domain/checkout-recovery';
import { sendWentBySql } from '../messaging/messaging-queries';
import { storeCheckouts } from './checkout-tables';

/** What the recovery worker's sends are for (the sender's `purpose`). */
export const RECOVERY_PURPOSE = 'checkout_recovery';

const KEY_PREFIX = 'recovery:';

/** The send key of a checkout's reminder: one message per checkout and step, whatever retries. */
export const reminderSendKey = (checkoutId: number, step: number) => `${KEY_PREFIX}${checkoutId}:${step}`;

/** The checkout a reminder's send key names; null when the key is no reminder's. */
export function checkoutOfReminderKey(sendKey: string): number | null {
  const match = /^recovery:(\d+):\d+$/.exec(sendKey);
  return match ? Number(match[1]) : null;
}

/**
 * True when the reminder is no longer wanted: its checkout was completed or recovered (the order's
 * webhook, the poll, or an attributed order marked it so), or is gone. For the sender's turn statement.
 */
export function reminderEndedSql(sendKey: string): SQL {
  const checkoutId = checkoutOfReminderKey(sendKey);
  if (checkoutId === null) return sql`false`;
  return sql`not exists (select 1 from ${storeCheckouts} where ${storeCheckouts.id} = ${checkoutId}
    and ${storeCheckouts.completedAt} is null and ${storeCheckouts.recoveryStatus} <> 'recovered')`;
}

/**
 * The earliest time an order may carry and still count as placed after a reminder asked for at `at`:
 * the store gives an order's time in whole seconds (Shopify's API does), so one placed in the same
 * second as the reminder reads as earlier than it. Whether the reminder had gone by then is
 * reminderWentBySql's to say.
 */
export const orderTimeFloor = (at: Date): Date => new Date(at.getTime() - (((at.getTime() % 1000) + 1000) % 1000));
/** orderTimeFloor for a column or expression of the caller's statement. */
export const orderTimeFloorSql = (at: SQLWrapper): SQL => sql`date_trunc('second', ${at})`;

/**
 * True where a reminder of the checkout `checkoutId` (an expression of the caller's statement) of the
 * account `uid` went — Meta took it — at or before `by`: an order placed then is one a reminder can
 * have brought back. One the sender refused (the order came while it waited), or one Meta had not taken
 * by then, had not reached the shopper.
 */
export function reminderWentBySql(uid: SQLWrapper, checkoutId: SQLWrapper, by: SQLWrapper): SQL {
  const keys = Array.from(
    { length: RECOVERY_MAX_STEPS },
    (_, index) => sql`${KEY_PREFIX}::text || (${checkoutId})::text || ${`:${index + 1}`}::text`,
  );
  return sendWentBySql(uid, sql`array[${sql.join(keys, sql`, `)}]`, by);
}
