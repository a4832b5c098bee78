// Order events: what happened to a Shopify order that a post-sale notice may follow (the order was
// placed, a fulfillment was created or updated), as Catalyst records it from the store's webhooks or
// from polling its orders (server/order-events/). The vocabulary shared by the server's intake, the
// notice sender and the cart page, which passes the shopper's consent to the checkout.

/** What happened. The wire values: add to them, never rename one. */
export const orderEventKinds = ['order_created', 'fulfillment_created', 'fulfillment_updated'] as const;
export type OrderEventKind = (typeof orderEventKinds)[number];

/** How an event reached Catalyst: the store's signed webhook, or a read of its orders. */
export const orderEventSources = ['webhook', 'poll'] as const;
export type OrderEventSource = (typeof orderEventSources)[number];

/**
 * The Shopify cart attribute that carries the number a shopper ticked 'send me order updates on
 * WhatsApp' with on Catalyst's cart page (E.164). The leading `_` keeps it out of the shopper's view
 * at checkout, as Shopify hides such attributes.
 */
export const WHATSAPP_UPDATES_ATTRIBUTE = '_catalyst_whatsapp_updates';

/** The Shopify webhook topic of each kind (the `X-Shopify-Topic` header; GraphQL names it in capitals with `_`). */
export const orderEventTopics = {
  order_created: 'orders/create',
  fulfillment_created: 'fulfillments/create',
  fulfillment_updated: 'fulfillments/update',
} as const satisfies Record<OrderEventKind, string>;
export type OrderEventTopic = (typeof orderEventTopics)[OrderEventKind];
