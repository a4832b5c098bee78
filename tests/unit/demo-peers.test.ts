// The demo peers `npm start` runs (tests/fixtures/demo-peers.ts), as a newcomer's walk meets them:
// the demo store keeps the orders its storefront placed across a restart (so a new checkout is a new
// order, never one the inventory already counted), every product and catalog item shows a picture
// served on loopback (the demo runs offline), and nothing sells at 0. Through real HTTP, as the
// inventory sync reads the store and the catalog.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inflateSync } from 'node:zlib';
import { afterEach, expect, test } from 'vitest';
import { DEMO_STORE_STATE_FILE, startDemoPeers, type DemoPeers } from '../fixtures/demo-peers';
import { demoStoreProducts } from '../fixtures/shopify/store-products';

const running: DemoPeers[] = [];
const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((peers) => peers.close()));
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

async function start(options: Parameters<typeof startDemoPeers>[0] = {}) {
  const peers = await startDemoPeers(options);
  running.push(peers);
  return peers;
}

/** An Admin GraphQL query with the store's token, as the inventory sync sends it. */
async function admin<T>(peers: DemoPeers, query: string): Promise<T> {
  const response = await fetch(peers.shopify.graphqlUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-shopify-access-token': peers.shopify.accessToken },
    body: JSON.stringify({ query }),
  });
  expect(response.status).toBe(200);
  const body = (await response.json()) as { data: T; errors?: unknown };
  expect(body.errors).toBeUndefined();
  return body.data;
}

type StoreOrder = { id: string; name: string; totalPriceSet: { shopMoney: { amount: string } } };
const storeOrders = async (peers: DemoPeers) =>
  (
    await admin<{ orders: { nodes: StoreOrder[] } }>(
      peers,
      '{ orders(first: 100) { nodes { id name totalPriceSet { shopMoney { amount } } } } }',
    )
  ).orders.nodes;

/** Opens a cart permalink on the storefront, as the shopper's 'Go to checkout' does: the order it placed (its gid and name). */
async function checkOut(peers: DemoPeers, lines: string, cart: string) {
  const response = await fetch(`${peers.shopify.storefrontUrl}/cart/${lines}?ref=catdemo00001&attributes%5Bcatalyst_cart%5D=${cart}`);
  expect(response.status).toBe(200);
  const html = await response.text();
  return { id: /data-order-id="([^"]+)"/.exec(html)![1]!, name: /order (#\d+) recorded/.exec(html)![1]! };
}

test('the demo store keeps its orders in the data directory: after a restart the first checkout is still there and the next is a new order', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'catalyst-demo-peers-'));
  dirs.push(dataDir);
  const [nano, touch] = [808950810, 447654529];

  const first = await start({ stateDir: dataDir });
  const seeded = await storeOrders(first);
  expect(seeded.length).toBeGreaterThan(0);
  const before = await checkOut(first, `${nano}:1`, 'RestartCart1');
  expect(seeded.map((order) => order.id)).not.toContain(before.id);
  await first.close();
  running.splice(running.indexOf(first), 1);

  const again = await start({ stateDir: dataDir });
  const kept = await storeOrders(again);
  expect(kept.map((order) => [order.id, order.name])).toEqual([...seeded, before].map((order) => [order.id, order.name]));
  // The same permalink opened again (a reload of the checkout page) shows the order it placed.
  expect(await checkOut(again, `${nano}:1`, 'RestartCart1')).toEqual(before);
  const after = await checkOut(again, `${touch}:1`, 'RestartCart2');
  expect(after.id).not.toBe(before.id);
  expect(Number(after.name.slice(1))).toBeGreaterThan(Number(before.name.slice(1)));
  expect((await storeOrders(again)).map((order) => order.id)).toEqual([...kept.map((order) => order.id), after.id]);
  expect(again.shopify.orders()).toHaveLength(seeded.length + 2);
  expect(existsSync(join(dataDir, DEMO_STORE_STATE_FILE))).toBe(true);
});

test('without a data directory the demo store starts afresh each time (tests keep it in memory)', async () => {
  const first = await start();
  const placed = await checkOut(first, '808950810:1', 'MemoryCart1');
  const again = await start();
  expect((await storeOrders(again)).map((order) => order.id)).not.toContain(placed.id);
});

/** Fetches an image as a browser would and decodes its PNG: its size, from IHDR and the inflated IDAT. */
async function fetchImage(url: string) {
  const response = await fetch(url);
  expect([url, response.status]).toEqual([url, 200]);
  expect(response.headers.get('content-type')).toMatch(/^image\//);
  const bytes = Buffer.from(await response.arrayBuffer());
  expect(bytes.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  const width = bytes.readUInt32BE(16);
  const height = bytes.readUInt32BE(20);
  const chunks: Buffer[] = [];
  for (let at = 8; at < bytes.length;) {
    const length = bytes.readUInt32BE(at);
    if (bytes.toString('ascii', at + 4, at + 8) === 'IDAT') chunks.push(bytes.subarray(at + 8, at + 8 + length));
    at += 12 + length;
  }
  // Every row: a filter byte and three bytes a pixel.
  expect(inflateSync(Buffer.concat(chunks)).length).toBe(height * (width * 3 + 1));
  return { width, height };
}

const onLoopback = (url: string) => new URL(url).hostname === '127.0.0.1';

test('every demo product and catalog item shows a picture the demo peers serve on loopback', async () => {
  const peers = await start();
  // As the sync reads them: each variant's product and its featured image.
  const { productVariants } = await admin<{
    productVariants: { nodes: { product: { handle: string; featuredImage: { url: string } | null } }[] };
  }>(peers, '{ productVariants(first: 250) { nodes { product { handle featuredImage { url } } } } }');
  const products = new Map(productVariants.nodes.map(({ product }) => [product.handle, product.featuredImage?.url ?? null]));
  expect([...products.keys()]).toEqual(demoStoreProducts().map((product) => product.handle));
  for (const [handle, url] of products) {
    expect([handle, url !== null && onLoopback(url)]).toEqual([handle, true]);
    expect((await fetchImage(url!)).width).toBeGreaterThan(0);
  }

  // The WhatsApp catalog's items, its one item the store lacks included, link their pictures there too.
  const response = await fetch(`${peers.meta.graphUrl}/${peers.catalogId}/products?fields=retailer_id,image_url&limit=100`, {
    headers: { authorization: `Bearer ${peers.meta.accessToken}` },
  });
  const { data: items } = (await response.json()) as { data: { retailer_id: string; image_url: string }[] };
  expect(items.map((item) => item.retailer_id)).toContain(peers.differences.catalogOnly[0]);
  for (const item of items) {
    expect([item.retailer_id, onLoopback(item.image_url)]).toEqual([item.retailer_id, true]);
    expect((await fetchImage(item.image_url)).height).toBeGreaterThan(0);
  }
});

test('nothing in the demo store or its catalog sells at 0', async () => {
  const peers = await start();
  const { productVariants } = await admin<{ productVariants: { nodes: { title: string; price: string; product: { title: string } }[] } }>(
    peers,
    '{ productVariants(first: 250) { nodes { title price product { title } } } }',
  );
  const free = productVariants.nodes.filter((variant) => !(Number(variant.price) > 0));
  expect(free.map((variant) => `${variant.product.title} — ${variant.title}`)).toEqual([]);
  expect(peers.meta.catalog(peers.catalogId).filter((item) => !(item.priceMinor > 0))).toEqual([]);
});
