// Inventories through the API, against the loopback Shopify store and Meta catalog
// (tests/fixtures/demo-peers.ts): the name first, the store checked before it is saved (its name
// and currency, or why not: a wrong token, a missing scope, an address that is not a store, a
// store that does not answer), the token sealed and never sent back, a stale save refused, the
// catalog checked, and the first sync run by the server's own worker: products from both sides
// and a report holding the catalog's deliberate differences. Sync now is limited to once a minute.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Inventory } from '@/domain/inventory';
import type { InventoryProduct, SyncRun } from '@/domain/inventory-sync';
import { inventories, inventorySyncRows, inventorySyncRuns } from '@/server/inventories/inventory-tables';
import { enqueueSync } from '@/server/inventories/inventory-sync';
import { parseConfig } from '@/server/config';
import { catalogViewOf, startDemoPeers, type DemoPeers } from '../fixtures/demo-peers';
import { demoStoreProducts, startShopifyAdminServer, type ShopifyAdminServer } from '../fixtures/shopify-admin-server';
import { createUser, type TestUser } from './support/emulator-users';
import { scratchDataDir } from './support/knowledge-uploads';
import { testDatabase } from './support/test-database';
import { call, errorOf, startTestServer, type TestServer } from './support/test-server';

let server: TestServer;
let peers: DemoPeers;
let narrowStore: ShopifyAdminServer;
let notAStore: Server;
let notAStoreUrl: string;
let merchant: TestUser;
const data = scratchDataDir('inventories');

