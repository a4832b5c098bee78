// Inventories in the database. Every query is keyed by the caller's uid, so another account's id
// finds nothing (the routes answer 404). A save names the version it edits: a stale one means
// another tab saved first, and the save is refused instead of overwriting it. The Shopify token is
// sealed with the row's id as context and read back only by `shopifyToken` (checks and syncs); the
// app's API secret key with `{id}:api-secret`, read back only by `orderWebhookSecret` (the webhook's
// signature check). Whether the store's orders come by webhook is worked out from the row and the
// site's public address (server/order-events/). Deleting an inventory, removing its secret, or
// changing its store or token queues, in the same transaction, the removal of the order webhooks its
// store may still send (server/order-events/order-webhook-removal.ts).
import { randomBytes } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import {
  inventorySteps,
  ORDER_POLL_MINUTES,
  tokenHint,
  type CatalogCheck,
  type Integration,
  type Inventory,
  type OrderEventDelivery,
  type StoreCheck,
} from '@/domain/inventory';
import type { Db } from '../db/database';
import { inventories } from './inventory-tables';
import type { SecretBox } from '../secrets/secret-box';
import { jobQueue } from '../jobs/job-queue';
import { orderWebhookUrl } from '../order-events/order-webhook-address';
import { queueOrderWebhookRemoval, type OrderWebhookRemoval, type OrderWebhookRemovalReason } from '../order-events/order-webhook-removal';

type Row = typeof inventories.$inferSelect;

/** Why a change was refused; the routes turn each into its HTTP answer. */
export class InventoryRefusal extends Error {
  constructor(
    readonly reason: 'not_found' | 'version_conflict' | 'name_taken' | 'token_required' | 'incomplete',
    readonly currentVersion?: number,
  ) {
    super(reason);
  }
}

/** What the API secret key of an inventory is sealed for: not the token's context, so neither opens as the other. */
export const apiSecretContext = (inventoryId: string) => `${inventoryId}:api-secret`;

/**
 * `webhooks` when the inventory has an API secret key and its store's order webhooks are subscribed to
 * this site's public address (`publicOrigin`, null: none); `polling` otherwise.
 */
export function orderEventsOf(
  row: Pick<Row, 'id' | 'shopifyApiSecretSealed' | 'orderWebhooksUrl'>,
  publicOrigin: string | null,
): OrderEventDelivery {
  return row.shopifyApiSecretSealed !== null && publicOrigin !== null && row.orderWebhooksUrl === orderWebhookUrl(publicOrigin, row.id)
    ? 'webhooks'
    : 'polling';
}

