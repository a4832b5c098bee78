// The shopper's side: carts, what shoppers did (events) and the orders attributed to Catalyst.
// After a change: `npm run db:generate`, then commit the new migration in server/db/migrations/.
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { Locale } from '@/domain/locales';
import { storefrontEventKinds, type CartLine, type CartSource, type OrderAttribution, type StorefrontEventKind } from '@/domain/storefront';
import { sqlList } from '../db/sql-list';
import { inventories } from '../inventories/inventory-tables';

/**
 * Carts a shopper made (the catalog page's checkout, an `items=` link) or a WhatsApp order brought
 * (the public order-to-cart API): the short random id a cart summary URL and the checkout's
 * `attributes[catalyst_cart]` carry, and its lines as chosen.
 */
export const carts = pgTable(
  'carts',
  {
    id: text('id').primaryKey(),
    inventoryId: uuid('inventory_id')
      .notNull()
      .references(() => inventories.id, { onDelete: 'cascade' }),
    source: text('source').$type<CartSource>().notNull(),
    lines: jsonb('lines').$type<CartLine[]>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('carts_inventory').on(table.inventoryId, table.createdAt)],
);

/**
 * What shoppers did on the public pages, append-only: a catalog access, a cart view, a checkout
 * click (and whether its shopper asked order updates on WhatsApp), with the page's language and a
 * random visitor id the browser keeps (no address, no personal data); and each catalog (or product
 * list) the WhatsApp answerer sent, with the base's language and a pseudonym of the shopper on the
 * channel as visitor id. The dashboard's daily figures are rolled up from here.
 */
export const storefrontEvents = pgTable(
  'storefront_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    inventoryId: uuid('inventory_id')
      .notNull()
      .references(() => inventories.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<StorefrontEventKind>().notNull(),
    locale: text('locale').$type<Locale>().notNull(),
    visitorId: text('visitor_id').notNull(),
    cartId: text('cart_id'),
    /** The WhatsApp number a catalog_sent went out on (null for the public pages' events). No foreign key: events are append-only. */
    channelId: uuid('channel_id'),
    /** A checkout whose shopper ticked 'Send me order updates on WhatsApp' on the cart page (the number is never kept here). */
    whatsappUpdates: boolean('whatsapp_updates').notNull().default(false),
    /** The `ref` of the link an access came from (a campaign's catalog link); null: none. */
    ref: text('ref'),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('storefront_events_inventory').on(table.inventoryId, table.occurredAt),
    // A campaign's clicks: the accesses its link's ref brought.
    index('storefront_events_ref')
      .on(table.ref)
      .where(sql`${table.ref} is not null`),
    check('storefront_events_kind_known', sql`${table.kind} in (${sqlList(storefrontEventKinds)})`),
  ],
);

/**
 * The store's orders that came from a Catalyst cart (read by each sync; idempotent by order id):
 * its value now (net of refunds, 0 once cancelled), currency and time. `cart_id` is null when only
 * the referral code tied it to the inventory.
 */
export const attributedOrders = pgTable(
  'attributed_orders',
  {
    inventoryId: uuid('inventory_id')
      .notNull()
      .references(() => inventories.id, { onDelete: 'cascade' }),
    /** Shopify's order id (`gid://shopify/Order/…`). */
    orderId: text('order_id').notNull(),
    cartId: text('cart_id'),
    attributedBy: text('attributed_by').$type<OrderAttribution>().notNull(),
    valueMinor: bigint('value_minor', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    orderedAt: timestamp('ordered_at', { withTimezone: true }).notNull(),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.inventoryId, table.orderId] }),
    index('attributed_orders_ordered').on(table.inventoryId, table.orderedAt),
  ],
);
