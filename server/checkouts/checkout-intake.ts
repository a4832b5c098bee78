// Recording a store's checkouts from its signed webhooks (and from each sync's read of its abandoned
// checkouts, ./abandoned-checkout-reader.ts): one statement notes the delivery (a redelivery records
// nothing) and inserts the checkout, or updates the one of the same token when this payload is newer
// than what is kept, and queues it for checkout recovery (RECOVERY_QUEUE). Shopify may deliver an older
// update after a newer one: it changes nothing then, except that a checkout once completed stays
// completed. A payload of the same update only fills in what the kept one lacks (a webhook after the
// sync read that update brings the language and agreements GraphQL does not give).
import { sql, type SQL } from 'drizzle-orm';
import { RECOVERY_MIN_DELAY_MINUTES, scaledMinutesMs } from '@/domain/checkout-recovery';
import type { Db } from '../db/database';
import { accountInventoryIdsSql } from '../inventories/inventory-queries';
import { enqueueRows, wakeJobsSql } from '../jobs/job-queue';
import { noteDelivery, type WebhookDelivery } from '../order-events/webhook-deliveries';
import { storeCheckouts } from './checkout-tables';
import { recoveryFlows } from './recovery-flow-tables';
import type { CheckoutDraft } from './shopify-checkouts';

/** The queue of checkouts to look at for recovery: one job per checkout (server/checkouts/recovery-worker.ts). */
export const RECOVERY_QUEUE = 'checkout-recovery';
/** The shortest delay a flow may have, at the demo's time scale: the soonest a checkout is first looked at. */
const firstLookMs = (timeScale: number) => scaledMinutesMs(RECOVERY_MIN_DELAY_MINUTES, timeScale);

/**
 * When a changed checkout (`recorded`, a CTE answering its `shopify_updated_at`) is first looked at: when
 * its inventory's flow would send the first reminder — its last activity plus the flow's first delay, at
 * the demo's time scale (a quiet hour may move it later: the run says so then) — and no sooner than the
 * shortest delay a flow may have from now. Without a flow, that shortest delay. A checkout whose job is
 * queued already keeps its time (the run reads the change); a flow whose first delay changes wakes the
 * jobs of its checkouts not yet reminded (./recovery-flow-store.ts).
 */
const firstLookSql = (inventoryId: string, timeScale: number): SQL => {
  const firstDelayMinutes = sql`coalesce((select (${recoveryFlows.settings}->'steps'->0->>'delayMinutes')::float8 from ${recoveryFlows}
    where ${recoveryFlows.inventoryId} = ${inventoryId}::uuid), ${RECOVERY_MIN_DELAY_MINUTES}::float8)`;
  return sql`greatest(now() + ${firstLookMs(timeScale)}::float8 * interval '1 millisecond',
    recorded.shopify_updated_at + ${firstDelayMinutes} * ${scaledMinutesMs(1, timeScale)}::float8 * interval '1 millisecond')`;
};

/**
 * What a recording did: whether the delivery was new, whether the checkout was added or changed, and
 * when its recovery job is due if it queued or woke one (0: now; null: none), for the caller's nudge.
 */
export type RecordedCheckout = { newDelivery: boolean; changed: boolean; recoveryDueInMs: number | null };

/** The columns a newer payload replaces (a null keeps what is known: Shopify's later payloads may omit a field). */
const replacedWhenNewer = [
  'shopify_checkout_id',
  'cart_id',
  'phone',
  'whatsapp_updates_phone',
  'first_name',
  'locale',
  'currency',
  'total_minor',
  'recovery_url',
] as const;

// Newer than what is kept, and than the order: an update Shopify made before the checkout was completed,
// delivered after it, changes nothing.
const NEWER = 'excluded.shopify_updated_at > greatest(store_checkouts.shopify_updated_at, store_checkouts.completed_at)';
const SAME = 'excluded.shopify_updated_at = store_checkouts.shopify_updated_at';
const updates = sql.raw(
  [
    ...replacedWhenNewer.map(
      (column) =>
        `${column} = case when ${NEWER} then coalesce(excluded.${column}, store_checkouts.${column})
          when ${SAME} then coalesce(store_checkouts.${column}, excluded.${column}) else store_checkouts.${column} end`,
    ),
    `accepts_sms_marketing = case when ${NEWER} then excluded.accepts_sms_marketing
      when ${SAME} then excluded.accepts_sms_marketing or store_checkouts.accepts_sms_marketing else store_checkouts.accepts_sms_marketing end`,
    `items = case when ${NEWER} and jsonb_array_length(excluded.items) > 0 then excluded.items
      when ${SAME} and jsonb_array_length(store_checkouts.items) = 0 then excluded.items else store_checkouts.items end`,
    // The shopper's last activity: the abandonment clock runs from it, so the order's own update does not move it.
    `shopify_updated_at = case when store_checkouts.completed_at is not null or excluded.completed_at is not null
      then store_checkouts.shopify_updated_at else greatest(excluded.shopify_updated_at, store_checkouts.shopify_updated_at) end`,
    // Once placed, always placed: an older update delivered late does not reopen it.
    'completed_at = coalesce(store_checkouts.completed_at, excluded.completed_at)',
  ].join(', '),
);
/** A payload of the kept update that knows something the kept one does not. */
const FILLS = sql.raw(
  `(${SAME} and (${[
    ...replacedWhenNewer.map((column) => `(store_checkouts.${column} is null and excluded.${column} is not null)`),
    '(excluded.accepts_sms_marketing and not store_checkouts.accepts_sms_marketing)',
    '(jsonb_array_length(store_checkouts.items) = 0 and jsonb_array_length(excluded.items) > 0)',
  ].join(' or ')}))`,
);

