// Recording a store's order events, from its webhook or a poll: one statement records the events not
// seen yet (by their key: a webhook and a poll of the same event add one row) and queues a job for each
// new one on ORDER_EVENT_QUEUE, which the notice sender consumes. A webhook delivery is noted by its
// `X-Shopify-Webhook-Id` in the same statement: a redelivery records nothing. Also the webhook's
// reading of an inventory's API secret key, remembered a few seconds.
import { sql } from 'drizzle-orm';
import type { OrderEventSource } from '@/domain/order-event';
import type { Db } from '../db/database';
import type { InventoryStore } from '../inventories/inventory-store';
import { checkoutsCompletedByOrdersSql } from '../checkouts/checkout-intake';
import { recoveredOrdersSql, recoveredTokensSql } from '../checkouts/recovered-orders';
import { noteDelivery, type WebhookDelivery } from './webhook-deliveries';
import { enqueueRows } from '../jobs/job-queue';
import { orderEvents } from './order-event-tables';
import type { OrderEventDraft } from './shopify-order-events';

/** The queue of recorded order events: one job per new event, for the notice sender. */
export const ORDER_EVENT_QUEUE = 'order-event';
/** A job of ORDER_EVENT_QUEUE: the order_events row it is about. */
export type OrderEventJob = { orderEventId: number };

/** What a recording did: whether the delivery was new (a redelivery: false), and the events recorded (and queued). */
export type RecordedOrderEvents = { newDelivery: boolean; recorded: number };

/** The order details an event of another kind copies from the order's own `order_created` event when it lacks them. */
const orderColumns = [
  'order_name',
  'total_minor',
  'currency',
  'status_page_url',
  'customer_phone',
  'customer_first_name',
  'customer_locale',
  'whatsapp_updates_phone',
] as const;
const ownColumns = [
  'shopify_fulfillment_id',
  'fulfillment_status',
  'shipment_status',
  'tracking_number',
  'tracking_url',
  'tracking_company',
  'occurred_at',
] as const;

/** The events as jsonb_to_recordset reads them (snake case, times as ISO text), in order. */
const recordsOf = (events: readonly OrderEventDraft[]) =>
  JSON.stringify(
    events.map((event, position) => ({
      position,
      kind: event.kind,
      event_key: event.eventKey,
      shopify_order_id: event.shopifyOrderId,
      order_name: event.orderName,
      total_minor: event.totalMinor,
      currency: event.currency,
      status_page_url: event.statusPageUrl,
      customer_phone: event.customerPhone,
      customer_first_name: event.customerFirstName,
      customer_locale: event.customerLocale,
      whatsapp_updates_phone: event.whatsappUpdatesPhone,
      shopify_fulfillment_id: event.shopifyFulfillmentId,
      fulfillment_status: event.fulfillmentStatus,
      shipment_status: event.shipmentStatus,
      tracking_number: event.trackingNumber,
      tracking_url: event.trackingUrl,
      tracking_company: event.trackingCompany,
      occurred_at: event.occurredAt.toISOString(),
      checkout_token: event.checkoutToken ?? null,
      referral_ref: event.recovery?.referralRef ?? null,
      attribute_ref: event.recovery?.attributeRef ?? null,
      discount_codes: (event.recovery?.discountCodes ?? []).map((code) => code.toUpperCase()),
    })),
  );

/**
 * Records `events` of the inventory's store, as `source` brought them, and queues each new one, in one
 * statement. The order's own event is looked up per incoming row (a lateral `limit 1`, one index probe):
 * as a plain join the planner, guessing 100 rows from jsonb_to_recordset, hashed the inventory's every
 * event on each delivery. With `delivery` (a webhook), the delivery is noted too, and nothing is recorded when it
 * was noted before.
 */
