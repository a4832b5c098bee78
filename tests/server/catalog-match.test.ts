// A sync's matching and report (server/inventories/catalog-match.ts deciding, sync-rows.ts keeping
// the rows in the database, PGlite or PostgreSQL): catalog items found by each retailer-id form a
// catalog uses (SKU, variant id, shopify_{CC}_{product}_{variant}, a mapping an earlier run kept),
// and the report a merchant reads — items no variant backs, variants missing from the catalog,
// price and availability mismatches, and what changed since the last run. Pages are small here, so
// a claim made on one page is seen by the next.
import { randomUUID } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import type { InventoryProduct } from '@/domain/inventory-sync';
import { executeInOneTransaction } from '@/server/db/in-one-transaction';
import { accounts } from '@/server/accounts/account-tables';
import { inventories, inventoryProducts, inventorySyncRows, inventorySyncRuns } from '@/server/inventories/inventory-tables';
import { catalogPriceMinor, type CatalogItem, type StoreVariant } from '@/server/inventories/catalog-match';
import { syncRows } from '@/server/inventories/sync-rows';
import { testDatabase } from './support/test-database';

const variant = (variantId: string, more: Partial<StoreVariant> = {}): StoreVariant => ({
  productId: `p${variantId}`,
  variantId,
  productTitle: `Camiseta ${variantId}`,
  variantTitle: '',
  handle: `camiseta-${variantId}`,
  status: 'ACTIVE',
  productType: 'Camisetas',
  sku: `SKU-${variantId}`,
  barcode: null,
  priceMinor: 5990,
  compareAtMinor: null,
  currency: 'BRL',
  quantity: 3,
  available: true,
  imageUrl: null,
  url: null,
  ...more,
});
const item = (retailerId: string, more: Partial<CatalogItem> = {}): CatalogItem => ({
  id: `m${retailerId}`,
  retailerId,
  name: `Item ${retailerId}`,
  priceMinor: 5990,
  currency: 'BRL',
  availability: 'in stock',
  imageUrl: null,
  url: null,
  reviewStatus: 'approved',
  ...more,
});

/** A new inventory of a new account. */
async function newInventory(): Promise<string> {
  const { db } = await testDatabase();
  const uid = `catalog-match-${randomUUID()}`;
  await db.insert(accounts).values({ uid });
  const [row] = await db.insert(inventories).values({ uid, name: 'Loja', publicId: randomUUID() }).returning({ id: inventories.id });
  return row!.id;
}

/** One sync run of the inventory over these variants and items, two at a time; its report, and the products it leaves. */
async function matchCatalog(inventoryId: string, variants: StoreVariant[], items: CatalogItem[]) {
  const { db } = await testDatabase();
  const [run] = await db.insert(inventorySyncRuns).values({ inventoryId, trigger: 'manual' }).returning({ id: inventorySyncRuns.id });
  const rows = await syncRows(db, inventoryId, run!.id);
  for (let at = 0; at < variants.length; at += 2) await rows.addVariants(variants.slice(at, at + 2));
  for (let at = 0; at < items.length; at += 2) await rows.addItems(items.slice(at, at + 2));
  const { report } = await rows.report();
  await executeInOneTransaction(db, rows.promotion());
  const products = await db
    .select({ product: inventoryProducts.product })
    .from(inventoryProducts)
    .where(eq(inventoryProducts.inventoryId, inventoryId))
    .orderBy(asc(inventoryProducts.position));
  expect(await db.select().from(inventorySyncRows).where(eq(inventorySyncRows.runId, run!.id))).toEqual([]);
  return { rows: products.map((entry) => entry.product as InventoryProduct), report };
}

