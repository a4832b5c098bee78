// What other areas ask of the order events: an account's orders (one row per order, however many
// events told of it) as a subquery for their own statement — who bought when and for how much (an
// audience's rules, a campaign's attributed orders). Other areas never import order-event-tables.ts
// (scripts/lint-area-tables.js).
import { sql, type SQL } from 'drizzle-orm';
import { accountInventoryIdsSql } from '../inventories/inventory-queries';
import { orderEvents } from './order-event-tables';

/**
 * The account's orders with a number: columns `phone` (E.164), `order_id` (the store's, with its
 * inventory: one row per order), `total_minor`, `currency`, `placed_at`; placed after `since` when given.
 */
export const accountOrdersSql = (uid: string, since: Date | null = null): SQL =>
  sql`select ${orderEvents.customerPhone} as phone, ${orderEvents.inventoryId}::text || ':' || ${orderEvents.shopifyOrderId} as order_id,
      max(${orderEvents.totalMinor}) as total_minor, max(${orderEvents.currency}) as currency, min(${orderEvents.occurredAt}) as placed_at
    from ${orderEvents}
    where ${orderEvents.inventoryId} in (${accountInventoryIdsSql(uid)}) and ${orderEvents.kind} = 'order_created'
      and ${orderEvents.customerPhone} is not null${since ? sql` and ${orderEvents.occurredAt} > ${since}` : sql``}
    group by ${orderEvents.customerPhone}, ${orderEvents.inventoryId}, ${orderEvents.shopifyOrderId}`;
