// How a sync matches a catalog to a store (pure): the product row of a store variant, and a page of
// catalog items decided against the variant rows they may name — each item backed by a variant (the
// row takes the catalog's price and availability, and a mismatch is noted where they disagree) or by
// none (a row of its own: a shopper could not buy it). A catalog item is matched by the mapping an
// earlier run found, else its retailer id as a variant id, as `shopify_{CC}_{productId}_{variantId}`,
// or as a SKU (unique in the store). ./sync-rows.ts keeps the rows in the database and asks this
// module for each page; the report's other lists are queries there.
import type { InventoryProduct, MatchedBy, Mismatch } from '@/domain/inventory-sync';
import { parseMoney } from '../knowledge/extraction/money';

export type StoreVariant = {
  productId: string;
  variantId: string;
  productTitle: string;
  /** '' for a product's only variant ('Default Title' in Shopify). */
  variantTitle: string;
  handle: string;
  status: 'ACTIVE' | 'ARCHIVED' | 'DRAFT';
  /** The product's type ('Camisetas'); null when the merchant set none. */
  productType: string | null;
  sku: string | null;
  barcode: string | null;
  priceMinor: number;
  compareAtMinor: number | null;
  currency: string;
  quantity: number | null;
  available: boolean;
  imageUrl: string | null;
  url: string | null;
};

export type CatalogItem = {
  id: string;
  retailerId: string;
  name: string;
  /** Null when Meta's price could not be read. */
  priceMinor: number | null;
  currency: string | null;
  /** 'in stock', 'out of stock', 'preorder', 'available for order', 'discontinued'. */
  availability: string;
  imageUrl: string | null;
  url: string | null;
  reviewStatus: string | null;
};

/** One row of the inventory's products: a variant, a catalog item, or both. */
export type ProductRow = InventoryProduct;

export const REPORT_LIMIT = 200;

const AVAILABLE = new Set(['in stock', 'available for order', 'preorder']);
export const catalogSaysAvailable = (availability: string) => AVAILABLE.has(availability.trim().toLowerCase());

/** `shopify_BR_7512345678901_42345678901234` → its variant id. */
const SHOPIFY_RETAILER_ID = /^shopify_[A-Z]{2}_(\d+)_(\d+)$/i;

/** Meta's price: a number of minor units, or a display string ('R$ 29,90', '$1,234.50', '29.90 BRL'). */
export function catalogPriceMinor(price: unknown, currency: string | null): number | null {
  if (typeof price === 'number' && Number.isSafeInteger(price)) return price;
  if (typeof price !== 'string') return null;
  const money = parseMoney(currency && !price.includes(currency) ? `${price} ${currency}` : price);
  return money?.minor ?? null;
}

/** A variant as the inventory lists it, before any catalog item is matched to it. */
export function variantRow(variant: StoreVariant): ProductRow {
  return {
    key: `v:${variant.variantId}`,
    variantId: variant.variantId,
    productId: variant.productId,
    retailerId: null,
    title: variant.productTitle,
    variantTitle: variant.variantTitle,
    sku: variant.sku,
    priceMinor: variant.priceMinor,
    currency: variant.currency,
    quantity: variant.quantity,
    available: variant.status === 'ACTIVE' && variant.available,
    imageUrl: variant.imageUrl,
    url: variant.url,
    productType: variant.productType,
    foundIn: 'store',
    matchedBy: null,
    catalogPriceMinor: null,
    catalogAvailable: null,
  };
}

/** How a SKU is compared: a retailer id naming it may differ in case and spaces. */
export const skuKey = (sku: string | null | undefined) => sku?.trim().toLowerCase() || null;

/** A row's name as the report says it: 'Camiseta — M / Azul'. */
export const rowLabel = (row: Pick<ProductRow, 'title' | 'variantTitle'>) =>
  row.variantTitle ? `${row.title} — ${row.variantTitle}` : row.title;

/** The variant rows a catalog item may name, by key, in the order they are tried, each with how it names it. */
export function candidateKeys(item: Pick<CatalogItem, 'retailerId'>, mapping: ReadonlyMap<string, string>): Array<[string, MatchedBy]> {
  const keys: Array<[string, MatchedBy]> = [];
  const remembered = mapping.get(item.retailerId);
  if (remembered) keys.push([`v:${remembered}`, 'mapping']);
  keys.push([`v:${item.retailerId}`, 'variant_id']);
  const shopify = SHOPIFY_RETAILER_ID.exec(item.retailerId);
  if (shopify) keys.push([`v:${shopify[2]}`, 'shopify_id']);
  return keys;
}

