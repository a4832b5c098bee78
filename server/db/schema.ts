// The database schema. After a change: `npm run db:generate`, then commit the new migration
// in server/db/migrations/ (applied at start on PGlite and PostgreSQL alike).
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { AiBaseFunction, AiBaseLanguage, AiBaseStatus, Instructions, Refinement, VoiceTone } from '../../domain/ai-base';
import {
  knowledgeFailureReasons,
  knowledgeFileKinds,
  knowledgeFileStatuses,
  type KnowledgeFailureReason,
  type KnowledgeFileKind,
  type KnowledgeFileStatus,
  type TextSearchConfig,
} from '../../domain/knowledge';
import type { ColumnOverride, KnowledgeFileNotes, LeftOutProduct, PassageFacts, TableColumn } from '../../domain/knowledge-columns';
import type { CatalogCheck, EcommerceType, InventoryStatus, PeerFailureReason, StoreCheck, SyncStatus } from '../../domain/inventory';
import type { InventoryProduct, SyncReport, SyncRunStatus, SyncTrigger } from '../../domain/inventory-sync';
import type { LeadRequestKind, SalesPlatform, StoreSegment } from '../../domain/lead-requests';
import type { Locale } from '../../domain/locales';
import {
  storefrontEventKinds,
  type CartLine,
  type CartSource,
  type OrderAttribution,
  type StorefrontEventKind,
} from '../../domain/storefront';
import {
  CONVERSATION_RETENTION_DAYS,
  channelAttentionReasons,
  channelStatuses,
  qualityRatings,
  type ChannelAttentionReason,
  type ChannelStatus,
  type QualityRating,
} from '../../domain/channel';
import { messageStatuses, type InboundContent, type MessageStatus } from '../../domain/whatsapp-webhook';
import { defaultPlanId, mediaTypes, planIds, type MediaType, type PlanId } from '../../domain/plans';
import type { CitedPassage } from '../../domain/refinement-chat';
import {
  whatsappReplyFailures,
  whatsappReplyKinds,
  whatsappReplyOutcomes,
  type WhatsappReplyFailure,
  type WhatsappReplyKind,
  type WhatsappReplyOutcome,
  type WhatsappReplyPart,
} from '../../domain/whatsapp-reply';

/** One account per Firebase user (the uid); every other record belongs to one account. */
export const accounts = pgTable(
  'accounts',
  {
    uid: text('uid').primaryKey(),
    /** The email the token carried when last seen; for the admin list, Firebase stays the authority. */
    email: text('email'),
    plan: text('plan').$type<PlanId>().notNull().default(defaultPlanId),
    /**
     * The IANA zone the dashboard's days are cut in (null until set: the first dashboard load adopts
     * the browser's). Changing it recounts the account's rollups (server/dashboard/time-zone-change.ts).
     */
    timeZone: text('time_zone'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check('accounts_plan_known', sql`${table.plan} in (${sql.raw(planIds.map((id) => `'${id}'`).join(', '))})`)],
);

/** Counters of metered use per account and calendar month (UTC); rows appear with the first use. */
export const accountMonthlyUsage = pgTable(
  'account_monthly_usage',
  {
    uid: text('uid')
      .notNull()
      .references(() => accounts.uid, { onDelete: 'cascade' }),
    /** The month's first day. */
    month: date('month', { mode: 'string' }).notNull(),
    trainings: integer('trainings').notNull().default(0),
    queries: integer('queries').notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.uid, table.month] }),
    check('account_monthly_usage_first_day', sql`extract(day from ${table.month}) = 1`),
  ],
);

/**
 * The landing page's contact and material requests (public forms, no account). A repeated
 * identical request is one row: `fingerprint` is a hash of what was sent, and a repeat only
 * counts up `submissions` and moves `last_submitted_at`.
 */
