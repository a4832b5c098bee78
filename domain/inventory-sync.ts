// An inventory's sync as the API shows it: the products the last good sync left (a store variant,
// a catalog item, or both), each run with its counts and duration, and the report that keeps the
// catalog honest (what changed since the last run, catalog items no store variant backs, variants
// missing from the catalog, price and availability that disagree). Money in minor units.
// zod/mini: the inventory screen's chunk loads this.
import * as z from 'zod/mini';
import { peerFailureReasons } from './inventory';

export const syncTriggers = ['first', 'hourly', 'manual'] as const;
export type SyncTrigger = (typeof syncTriggers)[number];

export const syncRunStatuses = ['running', 'succeeded', 'failed'] as const;
export type SyncRunStatus = (typeof syncRunStatuses)[number];

export const matchedByValues = ['mapping', 'variant_id', 'shopify_id', 'sku'] as const;
export type MatchedBy = (typeof matchedByValues)[number];

export const inventoryProductSchema = z.object({
  /** Stable across runs: `v:{variant id}`, or `c:{retailer id}` for an item no variant backs. */
  key: z.string(),
  variantId: z.nullable(z.string()),
  productId: z.nullable(z.string()),
  retailerId: z.nullable(z.string()),
  title: z.string(),
  variantTitle: z.string(),
  sku: z.nullable(z.string()),
  priceMinor: z.nullable(z.int()),
  currency: z.nullable(z.string()),
  quantity: z.nullable(z.int()),
  available: z.boolean(),
  imageUrl: z.nullable(z.string()),
  url: z.nullable(z.string()),
  /** The store's product type ('Camisetas'), the catalog page's category; absent on rows synced before it was read. */
  productType: z.optional(z.nullable(z.string())),
  foundIn: z.enum(['store', 'catalog', 'both']),
  matchedBy: z.nullable(z.enum(matchedByValues)),
  catalogPriceMinor: z.nullable(z.int()),
  catalogAvailable: z.nullable(z.boolean()),
});
export type InventoryProduct = z.infer<typeof inventoryProductSchema>;

export const mismatchSchema = z.object({
  key: z.string(),
  title: z.string(),
  retailerId: z.string(),
  field: z.enum(['price', 'availability']),
  store: z.string(),
  catalog: z.string(),
});
export type Mismatch = z.infer<typeof mismatchSchema>;

export const syncReportSchema = z.object({
  counts: z.object({
    variants: z.int(),
    catalogItems: z.int(),
    matched: z.int(),
    added: z.int(),
    removed: z.int(),
    priceChanged: z.int(),
    wentOutOfStock: z.int(),
    catalogOnly: z.int(),
    storeOnly: z.int(),
    mismatches: z.int(),
    /**
     * The store's orders this run attributed to the inventory for the first time (from a Catalyst
     * cart, or with its referral code); absent on runs that did not read orders (runs from before orders were read).
     */
    ordersAttributed: z.optional(z.int()),
    /**
     * The store's abandoned checkouts this run recorded as new or changed (those its checkout webhooks
     * had not brought); absent on runs that did not read them.
     */
    checkoutsRecorded: z.optional(z.int()),
  }),
  /** Up to 200 entries each (the counts are whole). */
  added: z.array(z.string()),
  removed: z.array(z.string()),
  priceChanged: z.array(z.string()),
  wentOutOfStock: z.array(z.string()),
  catalogOnly: z.array(z.object({ retailerId: z.string(), name: z.string() })),
  storeOnly: z.array(z.object({ variantId: z.string(), title: z.string(), sku: z.nullable(z.string()) })),
  mismatches: z.array(mismatchSchema),
  /**
   * 'The store is the source of truth': the corrections pushed to the catalog; `mismatches` then
   * holds only those still standing. Null when the setting is off or nothing disagreed.
   */
  corrections: z.optional(
    z.nullable(
      z.object({
        sent: z.int(),
        applied: z.int(),
        pending: z.int(),
        refused: z.array(z.object({ retailerId: z.string(), message: z.string() })),
        /** Meta refused or did not answer the batch itself. */
        failure: z.nullable(z.enum(peerFailureReasons)),
      }),
    ),
  ),
});
export type SyncReport = z.infer<typeof syncReportSchema>;

export const syncRunSchema = z.object({
  id: z.int(),
  trigger: z.enum(syncTriggers),
  status: z.enum(syncRunStatuses),
  failure: z.nullable(z.enum([...peerFailureReasons, 'internal'])),
  startedAt: z.string(),
  finishedAt: z.nullable(z.string()),
  durationMs: z.nullable(z.int()),
  report: z.nullable(syncReportSchema),
});
export type SyncRun = z.infer<typeof syncRunSchema>;

export const syncRunListSchema = z.object({ runs: z.array(syncRunSchema) });

export const PRODUCTS_PAGE_SIZE = 50;

/** The products table's query: a page, and an optional search over title, variant, SKU and retailer id. */
export const productsQuerySchema = z.object({
  page: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(100_000)), 1),
  q: z._default(z.string().check(z.trim(), z.maxLength(200)), ''),
});

export const productsPageSchema = z.object({
  products: z.array(inventoryProductSchema),
  total: z.int(),
  page: z.int(),
  pageSize: z.int(),
});

/** 'Sync now' at most once a minute per inventory. */
export const SYNC_NOW_INTERVAL_MS = 60_000;
