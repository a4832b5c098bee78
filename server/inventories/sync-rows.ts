// The rows a sync builds, kept in the database (inventory_sync_rows) rather than in the server's
// memory: the store's variants are written as they are read, then each page of catalog items is
// matched against the variant rows it may name (./catalog-match.ts decides; one query finds the
// candidates, one writes the claimed rows, one the items no variant backs). The report's lists
// that compare with the last run, and the variants missing from the catalog, are queries; the
// rows replace the inventory's products only when the run succeeds. At 100,000 variants the
// server holds a page, the mapping the last run found and the mismatches, never the store.
import { sql, type SQL } from 'drizzle-orm';
import type { Mismatch, SyncReport } from '@/domain/inventory-sync';
import type { Db } from '../db/database';
import { inventoryProducts, inventorySyncRows, inventorySyncRuns } from './inventory-tables';
import {
  candidateKeys,
  matchPage,
  REPORT_LIMIT,
  rowLabel,
  searchTextOf,
  skuKey,
  variantRow,
  type CatalogItem,
  type MatchRow,
  type ProductRow,
  type StoreVariant,
  type VariantEntry,
} from './catalog-match';

/** Anything that runs a statement: the database, or a transaction of it. */
type Executor = Pick<Db, 'execute'>;

/** The rows of `execute` (node-postgres and PGlite both answer `{ rows }`). */
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
/** A list as one parameter the database unpacks, whatever the driver makes of arrays. */
const jsonList = (values: unknown[]) => sql`${JSON.stringify(values)}::jsonb`;

/** The retailer id → variant id mapping the last good run found. */
async function lastMapping(db: Executor, inventoryId: string): Promise<Map<string, string>> {
  const rows = rowsOf<{ retailer_id: string; variant_id: string }>(
    await db.execute(sql`
      select product->>'retailerId' as retailer_id, product->>'variantId' as variant_id from ${inventoryProducts}
      where inventory_id = ${inventoryId} and product->>'foundIn' = 'both'`),
  );
  return new Map(rows.map((row) => [row.retailer_id, row.variant_id]));
}

type Labelled = { title: string; variant_title: string | null; total: string | number };

