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
 * The number is the order's customer's, else the one the shopper gave for WhatsApp updates on the cart
 * page (a checkout that asked for no phone still names the shopper Catalyst writes to).
 */
export const accountOrdersSql = (uid: string, since: Date | null = null): SQL => {
  const phone = sql`coalesce(${orderEvents.customerPhone}, ${orderEvents.whatsappUpdatesPhone})`;
  return sql`select ${phone} as phone, ${orderEvents.inventoryId}::text || ':' || ${orderEvents.shopifyOrderId} as order_id,
      max(${orderEvents.totalMinor}) as total_minor, max(${orderEvents.currency}) as currency, min(${orderEvents.occurredAt}) as placed_at
    from ${orderEvents}
    where ${orderEvents.inventoryId} in (${accountInventoryIdsSql(uid)}) and ${orderEvents.kind} = 'order_created'
      and ${phone} is not null${since ? sql` and ${orderEvents.occurredAt} > ${since}` : sql``}
    group by ${phone}, ${orderEvents.inventoryId}, ${orderEvents.shopifyOrderId}`;
};
