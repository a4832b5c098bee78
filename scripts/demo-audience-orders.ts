// `npm start`'s demo audience's past orders (tests/fixtures/demo-audience.ts's demoAudienceOrders):
// about 60 contacts bought in the demo store in the last 60 days, so a segment such as 'Portuguese-
// speaking contacts who bought in the last 60 days' has people in it. The orders are placed in the
// demo store, dated from now, under each contact's number (its checkout phone and shipping address,
// E.164) and store language; then the store sends each as `orders/create`, signed, to the demo
// inventory's webhook (server/routes/shopify-webhook-routes.ts), which records them in order_events
// with their own dates, as a store with webhooks brings its orders. The poller alone would not: it
// reads orders placed since it started. For that the demo inventory gets the store app's API secret
// key through the product API, as a merchant pastes it in step 1. Idempotent: a number with an order
// in the store gets none more, and the same order is posted under the same webhook id (a redelivery,
// recorded once).
import type { Inventory } from '../domain/inventory';
import { demoAudienceOrders, type DemoAudienceContact } from '../tests/fixtures/demo-audience';
import type { ShopifyAdminServer } from '../tests/fixtures/shopify-admin-server';
import type { FixtureProduct } from '../tests/fixtures/shopify/store-products';
import { demoApiCaller } from './demo-inventory';

/** Places the audience's orders missing from the store, saves the store's secret on the inventory, posts the orders; how many were posted. */
export async function ensureDemoAudienceOrders(
  apiUrl: string,
  account: { email: string; password: string },
  store: Pick<ShopifyAdminServer, 'orders' | 'addOrder' | 'apiSecret' | 'sendOrderCreated'>,
  products: readonly FixtureProduct[],
  inventoryId: string,
  audience?: readonly DemoAudienceContact[],
): Promise<number> {
  const sellable = products
    .filter((product) => product.status === 'ACTIVE')
    .flatMap((product) => product.variants.filter((variant) => variant.inventoryQuantity > 0 && Number(variant.price) > 0));
  if (sellable.length === 0) return 0;
  const planned = demoAudienceOrders(Date.now(), audience);
  const phones = new Set(planned.map((order) => order.phone));
  const bought = new Set(store.orders().flatMap((order) => (order.phone && phones.has(order.phone) ? [order.phone] : [])));
  for (const order of planned) {
    if (bought.has(order.phone)) continue;
    store.addOrder({
      lines: [{ variantId: sellable[order.variantIndex % sellable.length]!.id, quantity: order.quantity }],
      createdAt: order.createdAt,
      phone: order.phone,
      shippingAddress: { firstName: order.firstName, phone: order.phone, countryCode: order.countryCode },
      customerLocale: order.customerLocale,
    });
  }

  const call = await demoApiCaller(apiUrl, account);
  const inventory = await call<Inventory>('GET', `/inventories/${inventoryId}`);
  if (!inventory.shopifyApiSecretSet)
    await call<Inventory>('PUT', `/inventories/${inventoryId}/integration`, {
      name: inventory.name,
      ecommerceType: 'shopify',
      // Empty: the stored token is kept.
      shopifyToken: '',
      shopifyApiSecret: store.apiSecret,
      shopifyUrl: inventory.shopifyUrl,
      website: inventory.website,
      checkoutParams: inventory.checkoutParams,
      trackingUrl: inventory.trackingUrl,
      expectedVersion: inventory.version,
    });

  const url = `${apiUrl}/webhooks/shopify/${inventoryId}`;
  let posted = 0;
  for (const order of store.orders()) {
    if (!order.phone || !phones.has(order.phone)) continue;
    const ids = { webhookId: `demo-audience-order-${order.id}`, eventId: `demo-audience-order-${order.id}` };
    const delivery = await store.sendOrderCreated(order.id, url, ids);
    if (delivery.status !== 200) throw new Error(`The demo inventory's order webhook answered ${delivery.status ?? 'nothing'}`);
    posted += 1;
  }
  return posted;
}
