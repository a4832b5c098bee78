// What other areas ask of the inventories' tables: whether an inventory is there (or the account's),
// what its public pages and WhatsApp answers need of it, and its products as the last good sync
// left them — by retailer or variant id, in catalog order, or matching a shopper's words. Other
// areas never import inventory-tables.ts (scripts/lint-area-tables.js).
import { and, eq, inArray, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { TextSearchConfig } from '@/domain/knowledge';
import type { InventoryProduct } from '@/domain/inventory-sync';
import type { Db } from '../db/database';
import { inventories, inventoryProducts } from './inventory-tables';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** True where the inventory `id` (a value or an expression of the caller's statement) exists. */
export const inventoryExistsSql = (id: SQLWrapper | string): SQL =>
  sql`exists (select 1 from ${inventories} where ${inventories.id} = ${id})`;

/** The inventory's owner (uid) and name as scalars of the caller's statement (null when it is gone). */
export const inventoryOwnerSql = (id: SQLWrapper): { uid: SQL<string | null>; name: SQL<string | null> } => ({
  uid: sql<string | null>`(select ${inventories.uid} from ${inventories} where ${inventories.id} = ${id})`,
  name: sql<string | null>`(select ${inventories.name} from ${inventories} where ${inventories.id} = ${id})`,
});

/** The ids of the account's inventories, as a subquery for the caller's statement. */
export const accountInventoryIdsSql = (uid: string): SQL =>
  sql`select ${inventories.id} from ${inventories} where ${inventories.uid} = ${uid}`;

/** Whether the inventory is the account's. */
export async function isAccountsInventory(db: Db, uid: string, id: string): Promise<boolean> {
  const [row] = await db
    .select({ id: inventories.id })
    .from(inventories)
    .where(and(eq(inventories.uid, uid), eq(inventories.id, id)));
  return row !== undefined;
}

/** Whose the inventory is and its name (a notice's `store_name`); null when it is gone. */
export async function inventoryOwner(db: Db, id: string): Promise<{ uid: string; name: string } | null> {
  const [row] = await db.select({ uid: inventories.uid, name: inventories.name }).from(inventories).where(eq(inventories.id, id));
  return row ?? null;
}

/** What a WhatsApp answer needs of the channel's inventory: its Meta catalog (null until configured) and public id; null when it is gone. */
export async function inventoryForAnswers(db: Db, id: string): Promise<{ catalogId: string | null; publicId: string } | null> {
  const [row] = await db
    .select({ catalogId: inventories.catalogId, status: inventories.status, publicId: inventories.publicId })
    .from(inventories)
    .where(eq(inventories.id, id));
  if (!row) return null;
  return { catalogId: row.status === 'configured' && row.catalogId ? row.catalogId : null, publicId: row.publicId };
}

/** A configured inventory as its public pages see it: never its token or the store's admin address. */
export type PublishedInventory = {
  id: string;
  publicId: string;
  storeName: string;
  currency: string | null;
  catalogId: string;
  website: string;
  attributionCode: string;
  checkoutParams: string;
  trackingUrl: string;
  lastSyncedAt: Date | null;
};

/** The configured inventory behind a public id, or null. */
export async function publishedInventory(db: Db, publicId: string): Promise<PublishedInventory | null> {
  const [row] = await db
    .select({
      id: inventories.id,
      publicId: inventories.publicId,
      storeName: sql<string>`coalesce(${inventories.store}->>'name', ${inventories.name})`,
      currency: sql<string | null>`${inventories.store}->>'currency'`,
      catalogId: inventories.catalogId,
      website: inventories.website,
      attributionCode: inventories.attributionCode,
      checkoutParams: inventories.checkoutParams,
      trackingUrl: inventories.trackingUrl,
      lastSyncedAt: inventories.lastSyncedAt,
    })
    .from(inventories)
    .where(and(eq(inventories.publicId, publicId), eq(inventories.status, 'configured')));
  return row ?? null;
}

/** The inventory's products named by these ids: a catalog retailer id, or the variant id of a store variant the catalog lacks. */
const namedBy = (inventoryId: string, ids: string[]) => {
  const list = sql`${JSON.stringify(ids)}::jsonb`;
  return sql`inventory_id = ${inventoryId}
    and (product->>'retailerId' = any (array(select jsonb_array_elements_text(${list})))
      or key = any (array(select 'v:' || jsonb_array_elements_text(${list}))))`;
};

/** The products these ids name (see namedBy). */
export async function productsNamed(db: Db, inventoryId: string, ids: string[]): Promise<InventoryProduct[]> {
  if (ids.length === 0) return [];
  const rows = rowsOf<{ product: InventoryProduct }>(
    await db.execute(sql`select product from ${inventoryProducts} where ${namedBy(inventoryId, ids)}`),
  );
  return rows.map((row) => row.product);
}

/** A select of the retailer and variant ids (`retailer_id`, `variant_id`) of the products these ids name, for the caller's statement. */
export const namedProductIdsSql = (inventoryId: string, ids: string[]): SQL => sql`
  select product->>'retailerId' as retailer_id, product->>'variantId' as variant_id
  from ${inventoryProducts} where ${namedBy(inventoryId, ids)}`;

/** The store's variants of the inventory in catalog order, at most `limit`. */
export async function storeVariants(db: Db, inventoryId: string, limit: number): Promise<InventoryProduct[]> {
  const rows = await db
    .select({ product: inventoryProducts.product })
    .from(inventoryProducts)
    .where(and(eq(inventoryProducts.inventoryId, inventoryId), sql`${inventoryProducts.product}->>'variantId' is not null`))
    .orderBy(inventoryProducts.position)
    .limit(limit);
  return rows.map((row) => row.product);
}

/** Product names by retailer id: the title with the variant's ('Camiseta — M'), since a list often shows several variants of one product. */
export async function productTitles(db: Db, inventoryId: string, retailerIds: string[]): Promise<Map<string, string>> {
  if (retailerIds.length === 0) return new Map();
  const retailerId = sql<string>`${inventoryProducts.product}->>'retailerId'`;
  const rows = await db
    .select({
      retailerId,
      title: sql<string>`${inventoryProducts.product}->>'title'`,
      variantTitle: sql<string | null>`${inventoryProducts.product}->>'variantTitle'`,
    })
    .from(inventoryProducts)
    .where(and(eq(inventoryProducts.inventoryId, inventoryId), inArray(retailerId, retailerIds)));
  return new Map(rows.map((row) => [row.retailerId, row.variantTitle ? `${row.title} — ${row.variantTitle}` : row.title]));
}

/** Products a WhatsApp product_list may show: in the catalog (a retailer id), sold by the store (a variant) and in stock. */
const listable = sql`product->>'retailerId' is not null and product->>'variantId' is not null and (product->>'available')::boolean`;

/**
 * The inventory's listable products whose search text holds stems of `words` (three letters or
 * more, in text search configuration `config`), most stems first, at most `limit`.
 */
export async function listableProductsMatching(
  db: Db,
  inventoryId: string,
  config: TextSearchConfig,
  words: string,
  limit: number,
): Promise<{ title: string; retailerId: string; searchText: string }[]> {
  const regconfig = sql.raw(`'${config}'::regconfig`);
  const rows = rowsOf<{ title: string; retailer_id: string; search_text: string }>(
    await db.execute(sql`
      with stems as materialized (
        -- Stems of three letters or more, as LIKE patterns ('camisetas' → '%camiset%').
        select '%' || replace(replace(replace(stem, '\\', '\\\\'), '%', '\\%'), '_', '\\_') || '%' as pattern
        from unnest(tsvector_to_array(to_tsvector(${regconfig}, fold_accents(${words})))) as stem
        where length(stem) >= 3
      ),
      found as (
        -- Each stem's rows from inventory_products_match (match_text: listable rows' folded text), counted per row.
        select p.key, p.position, count(*) as hits
        from stems s join ${inventoryProducts} p on p.inventory_id = ${inventoryId} and p.match_text like s.pattern
        group by p.key, p.position
        order by hits desc, p.position
        limit ${limit}
      )
      select p.product->>'title' as title, p.product->>'retailerId' as retailer_id, p.search_text
      from found f join ${inventoryProducts} p on p.inventory_id = ${inventoryId} and p.key = f.key
      order by f.hits desc, f.position`),
  );
  return rows.map((row) => ({ title: row.title, retailerId: row.retailer_id, searchText: row.search_text }));
}

/** The first listable product of the inventory's catalog (a catalog message's thumbnail), or null. */
export async function firstListableProduct(db: Db, inventoryId: string): Promise<string | null> {
  const [row] = rowsOf<{ retailer_id: string }>(
    await db.execute(sql`
      select product->>'retailerId' as retailer_id from ${inventoryProducts}
      where inventory_id = ${inventoryId} and ${listable}
      order by position limit 1`),
  );
  return row?.retailer_id ?? null;
}
