// `npm start`'s demo inventory (scripts/demo-inventory.ts) against the real API and the demo
// store and catalog: linked once through the wizard's own API (configured, its first sync run by
// the workers into products), found again at the next start rather than doubled, and named so
// as not to collide with an inventory the merchant already named 'Loja Demo'. Its products show
// pictures the demo peers serve on loopback, so the demo has them offline.
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Inventory } from '@/domain/inventory';
import type { InventoryProduct } from '@/domain/inventory-sync';
import { DEMO_INVENTORY_NAME, ensureDemoInventory } from '@/scripts/demo-inventory';
import { startDemoPeers, type DemoPeers } from '../fixtures/demo-peers';
import { createUser } from './support/emulator-users';
import { scratchDataDir } from './support/knowledge-uploads';
import { call, startTestServer, type TestServer } from './support/test-server';

let server: TestServer;
let peers: DemoPeers;
const data = scratchDataDir('demo-inventory');

beforeAll(async () => {
  peers = await startDemoPeers();
  server = await startTestServer({
    env: { DATA_DIR: data.dir, META_GRAPH_URL: peers.meta.graphUrl, META_ACCESS_TOKEN: peers.meta.accessToken, KNOWLEDGE_WORKER: 'off' },
    workers: true,
  });
});
afterAll(async () => {
  await server?.close();
  await peers?.close();
  data.remove();
});

test('the demo account gets one inventory on the demo store and catalog, synced, and keeps it at the next start', async () => {
  const merchant = await createUser('demo-inventory');
  // An unfinished inventory of the same name is left alone.
  expect(
    (
      await call(`${server.url}/api/v1/inventories`, {
        method: 'POST',
        token: merchant.idToken,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: DEMO_INVENTORY_NAME }),
      })
    ).status,
  ).toBe(201);
  const store = { ...peers.shopify, catalogId: peers.catalogId };
  const first = await ensureDemoInventory(server.url, merchant, store);
  expect(first.created).toBe(true);
  expect(first.inventory).toMatchObject({
    name: `${DEMO_INVENTORY_NAME} 2`,
    status: 'configured',
    catalogId: peers.catalogId,
    website: peers.shopify.storefrontUrl,
  });
  const read = async () =>
    (await call(`${server.url}/api/v1/inventories/${first.inventory.id}`, { token: merchant.idToken })).body as Inventory;
  await expect.poll(async () => (await read()).syncStatus, { timeout: 60_000 }).toBe('synced');
  const products = await call(`${server.url}/api/v1/inventories/${first.inventory.id}/products?page=1`, { token: merchant.idToken });
  const listed = products.body as { total: number; products: InventoryProduct[] };
  expect(listed.total).toBeGreaterThan(0);
  // Every product's picture, at the address the sync saved: an image on this machine.
  for (const product of listed.products) {
    expect([product.title, new URL(product.imageUrl ?? 'about:blank').hostname]).toEqual([product.title, '127.0.0.1']);
    const image = await fetch(product.imageUrl!);
    expect([product.title, image.status, image.headers.get('content-type')]).toEqual([product.title, 200, 'image/png']);
    expect((await image.arrayBuffer()).byteLength).toBeGreaterThan(0);
  }

  const again = await ensureDemoInventory(server.url, merchant, store);
  expect([again.created, again.inventory.id]).toEqual([false, first.inventory.id]);
  const { inventories } = (await call(`${server.url}/api/v1/inventories`, { token: merchant.idToken })).body as {
    inventories: Inventory[];
  };
  expect(inventories.map((inventory) => inventory.name).sort()).toEqual([DEMO_INVENTORY_NAME, `${DEMO_INVENTORY_NAME} 2`]);
});
