// The orders a Shopify store took from Catalyst carts, read by each sync since the last one that
// read orders and written to attributed_orders by order id, so reading an order again (a refund, a
// cancellation) updates it instead of counting it twice. Which orders, and the watermark:
// docs/how-it-works.md, 'Order attribution'.
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { CART_ATTRIBUTE } from '@/domain/checkout-link';
import type { Db } from '../db/database';
import { attributedOrders, carts } from '../storefront/storefront-tables';
import { inventorySyncRuns } from './inventory-tables';
import { pacedQueries, type PaceOptions, type PaceProgress } from './shopify-admin';
import { decimalToMinor } from './store-reader';

/**
 * Orders a page. Not Shopify's 250: an order here costs 4 points (the order, its attributes, the
 * journey summary and its last visit; money is free), and 250 of them would ask 1,002 points,
 * past the single-query limit of 1,000 that Shopify's documented cost rule (2 + first × node) sets.
 */
export const ORDERS_PER_PAGE = 200;
/** How far back the first read of an inventory's orders goes. */
export const FIRST_READ_DAYS = 30;
/** How far before the last run's start a read begins again. */
export const WATERMARK_OVERLAP_MS = 5 * 60_000;

const ORDERS_QUERY = `query CatalystOrders($first: Int!, $after: String, $query: String) {
  orders(first: $first, after: $after, query: $query, sortKey: UPDATED_AT) {
    pageInfo { hasNextPage endCursor }
    nodes {
      id createdAt updatedAt cancelledAt
      customAttributes { key value }
      customerJourneySummary { lastVisit { referralCode } }
      currentTotalPriceSet { shopMoney { amount currencyCode } }
    }
  }
}`;

/** An order as the query above reads it. */
export type StoreOrder = {
  id: string;
  createdAt: string;
  updatedAt: string;
  cancelledAt: string | null;
  customAttributes: { key: string; value: string | null }[];
  customerJourneySummary: { lastVisit: { referralCode: string | null } | null } | null;
  currentTotalPriceSet: { shopMoney: { amount: string; currencyCode: string } };
};
type Page = { orders: { pageInfo: { hasNextPage: boolean; endCursor: string | null }; nodes: StoreOrder[] } };

/** The search for orders updated after `since`, to the second (rounded down: Shopify's times have no milliseconds). */
export const updatedSinceQuery = (since: Date) =>
  `updated_at:>'${new Date(Math.floor(since.getTime() / 1000) * 1000).toISOString().replace('.000Z', 'Z')}'`;

/** Reads the store's orders updated after `since`, oldest update first, handing over each page. */
export async function readOrdersSince(
  storeUrl: string,
  token: string,
  since: Date,
  { onOrders, ...pace }: PaceOptions & { onOrders: (orders: StoreOrder[]) => Promise<void> | void },
): Promise<PaceProgress & { orders: number }> {
  const progress = { orders: 0, requests: 0, waitedMs: 0, cost: 0 };
  const ask = pacedQueries(storeUrl, token, progress, pace);
  const query = updatedSinceQuery(since);
  for (let after: string | null = null; ;) {
    const page: Page = await ask<Page>(ORDERS_QUERY, { first: ORDERS_PER_PAGE, after, query });
    const { nodes, pageInfo } = page.orders;
    await onOrders(nodes);
    progress.orders += nodes.length;
    pace.signal?.throwIfAborted();
    if (!pageInfo.hasNextPage || !pageInfo.endCursor) return progress;
    after = pageInfo.endCursor;
  }
}

/** Where the inventory's next read of orders starts (see the watermark above). */
export async function ordersWatermark(db: Db, inventoryId: string, now = new Date()): Promise<Date> {
  const [last] = await db
    .select({ startedAt: inventorySyncRuns.startedAt })
    .from(inventorySyncRuns)
    .where(
      and(
        eq(inventorySyncRuns.inventoryId, inventoryId),
        eq(inventorySyncRuns.status, 'succeeded'),
        sql`${inventorySyncRuns.report} -> 'counts' -> 'ordersAttributed' is not null`,
      ),
    )
    .orderBy(desc(inventorySyncRuns.startedAt))
    .limit(1);
  return last ? new Date(last.startedAt.getTime() - WATERMARK_OVERLAP_MS) : new Date(now.getTime() - FIRST_READ_DAYS * 86_400_000);
}

type AttributedOrder = typeof attributedOrders.$inferInsert;
type Inventory = { id: string; attributionCode: string };

