// A Shopify webhook delivery of an inventory's store, noted by its `X-Shopify-Webhook-Id` in the same
// statement that records its payload (order events, server/order-events/; checkouts, server/checkouts/):
// a redelivery records nothing.
import { sql, type SQL } from 'drizzle-orm';
import { shopifyWebhookDeliveries } from './order-event-tables';

/** A webhook delivery, as its headers name it. */
export type WebhookDelivery = { webhookId: string; topic: string };

/**
 * A statement noting a webhook delivery of the inventory's store, answering `new` (1) unless it was
 * noted before: the CTE a recording of its payload waits on, so a redelivery records nothing (the
 * store's checkouts, server/checkouts/, are recorded alike).
 */
export const noteDelivery = (inventoryId: string, delivery: WebhookDelivery): SQL =>
  sql`insert into ${shopifyWebhookDeliveries} (inventory_id, webhook_id, topic) values (${inventoryId}::uuid, ${delivery.webhookId}, ${delivery.topic})
      on conflict do nothing returning 1 as new`;
