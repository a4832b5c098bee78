// What a store's orders did (placed, fulfilled, a fulfillment updated), as its webhooks or the
// polling of its orders brought it: the events post-sale notices follow, the webhook deliveries
// already seen, and where each polled inventory's next read starts.
// After a change: `npm run db:generate`, then commit the new migration in server/db/migrations/.
import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { orderEventKinds, orderEventSources, type OrderEventKind, type OrderEventSource } from '@/domain/order-event';
import { sqlList } from '../db/sql-list';
import { inventories } from '../inventories/inventory-tables';

/**
 * One row per event of an inventory's store, by its key (`event_key`: `order_created:{order id}`,
 * `fulfillment_created:{fulfillment id}`, `fulfillment_updated:{fulfillment id}:{updated_at, epoch
 * seconds}`), which a webhook and a poll work out alike: whichever brings an event first records it,
 * the other adds nothing. Ids are Shopify's numeric ids, as text. What the event carries about the
 * order (its name, total, status page, shopper) is copied from the order's `order_created` event when
 * the payload lacks it (a fulfillment webhook names only the order id). Money in minor units of the
 * store's currency; the shopper's number in E.164 when Shopify's could be read.
 */
export const orderEvents = pgTable(
  'order_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    inventoryId: uuid('inventory_id')
      .notNull()
      .references(() => inventories.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<OrderEventKind>().notNull(),
    eventKey: text('event_key').notNull(),
    source: text('source').$type<OrderEventSource>().notNull(),
    shopifyOrderId: text('shopify_order_id').notNull(),
    /** `#1042`. */
    orderName: text('order_name'),
    totalMinor: bigint('total_minor', { mode: 'number' }),
    currency: text('currency'),
    statusPageUrl: text('status_page_url'),
    customerPhone: text('customer_phone'),
    customerFirstName: text('customer_first_name'),
    /** As Shopify has it (`pt-BR`, `en`). */
    customerLocale: text('customer_locale'),
    /** The number of the `_catalyst_whatsapp_updates` cart attribute (domain/order-event.ts), E.164. */
    whatsappUpdatesPhone: text('whatsapp_updates_phone'),
    shopifyFulfillmentId: text('shopify_fulfillment_id'),
    /** The fulfillment's status, as Shopify's REST API writes it: `success`, `cancelled`, `pending`, `open`, `error`, `failure`. */
    fulfillmentStatus: text('fulfillment_status'),
    /** Its carrier's last word, as REST writes it: `in_transit`, `out_for_delivery`, `delivered`, …; null: none. */
    shipmentStatus: text('shipment_status'),
    trackingNumber: text('tracking_number'),
    trackingUrl: text('tracking_url'),
    trackingCompany: text('tracking_company'),
    /** When it happened at the store: the order's or the fulfillment's creation, the fulfillment's update. */
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('order_events_inventory_key').on(table.inventoryId, table.eventKey),
    index('order_events_inventory_order').on(table.inventoryId, table.shopifyOrderId),
    check('order_events_kind_known', sql`${table.kind} in (${sqlList(orderEventKinds)})`),
    check('order_events_source_known', sql`${table.source} in (${sqlList(orderEventSources)})`),
  ],
);

/** Each webhook delivery an inventory's route took, by Shopify's `X-Shopify-Webhook-Id`: a redelivery records nothing. */
export const shopifyWebhookDeliveries = pgTable(
  'shopify_webhook_deliveries',
  {
    inventoryId: uuid('inventory_id')
      .notNull()
      .references(() => inventories.id, { onDelete: 'cascade' }),
    webhookId: text('webhook_id').notNull(),
    topic: text('topic').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.inventoryId, table.webhookId] }),
    index('shopify_webhook_deliveries_received').on(table.receivedAt),
  ],
);

/**
 * The polling of an inventory's orders (one without webhooks): when it is next due (the scheduler
 * claims it by moving this on) and up to when its store was read (the next read starts a little before).
 */
export const orderEventPolls = pgTable('order_event_polls', {
  inventoryId: uuid('inventory_id')
    .primaryKey()
    .references(() => inventories.id, { onDelete: 'cascade' }),
  nextPollAt: timestamp('next_poll_at', { withTimezone: true }).notNull(),
  polledUntil: timestamp('polled_until', { withTimezone: true }).notNull(),
  lastPolledAt: timestamp('last_polled_at', { withTimezone: true }),
});