export const leadRequests = pgTable(
  'lead_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').$type<LeadRequestKind>().notNull(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    /** E.164. */
    phone: text('phone').notNull(),
    position: text('position').notNull(),
    segment: text('segment').$type<StoreSegment>(),
    website: text('website').notNull(),
    platform: text('platform').$type<SalesPlatform>().notNull(),
    privacyConsent: boolean('privacy_consent').notNull(),
    whatsappConsent: boolean('whatsapp_consent').notNull(),
    /** The language of the page the request came from (and to answer in). */
    locale: text('locale').$type<Locale>().notNull(),
    fingerprint: text('fingerprint').notNull(),
    submissions: integer('submissions').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSubmittedAt: timestamp('last_submitted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('lead_requests_kind_fingerprint').on(table.kind, table.fingerprint),
    index('lead_requests_created_at').on(table.createdAt),
    check('lead_requests_kind_known', sql`${table.kind} in ('contact', 'material')`),
    check('lead_requests_privacy_consent_given', sql`${table.privacyConsent}`),
  ],
);

/**
 * AI bases, one account's each. `version` counts saves; every saved state is also kept in
 * ai_base_versions, so a save can be reverted. `saved_steps` (0–3) is how far the wizard got.
 */
export const aiBases = pgTable(
  'ai_bases',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    uid: text('uid')
      .notNull()
      .references(() => accounts.uid, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    function: text('function').$type<AiBaseFunction>().notNull(),
    language: text('language').$type<AiBaseLanguage>().notNull(),
    voiceTone: text('voice_tone').$type<VoiceTone>().notNull(),
    personalized: boolean('personalized').notNull(),
    instructions: text('instructions').notNull().default(''),
    expectedInputs: text('expected_inputs').notNull().default(''),
    blockedTerms: jsonb('blocked_terms').$type<string[]>().notNull().default([]),
    creativity: integer('creativity').notNull(),
    model: text('model').notNull(),
    status: text('status').$type<AiBaseStatus>().notNull().default('training'),
    savedSteps: integer('saved_steps').notNull().default(1),
    /**
     * The month (its first day) of the training the base's uploads are part of, until step 2 is
     * saved: one training is the files uploaded together, not each file. Null: none open.
     */
    openTrainingMonth: date('open_training_month', { mode: 'string' }),
    channels: jsonb('channels').$type<string[]>().notNull().default(['whatsapp']),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('ai_bases_uid').on(table.uid, table.createdAt),
    // One name per account, whatever the case: the list and the chat flows tell bases apart by it.
    uniqueIndex('ai_bases_uid_name').on(table.uid, sql`lower(${table.name})`),
    check('ai_bases_status_known', sql`${table.status} in ('training', 'active', 'inactive')`),
    check('ai_bases_saved_steps_range', sql`${table.savedSteps} between 0 and 3`),
  ],
);

/** What a save wrote: the editable fields of an AI base at that version. */
export type AiBaseSnapshot = Instructions & Refinement & { savedSteps: number };