export async function syncRows(db: Db, inventoryId: string, runId: number) {
  // A run that died with its process left its rows: they go before this one starts (one sync of an inventory runs at a time).
  await db.execute(sql`
    delete from ${inventorySyncRows}
    where run_id in (select id from ${inventorySyncRuns} where inventory_id = ${inventoryId} and id <> ${runId})`);
  const mapping = await lastMapping(db, inventoryId);
  let position = 0;
  const counts = { variants: 0, catalogItems: 0, matched: 0, catalogOnly: 0 };
  const catalogOnly: SyncReport['catalogOnly'] = [];
  const mismatches: Mismatch[] = [];

  /** New rows at the next positions; a key met again (a retailer id the catalog lists twice) keeps its place and takes the last item. */
  async function insert(rows: Array<{ row: ProductRow; sku: string | null; active: boolean }>) {
    const byKey = new Map<string, { k: string; n: number; s: string; u: string | null; a: boolean; p: ProductRow }>();
    for (const { row, sku, active } of rows)
      byKey.set(row.key, { k: row.key, n: byKey.get(row.key)?.n ?? position++, s: searchTextOf(row), u: sku, a: active, p: row });
    if (byKey.size === 0) return;
    await db.execute(sql`
      insert into ${inventorySyncRows} (run_id, key, position, search_text, sku, active, product)
      select ${runId}, r.v->>'k', (r.v->>'n')::int, r.v->>'s', r.v->>'u', (r.v->>'a')::boolean, r.v->'p'
      from jsonb_array_elements(${jsonList([...byKey.values()])}) as r(v)
      on conflict (run_id, key) do update set product = excluded.product, search_text = excluded.search_text`);
  }

  /** The variant rows a page of items may name: by key, and every variant of each SKU their retailer ids may be. */
  async function candidates(items: readonly CatalogItem[]) {
    const keys = new Set<string>();
    const skus = new Set<string>();
    for (const item of items) {
      for (const [key] of candidateKeys(item, mapping)) keys.add(key);
      const sku = skuKey(item.retailerId);
      if (sku) skus.add(sku);
    }
    // Only the fields matching reads: at 100,000 items the whole rows would be most of the sync's traffic.
    const found = rowsOf<{ key: string; sku: string | null; active: boolean; product: MatchRow }>(
      await db.execute(sql`
        select key, sku, active, jsonb_build_object(
            'key', key, 'retailerId', product->'retailerId', 'title', product->'title', 'variantTitle', product->'variantTitle',
            'sku', product->'sku', 'priceMinor', product->'priceMinor', 'currency', product->'currency', 'available', product->'available'
          ) as product
        from ${inventorySyncRows}
        where run_id = ${runId}
          and (key = any (array(select jsonb_array_elements_text(${jsonList([...keys])})))
            or sku = any (array(select jsonb_array_elements_text(${jsonList([...skus])}))))`),
    );
    const variants = new Map<string, VariantEntry>();
    const skuKeys = new Map<string, string[]>();
    for (const { key, sku, active, product } of found) {
      variants.set(key, { row: product, active });
      if (sku && skus.has(sku)) skuKeys.set(sku, [...(skuKeys.get(sku) ?? []), key]);
    }
    return { variants, skuKeys };
  }

  async function labelled(query: ReturnType<typeof sql>) {
    const rows = rowsOf<Labelled>(await db.execute(query));
    return {
      list: rows.map((row) => rowLabel({ title: row.title, variantTitle: row.variant_title ?? '' })),
      count: Number(rows[0]?.total ?? 0),
    };
  }

  return {
    /** A page of the store's variants (all of them come before the catalog). */
    async addVariants(variants: StoreVariant[]) {
      if (counts.catalogItems > 0) throw new Error('syncRows: every store variant comes before the catalog');
      counts.variants += variants.length;
      await insert(
        variants.map((variant) => ({ row: variantRow(variant), sku: skuKey(variant.sku), active: variant.status === 'ACTIVE' })),
      );
    },

    /** A page of the catalog's items, matched and written. */
    async addItems(items: CatalogItem[]) {
      counts.catalogItems += items.length;
      const { variants, skuKeys } = await candidates(items);
      const page = matchPage(items, variants, skuKeys, mapping);
      counts.matched += page.claimed.length;
      counts.catalogOnly += page.catalogOnly.length;
      mismatches.push(...page.mismatches);
      for (const row of page.catalogOnly)
        if (catalogOnly.length < REPORT_LIMIT) catalogOnly.push({ retailerId: row.retailerId!, name: row.title });
      const claimed = jsonList(page.claimed.map((claim) => ({ k: claim.key, s: claim.searchText, p: claim.patch })));
      if (page.claimed.length > 0)
        await db.execute(sql`
          update ${inventorySyncRows} s
          set (product, search_text) = (
            select s.product || (r.v->'p'), r.v->>'s' from jsonb_array_elements(${claimed}) as r(v) where r.v->>'k' = s.key limit 1)
          where s.run_id = ${runId} and s.key = any (array(select r.v->>'k' from jsonb_array_elements(${claimed}) as r(v)))`);
      await insert(page.catalogOnly.map((row) => ({ row, sku: null, active: true })));
    },

    /** The run's report: what was matched, what nothing backs, what the catalog lacks, what disagrees, and what changed since the last run. */
    async report(): Promise<{ report: SyncReport; mismatches: Mismatch[] }> {
      const [{ had } = { had: false }] = rowsOf<{ had: boolean }>(
        await db.execute(sql`select exists (select 1 from ${inventoryProducts} where inventory_id = ${inventoryId}) as had`),
      );
      const none = { list: [] as string[], count: 0 };
      const added = had
        ? await labelled(sql`
            select n.product->>'title' as title, n.product->>'variantTitle' as variant_title, count(*) over () as total
            from ${inventorySyncRows} n
            where n.run_id = ${runId} and not exists (select 1 from ${inventoryProducts} o where o.inventory_id = ${inventoryId} and o.key = n.key)
            order by n.position limit ${REPORT_LIMIT}`)
        : none;
      const removed = await labelled(sql`
        select o.product->>'title' as title, o.product->>'variantTitle' as variant_title, count(*) over () as total
        from ${inventoryProducts} o
        where o.inventory_id = ${inventoryId} and not exists (select 1 from ${inventorySyncRows} n where n.run_id = ${runId} and n.key = o.key)
        order by o.position limit ${REPORT_LIMIT}`);
      const changed = (condition: ReturnType<typeof sql>) =>
        labelled(sql`
          select n.product->>'title' as title, n.product->>'variantTitle' as variant_title, count(*) over () as total
          from ${inventorySyncRows} n join ${inventoryProducts} o on o.inventory_id = ${inventoryId} and o.key = n.key
          where n.run_id = ${runId} and ${condition}
          order by n.position limit ${REPORT_LIMIT}`);
      const priceChanged = await changed(sql`(n.product->'priceMinor') is distinct from (o.product->'priceMinor')`);
      const wentOutOfStock = await changed(sql`(o.product->>'available')::boolean and not (n.product->>'available')::boolean`);
      const storeOnly = rowsOf<Labelled & { variant_id: string; sku: string | null }>(
        await db.execute(sql`
          select product->>'variantId' as variant_id, product->>'title' as title, product->>'variantTitle' as variant_title,
            product->>'sku' as sku, count(*) over () as total
          from ${inventorySyncRows} where run_id = ${runId} and active and product->>'foundIn' = 'store'
          order by position limit ${REPORT_LIMIT}`),
      );
      return {
        mismatches,
        report: {
          counts: {
            ...counts,
            added: added.count,
            removed: removed.count,
            priceChanged: priceChanged.count,
            wentOutOfStock: wentOutOfStock.count,
            storeOnly: Number(storeOnly[0]?.total ?? 0),
            mismatches: mismatches.length,
          },
          added: added.list,
          removed: removed.list,
          priceChanged: priceChanged.list,
          wentOutOfStock: wentOutOfStock.list,
          catalogOnly,
          storeOnly: storeOnly.map((row) => ({
            variantId: row.variant_id,
            title: rowLabel({ title: row.title, variantTitle: row.variant_title ?? '' }),
            sku: row.sku,
          })),
          mismatches: mismatches.slice(0, REPORT_LIMIT),
        },
      };
    },

    /** The rows of these keys (the mismatched ones a correction sends), by key. */
    async rowsOf(keys: string[]): Promise<Map<string, ProductRow>> {
      const rows = new Map<string, ProductRow>();
      for (let at = 0; at < keys.length; at += 1_000) {
        const found = rowsOf<{ key: string; product: ProductRow }>(
          await db.execute(sql`
            select key, product from ${inventorySyncRows}
            where run_id = ${runId} and key = any (array(select jsonb_array_elements_text(${jsonList(keys.slice(at, at + 1_000))})))`),
        );
        for (const { key, product } of found) rows.set(key, product);
      }
      return rows;
    },

    /** The catalog now says what the store says for these rows (the corrections Meta applied). */
    async corrected(keys: string[]) {
      if (keys.length === 0) return;
      await db.execute(sql`
        update ${inventorySyncRows}
        set product = product || jsonb_build_object('catalogPriceMinor', product->'priceMinor', 'catalogAvailable', product->'available')
        where run_id = ${runId} and key = any (array(select jsonb_array_elements_text(${jsonList(keys)})))`);
    },

    /**
     * The statements that make the rows the inventory's products, for the caller to run in one
     * transaction with the run's outcome (../db/in-one-transaction.ts: handed over whole, PGlite is
     * not held between them).
     */
    promotion(): SQL[] {
      return [
        sql`delete from ${inventoryProducts} where inventory_id = ${inventoryId}`,
        sql`
        insert into ${inventoryProducts} (inventory_id, key, position, search_text, product)
        select ${inventoryId}, key, position, search_text, product from ${inventorySyncRows} where run_id = ${runId}`,
        sql`delete from ${inventorySyncRows} where run_id = ${runId}`,
      ];
    },

    /** The run failed: its rows go, the last good products stay. */
    async discard() {
      await db.execute(sql`delete from ${inventorySyncRows} where run_id = ${runId}`);
    },
  };
}