/** Records the checkout of a webhook `delivery` of the inventory's store; `timeScale`: DEMO_TIME_SCALE. */
export async function recordCheckout(
  db: Db,
  inventoryId: string,
  checkout: CheckoutDraft,
  delivery: WebhookDelivery,
  { timeScale = 1 }: { timeScale?: number } = {},
): Promise<RecordedCheckout> {
  const result = await db.execute(sql`with delivery as (${noteDelivery(inventoryId, delivery)}),
    recorded as (
      insert into ${storeCheckouts} (inventory_id, token, cart_id, shopify_checkout_id, phone, whatsapp_updates_phone, accepts_sms_marketing,
        first_name, locale, currency, total_minor, items, recovery_url, started_at, shopify_updated_at, completed_at)
      select ${inventoryId}::uuid, ${checkout.token}, ${checkout.cartId ?? null}, ${checkout.shopifyCheckoutId}, ${checkout.phone}, ${checkout.whatsappUpdatesPhone},
        ${checkout.acceptsSmsMarketing}, ${checkout.firstName}, ${checkout.locale}, ${checkout.currency}, ${checkout.totalMinor}::bigint,
        ${JSON.stringify(checkout.items)}::jsonb, ${checkout.recoveryUrl}, ${checkout.startedAt.toISOString()}::timestamptz,
        ${checkout.updatedAt.toISOString()}::timestamptz, ${checkout.completedAt?.toISOString() ?? null}::timestamptz
      where exists (select 1 from delivery)
      on conflict (inventory_id, token) do update set
        ${updates}
      where ${sql.raw(NEWER)}
        or (excluded.completed_at is not null and store_checkouts.completed_at is null)
        or ${FILLS}
      returning id, completed_at, shopify_updated_at),
    waiting as (${enqueueRows(
      RECOVERY_QUEUE,
      sql`select jsonb_build_object('checkoutId', id) as payload, ${firstLookSql(inventoryId, timeScale)} as due_at from recorded where completed_at is null`,
      { skipDuplicates: true, dueAtColumn: true },
    )}),
    placed as (${enqueueRows(RECOVERY_QUEUE, sql`select jsonb_build_object('checkoutId', id) as payload from recorded where completed_at is not null`, { skipDuplicates: true })}),
    woken as (${wakeJobsSql(RECOVERY_QUEUE, 'checkoutId', sql`select id from recorded where completed_at is not null`)})
    select (select count(*)::int from delivery) as new_delivery, (select count(*)::int from recorded) as changed,
      (select (extract(epoch from min(run_after) - now()) * 1000)::float8 from waiting) as waiting_in_ms,
      (select count(*)::int from placed) + (select count(*)::int from woken) as due_now`);
  const [row] = (result as unknown as { rows: { new_delivery: number; changed: number; waiting_in_ms: number | null; due_now: number }[] })
    .rows;
  const waitingInMs = row!.waiting_in_ms === null ? null : Math.max(0, Math.ceil(Number(row!.waiting_in_ms)));
  const recoveryDueInMs = row!.due_now > 0 ? 0 : waitingInMs;
  return { newDelivery: row!.new_delivery > 0, changed: row!.changed > 0, recoveryDueInMs };
}

/**
 * The CTEs of a statement that records orders: the inventory's open checkouts whose token an order
 * names (`orders`: a select of `checkout_token` text and `occurred_at` timestamptz) are completed at the
 * order's time, and their recovery jobs queued (or, waiting for a later time, woken): the order placed
 * stops the reminders at once. `prefix` names the CTEs (`{prefix}_completed`, …).
 */
export function checkoutsCompletedByOrdersSql(inventoryId: string, orders: SQL, prefix: string): SQL {
  const completed = sql.raw(`${prefix}_completed`);
  return sql`${completed} as (
      update ${storeCheckouts} set completed_at = placed.occurred_at
      from (${orders}) as placed
      where ${storeCheckouts.inventoryId} = ${inventoryId}::uuid and ${storeCheckouts.token} = placed.checkout_token
        and ${storeCheckouts.completedAt} is null
      returning ${storeCheckouts.id} as id),
    ${sql.raw(`${prefix}_queued`)} as (${enqueueRows(RECOVERY_QUEUE, sql`select jsonb_build_object('checkoutId', id) as payload from ${completed}`, { skipDuplicates: true })}),
    ${sql.raw(`${prefix}_woken`)} as (${wakeJobsSql(RECOVERY_QUEUE, 'checkoutId', sql`select id from ${completed}`)})`;
}

/**
 * Wakes the recovery of each shopper's open checkouts in their account: the shopper wrote to a number
 * (or opted out by a stop word), so the run stops the reminders now — the Checkouts screen says so at
 * once, not when the next reminder would have been due. Returns how many jobs were woken.
 */
export async function wakeRecoveriesOfShoppers(db: Db, shoppers: readonly { uid: string; phone: string }[]): Promise<number> {
  let woken = 0;
  for (const key of new Set(shoppers.map(({ uid, phone }) => JSON.stringify([uid, phone])))) {
    const [uid, phone] = JSON.parse(key) as [string, string];
    const result = await db.execute(
      wakeJobsSql(
        RECOVERY_QUEUE,
        'checkoutId',
        sql`select ${storeCheckouts.id} as id from ${storeCheckouts} where ${storeCheckouts.phone} = ${phone}
          and ${storeCheckouts.inventoryId} in (${accountInventoryIdsSql(uid)}) and ${storeCheckouts.completedAt} is null`,
      ),
    );
    woken += (result as unknown as { rows: unknown[] }).rows.length;
  }
  return woken;
}