export const aiBaseVersions = pgTable(
  'ai_base_versions',
  {
    baseId: uuid('base_id')
      .notNull()
      .references(() => aiBases.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    snapshot: jsonb('snapshot').$type<AiBaseSnapshot>().notNull(),
    savedAt: timestamp('saved_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.baseId, table.version] })],
);

const sqlList = (values: readonly string[]) => sql.raw(values.map((value) => `'${value}'`).join(', '));

/** PostgreSQL's text search configuration type (its name as text on the wire). */
const regconfig = customType<{ data: TextSearchConfig; driverData: string }>({
  dataType: () => 'regconfig',
});
/** A full-text search document; only ever computed by the database. */
const tsvector = customType<{ data: string; driverData: string }>({
  dataType: () => 'tsvector',
});

/**
 * The files of an AI base's knowledge base. The bytes live on disk at `stored_path` (relative to
 * DATA_DIR, made by the server: uploads/<uid>/<base id>/<file id>); `status` runs uploaded →
 * processing (with `progress`) → ready (with `passage_count`) or failed (with `failure_reason`).
 */
export const knowledgeFiles = pgTable(
  'knowledge_files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    baseId: uuid('base_id')
      .notNull()
      .references(() => aiBases.id, { onDelete: 'cascade' }),
    uid: text('uid')
      .notNull()
      .references(() => accounts.uid, { onDelete: 'cascade' }),
    originalName: text('original_name').notNull(),
    kind: text('kind').$type<KnowledgeFileKind>().notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    storedPath: text('stored_path').notNull(),
    status: text('status').$type<KnowledgeFileStatus>().notNull().default('uploaded'),
    progress: integer('progress').notNull().default(0),
    passageCount: integer('passage_count').notNull().default(0),
    failureReason: text('failure_reason').$type<KnowledgeFailureReason>(),
    /** A table file's columns with their roles, as last read (empty for a PDF). */
    columns: jsonb('columns').$type<TableColumn[]>().notNull().default([]),
    /** The roles the merchant chose in step 2: they win over the importer's guesses when the file is read (again). */
    columnOverrides: jsonb('column_overrides').$type<ColumnOverride[]>().notNull().default([]),
    /** What the import noticed (counts only): products, skipped products, scanned pages… */
    notes: jsonb('notes').$type<KnowledgeFileNotes>().notNull().default({}),
    /** Products the file holds that the knowledge leaves out (archived, draft, unpublished), by name: never shown, never a passage. */
    leftOutProducts: jsonb('left_out_products').$type<LeftOutProduct[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('knowledge_files_base').on(table.baseId, table.createdAt),
    check('knowledge_files_kind_known', sql`${table.kind} in (${sqlList(knowledgeFileKinds)})`),
    check('knowledge_files_status_known', sql`${table.status} in (${sqlList(knowledgeFileStatuses)})`),
    check('knowledge_files_reason_known', sql`${table.failureReason} in (${sqlList(knowledgeFailureReasons)})`),
    check('knowledge_files_progress_range', sql`${table.progress} between 0 and 100`),
  ],
);

/** The generated `search` column's expression (migration 0008). */
const passageSearchDocument = sql`setweight(to_tsvector("language", fold_accents(coalesce("facts"->>'name', "facts"->>'question', ''))), 'A') || to_tsvector("language", fold_accents(CASE WHEN "source_label" ~ '[[:<:]]row [0-9]+' THEN regexp_replace("content", '^[^:[:cntrl:]]{1,60}:[[:blank:]]+', '', 'gn') ELSE "content" END)) || array_to_tsvector(array['base:' || "base_id"::text])`;

/**
 * What the answerer searches: one passage per table row (with its column headers) or per PDF
 * paragraph. `language` is the base's text search configuration; `search` is computed from it by
 * the database, and a trigger (migration 0003) follows the base when its language changes.
 * `search` also holds the lexeme 'base:<base id>' (migration 0005; see knowledge-store.ts).
 */
export const passages = pgTable(
  'passages',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /**
     * Its file's base, copied for search. No foreign key of its own: the file's cascades from the
     * base already, and each key is a check per row written, which a big import pays hundreds of
     * thousands of times (migration 0021).
     */
    baseId: uuid('base_id').notNull(),
    fileId: uuid('file_id')
      .notNull()
      .references(() => knowledgeFiles.id, { onDelete: 'cascade' }),
    uid: text('uid').notNull(),
    /** Order within the file. */
    position: integer('position').notNull(),
    /** "row 12", "Sheet1, row 12", "page 3". */
    sourceLabel: text('source_label').notNull(),
    /** Only what shoppers may see: a private column's values are never stored. */
    content: text('content').notNull(),
    /** What the passage means when the importer knows: a product with its fields, or an answer. */
    facts: jsonb('facts').$type<PassageFacts>(),
    language: regconfig('language').notNull(),
    search: tsvector('search')
      .notNull()
      // The text's lexemes without accents (fold_accents, migration 0008): a product's name or an
      // answer's question weighted A, a table row's values without their column names (a header
      // word like 'Preço' would match every row); and one lexeme naming the base ('base:<id>'): a
      // search asks the GIN index for both at once, so it reads only its base's matches however
      // many bases share the table.
      .generatedAlwaysAs(passageSearchDocument),
  },
  (table) => [
    index('passages_search').using('gin', table.search),
    index('passages_base').on(table.baseId, table.id),
    index('passages_file').on(table.fileId, table.position),
  ],
);

/**
 * How many passages of a file hold each lexeme (PostgreSQL's ts_stat over its search documents,
 * refreshed when the file is ready and when its base's language changes): a search looks up its
 * words' counts to find candidates by its rarest words and to rank by how rare each word is.
 */
export const passageLexemes = pgTable(
  'passage_lexemes',
  {
    fileId: uuid('file_id')
      .notNull()
      .references(() => knowledgeFiles.id, { onDelete: 'cascade' }),
    baseId: uuid('base_id').notNull(),
    lexeme: text('lexeme').notNull(),
    passages: integer('passages').notNull(),
  },
  (table) => [primaryKey({ columns: [table.fileId, table.lexeme] }), index('passage_lexemes_base').on(table.baseId, table.lexeme)],
);

/**
 * The background job queue, shared by every server process: a worker claims a due job with
 * `FOR UPDATE SKIP LOCKED` and holds it by a lease (`locked_until`) it renews while it works; a
 * job whose worker died is claimed again when the lease runs out. Finished jobs are deleted.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    queue: text('queue').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    status: text('status').$type<'queued' | 'running'>().notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(3),
    runAfter: timestamp('run_after', { withTimezone: true }).notNull().defaultNow(),
    lockedBy: text('locked_by'),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('jobs_due').on(table.queue, table.status, table.runAfter),
    // One sync per inventory at a time: another (Sync now, the hour's) is not queued while one is queued or running.
    uniqueIndex('jobs_one_sync_per_inventory')
      .on(sql`(${table.payload}->>'inventoryId')`)
      .where(sql`${table.queue} = 'inventory-sync'`),
    // One retention sweep queued or running at a time, whichever process's scheduler queued it.
    uniqueIndex('jobs_one_conversation_retention')
      .on(table.queue)
      .where(sql`${table.queue} = 'conversation-retention'`),
    check('jobs_status_known', sql`${table.status} in ('queued', 'running')`),
  ],
);

/**
 * Inventories: a Shopify store linked to a Meta commerce catalog. The Shopify token is sealed
 * (server/secrets/secret-box.ts, the row's id as context) and only its hint is ever read out.
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
  },
  (table) => [
    primaryKey({ columns: [table.inventoryId, table.key] }),
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

/**
 * Carts a shopper made (the catalog page's checkout, an `items=` link) or a WhatsApp order brought
 * (the public order-to-cart API): the short random id a cart summary URL and the checkout's
 * `attributes[catalyst_cart]` carry, and its lines as chosen.
 */
export const carts = pgTable(
  'carts',
  {
    id: text('id').primaryKey(),
    inventoryId: uuid('inventory_id')
      .notNull()
      .references(() => inventories.id, { onDelete: 'cascade' }),
    source: text('source').$type<CartSource>().notNull(),
    lines: jsonb('lines').$type<CartLine[]>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('carts_inventory').on(table.inventoryId, table.createdAt)],
);

/**
 * What shoppers did on the public pages, append-only: a catalog access, a cart view, a checkout
 * click, with the page's language and a random visitor id the browser keeps (no address, no
 * personal data); and each catalog (or product list) the WhatsApp answerer sent, with the base's
 * language and a pseudonym of the shopper on the channel as visitor id. The dashboard's daily
 * figures are rolled up from here.
 */
export const storefrontEvents = pgTable(
  'storefront_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    inventoryId: uuid('inventory_id')
      .notNull()
      .references(() => inventories.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<StorefrontEventKind>().notNull(),
    locale: text('locale').$type<Locale>().notNull(),
    visitorId: text('visitor_id').notNull(),
    cartId: text('cart_id'),
    /** The WhatsApp number a catalog_sent went out on (null for the public pages' events). No foreign key: events are append-only. */
    channelId: uuid('channel_id'),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('storefront_events_inventory').on(table.inventoryId, table.occurredAt),
    check('storefront_events_kind_known', sql`${table.kind} in (${sqlList(storefrontEventKinds)})`),
  ],
);

/**
 * The store's orders that came from a Catalyst cart (read by each sync; idempotent by order id):
 * its value now (net of refunds, 0 once cancelled), currency and time. `cart_id` is null when only
 * the referral code tied it to the inventory.
 */
export const attributedOrders = pgTable(
  'attributed_orders',
  {
    inventoryId: uuid('inventory_id')
      .notNull()
      .references(() => inventories.id, { onDelete: 'cascade' }),
    /** Shopify's order id (`gid://shopify/Order/…`). */
    orderId: text('order_id').notNull(),
    cartId: text('cart_id'),
    attributedBy: text('attributed_by').$type<OrderAttribution>().notNull(),
    valueMinor: bigint('value_minor', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    orderedAt: timestamp('ordered_at', { withTimezone: true }).notNull(),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.inventoryId, table.orderId] }),
    index('attributed_orders_ordered').on(table.inventoryId, table.orderedAt),
  ],
);

