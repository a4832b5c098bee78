// A store's checkouts reaching Catalyst (server/checkouts/), over real HTTP from the loopback store
// (tests/fixtures/shopify-admin-server.ts), which sends `checkouts/create` and `checkouts/update`
// signed with the app's API secret key to the inventory's webhook, as Shopify does, once step 1 is
// saved with that key on a site with a public address. A checkout is kept by its token with what
// recovery needs (the shopper's number in E.164, first name, lines, total in minor units, the way back,
// the cart page's WhatsApp number); a redelivery changes nothing; an older update delivered after a
// newer one changes nothing; the order placed from it (`completed_at`) is kept even if a stale update
// follows; a forged signature records nothing; another inventory's checkouts stay its own.
import { randomBytes, randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Inventory } from '@/domain/inventory';
import { WHATSAPP_UPDATES_ATTRIBUTE } from '@/domain/order-event';
import { RECOVERY_QUEUE } from '@/server/checkouts/checkout-intake';
import { storeCheckouts } from '@/server/checkouts/checkout-tables';
import { jobs } from '@/server/jobs/job-tables';
import { shopifyWebhookDeliveries } from '@/server/order-events/order-event-tables';
import { shopifyHmac, startShopifyAdminServer, type ShopifyAdminServer } from '../fixtures/shopify-admin-server';
import { createUser, type TestUser } from './support/emulator-users';
import { integrationStep } from './support/integration-step';
import { testDatabase } from './support/test-database';
import { buildTestApp, call, testEnv } from './support/test-server';

const SITE = 'https://catalyst.example';
/** 199.00 in the fixture store ("IPod Nano - 8GB"). */
const IPOD_NANO = 808950810;

let app: FastifyInstance;
let url: string;
let store: ShopifyAdminServer;
let merchant: TestUser;

