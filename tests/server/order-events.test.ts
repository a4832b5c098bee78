// A Shopify store's order and fulfillment events reaching Catalyst (server/order-events/), over real
// HTTP against the loopback store (tests/fixtures/shopify-admin-server.ts), which subscribes webhooks
// and sends them signed as Shopify does; the site's public address (SITE_URL) is routed to the test
// server. Saving step 1 with the app's API secret key subscribes the store once per topic (and not
// without a public address); the secret is kept sealed and never answered or logged. A signed order,
// fulfillment and fulfillment update are recorded with what a notice needs and queued once each; a
// missing or forged signature, another inventory's secret or an unknown inventory is a 401 that
// records nothing; a redelivery records nothing. Polling (no webhooks) is scheduled every 5 minutes
// per inventory, records the same events a webhook would, never again one a webhook recorded, reads
// the store's abandoned checkouts too, and subscribes a store that can take webhooks by now.
import { randomBytes, randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Inventory } from '@/domain/inventory';
import { WHATSAPP_UPDATES_ATTRIBUTE } from '@/domain/order-event';
import { RECOVERY_QUEUE } from '@/server/checkouts/checkout-intake';
import { storeCheckouts } from '@/server/checkouts/checkout-tables';
import { inventories } from '@/server/inventories/inventory-tables';
import { apiSecretContext } from '@/server/inventories/inventory-store';
import { jobs } from '@/server/jobs/job-tables';
import { STORE_WEBHOOK_TOPICS } from '@/server/order-events/order-webhook-subscriptions';
import { ORDER_EVENT_QUEUE } from '@/server/order-events/order-event-intake';
import {
  ORDER_EVENT_POLL_QUEUE,
  ORDER_POLL_INTERVAL_MS,
  pollInventoryOrders,
  schedulePolls,
} from '@/server/order-events/order-event-poller';
import { orderEventPolls, orderEvents, shopifyWebhookDeliveries } from '@/server/order-events/order-event-tables';
import { secretBox } from '@/server/secrets/secret-box';
import {
  shopifyHmac,
  startShopifyAdminServer,
  type FixtureOrder,
  type ShopifyAdminServer,
  type ShopifyWebhookDelivery,
} from '../fixtures/shopify-admin-server';
import { createUser, type TestUser } from './support/emulator-users';
import { integrationStep } from './support/integration-step';
import { testDatabase } from './support/test-database';
import { buildTestApp, call, errorOf, testEnv } from './support/test-server';

const SECRETS_KEY = randomBytes(32).toString('base64');
const secrets = secretBox(Buffer.from(SECRETS_KEY, 'base64'));
const SITE = 'https://catalyst.example';
/** The API secret key of another store's app. */
const OTHER_SECRET = `shpss_${randomBytes(16).toString('hex')}`;
/** 199.00 in the fixture store. */
const IPOD_NANO = 808950810;

const logLines: string[] = [];
const sink = new Writable({
  write(chunk: Buffer, _encoding, done) {
    logLines.push(...chunk.toString().split('\n').filter(Boolean));
    done();
  },
});
/** The text of every API answer: none may hold a secret. */
const answers: string[] = [];

const workersOff = {
  KNOWLEDGE_WORKER: 'off',
  INVENTORY_SYNC_WORKER: 'off',
  WHATSAPP_INBOUND_WORKER: 'off',
  CONVERSATION_RETENTION_WORKER: 'off',
};
let app: FastifyInstance;
let url: string;
/** The same API on a site without a public address (SITE_URL unset). */
let local: FastifyInstance;
let localUrl: string;
let store: ShopifyAdminServer;
let otherStore: ShopifyAdminServer;
let merchant: TestUser;

const listening = async (server: FastifyInstance) => {
  await server.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
};