/**
 * WhatsApp numbers connected to the Cloud API, one account's each; a number (its phone
 * number id) is connected once, whatever the account. The access token and the app secret are
 * sealed (server/secrets/secret-box.ts, the row's id as context); of the verify token only its
 * SHA-256 is kept, for the webhook's verification to find the channel by (the clear one is shown once).
 */
export const channels = pgTable(
  'channels',
  {
    id: uuid('id').primaryKey(),
    uid: text('uid')
      .notNull()
      .references(() => accounts.uid, { onDelete: 'cascade' }),
    phoneNumberId: text('phone_number_id').notNull(),
    wabaId: text('waba_id').notNull(),
    displayPhoneNumber: text('display_phone_number').notNull(),
    verifiedName: text('verified_name').notNull().default(''),
    qualityRating: text('quality_rating').$type<QualityRating>().notNull().default('unknown'),
    accessTokenSealed: text('access_token_sealed').notNull(),
    accessTokenHint: text('access_token_hint').notNull(),
    appSecretSealed: text('app_secret_sealed').notNull(),
    /** Hex SHA-256 of the verify token. */
    verifyTokenHash: text('verify_token_hash').notNull(),
    /** Null once the base is deleted: the channel cannot answer until another is chosen. */
    aiBaseId: uuid('ai_base_id').references(() => aiBases.id, {
      onDelete: 'set null',
    }),
    inventoryId: uuid('inventory_id').references(() => inventories.id, {
      onDelete: 'set null',
    }),
    status: text('status').$type<ChannelStatus>().notNull().default('active'),
    attentionReason: text('attention_reason').$type<ChannelAttentionReason>(),
    webhookVerifiedAt: timestamp('webhook_verified_at', { withTimezone: true }),
    /** Days its conversations (messages, replies, collected inputs) are kept (server/channels/conversation-retention.ts). */
    retentionDays: integer('retention_days').notNull().default(CONVERSATION_RETENTION_DAYS.default),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('channels_uid').on(table.uid, table.createdAt),
    uniqueIndex('channels_phone_number_id').on(table.phoneNumberId),
    uniqueIndex('channels_verify_token_hash').on(table.verifyTokenHash),
    check('channels_status_known', sql`${table.status} in (${sqlList(channelStatuses)})`),
    check('channels_attention_reason_known', sql`${table.attentionReason} in (${sqlList(channelAttentionReasons)})`),
    // A reason exactly when the channel needs attention.
    check('channels_attention_reason_given', sql`(${table.status} = 'needs_attention') = (${table.attentionReason} is not null)`),
    check('channels_quality_rating_known', sql`${table.qualityRating} in (${sqlList(qualityRatings)})`),
    check(
      'channels_retention_days_range',
      sql`${table.retentionDays} between ${sql.raw(String(CONVERSATION_RETENTION_DAYS.min))} and ${sql.raw(
        String(CONVERSATION_RETENTION_DAYS.max),
      )}`,
    ),
  ],
);

