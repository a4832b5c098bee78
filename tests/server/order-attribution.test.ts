// Orders attributed by the sync (server/inventories/order-reader.ts through
// inventory-sync.ts's syncInventory, run here by the test on the run's database, PGlite or
// PostgreSQL) against the loopback demo store and catalog: orders from Catalyst carts (the
// `catalyst_cart` attribute, placed with addOrder or through the storefront's cart permalink) and
// with only the inventory's referral code are attributed, the store's other orders and another
// inventory's cart are not; a second run does not double them; a refund lowers the value and a
// cancellation makes it 0; a run reads only what changed since the last one (the query the store
// was asked, and an old order changed quietly staying as it was); a store without read_orders
// fails the run with its reason; and the demo store's own orders are attributed as they should.
// The merchant reads them on the inventory (GET /inventories/:id's `converted`): counted and summed
// net of refunds, cancelled and fully refunded orders left out, and only by the inventory's owner.
import { randomBytes, randomUUID } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { accounts } from '@/server/accounts/account-tables';
import { attributedOrders, carts } from '@/server/storefront/storefront-tables';
import { inventories, inventorySyncRuns } from '@/server/inventories/inventory-tables';
import { syncInventory, type SyncDependencies } from '@/server/inventories/inventory-sync';
import { FIRST_READ_DAYS, updatedSinceQuery, WATERMARK_OVERLAP_MS } from '@/server/inventories/order-reader';
import { secretBox } from '@/server/secrets/secret-box';
import { startDemoPeers, type DemoPeers } from '../fixtures/demo-peers';
import {
  DEMO_REFERRAL_CODE,
  demoStoreOrders,
  demoStoreProducts,
  startShopifyAdminServer,
  type FixtureOrder,
  type ShopifyAdminServer,
} from '../fixtures/shopify-admin-server';
import type { InventoryDetail } from '@/domain/inventory';
import { createUser, type TestUser } from './support/emulator-users';
import { testDatabase } from './support/test-database';
import { call, startTestServer, type TestServer } from './support/test-server';

const DAY = 86_400_000;
const secrets = secretBox(randomBytes(32));
let peers: DemoPeers;
let narrowStore: ShopifyAdminServer;
let deps: SyncDependencies;

beforeAll(async () => {
  const { db } = await testDatabase();
  peers = await startDemoPeers({ orders: [] });
  narrowStore = await startShopifyAdminServer({ scopes: ['read_products'] });
  deps = { db, secrets, meta: { graphUrl: peers.meta.graphUrl, accessToken: peers.meta.accessToken } };
});
afterAll(async () => {
  await peers?.close();
  await narrowStore?.close();
});

/** A configured inventory of a new account (or of `uid`'s), linked to `store` and the demo catalog; its id and attribution code. */
async function newInventory(store: ShopifyAdminServer = peers.shopify, uid = `order-attribution-${randomUUID()}`) {
  const { db } = await testDatabase();
  await db.insert(accounts).values({ uid }).onConflictDoNothing();
  const [row] = await db
    .insert(inventories)
    .values({
      uid,
      name: 'Loja Demo',
      publicId: randomBytes(16).toString('base64url'),
      ecommerceType: 'shopify',
      shopifyUrl: store.adminUrl,
      website: store.storefrontUrl,
      catalogId: peers.catalogId,
      status: 'configured',
      savedSteps: 2,
    })
    .returning({ id: inventories.id, attributionCode: inventories.attributionCode });
  await db
    .update(inventories)
    .set({ shopifyTokenSealed: secrets.seal(store.accessToken, row!.id) })
    .where(eq(inventories.id, row!.id));
  return row!;
}

/** Runs one sync of the inventory; its run as recorded. */
async function sync(inventoryId: string) {
  const { db } = await testDatabase();
  expect(await syncInventory(deps, inventoryId, 'manual', new AbortController().signal)).toBe('done');
  const [run] = await db
    .select()
    .from(inventorySyncRuns)
    .where(eq(inventorySyncRuns.inventoryId, inventoryId))
    .orderBy(desc(inventorySyncRuns.startedAt))
    .limit(1);
  return run!;
}

async function attributed(inventoryId: string) {
  const { db } = await testDatabase();
  const rows = await db.select().from(attributedOrders).where(eq(attributedOrders.inventoryId, inventoryId));
  return new Map(rows.map((row) => [row.orderId, row]));
}