export async function recordOrderEvents(
  db: Db,
  inventoryId: string,
  events: readonly OrderEventDraft[],
  { source, delivery }: { source: OrderEventSource; delivery?: WebhookDelivery },
): Promise<RecordedOrderEvents> {
  if (events.length === 0 && !delivery) return { newDelivery: false, recorded: 0 };
  const inventory = sql`${inventoryId}::uuid`;
  const ctes: ReturnType<typeof sql>[] = [];
  if (delivery) ctes.push(sql`delivery as (${noteDelivery(inventoryId, delivery)})`);
  if (events.length > 0) {
    const columns = sql.raw([...orderColumns, ...ownColumns].join(', '));
    const values = sql.raw(
      [
        ...orderColumns.map((column) => `coalesce(ordered.${column}, incoming.${column})`),
        ...ownColumns.map((column) => `incoming.${column}`),
      ].join(', '),
    );
    ctes.push(sql`incoming as (
      select * from jsonb_to_recordset(${recordsOf(events)}::jsonb) as incoming(
        position int, kind text, event_key text, shopify_order_id text, order_name text, total_minor bigint, currency text,
        status_page_url text, customer_phone text, customer_first_name text, customer_locale text, whatsapp_updates_phone text,
        shopify_fulfillment_id text, fulfillment_status text, shipment_status text, tracking_number text, tracking_url text,
        tracking_company text, occurred_at timestamptz, checkout_token text, referral_ref text, attribute_ref text, discount_codes jsonb))`);
    ctes.push(sql`added as (
      insert into ${orderEvents} (inventory_id, kind, event_key, source, shopify_order_id, ${columns})
      select ${inventory}, incoming.kind, incoming.event_key, ${source}, incoming.shopify_order_id, ${values}
      from incoming
      left join lateral (
        select * from ${orderEvents} as created
        where created.inventory_id = ${inventory} and created.event_key = 'order_created:' || incoming.shopify_order_id
        limit 1
      ) as ordered on true
      ${delivery ? sql`where exists (select 1 from delivery)` : sql``}
      order by incoming.position
      on conflict (inventory_id, event_key) do nothing
      returning id)`);
    ctes.push(
      sql`queued as (${enqueueRows(ORDER_EVENT_QUEUE, sql`select jsonb_build_object('orderEventId', id) as payload from added order by id`)})`,
    );
    const fresh = delivery ? sql` and exists (select 1 from delivery)` : sql``;
    // An order from a reminded checkout recovers it, with its value (server/checkouts/recovered-orders.ts).
    const recovery = events.some(
      (event) => event.kind === 'order_created' && (event.checkoutToken || event.recovery?.referralRef || event.recovery?.attributeRef),
    );
    if (recovery)
      ctes.push(
        recoveredOrdersSql(
          inventoryId,
          sql`select shopify_order_id as order_id, occurred_at as placed_at, checkout_token, referral_ref, attribute_ref,
            total_minor as value_minor, currency, discount_codes
            from incoming where kind = 'order_created'${fresh}`,
          'recovery',
          { current: false },
        ),
      );
    // An order placed from a checkout Catalyst keeps completes it: its reminders stop (server/checkouts/). One
    // it recovered just now is completed already (a row is updated once a statement).
    if (events.some((event) => event.checkoutToken))
      ctes.push(
        checkoutsCompletedByOrdersSql(
          inventoryId,
          sql`select checkout_token, occurred_at from incoming where kind = 'order_created' and checkout_token is not null${fresh}${
            recovery ? sql` and checkout_token not in (${recoveredTokensSql('recovery')})` : sql``
          }`,
          'checkout',
        ),
      );
  }
  const count = (name: string, present: boolean) => (present ? sql.raw(`(select count(*)::int from ${name})`) : sql.raw('0'));
  const result = await db.execute(sql`with ${sql.join(ctes, sql`, `)}
    select ${count('delivery', Boolean(delivery))} as new_delivery, ${count('queued', events.length > 0)} as recorded`);
  const [row] = (result as unknown as { rows: { new_delivery: number; recorded: number }[] }).rows;
  return { newDelivery: row!.new_delivery > 0, recorded: row!.recorded };
}

/** How long the webhook remembers an inventory's API secret key. */
export const WEBHOOK_SECRET_TTL_MS = 5_000;
const WEBHOOK_SECRET_CACHE_MAX = 10_000;

/** What the Shopify webhook route reads and writes. */
export function orderEventIntake(db: Db, inventories: Pick<InventoryStore, 'orderWebhookSecret'>, { ttlMs = WEBHOOK_SECRET_TTL_MS } = {}) {
  const remembered = new Map<string, { secret: string; until: number }>();
  return {
    /** The inventory's API secret key; null for no such inventory or none saved (not remembered: a secret saved now counts at once). */
    async secretOf(inventoryId: string): Promise<string | null> {
      const now = Date.now();
      const hit = remembered.get(inventoryId);
      if (hit && hit.until > now) return hit.secret;
      const secret = await inventories.orderWebhookSecret(inventoryId);
      if (secret === null) {
        remembered.delete(inventoryId);
        return null;
      }
      if (remembered.size >= WEBHOOK_SECRET_CACHE_MAX) remembered.delete(remembered.keys().next().value!);
      remembered.set(inventoryId, { secret, until: now + ttlMs });
      return secret;
    },
    /** Drops what this process remembers of the inventory's secret (it was just changed here). */
    forget(inventoryId: string): void {
      remembered.delete(inventoryId);
    },
    /** Records a webhook's events, and its delivery when it names one (Shopify always does). */
    record: (inventoryId: string, events: readonly OrderEventDraft[], delivery?: WebhookDelivery) =>
      recordOrderEvents(db, inventoryId, events, { source: 'webhook', ...(delivery ? { delivery } : {}) }),
  };
}

export type OrderEventIntake = ReturnType<typeof orderEventIntake>;
