// Checkout recovery's orders: an order placed within RECOVERY_ATTRIBUTION_DAYS of a checkout's reminder
// (from its first reminder to that many days after its last; one reminder at least went, Meta took it,
// before the order: ./reminder-sends.ts) that comes from the checkout — by its
// checkout token (an orders/create webhook), by the recovery's cart attribute, or by the recovery's ref
// as the visit's referral code (server/checkouts/recovery-ref.ts) — recovers it, whichever of the
// store's readers sees the order first: the order webhook or poll (server/order-events/) or the sync's
// read of orders (server/storefront/attributed-orders.ts). The checkout keeps the order's id and value,
// and each later read of that order (a refund, a cancellation) brings its value up to date, net of
// refunds and 0 once cancelled. One statement either way; an order recovers one checkout, once, and a
// checkout is recovered by one order. Catalyst's own carts (./own-carts.ts) carry their ref on the cart's
// checkout link from the start: the order from one placed before any reminder completes it (no
// reminder goes), and the sync's read also knows it by its `catalyst_cart` attribute.
import { sql, type SQL } from 'drizzle-orm';
import { CART_ATTRIBUTE } from '@/domain/checkout-link';
import { RECOVERY_ATTRIBUTION_DAYS } from '@/domain/checkout-recovery';
import type { Db } from '../db/database';
import { wakeJobsSql } from '../jobs/job-queue';
import { codesOf, minorOf, numericIdOf, timeOf } from '../order-events/shopify-order-events';
import { inventoryOwnerSql } from '../inventories/inventory-queries';
import { RECOVERY_QUEUE } from './checkout-intake';
import { storeCheckouts } from './checkout-tables';
import { RECOVERY_ATTRIBUTE, recoveryRefOf } from './recovery-ref';
import { orderTimeFloorSql, reminderWentBySql } from './reminder-sends';

/** What attribution reads of an order. */
export type OrderFacts = {
  /** Shopify's numeric id. */
  orderId: string;
  placedAt: Date;
  /** The checkout it was placed from (an orders/create webhook names it; Admin GraphQL does not). */
  checkoutToken: string | null;
  /** The recovery ref its visit's referral code carried, and the one its recovery attribute carried. */
  referralRef: string | null;
  attributeRef: string | null;
  /** Its value now in minor units, net of refunds, 0 once cancelled; null: unknown (a value known stays). */
  valueMinor: number | null;
  currency: string | null;
  /** The discount codes it used, as written (compared without case, as Shopify does). */
  discountCodes: readonly string[];
  /** The Catalyst cart its `catalyst_cart` attribute names (the sync's read; an order webhook's path leaves it out). */
  cartId?: string | null;
};

/** An order as the sync reads it (server/inventories/order-reader.ts's StoreOrder; `discountCodes` absent: none). */
export type ReadOrder = {
  id: string;
  createdAt: string;
  cancelledAt: string | null;
  customAttributes: { key: string; value: string | null }[];
  customerJourneySummary: { lastVisit: { referralCode: string | null } | null } | null;
  currentTotalPriceSet: { shopMoney: { amount: string; currencyCode: string } };
  discountCodes?: readonly (string | null)[] | null;
};

/** The attribution facts of an order the sync read; null when it names no id or time. */
export function factsOfReadOrder(order: ReadOrder): OrderFacts | null {
  const orderId = numericIdOf(order.id);
  const placedAt = timeOf(order.createdAt);
  if (!orderId || !placedAt) return null;
  const { amount, currencyCode } = order.currentTotalPriceSet.shopMoney;
  return {
    orderId,
    placedAt,
    checkoutToken: null,
    referralRef: recoveryRefOf(order.customerJourneySummary?.lastVisit?.referralCode),
    attributeRef: recoveryRefOf(order.customAttributes.find((attribute) => attribute.key === RECOVERY_ATTRIBUTE)?.value),
    valueMinor: order.cancelledAt ? 0 : minorOf(amount, currencyCode),
    currency: currencyCode,
    discountCodes: codesOf(order.discountCodes ?? []),
    cartId: order.customAttributes.find((attribute) => attribute.key === CART_ATTRIBUTE)?.value?.trim() || null,
  };
}

const names = (prefix: string) => ({
  orders: sql.raw(`${prefix}_orders`),
  known: sql.raw(`${prefix}_known`),
  sources: sql.raw(`${prefix}_sources`),
  matches: sql.raw(`${prefix}_matches`),
  chosen: sql.raw(`${prefix}_chosen`),
  claimed: sql.raw(`${prefix}_claimed`),
  woken: sql.raw(`${prefix}_woken`),
  placed: sql.raw(`${prefix}_placed`),
  placedWoken: sql.raw(`${prefix}_placed_woken`),
});