/**
 * Messages shoppers sent to a channel, as the webhook received them: Meta's message id (unique per
 * channel, so a redelivery is recognised and answered once), the sender (where the reply goes), the
 * time and what the answerer needs of the content (server/channels/channel-store.ts). Nothing else
 * of the shopper is kept (no profile name); the rows go with their channel.
 */
export const whatsappInboundMessages = pgTable(
  'whatsapp_inbound_messages',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    channelId: uuid('channel_id')
      .notNull()
      .references(() => channels.id, { onDelete: 'cascade' }),
    messageId: text('message_id').notNull(),
    sender: text('sender').notNull(),
    type: text('type').$type<InboundContent['type']>().notNull(),
    content: jsonb('content').$type<InboundContent>().notNull(),
    replyTo: text('reply_to'),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('whatsapp_inbound_messages_channel_message').on(table.channelId, table.messageId),
    index('whatsapp_inbound_messages_received').on(table.channelId, table.receivedAt),
  ],
);

/**
 * The delivery statuses Meta reported for the messages a channel sent (sent, delivered, read,
 * failed with its error code), one row per message and status (a redelivery adds nothing): the
 * dashboard counts them.
 */
export const whatsappMessageStatuses = pgTable(
  'whatsapp_message_statuses',
  {
    channelId: uuid('channel_id')
      .notNull()
      .references(() => channels.id, { onDelete: 'cascade' }),
    messageId: text('message_id').notNull(),
    status: text('status').$type<MessageStatus>().notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    /** Meta's first error code of a failed message. */
    errorCode: integer('error_code'),
  },
  (table) => [
    primaryKey({ columns: [table.channelId, table.messageId, table.status] }),
    index('whatsapp_message_statuses_occurred').on(table.channelId, table.occurredAt),
    check('whatsapp_message_statuses_status_known', sql`${table.status} in (${sqlList(messageStatuses)})`),
  ],
);