const as = (path: string, method = 'GET', body?: unknown) =>
  call(`${server.url}/api/v1${path}`, {
    method,
    token: merchant.idToken,
    ...(body === undefined ? {} : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
  });

const integrationFor = (shopifyUrl: string, shopifyToken: string, expectedVersion: number) => ({
  name: 'Loja Demo',
  ecommerceType: 'shopify',
  shopifyToken,
  shopifyUrl,
  website: 'https://loja.example.com.br',
  checkoutParams: '?utm_source=whatsapp',
  trackingUrl: '',
  expectedVersion,
});

beforeAll(async () => {
  peers = await startDemoPeers();
  narrowStore = await startShopifyAdminServer({ scopes: ['read_products'] });
  notAStore = createServer((_request, response) => response.writeHead(404, { 'content-type': 'text/html' }).end('<h1>Not found</h1>'));
  await new Promise<void>((resolve) => notAStore.listen(0, '127.0.0.1', resolve));
  notAStoreUrl = `http://127.0.0.1:${(notAStore.address() as AddressInfo).port}`;
  server = await startTestServer({
    env: { DATA_DIR: data.dir, META_GRAPH_URL: peers.meta.graphUrl, META_ACCESS_TOKEN: peers.meta.accessToken, KNOWLEDGE_WORKER: 'off' },
    workers: true,
  });
  merchant = await createUser('inventories');
});
afterAll(async () => {
  await server?.close();
  await peers?.close();
  await narrowStore?.close();
  notAStore?.close();
  data.remove();
});

describe('inventories', () => {
  let inventory: Inventory;

  test('named first; a second with the same name is refused with the field’s message', async () => {
    const created = await as('/inventories', 'POST', { name: 'Loja Demo' });
    expect(created.status).toBe(201);
    inventory = created.body as Inventory;
    expect(inventory).toMatchObject({
      name: 'Loja Demo',
      status: 'configuring',
      step: 'integration',
      syncStatus: 'pending',
      shopifyTokenHint: null,
    });
    expect(inventory.publicId).toMatch(/^[A-Za-z0-9_-]{22}$/);
    // The checkout links' `ref=`: random per inventory, shown in the inventory screen's checkout link preview.
    expect(inventory.attributionCode).toMatch(/^cat[0-9a-f]{10}$/);
    const again = await as('/inventories', 'POST', { name: 'loja demo' });
    expect(again.status).toBe(400);
    expect(errorOf(again).fields).toEqual({ name: 'inventory.name_taken' });
    expect(((await as('/inventories')).body as { inventories: Inventory[] }).inventories.map((entry) => entry.id)).toEqual([inventory.id]);
  });

  test('the store check says the store’s name and currency, or why not', async () => {
    const check = (shopifyUrl: string, shopifyToken: string) =>
      as(`/inventories/${inventory.id}/store-check`, 'POST', { shopifyUrl, shopifyToken });
    const good = await check(`${peers.shopify.adminUrl}/admin`, peers.shopify.accessToken);
    expect(good.status).toBe(200);
    expect(good.body).toEqual({ name: 'Loja Demo Catalyst', currency: 'BRL' });
    const wrongToken = await check(peers.shopify.adminUrl, 'shpat_00000000000000000000000000000000');
    expect([wrongToken.status, errorOf(wrongToken).code]).toEqual([422, 'store_token_invalid']);
    const narrow = await check(narrowStore.adminUrl, narrowStore.accessToken);
    expect([narrow.status, errorOf(narrow).code]).toEqual([422, 'store_scope_missing']);
    expect(errorOf(narrow).message).toContain('read_orders');
    const notStore = await check(notAStoreUrl, peers.shopify.accessToken);
    expect([notStore.status, errorOf(notStore).code]).toEqual([422, 'store_url_wrong']);
    const closed = await check('http://127.0.0.1:9', peers.shopify.accessToken);
    expect([closed.status, errorOf(closed).code]).toEqual([502, 'store_unreachable']);
    const noToken = await check(peers.shopify.adminUrl, '');
    expect(errorOf(noToken).fields).toEqual({ shopifyToken: 'inventory.shopify_token_required' });
  });

  test('step 1 is saved after its check; the token is sealed, never sent back, and kept when left empty', async () => {
    const wrong = await as(
      `/inventories/${inventory.id}/integration`,
      'PUT',
      integrationFor(peers.shopify.adminUrl, 'shpat_00000000000000000000000000000000', 1),
    );
    expect(errorOf(wrong).code).toBe('store_token_invalid');
    const saved = await as(
      `/inventories/${inventory.id}/integration`,
      'PUT',
      integrationFor(`${peers.shopify.adminUrl}/admin/products`, peers.shopify.accessToken, 1),
    );
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      step: 'catalog',
      version: 2,
      shopifyUrl: peers.shopify.adminUrl,
      checkoutParams: 'utm_source=whatsapp',
      shopifyTokenHint: `shpat_…${peers.shopify.accessToken.slice(-4)}`,
      store: { name: 'Loja Demo Catalyst', currency: 'BRL' },
    });
    for (const answer of [saved, await as(`/inventories/${inventory.id}`), await as('/inventories')])
      expect(answer.text).not.toContain(peers.shopify.accessToken);
    const { db } = await testDatabase();
    const [row] = await db.select().from(inventories).where(eq(inventories.id, inventory.id));
    expect(row!.shopifyTokenSealed).toMatch(/^v1\./);
    expect(row!.shopifyTokenSealed).not.toContain(peers.shopify.accessToken.slice(6));
    // Left empty: the stored token is checked and kept.
    const kept = await as(`/inventories/${inventory.id}/integration`, 'PUT', integrationFor(peers.shopify.adminUrl, '', 2));
    expect(kept.status).toBe(200);
    expect((kept.body as Inventory).shopifyTokenHint).toBe(`shpat_…${peers.shopify.accessToken.slice(-4)}`);
    const stale = await as(`/inventories/${inventory.id}/integration`, 'PUT', integrationFor(peers.shopify.adminUrl, '', 2));
    expect([stale.status, errorOf(stale).code]).toEqual([409, 'version_conflict']);
  });

  test('the catalog is checked, saved, and the first sync brings both sides and the report', async () => {
    const unknown = await as(`/inventories/${inventory.id}/catalog-check`, 'POST', { catalogId: '999' });
    expect([unknown.status, errorOf(unknown).code]).toEqual([422, 'catalog_not_found']);
    const checked = await as(`/inventories/${inventory.id}/catalog-check`, 'POST', { catalogId: peers.catalogId });
    expect(checked.body).toEqual({ name: 'Catálogo WhatsApp Demo', itemCount: peers.meta.catalog(peers.catalogId).length });
    const saved = await as(`/inventories/${inventory.id}/catalog`, 'PUT', { catalogId: peers.catalogId, expectedVersion: 3 });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      status: 'configured',
      step: 'conclusion',
      syncStatus: 'pending',
      catalog: { name: 'Catálogo WhatsApp Demo' },
    });

    await expect
      .poll(async () => ((await as(`/inventories/${inventory.id}`)).body as Inventory).syncStatus, { timeout: 30_000 })
      .toBe('synced');
    const { runs } = (await as(`/inventories/${inventory.id}/runs`)).body as { runs: SyncRun[] };
    expect(runs).toHaveLength(1);
    const [run] = runs;
    expect(run).toMatchObject({ trigger: 'first', status: 'succeeded', failure: null });
    expect(run!.durationMs).toBeGreaterThanOrEqual(0);
    const report = run!.report!;
    expect(report.catalogOnly.map((entry) => entry.retailerId)).toEqual(peers.differences.catalogOnly);
    expect(report.mismatches.filter((entry) => entry.field === 'price').map((entry) => entry.retailerId)).toEqual(
      peers.differences.priceDiffers,
    );
    expect(report.mismatches.filter((entry) => entry.field === 'availability').map((entry) => entry.retailerId)).toEqual(
      peers.differences.availabilityDiffers,
    );
    expect(report.storeOnly).toHaveLength(peers.differences.missingFromCatalog.length);

    const page = (await as(`/inventories/${inventory.id}/products`)).body as { products: InventoryProduct[]; total: number };
    expect(page.total).toBe(report.counts.variants + report.counts.catalogOnly);
    expect(new Set(page.products.map((product) => product.foundIn))).toEqual(new Set(['both', 'store', 'catalog']));
    const nano = (await as(`/inventories/${inventory.id}/products?q=ipod%20nano`)).body as { products: InventoryProduct[]; total: number };
    expect(nano.total).toBeGreaterThan(0);
    for (const product of nano.products) expect(product.title.toLowerCase()).toContain('ipod nano');
    expect(nano.products[0]).toMatchObject({ currency: 'BRL' });
  });

  test("'the store is the source of truth': the next sync corrects the catalog's prices and availability", async () => {
    const current = (await as(`/inventories/${inventory.id}`)).body as Inventory;
    const switched = await as(`/inventories/${inventory.id}/catalog`, 'PUT', {
      catalogId: peers.catalogId,
      storeIsTruth: true,
      expectedVersion: current.version,
    });
    expect(switched.body).toMatchObject({ storeIsTruth: true, syncStatus: 'synced' }); // the same catalog: no new first sync
    const { db } = await testDatabase();
    expect(await enqueueSync(db, inventory.id, 'manual')).toBe(true);
    expect(await enqueueSync(db, inventory.id, 'manual')).toBe(false); // one at a time
    const runs = async () => ((await as(`/inventories/${inventory.id}/runs`)).body as { runs: SyncRun[] }).runs;
    // One answer read once: the newest run over, and it is the second.
    const over = async () => {
      const list = await runs();
      return list[0]?.status === 'succeeded' && list.length;
    };
    await expect.poll(over, { timeout: 30_000 }).toBe(2);
    const report = (await runs())[0]!.report!;
    const corrected = [...peers.differences.priceDiffers, ...peers.differences.availabilityDiffers];
    expect(report.corrections).toEqual({ sent: corrected.length, applied: corrected.length, pending: 0, refused: [], failure: null });
    expect(report.mismatches).toEqual([]);
    // The catalog now says what the store says.
    const store = new Map(catalogViewOf(demoStoreProducts(), 'BRL').map((variant) => [variant.retailerId, variant]));
    for (const item of peers.meta.catalog(peers.catalogId).filter((entry) => corrected.includes(entry.retailerId))) {
      expect(item.priceMinor).toBe(store.get(item.retailerId)!.priceMinor);
      expect(item.availability === 'in stock').toBe(store.get(item.retailerId)!.available);
    }
    const both = ((await as(`/inventories/${inventory.id}/products`)).body as { products: InventoryProduct[] }).products.filter(
      (product) => product.foundIn === 'both',
    );
    for (const product of both)
      expect([product.catalogPriceMinor, product.catalogAvailable]).toEqual([product.priceMinor, product.available]);
  });

  test('the next run says what changed since the last, and matches items by the mapping the last run found', async () => {
    const products = demoStoreProducts();
    const label = (product: (typeof products)[number], variant: (typeof products)[number]['variants'][number]) =>
      variant.title === 'Default Title' ? product.title : `${product.title} — ${variant.title}`;
    const [repriced, gone, sold] = products.filter((product) => product.status === 'ACTIVE' && product.variants[0]!.inventoryQuantity > 0);
    const repricedVariant = repriced!.variants[0]!;
    repricedVariant.price = (Number(repricedVariant.price) + 10).toFixed(2);
    sold!.variants[0]!.inventoryQuantity = 0;
    sold!.variants[0]!.inventoryPolicy = 'DENY';
    peers.shopify.setProducts(products.filter((product) => product !== gone));
    const runsBefore = ((await as(`/inventories/${inventory.id}/runs`)).body as { runs: SyncRun[] }).runs.length;
    const { db } = await testDatabase();
    expect(await enqueueSync(db, inventory.id, 'manual')).toBe(true);
    const newest = async () => {
      const { runs } = (await as(`/inventories/${inventory.id}/runs`)).body as { runs: SyncRun[] };
      return runs.length > runsBefore && runs[0]!.status === 'succeeded' ? runs[0]! : null;
    };
    await expect.poll(newest, { timeout: 30_000 }).not.toBeNull();
    const { report } = (await newest())!;
    expect(report!.priceChanged).toContain(label(repriced!, repricedVariant));
    expect(report!.wentOutOfStock).toContain(label(sold!, sold!.variants[0]!));
    for (const variant of gone!.variants) expect(report!.removed).toContain(label(gone!, variant));
    expect(report!.counts.removed).toBe(gone!.variants.length);
    // Matched before, matched again by what the last run found.
    const listed = (
      (await as(`/inventories/${inventory.id}/products?q=${encodeURIComponent(repriced!.title)}`)).body as {
        products: InventoryProduct[];
      }
    ).products;
    const row = listed.find((product) => product.variantId === String(repricedVariant.id))!;
    expect(row).toMatchObject({ foundIn: 'both', matchedBy: 'mapping', priceMinor: Math.round(Number(repricedVariant.price) * 100) });
    peers.shopify.setProducts(demoStoreProducts());
  });

  test('a run that fails half-way (the store read, the catalog refusing) keeps the last good products and says why', async () => {
    const before = (await as(`/inventories/${inventory.id}/products?page=1`)).body as { products: InventoryProduct[]; total: number };
    const runsBefore = ((await as(`/inventories/${inventory.id}/runs`)).body as { runs: SyncRun[] }).runs.length;
    // Meta throttles for an hour: more than a sync waits, so the run fails once the store is read.
    peers.meta.throttleNext(80009, 1, 60);
    const { db } = await testDatabase();
    expect(await enqueueSync(db, inventory.id, 'manual')).toBe(true);
    const failed = async () => {
      const { runs } = (await as(`/inventories/${inventory.id}/runs`)).body as { runs: SyncRun[] };
      return runs.length > runsBefore && runs[0]!.status !== 'running' ? runs[0]! : null;
    };
    await expect.poll(failed, { timeout: 30_000 }).not.toBeNull();
    expect(await failed()).toMatchObject({ status: 'failed', failure: 'catalog_throttled', report: null });
    expect((await as(`/inventories/${inventory.id}`)).body).toMatchObject({ syncStatus: 'failed', syncFailure: 'catalog_throttled' });
    expect((await as(`/inventories/${inventory.id}/products?page=1`)).body).toEqual(before);
    // The rows the run had built went with it.
    const runIds = (
      await db.select({ id: inventorySyncRuns.id }).from(inventorySyncRuns).where(eq(inventorySyncRuns.inventoryId, inventory.id))
    ).map((run) => run.id);
    expect(await db.select().from(inventorySyncRows).where(inArray(inventorySyncRows.runId, runIds))).toEqual([]);
  });

  test('a run a killed worker left running is removed when the sync runs again: the runs list one run per sync', async () => {
    const { db } = await testDatabase();
    // What a worker killed mid-sync leaves: its run still running, the rows it had read.
    const [orphan] = await db
      .insert(inventorySyncRuns)
      .values({ inventoryId: inventory.id, trigger: 'hourly' })
      .returning({ id: inventorySyncRuns.id });
    await db.insert(inventorySyncRows).values({
      runId: orphan!.id,
      key: 'v:half-read',
      position: 0,
      searchText: 'half read',
      sku: null,
      active: true,
      product: { key: 'v:half-read' } as InventoryProduct,
    });
    expect(await enqueueSync(db, inventory.id, 'hourly')).toBe(true);
    const settled = async () => {
      const { runs } = (await as(`/inventories/${inventory.id}/runs`)).body as { runs: SyncRun[] };
      return runs[0]?.status === 'succeeded' ? runs : null;
    };
    await expect.poll(settled, { timeout: 30_000 }).not.toBeNull();
    const runs = (await settled())!;
    expect(runs.map((run) => run.status)).not.toContain('running');
    expect(await db.select().from(inventorySyncRuns).where(eq(inventorySyncRuns.id, orphan!.id))).toEqual([]);
    expect(await db.select().from(inventorySyncRows).where(eq(inventorySyncRows.runId, orphan!.id))).toEqual([]);
  });

  test('sync now runs again at most once a minute', async () => {
    const soon = await as(`/inventories/${inventory.id}/sync`, 'POST');
    expect([soon.status, errorOf(soon).code]).toEqual([429, 'too_many_requests']);
    expect(Number(soon.headers.get('retry-after'))).toBeGreaterThan(0);
    const fresh = (await as('/inventories', 'POST', { name: 'Sem loja' })).body as Inventory;
    const incomplete = await as(`/inventories/${fresh.id}/sync`, 'POST');
    expect([incomplete.status, errorOf(incomplete).code]).toEqual([409, 'incomplete']);
    const early = await as(`/inventories/${fresh.id}/catalog`, 'PUT', { catalogId: peers.catalogId, expectedVersion: 1 });
    expect([early.status, errorOf(early).code]).toEqual([409, 'incomplete']);
  });
});

test("Sync now's interval is a minute unless SYNC_NOW_INTERVAL_MS says otherwise; a bad value stops the server from starting", () => {
  const syncNowIntervalMs = (env: Record<string, string>) => parseConfig(env).syncNowIntervalMs;
  expect(syncNowIntervalMs({})).toBe(60_000);
  expect(syncNowIntervalMs({ SYNC_NOW_INTERVAL_MS: '' })).toBe(60_000);
  expect(syncNowIntervalMs({ SYNC_NOW_INTERVAL_MS: '10000' })).toBe(10_000);
  for (const bad of ['0', '-5', '1.5', 'soon'])
    expect(() => syncNowIntervalMs({ SYNC_NOW_INTERVAL_MS: bad })).toThrow(/SYNC_NOW_INTERVAL_MS/);
});