function viewOf(row: Row, publicOrigin: string | null, orderPollSeconds: number): Inventory {
  const orderEvents = orderEventsOf(row, publicOrigin);
  return {
    id: row.id,
    name: row.name,
    ecommerceType: row.ecommerceType,
    shopifyTokenHint: row.shopifyTokenHint,
    shopifyApiSecretSet: row.shopifyApiSecretSealed !== null,
    orderEvents,
    orderPollSeconds: orderEvents === 'polling' ? orderPollSeconds : null,
    shopifyUrl: row.shopifyUrl,
    website: row.website,
    checkoutParams: row.checkoutParams,
    trackingUrl: row.trackingUrl,
    catalogId: row.catalogId,
    storeIsTruth: row.storeIsTruth,
    store: row.store,
    catalog: row.catalog,
    status: row.status,
    step: inventorySteps[Math.min(row.savedSteps, inventorySteps.length - 1)]!,
    syncStatus: row.syncStatus,
    syncFailure: row.syncFailure,
    lastSyncedAt: row.lastSyncedAt?.toISOString() ?? null,
    publicId: row.publicId,
    attributionCode: row.attributionCode,
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The unique (uid, lower(name)) index refused the write. */
function isNameTaken(error: unknown): boolean {
  const cause = (error as { cause?: unknown }).cause ?? error;
  return (
    (cause as { code?: unknown }).code === '23505' &&
    String((cause as { constraint?: unknown }).constraint ?? (cause as Error).message).includes('inventories_uid_name')
  );
}

async function namingChecked<T>(write: Promise<T>): Promise<T> {
  try {
    return await write;
  } catch (error) {
    if (isNameTaken(error)) throw new InventoryRefusal('name_taken');
    throw error;
  }
}

/** Whether `sealed` opens (for `context`) to `plain`; a value that does not open is another. */
function sealsOf(secrets: SecretBox, sealed: string, context: string, plain: string): boolean {
  try {
    return secrets.open(sealed, context) === plain;
  } catch {
    return false;
  }
}

/** 128 random bits, URL-safe: the public pages' id cannot be guessed from another. */
const newPublicId = () => randomBytes(16).toString('base64url');

export type InventoryStoreOptions = {
  /** The site's public origin the stores' webhooks reach (server/order-events/order-webhook-address.ts); null: none. */
  publicOrigin?: string | null;
  /** How many seconds apart the orders of an inventory without webhooks are read (ORDER_POLL_SECONDS): its answer says so. */
  orderPollSeconds?: number;
};

export function inventoryStore(
  db: Db,
  secrets: SecretBox,
  { publicOrigin = null, orderPollSeconds = ORDER_POLL_MINUTES * 60 }: InventoryStoreOptions = {},
) {
  const view = (row: Row) => viewOf(row, publicOrigin, orderPollSeconds);
  const queue = jobQueue(db);
  const mine = (uid: string, id: string) => and(eq(inventories.uid, uid), eq(inventories.id, id));

  /**
   * The removal of the order webhooks the row (as it was before a change) may have subscribed: at the
   * URL recorded, and at this site's when a secret was saved (a subscription that failed halfway
   * records none); null when it has no store or no such URL.
   */
  const webhooksOf = (row: Row, reason: OrderWebhookRemovalReason): OrderWebhookRemoval | null => {
    if (!row.shopifyTokenSealed || !row.shopifyUrl) return null;
    const urls = new Set<string>();
    if (row.orderWebhooksUrl) urls.add(row.orderWebhooksUrl);
    if (row.shopifyApiSecretSealed && publicOrigin) urls.add(orderWebhookUrl(publicOrigin, row.id));
    if (urls.size === 0) return null;
    return { inventoryId: row.id, reason, shopifyUrl: row.shopifyUrl, tokenSealed: row.shopifyTokenSealed, callbackUrls: [...urls] };
  };

  /**
   * Runs `change` on the locked row if `expectedVersion` is current; writes what it returns as the
   * next version, and queues the webhooks' removal `change` asks for, in the same transaction.
   */
  async function saveVersion(
    uid: string,
    id: string,
    expectedVersion: number,
    change: (row: Row) => Partial<Row> & { removal?: OrderWebhookRemoval | null },
  ): Promise<Inventory> {
    return namingChecked(
      db.transaction(async (tx) => {
        const [row] = await tx.select().from(inventories).where(mine(uid, id)).for('update');
        if (!row) throw new InventoryRefusal('not_found');
        if (row.version !== expectedVersion) throw new InventoryRefusal('version_conflict', row.version);
        const { removal, ...fields } = change(row);
        const [saved] = await tx
          .update(inventories)
          .set({ ...fields, version: row.version + 1, updatedAt: new Date() })
          .where(mine(uid, id))
          .returning();
        if (removal) await queueOrderWebhookRemoval(queue, tx, removal);
        return view(saved!);
      }),
    );
  }

  return {
    async list(uid: string): Promise<Inventory[]> {
      const rows = await db
        .select()
        .from(inventories)
        .where(eq(inventories.uid, uid))
        .orderBy(asc(inventories.createdAt), asc(inventories.id));
      return rows.map(view);
    },

    async get(uid: string, id: string): Promise<Inventory | null> {
      const [row] = await db.select().from(inventories).where(mine(uid, id));
      return row ? view(row) : null;
    },

    /** 'Configure new inventory': the name first; the wizard fills the rest. */
    async create(uid: string, name: string): Promise<Inventory> {
      const [row] = await namingChecked(db.insert(inventories).values({ uid, name, publicId: newPublicId() }).returning());
      return view(row!);
    },

    /** The stored token, opened (for a check or a sync); null when none is stored. */
    async shopifyToken(uid: string, id: string): Promise<string | null> {
      const [row] = await db.select({ sealed: inventories.shopifyTokenSealed }).from(inventories).where(mine(uid, id));
      if (!row) throw new InventoryRefusal('not_found');
      return row.sealed ? secrets.open(row.sealed, id) : null;
    },

    /**
     * Step 1, Integration, with what the store check found. An empty token keeps the stored one
     * (the screens never get it back); none stored and none given is refused.
     */
    saveIntegration(uid: string, id: string, expectedVersion: number, integration: Integration, store: StoreCheck): Promise<Inventory> {
      const { shopifyToken, shopifyApiSecret, ...fields } = integration;
      return saveVersion(uid, id, expectedVersion, (row) => {
        if (!shopifyToken && !row.shopifyTokenSealed) throw new InventoryRefusal('token_required');
        // Another store, token or secret: the webhooks subscribed so far may not be this store app's (subscribed again after the save).
        const resubscribe = Boolean(shopifyToken || shopifyApiSecret) || fields.shopifyUrl !== row.shopifyUrl;
        // Another store or token (not the same one typed again): the old one's webhooks go.
        const storeChanged =
          fields.shopifyUrl !== row.shopifyUrl ||
          (Boolean(shopifyToken) && row.shopifyTokenSealed !== null && !sealsOf(secrets, row.shopifyTokenSealed, id, shopifyToken));
        return {
          removal: storeChanged ? webhooksOf(row, 'store_changed') : null,
          ...fields,
          ...(shopifyToken ? { shopifyTokenSealed: secrets.seal(shopifyToken, id), shopifyTokenHint: tokenHint(shopifyToken) } : {}),
          ...(shopifyApiSecret ? { shopifyApiSecretSealed: secrets.seal(shopifyApiSecret, apiSecretContext(id)) } : {}),
          ...(resubscribe ? { orderWebhooksUrl: null } : {}),
          store,
          savedSteps: Math.max(row.savedSteps, 1),
        };
      });
    },

    /** The API secret key that signs the inventory's store webhooks, opened; null when the inventory or its secret does not exist. */
    async orderWebhookSecret(id: string): Promise<string | null> {
      const [row] = await db.select({ sealed: inventories.shopifyApiSecretSealed }).from(inventories).where(eq(inventories.id, id));
      return row?.sealed ? secrets.open(row.sealed, apiSecretContext(id)) : null;
    },

    /** Step 2, Inventory: the catalog, with what its check found; the inventory is configured, its first sync pending. */
    saveCatalog(
      uid: string,
      id: string,
      expectedVersion: number,
      catalogId: string,
      catalog: CatalogCheck,
      storeIsTruth?: boolean,
    ): Promise<Inventory> {
      return saveVersion(uid, id, expectedVersion, (row) => {
        if (row.savedSteps < 1) throw new InventoryRefusal('incomplete');
        const changed = row.catalogId !== catalogId;
        return {
          catalogId,
          catalog,
          ...(storeIsTruth === undefined ? {} : { storeIsTruth }),
          status: 'configured',
          savedSteps: 2,
          ...(changed || row.savedSteps < 2 ? { syncStatus: 'pending' as const, syncFailure: null } : {}),
        };
      });
    },

    /** Removes the app's API secret key: its store's order webhooks go (queued), its orders are polled. None saved: unchanged. */
    async removeApiSecret(uid: string, id: string): Promise<Inventory> {
      return db.transaction(async (tx) => {
        const [row] = await tx.select().from(inventories).where(mine(uid, id)).for('update');
        if (!row) throw new InventoryRefusal('not_found');
        if (row.shopifyApiSecretSealed === null) return view(row);
        const [saved] = await tx
          .update(inventories)
          .set({ shopifyApiSecretSealed: null, orderWebhooksUrl: null, version: row.version + 1, updatedAt: new Date() })
          .where(mine(uid, id))
          .returning();
        const removal = webhooksOf(row, 'secret_removed');
        if (removal) await queueOrderWebhookRemoval(queue, tx, removal);
        return view(saved!);
      });
    },

    /** Deletes the inventory; the order webhooks its store may still send are removed after (queued with the deletion). */
    async remove(uid: string, id: string): Promise<void> {
      await db.transaction(async (tx) => {
        const [deleted] = await tx.delete(inventories).where(mine(uid, id)).returning();
        if (!deleted) throw new InventoryRefusal('not_found');
        const removal = webhooksOf(deleted, 'inventory_deleted');
        if (removal) await queueOrderWebhookRemoval(queue, tx, removal);
      });
    },
  };
}

export type InventoryStore = ReturnType<typeof inventoryStore>;