// ---------------------------------------------------------------------------------------------
// Replies to shoppers on WhatsApp and AI requests (the whatsapp-inbound worker writes them).
// ---------------------------------------------------------------------------------------------

/**
 * What the AI base did with each shopper's message (server/channels/inbound-worker.ts), one row per
 * inbound message: the outcome, the reply's text and the knowledge passages it used (for the
 * merchant's conversation page; the shopper never sees them), the messages it was sent as with the
 * id Meta gave each (a retry sends only those without one, so a message is never answered twice),
 * and why it failed. `sender` repeats the message's, so a conversation's exchanges are read by index.
 */
export const whatsappReplies = pgTable(
  'whatsapp_replies',
  {
    inboundMessageId: bigint('inbound_message_id', { mode: 'number' })
      .primaryKey()
      .references(() => whatsappInboundMessages.id, { onDelete: 'cascade' }),
    channelId: uuid('channel_id')
      .notNull()
      .references(() => channels.id, { onDelete: 'cascade' }),
    sender: text('sender').notNull(),
    outcome: text('outcome').$type<WhatsappReplyOutcome>().notNull(),
    kind: text('kind').$type<WhatsappReplyKind>(),
    /** The reply's text as the shopper reads it; null when nothing was to be sent. */
    text: text('text'),
    passages: jsonb('passages').$type<CitedPassage[]>().notNull().default([]),
    /** The model that answered (`builtin-retrieval` or the endpoint's); null for a fixed line. */
    model: text('model'),
    parts: jsonb('parts').$type<WhatsappReplyPart[]>().notNull().default([]),
    failure: text('failure').$type<WhatsappReplyFailure>(),
    /** Meta's error code, or the HTTP status of a server failure, when the failure has one. */
    errorCode: integer('error_code'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** When its last message went. */
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (table) => [
    index('whatsapp_replies_conversation').on(table.channelId, table.sender, table.inboundMessageId),
    check('whatsapp_replies_outcome_known', sql`${table.outcome} in (${sqlList(whatsappReplyOutcomes)})`),
    check('whatsapp_replies_kind_known', sql`${table.kind} in (${sqlList(whatsappReplyKinds)})`),
    check('whatsapp_replies_failure_known', sql`${table.failure} in (${sqlList(whatsappReplyFailures)})`),
  ],
);

/**
 * AI requests, append-only: each message an AI base answered on a channel, with its media type and
 * whether it was past the plan's monthly allowance (`extra`: answered all the same, billed apart).
 * The month's total is also counted in account_monthly_usage.queries; the dashboard counts these
 * rows by day and media type. One per inbound message at most (a retry counts nothing more).
 */
export const aiRequests = pgTable(
  'ai_requests',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    uid: text('uid')
      .notNull()
      .references(() => accounts.uid, { onDelete: 'cascade' }),
    aiBaseId: uuid('ai_base_id').references(() => aiBases.id, {
      onDelete: 'set null',
    }),
    channelId: uuid('channel_id').references(() => channels.id, {
      onDelete: 'set null',
    }),
    inboundMessageId: bigint('inbound_message_id', {
      mode: 'number',
    }).references(() => whatsappInboundMessages.id, {
      onDelete: 'set null',
    }),
    mediaType: text('media_type').$type<MediaType>().notNull(),
    extra: boolean('extra').notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('ai_requests_uid').on(table.uid, table.occurredAt),
    uniqueIndex('ai_requests_inbound_message').on(table.inboundMessageId),
    check('ai_requests_media_type_known', sql`${table.mediaType} in (${sqlList(mediaTypes)})`),
  ],
);

/**
 * What a qualifier AI base collected from a shopper (server/channels/qualifier.ts), one row per
 * channel, shopper and expected input: the value once given (null while the question is pending),
 * the inbound message whose reply asked it and the one that answered it (plain ids, not references:
 * a retry of that message recognises its own writes; the messages go sooner under retention), and
 * when. The conversation page shows the values; they go with the channel, or after its retention.
 */
export const whatsappConversationInputs = pgTable(
  'whatsapp_conversation_inputs',
  {
    channelId: uuid('channel_id')
      .notNull()
      .references(() => channels.id, { onDelete: 'cascade' }),
    sender: text('sender').notNull(),
    /** The input's name as the base's expected inputs write it. */
    name: text('name').notNull(),
    value: text('value'),
    askedBy: bigint('asked_by', { mode: 'number' }),
    answeredBy: bigint('answered_by', { mode: 'number' }),
    collectedAt: timestamp('collected_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.channelId, table.sender, table.name] }),
    index('whatsapp_conversation_inputs_updated').on(table.channelId, table.updatedAt),
  ],
);

// ---------------------------------------------------------------------------------------------
// The dashboard's rollups.
// ---------------------------------------------------------------------------------------------

/**
 * What happened, summed per account, day and source: the inventory, AI base and WhatsApp number it
 * came through (null where the event has none), and for orders their currency ('' on rows without
 * money). The day is the account's, cut in its time zone (accounts.time_zone, UTC until set), so a
 * 90-day page load reads a few hundred rows; changing the zone recounts the account's rows from the
 * raw events (server/dashboard/time-zone-change.ts).
 *
 * Kept by triggers (migrations 0019–0020, `dashboard_rollup_*`) in the transaction that writes the
 * events, whatever code writes them: storefront_events and ai_requests add their batch's counts; an
 * attributed order's insert adds it and its update (a refund, a cancellation, a late sync) takes
 * the old row's contribution off and adds the new one, on the day the order was placed. An
 * inventory's deletion zeroes its shop figures (its raw events go with it) and keeps the AI requests.
 */
export const dashboardRollups = pgTable(
  'dashboard_rollups',
  {
    uid: text('uid')
      .notNull()
      .references(() => accounts.uid, { onDelete: 'cascade' }),
    /** The day in the account's time zone. */
    day: date('day', { mode: 'string' }).notNull(),
    // No foreign keys: a deleted base's or number's requests still cost what they cost.
    inventoryId: uuid('inventory_id'),
    aiBaseId: uuid('ai_base_id'),
    channelId: uuid('channel_id'),
    currency: text('currency').notNull().default(''),
    accesses: integer('accesses').notNull().default(0),
    cartViews: integer('cart_views').notNull().default(0),
    checkouts: integer('checkouts').notNull().default(0),
    catalogsSent: integer('catalogs_sent').notNull().default(0),
    orders: integer('orders').notNull().default(0),
    orderValueMinor: bigint('order_value_minor', { mode: 'number' }).notNull().default(0),
    requestsText: integer('requests_text').notNull().default(0),
    requestsVision: integer('requests_vision').notNull().default(0),
    requestsFile: integer('requests_file').notNull().default(0),
    requestsVoice: integer('requests_voice').notNull().default(0),
    extraRequests: integer('extra_requests').notNull().default(0),
  },
  (table) => [
    // The triggers' upsert target, and the dashboard's read (an account's days in a range).
    unique('dashboard_rollups_key')
      .on(table.uid, table.day, table.inventoryId, table.aiBaseId, table.channelId, table.currency)
      .nullsNotDistinct(),
  ],
);
