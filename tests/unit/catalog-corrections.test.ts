// Corrections pushed to a catalog (server/inventories/catalog-corrections.ts) against the loopback
// Meta catalog: UPDATE requests in Meta's feed form, applied once Meta finishes the batch, and
// what Meta refused kept item by item with Meta's own message; a throttled catalog is a failure
// the sync records, not a crash.
import { afterEach, describe, expect, test } from 'vitest';
import { correctionRequests, feedPrice, pushCorrections } from '@/server/inventories/catalog-corrections';
import type { ProductRow } from '@/server/inventories/catalog-match';
import { DEMO_CATALOG_ID, startMetaCatalogServer, type MetaCatalogServer } from '../fixtures/meta-catalog-server';

let meta: MetaCatalogServer | undefined;
afterEach(async () => {
  await meta?.close();
  meta = undefined;
});
const configOf = (server: MetaCatalogServer) => ({ graphUrl: server.graphUrl, accessToken: server.accessToken });

describe('catalog corrections', () => {
  test('mismatches become one UPDATE per item, prices in the feed form', () => {
    const row = { key: 'v:1', retailerId: 'SKU-1', priceMinor: 12990, currency: 'BRL', available: false } as ProductRow;
    const requests = correctionRequests(
      [
        { key: 'v:1', title: 'Tênis', retailerId: 'SKU-1', field: 'price', store: '', catalog: '' },
        { key: 'v:1', title: 'Tênis', retailerId: 'SKU-1', field: 'availability', store: '', catalog: '' },
      ],
      new Map([['v:1', row]]),
    );
    expect(requests).toEqual([{ method: 'UPDATE', data: { id: 'SKU-1', price: '129.90 BRL', availability: 'out of stock' } }]);
    expect(feedPrice(1500, 'JPY')).toBe('1500 JPY');
  });

  test("applied items change in the catalog; a refused one is reported with Meta's message", async () => {
    meta = await startMetaCatalogServer();
    const [first, second] = meta.catalog(DEMO_CATALOG_ID);
    const outcome = await pushCorrections(
      configOf(meta),
      DEMO_CATALOG_ID,
      [
        { method: 'UPDATE', data: { id: first!.retailerId, price: '1.00 BRL' } },
        { method: 'UPDATE', data: { id: second!.retailerId, price: 'not a price' } },
      ],
      { pollMs: 20 },
    );
    expect(outcome.sent).toBe(2);
    expect(outcome.applied).toEqual([first!.retailerId]);
    expect(outcome.pending).toEqual([]);
    expect(outcome.refused).toEqual([{ retailerId: second!.retailerId, message: expect.stringContaining('price') }]);
    expect(meta.catalog(DEMO_CATALOG_ID).find((item) => item.retailerId === first!.retailerId)!.priceMinor).toBe(100);
  });

  test('a throttled catalog answers its reason', async () => {
    meta = await startMetaCatalogServer();
    meta.throttleNext(80014, 1);
    await expect(
      pushCorrections(configOf(meta), DEMO_CATALOG_ID, [{ method: 'UPDATE', data: { id: 'x', availability: 'in stock' } }]),
    ).rejects.toMatchObject({
      reason: 'catalog_throttled',
    });
  });
});