beforeAll(async () => {
  store = await startShopifyAdminServer();
  otherStore = await startShopifyAdminServer({ apiSecret: OTHER_SECRET });
  app = await buildTestApp({ ...testEnv, ...workersOff, SECRETS_KEY, SITE_URL: SITE }, { logger: { level: 'info', stream: sink } });
  url = await listening(app);
  // It polls every 15 s (ORDER_POLL_SECONDS, as `npm start`): its inventories' answers say so.
  local = await buildTestApp(
    { ...testEnv, ...workersOff, SECRETS_KEY, ORDER_POLL_SECONDS: '15' },
    { logger: { level: 'info', stream: sink } },
  );
  localUrl = await listening(local);
  // The site's public address is this test server, as a tunnel or load balancer would make it.
  for (const shop of [store, otherStore]) shop.routeWebhooks((callbackUrl) => callbackUrl.replace(SITE, url));
  merchant = await createUser('order-events');
});
afterAll(async () => {
  await app?.close();
  await local?.close();
  await store?.close();
  await otherStore?.close();
});

async function as(base: string, path: string, method = 'GET', body?: unknown) {
  const answer = await call(`${base}/api/v1${path}`, {
    method,
    token: merchant.idToken,
    ...(body === undefined ? {} : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
  });
  answers.push(answer.text);
  return answer;
}

const step1 = (shop: ShopifyAdminServer, name: string, version: number, shopifyApiSecret?: string) =>
  integrationStep(shop, { name, version }, shopifyApiSecret === undefined ? {} : { shopifyApiSecret });

/** A new inventory of the merchant's with step 1 saved (through `base`) for `shop`, with `secret` when given. */
async function withStore(base: string, shop: ShopifyAdminServer, secret?: string): Promise<Inventory> {
  const name = `Loja ${randomUUID().slice(0, 8)}`;
  const created = (await as(base, '/inventories', 'POST', { name })).body as Inventory;
  const saved = await as(base, `/inventories/${created.id}/integration`, 'PUT', {
    ...step1(shop, name, created.version, secret),
    shopifyToken: shop.accessToken,
  });
  expect(saved.status).toBe(200);
  return saved.body as Inventory;
}

const callbackOf = (inventoryId: string) => `${SITE}/webhooks/shopify/${inventoryId}`;
const subscriptionsOf = (shop: ShopifyAdminServer, inventoryId: string) =>
  shop.webhookSubscriptions().filter((subscription) => subscription.callbackUrl === callbackOf(inventoryId));
const deliveriesTo = (deliveries: ShopifyWebhookDelivery[], inventoryId: string) =>
  deliveries.filter((delivery) => delivery.callbackUrl === callbackOf(inventoryId));

async function eventsOf(inventoryId: string) {
  const { db } = await testDatabase();
  return db.select().from(orderEvents).where(eq(orderEvents.inventoryId, inventoryId)).orderBy(asc(orderEvents.id));
}
async function queuedEvents(ids: number[]) {
  const { db } = await testDatabase();
  if (ids.length === 0) return [];
  const rows = await db
    .select({ payload: jobs.payload })
    .from(jobs)
    .where(and(eq(jobs.queue, ORDER_EVENT_QUEUE), inArray(sql`(${jobs.payload}->>'orderEventId')::bigint`, ids)));
  return rows.map((row) => row.payload);
}

/** POSTs `body` to an inventory's webhook as Shopify would, with `headers` (the signature among them, or not). */
const postWebhook = (inventoryId: string, body: string, headers: Record<string, string>) =>
  call(`${url}/webhooks/shopify/${inventoryId}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-shopify-topic': 'orders/create',
      'x-shopify-webhook-id': randomUUID(),
      'x-shopify-shop-domain': 'catalyst-demo.myshopify.com',
      ...headers,
    },
    body,
  });

const shopper = {
  phone: '(11) 98765-4321',
  shippingAddress: { firstName: 'Ana', lastName: 'Souza', phone: null, countryCode: 'BR' },
  customerLocale: 'pt-BR',
  customAttributes: [{ key: WHATSAPP_UPDATES_ATTRIBUTE, value: '+55 11 98765-4321' }],
};

describe('the API secret key and the store’s subscription', () => {
  test('saved with a public address: the store is subscribed once per topic, JSON, to the inventory’s URL; the secret is sealed and only “set” is answered', async () => {
    const inventory = await withStore(url, store, store.apiSecret);
    expect(inventory).toMatchObject({ shopifyApiSecretSet: true, orderEvents: 'webhooks', orderPollSeconds: null });
    const everyTopicAsJson = ['CHECKOUTS_CREATE', 'CHECKOUTS_UPDATE', 'FULFILLMENTS_CREATE', 'FULFILLMENTS_UPDATE', 'ORDERS_CREATE'].map(
      (topic) => `${topic} JSON`,
    );
    const topics = () =>
      subscriptionsOf(store, inventory.id)
        .map((subscription) => `${subscription.topic} ${subscription.format}`)
        .sort();
    expect(topics()).toEqual(everyTopicAsJson);

    // Saved again with the secret typed again, then left empty (kept): still one subscription per topic.
    const again = await as(
      url,
      `/inventories/${inventory.id}/integration`,
      'PUT',
      step1(store, inventory.name, inventory.version, store.apiSecret),
    );
    expect(again.body).toMatchObject({ shopifyApiSecretSet: true, orderEvents: 'webhooks', version: inventory.version + 1 });
    const kept = await as(url, `/inventories/${inventory.id}/integration`, 'PUT', step1(store, inventory.name, inventory.version + 1, ''));
    expect(kept.body).toMatchObject({ shopifyApiSecretSet: true, orderEvents: 'webhooks' });
    expect(topics()).toEqual(everyTopicAsJson);
    expect((await as(url, `/inventories/${inventory.id}`)).body).toMatchObject({ shopifyApiSecretSet: true, orderEvents: 'webhooks' });

    // At rest it is sealed for this inventory's secret (not its token's context).
    const { db } = await testDatabase();
    const [row] = await db.select({ sealed: inventories.shopifyApiSecretSealed }).from(inventories).where(eq(inventories.id, inventory.id));
    expect(row!.sealed).not.toContain(store.apiSecret);
    expect(secrets.open(row!.sealed!, apiSecretContext(inventory.id))).toBe(store.apiSecret);
    expect(() => secrets.open(row!.sealed!, inventory.id)).toThrow();
  });

  test('an access token pasted as the secret is refused at its field, and nothing is subscribed', async () => {
    const name = `Loja ${randomUUID().slice(0, 8)}`;
    const created = (await as(url, '/inventories', 'POST', { name })).body as Inventory;
    const refused = await as(url, `/inventories/${created.id}/integration`, 'PUT', {
      ...step1(store, name, created.version, store.accessToken),
      shopifyToken: store.accessToken,
    });
    expect(refused.status).toBe(400);
    expect(errorOf(refused).fields).toEqual({ shopifyApiSecret: 'inventory.shopify_api_secret_invalid' });
    expect(subscriptionsOf(store, created.id)).toEqual([]);
  });

  test('without a public address the secret is saved but no store is subscribed: the inventory’s orders are polled', async () => {
    const inventory = await withStore(localUrl, store, store.apiSecret);
    expect(inventory).toMatchObject({ shopifyApiSecretSet: true, orderEvents: 'polling', orderPollSeconds: 15 });
    expect(store.webhookSubscriptions().filter((subscription) => subscription.callbackUrl.includes(inventory.id))).toEqual([]);
    // Without a secret, even with a public address: polled, and nothing subscribed.
    const plain = await withStore(url, store);
    // The default interval, ORDER_POLL_SECONDS unset.
    expect(plain).toMatchObject({ shopifyApiSecretSet: false, orderEvents: 'polling', orderPollSeconds: 300 });
    expect(subscriptionsOf(store, plain.id)).toEqual([]);
  });
});

describe('the webhook', () => {
  let hooked: Inventory;
  let order: FixtureOrder;
  let orderDelivery: ShopifyWebhookDelivery;

  beforeAll(async () => {
    hooked = await withStore(url, store, store.apiSecret);
  });

  test('a signed order is recorded with what a notice needs, and queued once', async () => {
    const placed = await store.placeOrder({ lines: [{ variantId: IPOD_NANO, quantity: 2 }], ...shopper });
    order = placed.order;
    orderDelivery = deliveriesTo(placed.deliveries, hooked.id)[0]!;
    expect(orderDelivery).toMatchObject({ status: 200, topic: 'orders/create' });
    const [event, ...more] = await eventsOf(hooked.id);
    expect(more).toEqual([]);
    expect(event).toMatchObject({
      kind: 'order_created',
      source: 'webhook',
      eventKey: `order_created:${order.id}`,
      shopifyOrderId: String(order.id),
      orderName: order.name,
      totalMinor: 39_800,
      currency: 'USD',
      customerPhone: '+5511987654321',
      customerFirstName: 'Ana',
      customerLocale: 'pt-BR',
      whatsappUpdatesPhone: '+5511987654321',
      shopifyFulfillmentId: null,
      trackingNumber: null,
    });
    expect(event!.statusPageUrl).toMatch(/^https:\/\/catalyst-demo\.myshopify\.com\/\d+\/orders\/[0-9a-f]{32}\/authenticate\?key=/);
    expect(event!.occurredAt.toISOString()).toBe(new Date(order.createdAt).toISOString());
    expect(await queuedEvents([event!.id])).toEqual([{ orderEventId: event!.id }]);
  });

  test('its fulfillment and the fulfillment’s update are recorded with their tracking, the order’s details copied', async () => {
    const tracking = {
      trackingCompany: 'Correios',
      trackingNumber: 'BR123456789BR',
      trackingUrl: 'https://rastreamento.correios.com.br/app/index.php?objeto=BR123456789BR',
    };
    const shipped = await store.fulfill(order.id, tracking);
    expect(deliveriesTo(shipped.deliveries, hooked.id).map((delivery) => [delivery.topic, delivery.status])).toEqual([
      ['fulfillments/create', 200],
    ]);
    const later = Date.parse(shipped.fulfillment.createdAt) + 3_000;
    const moved = await store.updateFulfillment(shipped.fulfillment.id, { shipmentStatus: 'in_transit', updatedAt: later });
    expect(deliveriesTo(moved.deliveries, hooked.id).map((delivery) => [delivery.topic, delivery.status])).toEqual([
      ['fulfillments/update', 200],
    ]);

    const [created, fulfilled, updated] = await eventsOf(hooked.id);
    const ofOrder = {
      shopifyOrderId: String(order.id),
      orderName: order.name,
      totalMinor: created!.totalMinor,
      currency: 'USD',
      statusPageUrl: created!.statusPageUrl,
      customerPhone: '+5511987654321',
      customerFirstName: 'Ana',
      customerLocale: 'pt-BR',
      whatsappUpdatesPhone: '+5511987654321',
      shopifyFulfillmentId: String(shipped.fulfillment.id),
      ...tracking,
      fulfillmentStatus: 'success',
      source: 'webhook',
    };
    expect(fulfilled).toMatchObject({
      kind: 'fulfillment_created',
      eventKey: `fulfillment_created:${shipped.fulfillment.id}`,
      ...ofOrder,
      shipmentStatus: null,
    });
    expect(fulfilled!.occurredAt.toISOString()).toBe(new Date(shipped.fulfillment.createdAt).toISOString());
    expect(updated).toMatchObject({
      kind: 'fulfillment_updated',
      eventKey: `fulfillment_updated:${shipped.fulfillment.id}:${Math.floor(later / 1000)}`,
      ...ofOrder,
      shipmentStatus: 'in_transit',
    });
    expect(updated!.occurredAt.getTime()).toBe(Math.floor(later / 1000) * 1000);
    expect(await queuedEvents([fulfilled!.id, updated!.id])).toEqual([{ orderEventId: fulfilled!.id }, { orderEventId: updated!.id }]);
  });

  test('a redelivery (the same webhook id) answers 200 and records nothing', async () => {
    const before = await eventsOf(hooked.id);
    const again = await store.redeliver(orderDelivery);
    expect([again.status, again.webhookId, again.attempt]).toEqual([200, orderDelivery.webhookId, 2]);
    expect(await eventsOf(hooked.id)).toEqual(before);
    expect(await queuedEvents(before.map((event) => event.id))).toHaveLength(before.length);
    // A store that redelivers every webhook: each order is still one event.
    const doubling = await startShopifyAdminServer({ webhookRedeliveryRate: 1 });
    try {
      doubling.routeWebhooks((callbackUrl) => callbackUrl.replace(SITE, url));
      const twice = await withStore(url, doubling, doubling.apiSecret);
      const placed = await doubling.placeOrder({ lines: [{ variantId: IPOD_NANO, quantity: 1 }] });
      expect(deliveriesTo(placed.deliveries, twice.id).map((delivery) => [delivery.attempt, delivery.status])).toEqual([
        [1, 200],
        [2, 200],
      ]);
      expect((await eventsOf(twice.id)).map((event) => event.eventKey)).toEqual([`order_created:${placed.order.id}`]);
    } finally {
      await doubling.close();
    }
  });

  test('a missing or forged signature, another inventory’s secret, an unknown inventory or one without a secret: 401, nothing recorded', async () => {
    const other = await withStore(url, otherStore, OTHER_SECRET);
    const unsecured = await withStore(url, store);
    const { db } = await testDatabase();
    const before = await eventsOf(hooked.id);
    // Another order's payload, never delivered: only a valid signature may record it.
    const fresh = JSON.parse(orderDelivery.body) as { id: number; admin_graphql_api_id: string; name: string };
    const body = JSON.stringify({ ...fresh, id: fresh.id + 100_000, admin_graphql_api_id: `gid://shopify/Order/${fresh.id + 100_000}` });
    const webhookIds: string[] = [];
    const attempt = async (inventoryId: string, headers: Record<string, string>, payload = body) => {
      const webhookId = randomUUID();
      webhookIds.push(webhookId);
      const answer = await postWebhook(inventoryId, payload, { 'x-shopify-webhook-id': webhookId, ...headers });
      return [answer.status, answer.status === 401 ? errorOf(answer).code : answer.text];
    };
    const refused = [401, 'unauthenticated'];
    expect(await attempt(hooked.id, {})).toEqual(refused);
    expect(await attempt(hooked.id, { 'x-shopify-hmac-sha256': 'not base64 at all' })).toEqual(refused);
    expect(await attempt(hooked.id, { 'x-shopify-hmac-sha256': shopifyHmac(`${body} `, store.apiSecret) })).toEqual(refused);
    expect(await attempt(hooked.id, { 'x-shopify-hmac-sha256': shopifyHmac(body, store.accessToken) })).toEqual(refused);
    expect(await attempt(hooked.id, { 'x-shopify-hmac-sha256': shopifyHmac(body, OTHER_SECRET) })).toEqual(refused);
    expect(await attempt(randomUUID(), { 'x-shopify-hmac-sha256': shopifyHmac(body, store.apiSecret) })).toEqual(refused);
    expect(await attempt('not-an-inventory', { 'x-shopify-hmac-sha256': shopifyHmac(body, store.apiSecret) })).toEqual(refused);
    expect(await attempt(unsecured.id, { 'x-shopify-hmac-sha256': shopifyHmac(body, store.apiSecret) })).toEqual(refused);
    expect(await attempt(hooked.id, { 'x-shopify-hmac-sha256': shopifyHmac('', store.apiSecret) }, '')).toEqual(refused);
    expect(await eventsOf(hooked.id)).toEqual(before);
    expect(await eventsOf(other.id)).toEqual([]);
    expect(await eventsOf(unsecured.id)).toEqual([]);
    expect(await db.select().from(shopifyWebhookDeliveries).where(inArray(shopifyWebhookDeliveries.webhookId, webhookIds))).toEqual([]);

    // The same body signed with the inventory's own secret is taken; with the other store's, at its own inventory, too.
    expect(await attempt(hooked.id, { 'x-shopify-hmac-sha256': shopifyHmac(body, store.apiSecret) })).toEqual([
      200,
      '{"status":"received"}',
    ]);
    expect(await attempt(other.id, { 'x-shopify-hmac-sha256': shopifyHmac(body, OTHER_SECRET) })).toEqual([200, '{"status":"received"}']);
    expect((await eventsOf(hooked.id)).length).toBe(before.length + 1);
    expect((await eventsOf(other.id)).map((event) => event.eventKey)).toEqual([`order_created:${fresh.id + 100_000}`]);
  });

  test('a signed topic that is not an order event, or a payload that is not one, is acknowledged and records nothing; a body past 1 MiB is a 413', async () => {
    const before = await eventsOf(hooked.id);
    const signed = (body: string, topic: string) =>
      postWebhook(hooked.id, body, { 'x-shopify-topic': topic, 'x-shopify-hmac-sha256': shopifyHmac(body, store.apiSecret) });
    expect((await signed('{"id":1}', 'products/update')).status).toBe(200);
    expect((await signed('{"nothing":"here"}', 'orders/create')).status).toBe(200);
    expect((await signed('not json', 'fulfillments/create')).status).toBe(200);
    expect(await eventsOf(hooked.id)).toEqual(before);
    const huge = JSON.stringify({ note: 'x'.repeat(1024 * 1024) });
    expect((await signed(huge, 'orders/create')).status).toBe(413);
  });
});

