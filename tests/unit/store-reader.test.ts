// Reading a whole store (server/inventories/store-reader.ts) against the loopback Shopify Admin
// GraphQL server with a small, fast bucket: every variant read once, in pages of 250, the reader
// waiting for the bucket rather than being refused; a store already drained by another app answers
// THROTTLED (with 200, or 429 with Retry-After) and is waited out, not failed; a store past the bulk
// threshold is read through a bulk operation's JSONL file. Money in minor units.
import { afterEach, describe, expect, test } from 'vitest';
import { readStore, readStoreVariants, VARIANTS_PER_PAGE } from '@/server/inventories/store-reader';
import { generatedStoreProducts, startShopifyAdminServer, type ShopifyAdminServer } from '../fixtures/shopify-admin-server';

let store: ShopifyAdminServer | undefined;
afterEach(async () => {
  await store?.close();
  store = undefined;
});

/**
 * The fixture's bucket restores only while the reader sleeps: its clock moves by what the reader
 * waits, never by how long a slow machine takes between two requests.
 */
let clockMs = 0;
const bucketClock = () => clockMs;
const sleepOnTheClock = async (ms: number) => {
  clockMs += ms;
};

const products = generatedStoreProducts(1_200, 7);
const variantCount = products.reduce((sum, product) => sum + product.variants.length, 0);
const graphqlCalls = () => store!.requests.filter((request) => request.url.endsWith('/graphql.json'));

/** Spends most of the bucket as another app on the same store would. */
async function drain(server: ShopifyAdminServer) {
  const response = await fetch(server.graphqlUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-shopify-access-token': server.accessToken },
    body: JSON.stringify({ query: '{ productVariants(first: 250) { nodes { id product { id featuredImage { url } } } } }' }),
  });
  expect(response.status).toBe(200);
}

describe('store reader', () => {
  test('reads every variant once, a page of 250 at a time, waiting for the bucket instead of being refused', async () => {
    store = await startShopifyAdminServer({
      products,
      shop: { currencyCode: 'BRL' },
      bucket: { maximumAvailable: 1_000, restoreRate: 2_000 },
      now: bucketClock,
    });
    const pages: number[] = [];
    const { variants, progress } = await readStoreVariants(store.adminUrl, store.accessToken, {
      onPage: (read) => void pages.push(read.variants),
      sleep: sleepOnTheClock,
    });
    expect(variants).toHaveLength(variantCount);
    expect(new Set(variants.map((variant) => variant.variantId)).size).toBe(variantCount);
    expect(progress.requests).toBe(Math.ceil(variantCount / VARIANTS_PER_PAGE));
    expect(graphqlCalls()).toHaveLength(progress.requests); // not one request more: none was refused
    expect(progress.waitedMs).toBeGreaterThan(0);
    expect(pages.at(-1)).toBe(variantCount);
    const first = products[0]!.variants[0]!;
    expect(variants[0]).toMatchObject({
      variantId: String(first.id),
      currency: 'BRL',
      priceMinor: Math.round(Number(first.price) * 100),
      productType: products[0]!.productType,
    });
    // Every variant carries its product's type.
    const types = new Map(products.flatMap((product) => product.variants.map((variant) => [String(variant.id), product.productType])));
    expect(variants.every((variant) => variant.productType === types.get(variant.variantId))).toBe(true);
  });

  for (const throttleWith429 of [false, true]) {
    test(`a store drained by another app answers THROTTLED${throttleWith429 ? ' as a 429' : ''}: waited out, then read whole`, async () => {
      store = await startShopifyAdminServer({
        products,
        bucket: { maximumAvailable: 1_000, restoreRate: 2_000 },
        throttleWith429,
        now: bucketClock,
      });
      await drain(store);
      const waits: number[] = [];
      const { variants, progress } = await readStoreVariants(store.adminUrl, store.accessToken, {
        sleep: async (ms) => {
          waits.push(ms);
          await sleepOnTheClock(ms);
        },
      });
      expect(variants).toHaveLength(variantCount);
      expect(progress.requests).toBeGreaterThan(Math.ceil(variants.length / VARIANTS_PER_PAGE)); // the refused one, asked again
      expect(waits.length).toBeGreaterThan(0);
    });
  }

  test('past the bulk threshold the store is read through a bulk operation: the same variants, a handful of requests', async () => {
    store = await startShopifyAdminServer({
      products,
      shop: { currencyCode: 'BRL' },
      bulkDelayMs: 100,
      bucket: { maximumAvailable: 2_000, restoreRate: 10_000 },
    });
    const paged = await readStore(store.adminUrl, store.accessToken);
    expect(paged.bulk).toBe(false);
    const bulk = await readStore(store.adminUrl, store.accessToken, { bulkThreshold: 1_000, bulkPollMs: 25 });
    expect(bulk.bulk).toBe(true);
    expect(bulk.variants).toEqual(paged.variants); // the product types too
    expect(bulk.variants.filter((variant) => variant.productType).length).toBe(bulk.variants.length);
    expect(bulk.progress.cost).toBeLessThan(paged.progress.cost / 10);
    expect(store.requests.some((request) => request.url.startsWith('/bulk/'))).toBe(true);
  });

  test('a wrong token fails the read at once with its reason', async () => {
    store = await startShopifyAdminServer({ products: products.slice(0, 5) });
    await expect(readStoreVariants(store.adminUrl, 'shpat_00000000000000000000000000000000')).rejects.toMatchObject({
      reason: 'store_token_invalid',
    });
  });
});
