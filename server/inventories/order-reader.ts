// The orders a Shopify store took from Catalyst carts, read by each sync since the last one that
// read orders and written to attributed_orders by order id, so reading an order again (a refund, a
// cancellation) updates it instead of counting it twice. Which orders, and the watermark:
// docs/how-it-works.md, 'Order attribution'.
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { attributedRows, upsertAttributedOrders } from '../storefront/attributed-orders';
import { inventorySyncRuns } from './inventory-tables';
import { pacedQueries, type PaceOptions, type PaceProgress } from './shopify-admin';

/**
 * Orders a page. Not Shopify's 250: an order here costs 4 points (the order, its attributes, the
 * journey summary and its last visit; money and the discount codes, a list of strings, are free), and
 * 250 of them would ask 1,002 points, past the single-query limit of 1,000 that Shopify's documented
 * cost rule (2 + first × node) sets.
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
      id createdAt updatedAt cancelledAt discountCodes
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
  /** The discount codes it used, as written: checkout recovery counts its reminder's as used. */
  discountCodes: string[];
};
type Page<T> = { orders: { pageInfo: { hasNextPage: boolean; endCursor: string | null }; nodes: T[] } };

/** The search for orders updated after `since`, to the second (rounded down: Shopify's times have no milliseconds). */
export const updatedSinceQuery = (since: Date) =>
  `updated_at:>'${new Date(Math.floor(since.getTime() / 1000) * 1000).toISOString().replace('.000Z', 'Z')}'`;

/**
 * Reads the store's orders updated after `since`, oldest update first, handing over each page. The
 * attribution's query by default; another reader (server/order-events/) passes its own `query` (an
 * `orders` connection with the same variables) and page size, and gets its nodes.
 */
export async function readOrdersSince<T = StoreOrder>(
  storeUrl: string,
  token: string,
  since: Date,
  {
    onOrders,
    query: ordersQuery = ORDERS_QUERY,
    perPage = ORDERS_PER_PAGE,
    ...pace
  }: PaceOptions & { onOrders: (orders: T[]) => Promise<void> | void; query?: string; perPage?: number },
): Promise<PaceProgress & { orders: number }> {
  const progress = { orders: 0, requests: 0, waitedMs: 0, cost: 0 };
  const ask = pacedQueries(storeUrl, token, progress, pace);
  const query = updatedSinceQuery(since);
  for (let after: string | null = null; ;) {
    const page: Page<T> = await ask<Page<T>>(ordersQuery, { first: perPage, after, query });
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

type Inventory = { id: string; attributionCode: string };

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