const gidOf = (order: FixtureOrder) => `gid://shopify/Order/${order.id}`;
/** The `query` argument of every orders query the store was asked since request `from`. */
const ordersQueriesSince = (store: ShopifyAdminServer, from: number) =>
  store.requests
    .slice(from)
    .filter((request) => request.url.endsWith('/graphql.json') && request.body.includes('CatalystOrders'))
    .map((request) => (JSON.parse(request.body) as { variables: { query: string; first: number } }).variables);

describe('orders attributed by the sync', () => {
  const [nano, red, touch] = [808950810, 49148385, 447654529]; // 199.00 each in the demo store
  let inventory: { id: string; attributionCode: string };
  const placed: Record<string, FixtureOrder> = {};

  test('orders from Catalyst carts and with the referral code are attributed; the store’s others are not', async () => {
    const { db } = await testDatabase();
    inventory = await newInventory();
    const other = await newInventory();
    const [mine, theirs] = [`mine${randomBytes(6).toString('hex')}`, `theirs${randomBytes(6).toString('hex')}`];
    await db.insert(carts).values([
      { id: mine, inventoryId: inventory.id, source: 'catalog_page', lines: [] },
      { id: theirs, inventoryId: other.id, source: 'catalog_page', lines: [] },
    ]);
    const cart = (id: string) => [{ key: 'catalyst_cart', value: id }];
    const shopify = peers.shopify;
    placed.cart = shopify.addOrder({
      lines: [{ variantId: nano, quantity: 2 }],
      customAttributes: cart(mine),
      referralCode: inventory.attributionCode,
    });
    placed.referral = shopify.addOrder({ lines: [{ variantId: red, quantity: 1 }], referralCode: inventory.attributionCode });
    placed.old = shopify.addOrder({
      lines: [{ variantId: touch, quantity: 1 }],
      customAttributes: cart(mine),
      createdAt: Date.now() - 10 * DAY,
    });
    // Forty days old: before the first read's thirty days.
    placed.tooOld = shopify.addOrder({
      lines: [{ variantId: touch, quantity: 1 }],
      customAttributes: cart(mine),
      createdAt: Date.now() - 40 * DAY,
    });
    placed.noJourney = shopify.addOrder({ lines: [{ variantId: nano, quantity: 1 }] });
    placed.otherCode = shopify.addOrder({ lines: [{ variantId: nano, quantity: 1 }], referralCode: 'newsletter' });
    placed.otherAttribute = shopify.addOrder({
      lines: [{ variantId: nano, quantity: 1 }],
      customAttributes: [{ key: 'gift_wrap', value: 'yes' }],
      referralCode: null,
    });
    placed.otherInventory = shopify.addOrder({
      lines: [{ variantId: red, quantity: 1 }],
      customAttributes: cart(theirs),
      referralCode: other.attributionCode,
    });
    // A shopper's checkout through the storefront's cart permalink, as Catalyst's link sends them (opened twice: one order).
    const permalink = `${shopify.storefrontUrl}/cart/${nano}:1,${touch}:2?ref=${inventory.attributionCode}&attributes%5Bcatalyst_cart%5D=${mine}&utm_source=whatsapp`;
    for (let open = 0; open < 2; open++) expect((await fetch(permalink)).status).toBe(200);
    placed.permalink = shopify.orders().at(-1)!;
    expect(placed.permalink).toMatchObject({ totalPrice: '597.00', customAttributes: cart(mine) });

    const from = shopify.requests.length;
    const run = await sync(inventory.id);
    expect(run).toMatchObject({ status: 'succeeded', failure: null });
    expect(run.report!.counts.ordersAttributed).toBe(4);
    // The first read goes back FIRST_READ_DAYS days.
    const [asked] = ordersQueriesSince(shopify, from);
    expect(asked!.first).toBe(200);
    const since = Date.parse(/^updated_at:>'(.+)'$/.exec(asked!.query)![1]!);
    expect(Math.abs(since - (run.startedAt.getTime() - FIRST_READ_DAYS * DAY))).toBeLessThan(60_000);

    const rows = await attributed(inventory.id);
    expect([...rows.keys()].sort()).toEqual(
      [placed.cart, placed.referral, placed.old, placed.permalink].map((order) => gidOf(order!)).sort(),
    );
    expect(rows.get(gidOf(placed.cart))).toMatchObject({
      attributedBy: 'cart_attribute',
      cartId: mine,
      valueMinor: 39_800,
      currency: 'BRL',
      orderedAt: new Date(placed.cart.createdAt),
      cancelledAt: null,
    });
    expect(rows.get(gidOf(placed.referral))).toMatchObject({ attributedBy: 'referral_code', cartId: null, valueMinor: 19_900 });
    expect(rows.get(gidOf(placed.permalink))).toMatchObject({ attributedBy: 'cart_attribute', cartId: mine, valueMinor: 59_700 });
    expect(rows.get(gidOf(placed.old))).toMatchObject({ orderedAt: new Date(placed.old.createdAt) });
    // The other inventory's cart is its own, not this one's.
    expect((await attributed(other.id)).size).toBe(0);
  });

  test('a second run does not double them, nor touch what did not change', async () => {
    const before = await attributed(inventory.id);
    const run = await sync(inventory.id);
    expect(run.report!.counts.ordersAttributed).toBe(0);
    const after = await attributed(inventory.id);
    expect(after).toEqual(before);
  });

  test('a refund lowers the value and a cancellation makes it 0 after the next sync', async () => {
    const before = await attributed(inventory.id);
    peers.shopify.refundOrder(placed.cart!.id, '50.00');
    peers.shopify.cancelOrder(placed.referral!.id, { refund: false });
    const run = await sync(inventory.id);
    expect(run.report!.counts.ordersAttributed).toBe(0);
    const after = await attributed(inventory.id);
    expect(after.size).toBe(before.size);
    expect(after.get(gidOf(placed.cart!))).toMatchObject({ valueMinor: 34_800, cancelledAt: null });
    const cancelled = after.get(gidOf(placed.referral!))!;
    expect(cancelled.valueMinor).toBe(0);
    expect(cancelled.cancelledAt).toEqual(new Date(peers.shopify.orders().find((order) => order.id === placed.referral!.id)!.cancelledAt!));
    expect(cancelled.updatedAt.getTime()).toBeGreaterThan(before.get(gidOf(placed.referral!))!.updatedAt.getTime());
    // The untouched ones stay as they were.
    expect(after.get(gidOf(placed.permalink!))).toEqual(before.get(gidOf(placed.permalink!)));
  });

  test('a run reads only the orders updated since the last run began (less the overlap), not older ones again', async () => {
    const { db } = await testDatabase();
    const [last] = await db
      .select({ startedAt: inventorySyncRuns.startedAt })
      .from(inventorySyncRuns)
      .where(and(eq(inventorySyncRuns.inventoryId, inventory.id), eq(inventorySyncRuns.status, 'succeeded')))
      .orderBy(desc(inventorySyncRuns.startedAt))
      .limit(1);
    // The ten-day-old order refunded without its update time moving: a read from the watermark cannot see it.
    peers.shopify.setOrders(
      peers.shopify.orders().map((order) => (order.id === placed.old!.id ? { ...order, totalRefunded: order.totalPrice } : order)),
    );
    const from = peers.shopify.requests.length;
    await sync(inventory.id);
    const asked = ordersQueriesSince(peers.shopify, from);
    expect(asked).toEqual([
      { first: 200, after: null, query: updatedSinceQuery(new Date(last!.startedAt.getTime() - WATERMARK_OVERLAP_MS)) },
    ]);
    expect(asked[0]!.query).toMatch(/^updated_at:>'\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ'$/);
    expect((await attributed(inventory.id)).get(gidOf(placed.old!))).toMatchObject({ valueMinor: 19_900 });
  });

  test('a store refusing orders (no read_orders) fails the run with store_scope_missing', async () => {
    const { db } = await testDatabase();
    const narrow = await newInventory(narrowStore);
    const run = await sync(narrow.id);
    expect(run).toMatchObject({ status: 'failed', failure: 'store_scope_missing', report: null });
    const [row] = await db.select().from(inventories).where(eq(inventories.id, narrow.id));
    expect(row).toMatchObject({ syncStatus: 'failed', syncFailure: 'store_scope_missing' });
  });

  test('the demo store’s orders: the Catalyst ones are attributed (refund and cancellation counted), the others are not', async () => {
    const demo = await newInventory();
    // The demo orders' referral code becomes this inventory's (attribution codes are unique per inventory).
    const orders = demoStoreOrders(demoStoreProducts(), 'BRL').map((order) =>
      order.lastVisit?.referralCode === DEMO_REFERRAL_CODE
        ? { ...order, lastVisit: { ...order.lastVisit, referralCode: demo.attributionCode } }
        : order,
    );
    peers.shopify.setOrders(orders);
    const run = await sync(demo.id);
    expect(run.report!.counts.ordersAttributed).toBe(5);
    const rows = await attributed(demo.id);
    const byCart = new Map([...rows.values()].map((row) => [row.cartId, row]));
    expect([...byCart.keys()].sort()).toEqual(['DemoCart0001', 'DemoCart0002', 'DemoCart0003', 'DemoCart0004', null].sort());
    expect(byCart.get(null)).toMatchObject({ attributedBy: 'referral_code' });
    expect(byCart.get('DemoCart0003')).toMatchObject({ valueMinor: 19_900, cancelledAt: null }); // 398.00 less a 199.00 refund
    expect(byCart.get('DemoCart0004')).toMatchObject({ valueMinor: 0 });
    expect(byCart.get('DemoCart0004')!.cancelledAt).not.toBeNull();
    const notCatalyst = orders.filter(
      (order) =>
        !order.customAttributes?.some((attribute) => attribute.key === 'catalyst_cart') &&
        order.lastVisit?.referralCode !== demo.attributionCode,
    );
    expect(notCatalyst).toHaveLength(3);
    for (const order of notCatalyst) expect(rows.has(gidOf(order))).toBe(false);
  });
});