describe('catalog match', () => {
  test('each retailer-id form finds its variant; what nothing backs and what the catalog lacks are reported', async () => {
    const variants = [
      variant('101'),
      variant('102'),
      variant('103'),
      variant('104', { productType: null }),
      variant('105', { status: 'ARCHIVED' }),
    ];
    const items = [
      item('SKU-101'),
      item('102'),
      item('shopify_BR_7512345678_103'),
      item('DESCONTINUADO-1'),
      item('105'), // an archived variant cannot back an item a shopper could buy
    ];
    const { rows, report } = await matchCatalog(await newInventory(), variants, items);
    expect(Object.fromEntries(rows.filter((row) => row.foundIn === 'both').map((row) => [row.retailerId, row.matchedBy]))).toEqual({
      'SKU-101': 'sku',
      '102': 'variant_id',
      shopify_BR_7512345678_103: 'shopify_id',
    });
    expect(rows.filter((row) => row.foundIn === 'both').map((row) => [row.retailerId, row.variantId])).toEqual([
      ['SKU-101', '101'],
      ['102', '102'],
      ['shopify_BR_7512345678_103', '103'],
    ]);
    expect(rows.map((row) => row.key)).toEqual(['v:101', 'v:102', 'v:103', 'v:104', 'v:105', 'c:DESCONTINUADO-1', 'c:105']);
    expect(report.catalogOnly.map((entry) => entry.retailerId)).toEqual(['DESCONTINUADO-1', '105']);
    expect(report.storeOnly.map((entry) => entry.variantId)).toEqual(['104']);
    expect(report.counts).toMatchObject({ variants: 5, catalogItems: 5, matched: 3, catalogOnly: 2, storeOnly: 1, mismatches: 0 });
    expect(rows.find((row) => row.key === 'c:DESCONTINUADO-1')).toMatchObject({ foundIn: 'catalog', variantId: null });
    // The store's product type stays on a row a catalog item claimed (the claim is merged into the stored row).
    expect(rows.map((row) => row.productType)).toEqual(['Camisetas', 'Camisetas', 'Camisetas', null, 'Camisetas', null, null]);
  });

  test('a price or availability the catalog shows differently is a mismatch; a shared SKU matches nothing', async () => {
    const variants = [
      variant('201', { priceMinor: 7990 }),
      variant('202', { available: false, quantity: 0 }),
      variant('203', { sku: 'DUP' }),
      variant('204', { sku: 'DUP' }),
    ];
    const items = [item('201', { priceMinor: 6990 }), item('202'), item('DUP')];
    const { report } = await matchCatalog(await newInventory(), variants, items);
    expect(report.mismatches).toEqual([
      { key: 'v:201', title: 'Camiseta 201', retailerId: '201', field: 'price', store: '7990 BRL', catalog: '6990 BRL' },
      { key: 'v:202', title: 'Camiseta 202', retailerId: '202', field: 'availability', store: 'out of stock', catalog: 'in stock' },
    ]);
    expect(report.catalogOnly.map((entry) => entry.retailerId)).toEqual(['DUP']);
  });

  test('a mapping an earlier run found wins over a SKU that now points elsewhere; changes since the last run are counted', async () => {
    const inventoryId = await newInventory();
    const first = await matchCatalog(inventoryId, [variant('301'), variant('302')], [item('SKU-301'), item('302')]);
    // The merchant swapped the SKUs: the catalog item keeps its variant by the kept mapping.
    const variants = [
      variant('301', { sku: 'SKU-302', priceMinor: 4990 }),
      variant('302', { sku: 'SKU-301', available: false }),
      variant('303'),
    ];
    const second = await matchCatalog(inventoryId, variants, [item('SKU-301'), item('302')]);
    expect(second.rows.find((row) => row.retailerId === 'SKU-301')).toMatchObject({ variantId: '301', matchedBy: 'mapping' });
    expect(second.report.counts).toMatchObject({ added: 1, removed: 0, priceChanged: 1, wentOutOfStock: 1 });
    expect(second.report.added).toEqual(['Camiseta 303']);
    // The first run has nothing to compare with: nothing is "added".
    expect(first.report.counts.added).toBe(0);
  });

  test('an item the catalog lists twice is one row, in its first place, holding the last listing; both count', async () => {
    const items = [
      item('DUP-1', { name: 'Primeira' }),
      item('DUP-1', { name: 'Segunda' }),
      item('OUTRO'),
      item('DUP-1', { name: 'Terceira' }),
    ];
    const { rows, report } = await matchCatalog(await newInventory(), [variant('401')], items);
    expect(rows.map((row) => [row.key, row.title])).toEqual([
      ['v:401', 'Camiseta 401'],
      ['c:DUP-1', 'Terceira'],
      ['c:OUTRO', 'Item OUTRO'],
    ]);
    expect(report.counts).toMatchObject({ catalogItems: 4, catalogOnly: 4, storeOnly: 1 });
  });

  test("Meta's prices are read from minor units or display text in the item's currency", () => {
    expect(catalogPriceMinor('R$29.90', 'BRL')).toBe(2990);
    expect(catalogPriceMinor('R$ 1.234,56', 'BRL')).toBe(123456);
    expect(catalogPriceMinor('$1,234.50', 'USD')).toBe(123450);
    expect(catalogPriceMinor('29.90 BRL', 'BRL')).toBe(2990);
    expect(catalogPriceMinor(2990, 'BRL')).toBe(2990);
    expect(catalogPriceMinor('grátis', 'BRL')).toBeNull();
    expect(catalogPriceMinor(undefined, null)).toBeNull();
  });
});