/** The fields of a stored variant row that matching reads (the database sends no more). */
export type MatchRow = Pick<ProductRow, 'key' | 'retailerId' | 'title' | 'variantTitle' | 'sku' | 'priceMinor' | 'currency' | 'available'>;

/** A stored variant row as matching sees it. */
export type VariantEntry = { row: MatchRow; active: boolean };

/** What a claimed variant row takes from the catalog item (merged into the stored row). */
export type Claim = {
  key: string;
  /** The row's search text, now with the retailer id. */
  searchText: string;
  patch: Pick<ProductRow, 'retailerId' | 'foundIn' | 'matchedBy' | 'catalogPriceMinor' | 'catalogAvailable'>;
};

/** What the products' search looks in, lower-cased here as the search's needle is (the database's lower() may know ASCII only). */
export const searchTextOf = (row: Pick<ProductRow, 'title' | 'variantTitle' | 'sku' | 'retailerId'>) =>
  [row.title, row.variantTitle, row.sku, row.retailerId].filter(Boolean).join(' ').toLowerCase();

export type PageMatch = {
  /** Variant rows an item of the page claimed: what each takes from its item. */
  claimed: Claim[];
  /** Rows of items no variant backs, in the page's order. */
  catalogOnly: ProductRow[];
  mismatches: Mismatch[];
};

/**
 * Decides a page of catalog items against the variant rows they may name: `variants` by key (those
 * `candidateKeys` and SKUs found), `skuKeys` the variant keys of each SKU the page's retailer ids
 * may be. A variant backs one item only: an item naming a variant already claimed (by an earlier
 * page — its row has a retailer id — or earlier in this page) is backed by nothing. A claimed
 * row's retailer id is set in place, so a later item of the page sees the claim.
 */
export function matchPage(
  items: readonly CatalogItem[],
  variants: ReadonlyMap<string, VariantEntry>,
  skuKeys: ReadonlyMap<string, readonly string[]>,
  mapping: ReadonlyMap<string, string>,
): PageMatch {
  const claimed = new Map<string, Claim>();
  const catalogOnly: ProductRow[] = [];
  const mismatches: Mismatch[] = [];
  const matchOf = (item: CatalogItem): [VariantEntry, MatchedBy] | null => {
    for (const [key, matchedBy] of candidateKeys(item, mapping)) {
      const entry = variants.get(key);
      if (entry) return [entry, matchedBy];
    }
    const sku = skuKeys.get(skuKey(item.retailerId) ?? '');
    // A SKU two variants share matches neither.
    return sku?.length === 1 && variants.has(sku[0]!) ? [variants.get(sku[0]!)!, 'sku'] : null;
  };
  for (const item of items) {
    const match = matchOf(item);
    const catalogAvailable = catalogSaysAvailable(item.availability);
    if (match && match[0].row.retailerId === null && match[0].active) {
      const [{ row }, matchedBy] = match;
      row.retailerId = item.retailerId;
      claimed.set(row.key, {
        key: row.key,
        searchText: searchTextOf(row),
        patch: { retailerId: item.retailerId, foundIn: 'both', matchedBy, catalogPriceMinor: item.priceMinor, catalogAvailable },
      });
      const samePrice =
        item.priceMinor === null || (item.priceMinor === row.priceMinor && (!item.currency || item.currency === row.currency));
      if (!samePrice)
        mismatches.push({
          key: row.key,
          title: rowLabel(row),
          retailerId: item.retailerId,
          field: 'price',
          store: `${row.priceMinor} ${row.currency}`,
          catalog: `${item.priceMinor} ${item.currency ?? row.currency}`,
        });
      if (catalogAvailable !== row.available)
        mismatches.push({
          key: row.key,
          title: rowLabel(row),
          retailerId: item.retailerId,
          field: 'availability',
          store: row.available ? 'in stock' : 'out of stock',
          catalog: item.availability,
        });
      continue;
    }
    catalogOnly.push({
      key: `c:${item.retailerId}`,
      variantId: null,
      productId: null,
      retailerId: item.retailerId,
      title: item.name,
      variantTitle: '',
      sku: null,
      priceMinor: item.priceMinor,
      currency: item.currency,
      quantity: null,
      available: catalogAvailable,
      imageUrl: item.imageUrl,
      url: item.url,
      productType: null,
      foundIn: 'catalog',
      matchedBy: null,
      catalogPriceMinor: item.priceMinor,
      catalogAvailable,
    });
  }
  return { claimed: [...claimed.values()], catalogOnly, mismatches };
}
