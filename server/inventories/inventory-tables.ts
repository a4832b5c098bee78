// Inventories (a Shopify store linked to a Meta catalog), their products and their syncs.
// After a change: `npm run db:generate`, then commit the new migration in server/db/migrations/.
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { CatalogCheck, EcommerceType, InventoryStatus, PeerFailureReason, StoreCheck, SyncStatus } from '@/domain/inventory';
import type { InventoryProduct, SyncReport, SyncRunStatus, SyncTrigger } from '@/domain/inventory-sync';
import { accounts } from '../accounts/account-tables';

/**
 * Inventories: a Shopify store linked to a Meta commerce catalog. The Shopify token is sealed
 * (server/secrets/secret-box.ts, the row's id as context) and only its hint is ever read out; the
 * app's API secret key too, of which only whether it is set is.
 * `saved_steps`: 0 named only, 1 the store saved, 2 the catalog saved (configured).
 */
export const inventories = pgTable(
  'inventories',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    uid: text('uid')
      .notNull()
      .references(() => accounts.uid, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    ecommerceType: text('ecommerce_type').$type<EcommerceType>(),
    shopifyTokenSealed: text('shopify_token_sealed'),
    shopifyTokenHint: text('shopify_token_hint'),
    /** The store app's API secret key, which signs its webhooks: sealed like the token (context `{id}:api-secret`), never read out. */
    shopifyApiSecretSealed: text('shopify_api_secret_sealed'),
    /** The callback URL the store's order webhooks were subscribed to (server/order-events/); null: not subscribed. */
    orderWebhooksUrl: text('order_webhooks_url'),
    shopifyUrl: text('shopify_url').notNull().default(''),
    website: text('website').notNull().default(''),
    checkoutParams: text('checkout_params').notNull().default(''),
    trackingUrl: text('tracking_url').notNull().default(''),
    catalogId: text('catalog_id').notNull().default(''),
    /** 'The store is the source of truth': a sync pushes the store's price and availability to the catalog. */
    storeIsTruth: boolean('store_is_truth').notNull().default(false),
    store: jsonb('store').$type<StoreCheck>(),
    catalog: jsonb('catalog').$type<CatalogCheck>(),
    status: text('status').$type<InventoryStatus>().notNull().default('configuring'),
    savedSteps: integer('saved_steps').notNull().default(0),
    syncStatus: text('sync_status').$type<SyncStatus>().notNull().default('pending'),
    syncFailure: text('sync_failure').$type<PeerFailureReason>(),
    lastSyncedAt: timestamp('last_synced_at', { withTimezone: true }),
    /** The public catalog and cart pages' id: random, not the row's id. */
    publicId: text('public_id').notNull(),
    /** The `ref=` of its checkout links, which Shopify keeps as the order's referral code (random; a volatile default fills existing rows). */
    attributionCode: text('attribution_code')
      .notNull()
      .default(sql`'cat' || substr(md5(random()::text || clock_timestamp()::text), 1, 10)`),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('inventories_uid').on(table.uid, table.createdAt),
    uniqueIndex('inventories_uid_name').on(table.uid, sql`lower(${table.name})`),
    uniqueIndex('inventories_public_id').on(table.publicId),
    uniqueIndex('inventories_attribution_code').on(table.attributionCode),
    check('inventories_status_known', sql`${table.status} in ('configuring', 'configured')`),
    check('inventories_sync_status_known', sql`${table.syncStatus} in ('pending', 'syncing', 'synced', 'failed')`),
    check('inventories_saved_steps_range', sql`${table.savedSteps} between 0 and 2`),
  ],
);

/** An inventory's products as its last good sync left them (replaced whole by the next one). */
export const inventoryProducts = pgTable(
  'inventory_products',
  {
    inventoryId: uuid('inventory_id')
      .notNull()
      .references(() => inventories.id, { onDelete: 'cascade' }),
    /** `v:{variant id}`, or `c:{retailer id}` for a catalog item no variant backs. */
    key: text('key').notNull(),
    position: integer('position').notNull(),
    /** What a search looks in: title, variant, SKU and retailer id, lower case. */
    searchText: text('search_text').notNull(),
    product: jsonb('product').$type<InventoryProduct>().notNull(),
    /**
     * What an AI base's product match looks in (inventory-queries.ts, listableProductsMatching): the
     * search text without accents, for a listable product only (a retailer id, a variant, available).
     */
    matchText: text('match_text').generatedAlwaysAs(
      sql`case when product->>'retailerId' is not null and product->>'variantId' is not null and (product->>'available')::boolean then fold_accents(search_text) end`,
    ),
  },
  (table) => [
    primaryKey({ columns: [table.inventoryId, table.key] }),
    // A stem matched anywhere in a word ('%camiset%') within one inventory, by trigrams (pg_trgm; btree_gin
    // puts the inventory in the same index, so another merchant's catalog costs the match nothing).
    index('inventory_products_match').using('gin', table.inventoryId, table.matchText.op('gin_trgm_ops')),
    index('inventory_products_position').on(table.inventoryId, table.position),
    // A cart's lines name products by retailer id (the storefront's productsOf): without it each
    // order read all of its inventory's rows. Variant ids are found through the key instead.
    index('inventory_products_retailer_id').on(table.inventoryId, sql`(${table.product}->>'retailerId')`),
  ],
);

/** Each sync of an inventory: when, why, how long, what it found, or why it failed. */
export const inventorySyncRuns = pgTable(
  'inventory_sync_runs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    inventoryId: uuid('inventory_id')
      .notNull()
      .references(() => inventories.id, { onDelete: 'cascade' }),
    trigger: text('trigger').$type<SyncTrigger>().notNull(),
    status: text('status').$type<SyncRunStatus>().notNull().default('running'),
    failure: text('failure').$type<PeerFailureReason | 'internal'>(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    report: jsonb('report').$type<SyncReport>(),
  },
  (table) => [index('inventory_sync_runs_inventory').on(table.inventoryId, table.startedAt)],
);

/**
 * The rows a running sync builds (./inventories/sync-rows.ts), before they replace the inventory's
 * products: the store's variants as they are read, then the catalog's items matched against them
 * page by page, so a store of any size is matched in the database rather than in the server's memory.
 * They go with their run (promoted when it succeeds, deleted when it fails or is cleaned up).
 */
export const inventorySyncRows = pgTable(
  'inventory_sync_rows',
  {
    runId: bigint('run_id', { mode: 'number' })
      .notNull()
      .references(() => inventorySyncRuns.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    position: integer('position').notNull(),
    searchText: text('search_text').notNull(),
    /** A variant's SKU, trimmed and lower case, as a catalog's retailer id may name it; null for catalog rows. */
    sku: text('sku'),
    /** False for a variant of an archived or draft product: listed, never matched. */
    active: boolean('active').notNull(),
    product: jsonb('product').$type<InventoryProduct>().notNull(),
  },
  (table) => [primaryKey({ columns: [table.runId, table.key] }), index('inventory_sync_rows_sku').on(table.runId, table.sku)],
);