const WINDOW = sql.raw(`interval '${RECOVERY_ATTRIBUTION_DAYS} days'`);

/**
 * The CTEs of a statement that reads orders (`orders`: a select of order_id text, placed_at timestamptz,
 * checkout_token text, referral_ref text, attribute_ref text, value_minor bigint, currency text and
 * discount_codes jsonb, an array of upper-case codes; with `byCart`, cart_id text too) for the
 * inventory: `{prefix}_known` brings the checkouts these orders recovered already up to date,
 * `{prefix}_claimed` marks the checkouts they recover now (completed at the order's time, their jobs
 * woken to end), and `{prefix}_placed` completes the other checkouts they came from, so no reminder goes
 * after the order: one whose reminder was asked for but had not gone when the order was placed (it is
 * not recovered), or an own cart (./own-carts.ts) before any reminder (its ref rides the cart's checkout
 * link from the start); their jobs are woken to end. Each
 * returns the checkouts' id and token: another CTE of the statement must not update those rows again.
 * `current`: the orders' values are as they stand now (the sync's read), so a known order's value
 * follows them; an order's creation (a webhook, which may be delivered again days later) only values
 * the checkout it recovers. `byCart`: an order naming an own cart by its `catalyst_cart` attribute
 * comes from that cart's checkout too.
 */
export function recoveredOrdersSql(
  inventoryId: string,
  orders: SQL,
  prefix: string,
  { current, byCart = false }: { current: boolean; byCart?: boolean },
): SQL {
  const n = names(prefix);
  const inventory = sql`${inventoryId}::uuid`;
  // An own cart's row by the order's cart attribute (a store's checkout of that cart keeps its own token).
  const ofCart = (priority: number) =>
    byCart
      ? sql`union all
        select c.id, 'cart_attribute', ${sql.raw(String(priority))} from ${storeCheckouts} as c
          where c.inventory_id = ${inventory} and c.cart_id = o.cart_id and c.source <> 'store'`
      : sql``;
  const usedCode = (codes: SQL) => sql`coalesce(${codes} @> jsonb_build_array(upper(${storeCheckouts.discountCode})), false)`;
  const value = current ? sql`coalesce(o.value_minor, ${storeCheckouts.recoveredValueMinor})` : sql`${storeCheckouts.recoveredValueMinor}`;
  const currency = current ? sql`coalesce(o.currency, ${storeCheckouts.recoveredCurrency})` : sql`${storeCheckouts.recoveredCurrency}`;
  const used = sql`${storeCheckouts.discountUsed} or ${usedCode(sql`o.discount_codes`)}`;
  return sql`${n.orders} as (${orders}),
    ${n.known} as (
      update ${storeCheckouts} set recovered_value_minor = ${value}, recovered_currency = ${currency}, discount_used = ${used}
      from ${n.orders} as o
      where ${storeCheckouts.inventoryId} = ${inventory} and ${storeCheckouts.recoveredOrderId} = o.order_id
        and (${storeCheckouts.recoveredValueMinor}, ${storeCheckouts.recoveredCurrency}, ${storeCheckouts.discountUsed})
          is distinct from (${value}, ${currency}, ${used})
      returning ${storeCheckouts.id} as id, ${storeCheckouts.token} as token),
    ${n.sources} as (
      select o.*, m.id, m.recovered_by, m.priority
      from ${n.orders} as o
      cross join lateral (
        select c.id, 'checkout_token' as recovered_by, 1 as priority from ${storeCheckouts} as c
          where c.inventory_id = ${inventory} and c.token = o.checkout_token
        union all
        select c.id, 'cart_attribute', 2 from ${storeCheckouts} as c where c.recovery_ref = o.attribute_ref and c.inventory_id = ${inventory}
        union all
        select c.id, 'ref', 3 from ${storeCheckouts} as c where c.recovery_ref = o.referral_ref and c.inventory_id = ${inventory}
        ${ofCart(2)}
      ) as m),
    ${n.matches} as (
      select s.* from ${n.sources} as s
      join ${storeCheckouts} as c on c.id = s.id
      where c.recovered_order_id is null and c.first_reminder_at is not null
        and s.placed_at >= ${orderTimeFloorSql(sql`c.first_reminder_at`)} and s.placed_at <= c.last_reminder_at + ${WINDOW}
        and ${reminderWentBySql(inventoryOwnerSql(inventory).uid, sql`c.id`, sql`s.placed_at`)}
        and not exists (select 1 from ${storeCheckouts} as k where k.inventory_id = ${inventory} and k.recovered_order_id = s.order_id)),
    ${n.chosen} as (
      select distinct on (id) * from (select distinct on (order_id) * from ${n.matches} order by order_id, priority, id) as one_per_order
      order by id, placed_at, order_id),
    ${n.claimed} as (
      update ${storeCheckouts} set
        recovered_order_id = ch.order_id, recovered_by = ch.recovered_by, recovered_at = ch.placed_at,
        recovered_value_minor = ch.value_minor, recovered_currency = ch.currency, discount_used = ${usedCode(sql`ch.discount_codes`)},
        recovery_status = 'recovered', recovery_reason = null, completed_at = coalesce(${storeCheckouts.completedAt}, ch.placed_at)
      from ${n.chosen} as ch
      where ${storeCheckouts.id} = ch.id
      returning ${storeCheckouts.id} as id, ${storeCheckouts.token} as token),
    ${n.woken} as (${wakeJobsSql(RECOVERY_QUEUE, 'checkoutId', sql`select id from ${n.claimed}`)}),
    ${n.placed} as (
      update ${storeCheckouts} set completed_at = p.placed_at
      from (
        select distinct on (s.id) s.id, s.placed_at
        from ${n.sources} as s
        join ${storeCheckouts} as c on c.id = s.id
        where c.completed_at is null and c.recovered_order_id is null and s.placed_at >= c.started_at
          and s.id not in (select id from ${n.chosen})
        order by s.id, s.placed_at) as p
      where ${storeCheckouts.id} = p.id
      returning ${storeCheckouts.id} as id, ${storeCheckouts.token} as token),
    ${n.placedWoken} as (${wakeJobsSql(RECOVERY_QUEUE, 'checkoutId', sql`select id from ${n.placed}`)})`;
}

