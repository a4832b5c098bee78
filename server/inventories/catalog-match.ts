// What a sync makes of a store and a catalog (pure): catalog items matched to store variants, the
// product rows the inventory screen lists, and the report that keeps the catalog honest — items no
// store variant backs (a shopper could not buy them), active variants missing from the catalog,
// and items whose price or availability disagrees with the store — plus what changed since the
// last run. A catalog item is matched by the mapping an earlier run found, else its retailer id as
// a variant id, as `shopify_{CC}_{productId}_{variantId}`, or as a SKU (unique in the store).
import type { InventoryProduct, MatchedBy, Mismatch, SyncReport } from '../../domain/inventory-sync';
import { parseMoney } from '../knowledge/extraction/money';

export type StoreVariant = {
  productId: string;
  variantId: string;
  productTitle: string;
  /** '' for a product's only variant ('Default Title' in Shopify). */
  variantTitle: string;
  handle: string;
  status: 'ACTIVE' | 'ARCHIVED' | 'DRAFT';
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

export type PreviousRow = Pick<ProductRow, 'title' | 'variantTitle' | 'priceMinor' | 'available'>;
export type MatchResult = { rows: ProductRow[]; mapping: Map<string, string>; report: SyncReport; mismatches: Mismatch[] };

/**
 * The matcher a sync feeds as it reads: every store variant first (`addVariants`, a page at a time),
 * then the catalog's items (`addItems`, a page at a time), then `finish`. It keeps only the product
 * rows and small indexes, never the store's or the catalog's whole answers, so a store of 100,000
 * variants is matched in bounded memory.
 */
export function catalogMatcher({
  mapping = new Map<string, string>(),
  previous = new Map<string, PreviousRow>(),
}: {
  /** retailer id → variant id, as the last run found them. */
  mapping?: ReadonlyMap<string, string>;
  /** The last run's rows by key. */
  previous?: ReadonlyMap<string, PreviousRow>;
} = {}) {
  /** Every row by key: `v:{variant id}` for a store variant, `c:{retailer id}` for a catalog item no variant backs. */
  const rows = new Map<string, ProductRow>();
  /** Variants of archived or draft products: listed, never matched, never missing from the catalog. */
  const inactive = new Set<string>();
  /** SKU (lower case) → variant id; null when two variants share it (it matches neither). */
  const bySku = new Map<string, string | null>();
  const found = new Map<string, string>();
  const catalogOnly: SyncReport['catalogOnly'] = [];
  const mismatches: Mismatch[] = [];
  let variantCount = 0;
  let itemCount = 0;

  const variantRow = (variantId: string | undefined) => (variantId === undefined ? undefined : rows.get(`v:${variantId}`));
  const matchOf = (item: CatalogItem): [ProductRow, MatchedBy] | null => {
    const remembered = variantRow(mapping.get(item.retailerId));
    if (remembered) return [remembered, 'mapping'];
    const byId = variantRow(item.retailerId);
    if (byId) return [byId, 'variant_id'];
    const shopify = SHOPIFY_RETAILER_ID.exec(item.retailerId);
    const byShopifyId = shopify ? variantRow(shopify[2]) : undefined;
    if (byShopifyId) return [byShopifyId, 'shopify_id'];
    const bySkuMatch = variantRow(bySku.get(item.retailerId.trim().toLowerCase()) ?? undefined);
    return bySkuMatch ? [bySkuMatch, 'sku'] : null;
  };

  function addVariants(variants: readonly StoreVariant[]) {
    if (itemCount > 0) throw new Error('catalogMatcher: every store variant comes before the catalog');
    for (const variant of variants) {
      variantCount += 1;
      const sku = variant.sku?.trim().toLowerCase();
      if (sku) bySku.set(sku, bySku.has(sku) ? null : variant.variantId);
      if (variant.status !== 'ACTIVE') inactive.add(variant.variantId);
      rows.set(`v:${variant.variantId}`, {
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
        foundIn: 'store',
        matchedBy: null,
        catalogPriceMinor: null,
        catalogAvailable: null,
      });
    }
  }

  function addItems(items: readonly CatalogItem[]) {
    for (const item of items) {
      itemCount += 1;
      const match = matchOf(item);
      const catalogAvailable = catalogSaysAvailable(item.availability);
      // A variant already claimed by another item: this one is reported as backed by nothing.
      if (match && match[0].retailerId === null && !inactive.has(match[0].variantId!)) {
        const [row, matchedBy] = match;
        found.set(item.retailerId, row.variantId!);
        Object.assign(row, {
          retailerId: item.retailerId,
          foundIn: 'both',
          matchedBy,
          catalogPriceMinor: item.priceMinor,
          catalogAvailable,
        });
        const samePrice =
          item.priceMinor === null || (item.priceMinor === row.priceMinor && (!item.currency || item.currency === row.currency));
        if (!samePrice)
          mismatches.push({
            key: row.key,
            title: label(row),
            retailerId: item.retailerId,
            field: 'price',
            store: `${row.priceMinor} ${row.currency}`,
            catalog: `${item.priceMinor} ${item.currency ?? row.currency}`,
          });
        if (catalogAvailable !== row.available)
          mismatches.push({
            key: row.key,
            title: label(row),
            retailerId: item.retailerId,
            field: 'availability',
            store: row.available ? 'in stock' : 'out of stock',
            catalog: item.availability,
          });
        continue;
      }
      catalogOnly.push({ retailerId: item.retailerId, name: item.name });
      const key = `c:${item.retailerId}`;
      rows.set(key, {
        key,
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
        foundIn: 'catalog',
        matchedBy: null,
        catalogPriceMinor: item.priceMinor,
        catalogAvailable,
      });
    }
  }

  function finish(): MatchResult {
    const all = [...rows.values()];
    const storeOnly = all
      .filter((row) => row.foundIn === 'store' && !inactive.has(row.variantId!))
      .map((row) => ({ variantId: row.variantId!, title: label(row), sku: row.sku }));
    const added = previous.size === 0 ? [] : all.filter((row) => !previous.has(row.key));
    const removed = [...previous].filter(([key]) => !rows.has(key)).map(([, row]) => row);
    const priceChanged = all.filter((row) => previous.has(row.key) && previous.get(row.key)!.priceMinor !== row.priceMinor);
    const wentOutOfStock = all.filter((row) => previous.get(row.key)?.available === true && !row.available);
    const limit = <T>(list: T[]) => list.slice(0, REPORT_LIMIT);
    return {
      rows: all,
      mapping: found,
      /** Every mismatch (the report lists REPORT_LIMIT of them). */
      mismatches,
      report: {
        counts: {
          variants: variantCount,
          catalogItems: itemCount,
          matched: found.size,
          added: added.length,
          removed: removed.length,
          priceChanged: priceChanged.length,
          wentOutOfStock: wentOutOfStock.length,
          catalogOnly: catalogOnly.length,
          storeOnly: storeOnly.length,
          mismatches: mismatches.length,
        },
        added: limit(added.map(label)),
        removed: limit(removed.map(label)),
        priceChanged: limit(priceChanged.map(label)),
        wentOutOfStock: limit(wentOutOfStock.map(label)),
        catalogOnly: limit(catalogOnly),
        storeOnly: limit(storeOnly),
        mismatches: limit(mismatches),
      },
    };
  }

  return { addVariants, addItems, finish };
}

/** A row's name as the report says it: 'Camiseta — M / Azul'. */
const label = (row: Pick<ProductRow, 'title' | 'variantTitle'>) => (row.variantTitle ? `${row.title} — ${row.variantTitle}` : row.title);

/** The whole store and the whole catalog at once (tests, small stores). */
export function matchCatalog(
  variants: readonly StoreVariant[],
  items: readonly CatalogItem[],
  options: Parameters<typeof catalogMatcher>[0] = {},
): MatchResult {
  const matcher = catalogMatcher(options);
  matcher.addVariants(variants);
  matcher.addItems(items);
  return matcher.finish();
}