describe('polling', () => {
  const deps = (publicOrigin: string | null) => ({ db: testDb, secrets, publicOrigin });
  let testDb: Awaited<ReturnType<typeof testDatabase>>['db'];
  /** A store of its own: only this part's orders are in it. */
  let pollStore: ShopifyAdminServer;
  let hooked: Inventory;
  let polled: Inventory;

  beforeAll(async () => {
    testDb = (await testDatabase()).db;
    pollStore = await startShopifyAdminServer();
    pollStore.routeWebhooks((callbackUrl) => callbackUrl.replace(SITE, url));
    hooked = await withStore(url, pollStore, pollStore.apiSecret);
    polled = await withStore(url, pollStore);
  });
  afterAll(() => pollStore?.close());

  const pollJobsOf = async (inventoryIds: string[]) =>
    (
      await testDb
        .select({ payload: jobs.payload })
        .from(jobs)
        .where(and(eq(jobs.queue, ORDER_EVENT_POLL_QUEUE), inArray(sql`${jobs.payload}->>'inventoryId'`, inventoryIds)))
    ).map((row) => row.payload.inventoryId);
  const clearPollJobs = (inventoryIds: string[]) =>
    testDb.delete(jobs).where(and(eq(jobs.queue, ORDER_EVENT_POLL_QUEUE), inArray(sql`${jobs.payload}->>'inventoryId'`, inventoryIds)));

  test('the scheduler queues a poll of each inventory without webhooks every 5 minutes, and none of one with them', async () => {
    const now = new Date();
    await schedulePolls(testDb, { now, publicOrigin: SITE });
    expect(await pollJobsOf([hooked.id, polled.id])).toEqual([polled.id]);
    await schedulePolls(testDb, { now: new Date(now.getTime() + ORDER_POLL_INTERVAL_MS - 1_000), publicOrigin: SITE });
    expect(await pollJobsOf([hooked.id, polled.id])).toEqual([polled.id]);
    await schedulePolls(testDb, { now: new Date(now.getTime() + ORDER_POLL_INTERVAL_MS), publicOrigin: SITE });
    expect(await pollJobsOf([hooked.id, polled.id])).toEqual([polled.id, polled.id]);
    // Without a public address every inventory with a store is polled.
    await testDb.delete(orderEventPolls).where(inArray(orderEventPolls.inventoryId, [hooked.id, polled.id]));
    await clearPollJobs([hooked.id, polled.id]);
    await schedulePolls(testDb, { now, publicOrigin: null });
    expect((await pollJobsOf([hooked.id, polled.id])).sort()).toEqual([hooked.id, polled.id].sort());
    await clearPollJobs([hooked.id, polled.id]);
    await testDb.delete(orderEventPolls).where(inArray(orderEventPolls.inventoryId, [hooked.id, polled.id]));
    // ORDER_POLL_SECONDS shortens the interval (the demo's 15 s).
    await schedulePolls(testDb, { now, publicOrigin: SITE, intervalMs: 15_000 });
    await schedulePolls(testDb, { now: new Date(now.getTime() + 14_000), publicOrigin: SITE, intervalMs: 15_000 });
    expect(await pollJobsOf([hooked.id, polled.id])).toEqual([polled.id]);
    await schedulePolls(testDb, { now: new Date(now.getTime() + 15_000), publicOrigin: SITE, intervalMs: 15_000 });
    expect(await pollJobsOf([hooked.id, polled.id])).toEqual([polled.id, polled.id]);
    await clearPollJobs([hooked.id, polled.id]);
    await testDb.delete(orderEventPolls).where(inArray(orderEventPolls.inventoryId, [hooked.id, polled.id]));
  });

  test('a poll records the same events the webhook did, and polling never records again one a webhook recorded', async () => {
    const start = new Date();
    // Both inventories start polling now (a poll reads from a little before its first claim).
    await schedulePolls(testDb, { now: start, publicOrigin: null });
    await clearPollJobs([hooked.id, polled.id]);

    // Placed and shipped, then polled; the shipment delivered, then polled again.
    const { order } = await pollStore.placeOrder({ lines: [{ variantId: IPOD_NANO, quantity: 1 }], ...shopper });
    const { fulfillment } = await pollStore.fulfill(order.id, { trackingCompany: 'Correios', trackingNumber: 'BR987654321BR' });
    const shippedAt = new Date(Date.parse(fulfillment.createdAt) + 1_000);
    expect(await pollInventoryOrders(deps(SITE), polled.id, { now: shippedAt })).toMatchObject({ outcome: 'polled', recorded: 2 });
    const later = shippedAt.getTime() + 2_000;
    await pollStore.updateFulfillment(fulfillment.id, { shipmentStatus: 'delivered', updatedAt: later });
    const now = new Date(later + 1_000);
    expect(await pollInventoryOrders(deps(SITE), polled.id, { now })).toMatchObject({ outcome: 'polled', recorded: 1 });

    const keys = [
      `order_created:${order.id}`,
      `fulfillment_created:${fulfillment.id}`,
      `fulfillment_updated:${fulfillment.id}:${Math.floor(later / 1000)}`,
    ];
    const byWebhook = await eventsOf(hooked.id);
    expect(byWebhook.map((event) => [event.eventKey, event.source])).toEqual(keys.map((key) => [key, 'webhook']));
    const byPoll = await eventsOf(polled.id);
    expect(byPoll.map((event) => [event.eventKey, event.source])).toEqual(keys.map((key) => [key, 'poll']));
    const comparable = ({ id: _id, inventoryId: _inventory, source: _source, recordedAt: _recorded, ...event }: (typeof byPoll)[number]) =>
      event;
    expect(byPoll.map(comparable)).toEqual(byWebhook.map(comparable));
    expect(await queuedEvents(byPoll.map((event) => event.id))).toHaveLength(3);

    // The inventory with webhooks, polled anyway (it was polling until a moment ago): nothing new.
    expect(await pollInventoryOrders(deps(SITE), hooked.id, { now })).toMatchObject({ outcome: 'polled', recorded: 0 });
    expect((await eventsOf(hooked.id)).filter((event) => event.source === 'poll')).toEqual([]);
    // Polled again: nothing new either.
    expect(await pollInventoryOrders(deps(SITE), polled.id, { now })).toMatchObject({ outcome: 'polled', recorded: 0 });
  });

  test("a poll records the store's abandoned checkouts too (no checkouts webhook comes), first looked at in demo time", async () => {
    const startedAt = Date.now() - 60_000;
    const left = (
      await pollStore.startCheckout({
        lines: [{ variantId: IPOD_NANO, quantity: 2 }],
        // Admin GraphQL gives the addresses' numbers (the checkout's own needs read_customers).
        shippingAddress: { firstName: 'Ana', phone: '+5511987650001', countryCode: 'BR' },
        at: new Date(startedAt).toISOString(),
      })
    ).checkout;
    const now = new Date(startedAt + 30_000);
    expect(await pollInventoryOrders({ ...deps(SITE), timeScale: 60 }, polled.id, { now })).toMatchObject({
      outcome: 'polled',
      checkouts: 1,
    });
    const [kept] = await testDb
      .select()
      .from(storeCheckouts)
      .where(and(eq(storeCheckouts.inventoryId, polled.id), eq(storeCheckouts.token, left.token)));
    expect(kept).toMatchObject({ phone: '+5511987650001', totalMinor: 39_800, completedAt: null });
    // Queued for recovery at the shortest delay a flow may have, 60 times shorter: 15 s, not 15 minutes.
    const [job] = await testDb
      .select({ wait: sql<number>`extract(epoch from ${jobs.runAfter} - ${jobs.createdAt})::float` })
      .from(jobs)
      .where(and(eq(jobs.queue, RECOVERY_QUEUE), eq(sql`${jobs.payload}->>'checkoutId'`, String(kept!.id))));
    expect(job!.wait).toBeCloseTo(15, 0);
    // Read again (the polls overlap): nothing new; placed since: recorded completed.
    expect(await pollInventoryOrders(deps(SITE), polled.id, { now })).toMatchObject({ outcome: 'polled', checkouts: 0 });
    await pollStore.updateCheckout(left.token, { completed: true, at: new Date(startedAt + 40_000).toISOString() });
    expect(await pollInventoryOrders(deps(SITE), polled.id, { now: new Date(startedAt + 50_000) })).toMatchObject({ checkouts: 1 });
    const [placed] = await testDb.select().from(storeCheckouts).where(eq(storeCheckouts.id, kept!.id));
    expect(placed!.completedAt).toEqual(new Date(startedAt + 40_000 - ((startedAt + 40_000) % 1000)));
  });

  test('an old order shipped now brings its shipment, not its creation; a store that does not answer is left for the next poll', async () => {
    const old = pollStore.addOrder({ lines: [{ variantId: IPOD_NANO, quantity: 1 }], createdAt: Date.now() - 3 * 86_400_000 });
    const { fulfillment } = await pollStore.fulfill(old.id, { trackingNumber: 'BR000000001BR' });
    const now = new Date(Date.parse(fulfillment.createdAt) + 1_000);
    expect(await pollInventoryOrders(deps(SITE), polled.id, { now })).toMatchObject({ outcome: 'polled', recorded: 1 });
    const [shipment] = (await eventsOf(polled.id)).filter((event) => event.shopifyOrderId === String(old.id));
    expect(shipment).toMatchObject({
      kind: 'fulfillment_created',
      orderName: old.name,
      totalMinor: 19_900,
      trackingNumber: 'BR000000001BR',
    });

    const gone = await startShopifyAdminServer();
    const away = await withStore(url, gone);
    await gone.close();
    expect(await pollInventoryOrders(deps(SITE), away.id, { now })).toEqual({ outcome: 'unreachable', reason: 'store_unreachable' });
  });

  test('a secret saved where the site had no public address: the poll subscribes the store, and it is no longer polled', async () => {
    const inventory = await withStore(localUrl, store, store.apiSecret);
    expect((await as(url, `/inventories/${inventory.id}`)).body).toMatchObject({ orderEvents: 'polling' });
    const now = new Date();
    await schedulePolls(testDb, { now, publicOrigin: SITE });
    expect(await pollJobsOf([inventory.id])).toEqual([inventory.id]);
    await clearPollJobs([inventory.id]);

    expect(await pollInventoryOrders(deps(SITE), inventory.id, { now })).toMatchObject({ outcome: 'polled' });
    expect(subscriptionsOf(store, inventory.id)).toHaveLength(STORE_WEBHOOK_TOPICS.length);
    expect((await as(url, `/inventories/${inventory.id}`)).body).toMatchObject({ orderEvents: 'webhooks' });
    await schedulePolls(testDb, { now: new Date(now.getTime() + ORDER_POLL_INTERVAL_MS), publicOrigin: SITE });
    expect(await pollJobsOf([inventory.id])).toEqual([]);
  });
});

test('no API answer and no log line holds an API secret key or an access token', () => {
  expect(answers.length).toBeGreaterThan(10);
  expect(logLines.length).toBeGreaterThan(10);
  for (const text of [...answers, ...logLines])
    for (const secret of [store.apiSecret, OTHER_SECRET, store.accessToken]) expect(text).not.toContain(secret);
});