/** The tokens of the checkouts recoveredOrdersSql's CTEs of `prefix` updated (a select of `token`). */
export const recoveredTokensSql = (prefix: string): SQL => {
  const n = names(prefix);
  return sql`select token from ${n.known} union all select token from ${n.claimed} union all select token from ${n.placed}`;
};

/** The orders as jsonb_to_recordset reads them for recoveredOrdersSql. */
const recordsOf = (orders: readonly OrderFacts[]) =>
  JSON.stringify(
    orders.map((order) => ({
      order_id: order.orderId,
      placed_at: order.placedAt.toISOString(),
      checkout_token: order.checkoutToken,
      referral_ref: order.referralRef,
      attribute_ref: order.attributeRef,
      value_minor: order.valueMinor,
      currency: order.currency,
      discount_codes: order.discountCodes.map((code) => code.toUpperCase()),
      cart_id: order.cartId ?? null,
    })),
  );

/** What a read of orders did to recovery: checkouts recovered now, and recovered ones whose order changed. */
export type RecoveredOrdersRead = { recovered: number; updated: number };

/** Reads a page of the inventory's orders as they stand now for recovery (the sync's way in), in one statement. */
export async function recordRecoveredOrders(db: Db, inventoryId: string, orders: readonly OrderFacts[]): Promise<RecoveredOrdersRead> {
  if (orders.length === 0) return { recovered: 0, updated: 0 };
  const read = sql`select * from jsonb_to_recordset(${recordsOf(orders)}::jsonb) as incoming(order_id text, placed_at timestamptz,
    checkout_token text, referral_ref text, attribute_ref text, value_minor bigint, currency text, discount_codes jsonb, cart_id text)`;
  const result = await db.execute(sql`with ${recoveredOrdersSql(inventoryId, read, 'read', { current: true, byCart: true })}
    select (select count(*)::int from read_claimed) as recovered, (select count(*)::int from read_known) as updated`);
  const [row] = (result as unknown as { rows: RecoveredOrdersRead[] }).rows;
  return { recovered: row!.recovered, updated: row!.updated };
}

/** The sync's page of orders read for recovery (server/storefront/attributed-orders.ts calls this beside its own attribution). */
export const recordReadOrders = (db: Db, inventoryId: string, orders: readonly ReadOrder[]) =>
  recordRecoveredOrders(
    db,
    inventoryId,
    orders.map(factsOfReadOrder).filter((facts): facts is OrderFacts => facts !== null),
  );
