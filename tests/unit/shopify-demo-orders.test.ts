// The demo store's orders page (`npm start`'s development tool): the orders its checkout took, with
// the number a shopper ticked WhatsApp updates with, and a 'Ship' button that fulfils one with a
// tracking number, as a merchant does in Shopify's admin, and tells the store's subscribers.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startShopifyAdminServer, type ShopifyAdminServer } from '../fixtures/shopify-admin-server';
import { DEMO_ORDERS_PATH } from '../fixtures/shopify/demo-orders';

let store: ShopifyAdminServer;
beforeAll(async () => {
  store = await startShopifyAdminServer();
});
afterAll(async () => {
  await store?.close();
});

test("lists the checkout's orders with the ticked number; 'Ship' fulfils one with tracking and says so", async () => {
  const empty = await (await fetch(`${store.storefrontUrl}${DEMO_ORDERS_PATH}`)).text();
  expect(empty).toContain('Development tool');
  expect(empty).toContain('No orders yet');

  const variantId = 808950810; // the fixture store's iPod Nano
  const { order } = await store.placeOrder({
    lines: [{ variantId, quantity: 1 }],
    customAttributes: [{ key: '_catalyst_whatsapp_updates', value: '+5511900001234' }],
  });
  const page = await (await fetch(`${store.storefrontUrl}${DEMO_ORDERS_PATH}`)).text();
  expect(page).toContain(order.name);
  expect(page).toContain('+5511900001234');
  expect(page).toContain(`action="${DEMO_ORDERS_PATH}/${order.id}/fulfill"`);

  const shipped = await fetch(`${store.storefrontUrl}${DEMO_ORDERS_PATH}/${order.id}/fulfill`, { method: 'POST', redirect: 'manual' });
  expect([shipped.status, shipped.headers.get('location')]).toEqual([303, DEMO_ORDERS_PATH]);
  const [fulfillment] = store.orders().find((each) => each.id === order.id)!.fulfillments ?? [];
  expect(fulfillment).toMatchObject({ trackingCompany: 'Correios', trackingNumber: `BR${order.id}DEMO` });
  expect(fulfillment!.trackingUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/_demo\/track\//);
  await store.settled();
  expect(await (await fetch(`${store.storefrontUrl}${DEMO_ORDERS_PATH}/999999/fulfill`, { method: 'POST' })).status).toBe(404);
});