beforeAll(async () => {
  store = await startShopifyAdminServer();
  app = await buildTestApp({
    ...testEnv,
    SECRETS_KEY: randomBytes(32).toString('base64'),
    SITE_URL: SITE,
    KNOWLEDGE_WORKER: 'off',
    INVENTORY_SYNC_WORKER: 'off',
    WHATSAPP_INBOUND_WORKER: 'off',
    CONVERSATION_RETENTION_WORKER: 'off',
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  store.routeWebhooks((callbackUrl) => callbackUrl.replace(SITE, url));
  merchant = await createUser('store-checkouts');
});
afterAll(async () => {
  await app?.close();
  await store?.close();
});

async function as(path: string, method = 'GET', body?: unknown) {
  return call(`${url}/api/v1${path}`, {
    method,
    token: merchant.idToken,
    ...(body === undefined ? {} : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
  });
}

/** A new inventory of the merchant's on the fixture store, saved with its app's API secret key: subscribed. */
async function subscribedInventory(): Promise<Inventory> {
  const name = `Loja ${randomUUID().slice(0, 8)}`;
  const created = (await as('/inventories', 'POST', { name })).body as Inventory;
  const saved = await as(`/inventories/${created.id}/integration`, 'PUT', {
    ...integrationStep(store, { name, version: created.version }, { shopifyApiSecret: store.apiSecret }),
    shopifyToken: store.accessToken,
  });
  expect(saved.body).toMatchObject({ orderEvents: 'webhooks' });
  return saved.body as Inventory;
}

async function checkoutsOf(inventoryId: string) {
  const { db } = await testDatabase();
  return db.select().from(storeCheckouts).where(eq(storeCheckouts.inventoryId, inventoryId)).orderBy(asc(storeCheckouts.id));
}

const toInventory = (inventoryId: string) => (delivery: { callbackUrl: string }) =>
  delivery.callbackUrl === `${SITE}/webhooks/shopify/${inventoryId}`;

let inventory: Inventory;
let other: Inventory;
beforeAll(async () => {
  inventory = await subscribedInventory();
  other = await subscribedInventory();
});

describe('checkouts from the store’s webhooks', () => {
  test('a started checkout is kept with what a reminder needs: number in E.164, name, lines, total, the way back', async () => {
    const at = '2026-11-20T15:00:00.000Z';
    const { checkout, deliveries } = await store.startCheckout({
      lines: [{ variantId: IPOD_NANO, quantity: 2 }],
      phone: '(11) 98765-4321',
      customerLocale: 'pt-BR',
      shippingAddress: { firstName: 'Ana', lastName: 'Souza', phone: null, countryCode: 'BR' },
      customAttributes: [{ key: WHATSAPP_UPDATES_ATTRIBUTE, value: '+55 21 99876-5432' }],
      acceptsSmsMarketing: true,
      at,
    });
    expect(deliveries.filter(toInventory(inventory.id)).map((delivery) => [delivery.topic, delivery.status])).toEqual([
      ['checkouts/create', 200],
    ]);

    const [kept, ...more] = await checkoutsOf(inventory.id);
    expect(more).toEqual([]);
    expect(kept).toMatchObject({
      token: checkout.token,
      shopifyCheckoutId: String(checkout.id),
      // The cart page's WhatsApp box names the number the shopper wants to be written at.
      phone: '+5521998765432',
      whatsappUpdatesPhone: '+5521998765432',
      acceptsSmsMarketing: true,
      firstName: 'Ana',
      locale: 'pt-BR',
      currency: 'USD',
      totalMinor: 39_800,
      items: [{ title: 'IPod Nano - 8GB', quantity: 2, variantId: String(IPOD_NANO) }],
      completedAt: null,
    });
    expect(kept!.recoveryUrl).toMatch(new RegExp(`^https://[^/]+/\\d+/checkouts/ac/${checkout.token}/recover\\?key=`));
    expect(kept!.startedAt.toISOString()).toBe(at);
    expect(kept!.shopifyUpdatedAt.toISOString()).toBe(at);
    // Each inventory has its own: the other one, on the same store, kept its own copy and not this one's row.
    expect((await checkoutsOf(other.id)).map((row) => row.token)).toEqual([checkout.token]);
  });

  test('without the cart page’s box, the number typed at checkout is read in the address’s country', async () => {
    const { checkout } = await store.startCheckout({
      lines: [{ variantId: IPOD_NANO, quantity: 1 }],
      phone: '(11) 91234-5678',
      shippingAddress: { firstName: 'Bruno', phone: null, countryCode: 'BR' },
    });
    const row = (await checkoutsOf(inventory.id)).find((candidate) => candidate.token === checkout.token);
    expect(row).toMatchObject({ phone: '+5511912345678', whatsappUpdatesPhone: null, acceptsSmsMarketing: false, totalMinor: 19_900 });
  });

  test('updates: the newest wins, a redelivery or a stale one changes nothing, and a completed checkout stays completed', async () => {
    const { checkout } = await store.startCheckout({
      lines: [{ variantId: IPOD_NANO, quantity: 1 }],
      phone: null,
      shippingAddress: { firstName: 'Carla', countryCode: 'BR' },
      at: '2026-11-21T10:00:00.000Z',
    });
    const row = async () => (await checkoutsOf(inventory.id)).find((candidate) => candidate.token === checkout.token)!;
    expect(await row()).toMatchObject({ phone: null });

    // The shopper types a number: recorded.
    const typed = await store.updateCheckout(checkout.token, { phone: '+55 11 97777-1111', at: '2026-11-21T10:05:00.000Z' });
    expect(await row()).toMatchObject({ phone: '+5511977771111' });
    expect((await row()).shopifyUpdatedAt.toISOString()).toBe('2026-11-21T10:05:00.000Z');

    // The same delivery again (same webhook id and bytes): acknowledged, nothing new.
    const [delivery] = typed.deliveries.filter(toInventory(inventory.id));
    const { db } = await testDatabase();
    const deliveriesBefore = (
      await db.select().from(shopifyWebhookDeliveries).where(eq(shopifyWebhookDeliveries.inventoryId, inventory.id))
    ).length;
    expect((await store.redeliver(delivery!)).status).toBe(200);
    expect((await db.select().from(shopifyWebhookDeliveries).where(eq(shopifyWebhookDeliveries.inventoryId, inventory.id))).length).toBe(
      deliveriesBefore,
    );

    // The order is placed from it.
    const completed = await store.updateCheckout(checkout.token, { completed: true, at: '2026-11-21T10:20:00.000Z' });
    expect((await row()).completedAt?.toISOString()).toBe('2026-11-21T10:20:00.000Z');
    // The order's own update is no step of the shopper's: the checkout was left at 10:05.
    expect((await row()).shopifyUpdatedAt.toISOString()).toBe('2026-11-21T10:05:00.000Z');

    // A stale update (Shopify's deliveries are not ordered) arrives late: a new delivery id, contents
    // newer than the kept step but older than the order, another number. Nothing changes, and the
    // checkout is not reopened.
    const stale = JSON.parse(completed.deliveries[0]!.body) as Record<string, unknown>;
    const body = JSON.stringify({ ...stale, completed_at: null, updated_at: '2026-11-21T07:10:00-03:00', phone: '+55 11 90000-0000' });
    const answer = await call(`${url}/webhooks/shopify/${inventory.id}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-shopify-topic': 'checkouts/update',
        'x-shopify-webhook-id': randomUUID(),
        'x-shopify-hmac-sha256': shopifyHmac(body, store.apiSecret),
      },
      body,
    });
    expect(answer.status).toBe(200);
    expect(await row()).toMatchObject({ phone: '+5511977771111' });
    expect((await row()).completedAt?.toISOString()).toBe('2026-11-21T10:20:00.000Z');
    expect((await row()).shopifyUpdatedAt.toISOString()).toBe('2026-11-21T10:05:00.000Z');
  });

  test('an order placed from a checkout completes it at once, by its checkout_token', async () => {
    const { checkout } = await store.startCheckout({
      lines: [{ variantId: IPOD_NANO, quantity: 1 }],
      phone: '+55 11 95555-0001',
      shippingAddress: { firstName: 'Duda', countryCode: 'BR' },
    });
    const row = async () => (await checkoutsOf(inventory.id)).find((candidate) => candidate.token === checkout.token)!;
    expect((await row()).completedAt).toBeNull();
    const { order, deliveries } = await store.placeOrder({ lines: [{ variantId: IPOD_NANO, quantity: 1 }], checkoutToken: checkout.token });
    expect(deliveries.filter(toInventory(inventory.id)).map((delivery) => delivery.status)).toEqual([200]);
    expect((await row()).completedAt?.toISOString()).toBe(new Date(order.createdAt).toISOString());
    // Its recovery job, queued for a first look in 15 minutes, is due now: the reminders stop at once.
    const { db } = await testDatabase();
    const [job] = await db
      .select({ due: sql<boolean>`${jobs.runAfter} <= now()` })
      .from(jobs)
      .where(and(eq(jobs.queue, RECOVERY_QUEUE), sql`${jobs.payload}->>'checkoutId' = ${String((await row()).id)}`));
    expect(job).toEqual({ due: true });
  });

  test('a forged signature is a 401 and records nothing; a signed payload without a token is acknowledged and dropped', async () => {
    const before = (await checkoutsOf(inventory.id)).length;
    const payload = JSON.stringify({ token: 'f'.repeat(32), created_at: '2026-11-22T10:00:00-03:00', phone: '+5511988887777' });
    const forged = await call(`${url}/webhooks/shopify/${inventory.id}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-shopify-topic': 'checkouts/create',
        'x-shopify-webhook-id': randomUUID(),
        'x-shopify-hmac-sha256': shopifyHmac(payload, `shpss_${randomBytes(16).toString('hex')}`),
      },
      body: payload,
    });
    expect(forged.status).toBe(401);

    const unreadable = JSON.stringify({ created_at: '2026-11-22T10:00:00-03:00', phone: '+5511988887777' });
    const dropped = await call(`${url}/webhooks/shopify/${inventory.id}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-shopify-topic': 'checkouts/create',
        'x-shopify-webhook-id': randomUUID(),
        'x-shopify-hmac-sha256': shopifyHmac(unreadable, store.apiSecret),
      },
      body: unreadable,
    });
    expect(dropped.status).toBe(200);
    expect((await checkoutsOf(inventory.id)).length).toBe(before);
  });
});