describe('the converted value on the inventory', () => {
  let server: TestServer;
  let owner: TestUser;
  let stranger: TestUser;
  beforeAll(async () => {
    server = await startTestServer({ env: { KNOWLEDGE_WORKER: 'off' } });
    [owner, stranger] = await Promise.all([createUser('converted-owner'), createUser('converted-stranger')]);
  });
  afterAll(async () => {
    await server?.close();
  });

  test('GET /inventories/:id answers its orders net of refunds, cancelled and fully refunded ones left out; another account gets a 404', async () => {
    const { db } = await testDatabase();
    const shopify = peers.shopify;
    shopify.setOrders([]);
    const inventory = await newInventory(shopify, owner.uid);
    const read = async (user: TestUser) => call(`${server.url}/api/v1/inventories/${inventory.id}`, { token: user.idToken });
    const converted = async () => {
      const answer = await read(owner);
      expect(answer.status).toBe(200);
      return (answer.body as InventoryDetail).converted;
    };
    expect(await converted()).toEqual({ orders: 0, valueMinor: 0, currency: null });

    const [first, second] = [`conv${randomBytes(6).toString('hex')}`, `conv${randomBytes(6).toString('hex')}`];
    await db.insert(carts).values([
      { id: first, inventoryId: inventory.id, source: 'catalog_page', lines: [] },
      { id: second, inventoryId: inventory.id, source: 'whatsapp_order', lines: [] },
    ]);
    const cart = (id: string) => [{ key: 'catalyst_cart', value: id }];
    const [nano, red, touch] = [808950810, 49148385, 447654529]; // 199.00 each
    const refunded = shopify.addOrder({ lines: [{ variantId: nano, quantity: 2 }], customAttributes: cart(first) });
    shopify.addOrder({ lines: [{ variantId: touch, quantity: 1 }], customAttributes: cart(second) });
    const cancelled = shopify.addOrder({ lines: [{ variantId: red, quantity: 1 }], referralCode: inventory.attributionCode });
    const refundedInFull = shopify.addOrder({ lines: [{ variantId: nano, quantity: 1 }], customAttributes: cart(first) });
    shopify.addOrder({ lines: [{ variantId: red, quantity: 3 }], referralCode: 'newsletter' }); // not Catalyst's
    await sync(inventory.id);
    expect(await converted()).toEqual({ orders: 4, valueMinor: 39_800 + 19_900 + 19_900 + 19_900, currency: 'BRL' });

    shopify.refundOrder(refunded.id, '50.00');
    shopify.cancelOrder(cancelled.id, { refund: false });
    shopify.refundOrder(refundedInFull.id, '199.00');
    await sync(inventory.id);
    expect(await converted()).toEqual({ orders: 2, valueMinor: 34_800 + 19_900, currency: 'BRL' });

    const theirs = await read(stranger);
    expect(theirs.status).toBe(404);
    expect(theirs.text).not.toContain('converted');
  });
});