/**
 * The orders of a page that are the inventory's, as rows: with the `catalyst_cart` attribute
 * (unless it names another inventory's cart — a store may back two inventories), else with the
 * inventory's attribution code as the last visit's referral code. The value is the current total
 * (net of refunds) in minor units, 0 once cancelled.
 */
export async function attributedRows(db: Db, inventory: Inventory, orders: StoreOrder[]): Promise<AttributedOrder[]> {
  const cartOf = (order: StoreOrder) => order.customAttributes.find((attribute) => attribute.key === CART_ATTRIBUTE)?.value?.trim() || null;
  const cartIds = [...new Set(orders.map(cartOf).filter((id): id is string => id !== null))];
  const owners = new Map(
    cartIds.length === 0
      ? []
      : (await db.select({ id: carts.id, inventoryId: carts.inventoryId }).from(carts).where(inArray(carts.id, cartIds))).map(
          (cart) => [cart.id, cart.inventoryId] as const,
        ),
  );
  const rows = new Map<string, AttributedOrder>();
  for (const order of orders) {
    const cartId = cartOf(order);
    const owner = cartId === null ? undefined : owners.get(cartId);
    const referralCode = order.customerJourneySummary?.lastVisit?.referralCode?.trim() ?? null;
    let attribution: Pick<AttributedOrder, 'attributedBy' | 'cartId'>;
    if (cartId !== null && (owner === undefined || owner === inventory.id)) attribution = { attributedBy: 'cart_attribute', cartId };
    else if (cartId === null && referralCode === inventory.attributionCode) attribution = { attributedBy: 'referral_code', cartId: null };
    else continue;
    const { amount, currencyCode } = order.currentTotalPriceSet.shopMoney;
    rows.set(order.id, {
      inventoryId: inventory.id,
      orderId: order.id,
      ...attribution,
      valueMinor: order.cancelledAt ? 0 : decimalToMinor(amount, currencyCode),
      currency: currencyCode,
      orderedAt: new Date(order.createdAt),
      cancelledAt: order.cancelledAt ? new Date(order.cancelledAt) : null,
    });
  }
  return [...rows.values()];
}

const changedColumns = ['cart_id', 'attributed_by', 'value_minor', 'currency', 'ordered_at', 'cancelled_at'];

/**
 * Writes attributed orders by order id: new ones inserted, known ones updated when something of
 * theirs changed (their updated_at then now). Counts the new and the changed.
 */
export async function upsertAttributedOrders(db: Db, rows: AttributedOrder[]): Promise<{ inserted: number; changed: number }> {
  if (rows.length === 0) return { inserted: 0, changed: 0 };
  const excluded = (column: string) => sql.raw(`excluded.${column}`);
  const written = await db
    .insert(attributedOrders)
    .values(rows)
    .onConflictDoUpdate({
      target: [attributedOrders.inventoryId, attributedOrders.orderId],
      set: {
        cartId: excluded('cart_id'),
        attributedBy: excluded('attributed_by'),
        valueMinor: excluded('value_minor'),
        currency: excluded('currency'),
        orderedAt: excluded('ordered_at'),
        cancelledAt: excluded('cancelled_at'),
        updatedAt: sql`now()`,
      },
      setWhere: sql.raw(
        `(${changedColumns.map((column) => `attributed_orders.${column}`).join(', ')}) is distinct from (${changedColumns
          .map((column) => `excluded.${column}`)
          .join(', ')})`,
      ),
    })
    // xmax is 0 on a row this statement inserted, the updating transaction's id on one it updated.
    .returning({ inserted: sql<boolean>`(attributed_orders.xmax = 0)` });
  const inserted = written.filter((row) => row.inserted).length;
  return { inserted, changed: written.length - inserted };
}

export type OrdersRead = { since: Date; read: number; attributed: number; changed: number; progress: PaceProgress };

/** One sync's read of the store's orders for the inventory: from the watermark, page by page into attributed_orders. */
export async function attributeStoreOrders(
  db: Db,
  inventory: Inventory & { shopifyUrl: string },
  token: string,
  pace: PaceOptions = {},
): Promise<OrdersRead> {
  const since = await ordersWatermark(db, inventory.id);
  let attributed = 0;
  let changed = 0;
  const progress = await readOrdersSince(inventory.shopifyUrl, token, since, {
    ...pace,
    onOrders: async (orders) => {
      const counted = await upsertAttributedOrders(db, await attributedRows(db, inventory, orders));
      attributed += counted.inserted;
      changed += counted.changed;
    },
  });
  const { orders: read, ...paced } = progress;
  return { since, read, attributed, changed, progress: paced };
}
