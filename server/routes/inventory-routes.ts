// /api/v1/inventories: the caller's inventories — create with the name, read, list, save each
// wizard step (the store after a check against it, the catalog after a check against Meta), check
// a store or a catalog on its own, delete. Another account's id is a 404; a stale version a 409; a
// store or catalog that refuses answers its reason as the error code (422, or 502/503 when it did
// not answer or asked us to wait). The Shopify token is never sent back, nor the app's API secret key;
// saving one subscribes the store to its order webhooks when the site has a public address (else, or
// should the store not answer, its orders are polled). Removing the key, changing the store or token,
// or deleting the inventory queues the removal of those webhooks from the store (its store's answer
// never holds the merchant's change back). One inventory is read with what its checkout links
// converted (the orders each sync attributes to it).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { apiErrorBodySchema } from '@/domain/api-error';
import {
  catalogCheckSchema,
  catalogSchema,
  createInventorySchema,
  integrationSchema,
  inventoryDetailSchema,
  inventoryIdParamsSchema,
  inventoryListSchema,
  inventorySchema,
  inventoryValidation,
  isLoopbackOrigin,
  saveCatalogSchema,
  saveIntegrationSchema,
  storeCheckSchema,
} from '@/domain/inventory';
import type { AccountStore } from '../accounts/account-store';
import { principalOf } from '../auth/bearer-auth';
import { HttpError } from '../http/http-error';
import { FIREBASE_BEARER } from '../http/openapi';
import { InventoryRefusal, type InventoryStore } from '../inventories/inventory-store';
import { checkCatalog, type MetaConfig } from '../inventories/meta-catalog';
import { PeerFailure } from '../inventories/peer-failure';
import { checkStore } from '../inventories/shopify-admin';
import type { InventorySyncs } from '../services';
import type { OrderWebhooksOutcome } from '../order-events/order-webhook-subscriptions';
import {
  PRODUCTS_PAGE_SIZE,
  productsPageSchema,
  productsQuerySchema,
  SYNC_NOW_INTERVAL_MS,
  syncRunListSchema,
  type SyncRun,
} from '@/domain/inventory-sync';

export type InventoryRouteOptions = {
  accounts: AccountStore;
  store: InventoryStore;
  /** The sync queue and the sync reports (../services.ts). */
  syncs: InventorySyncs;
  /** Wakes this process's workers: a sync was queued. */
  onQueued: () => void;
  meta: MetaConfig;
  /** Stores on this machine (the demo store): never in production, where such an address reaches our own services. */
  allowLoopbackPeers: boolean;
  /**
   * The least time between two syncs Sync now starts (SYNC_NOW_INTERVAL_MS in server/config.ts; a
   * minute by default, as production runs; the e2e suite shortens it, the page's clock cannot move the server's).
   */
  syncNowIntervalMs?: number;
  /**
   * The store's order webhooks (server/order-events/): subscribed after step 1 is saved with an API
   * secret key; `forget` drops what this process's webhook remembers of a secret just changed.
   */
  orderWebhooks?: { subscribe: (inventoryId: string) => Promise<OrderWebhooksOutcome>; forget: (inventoryId: string) => void };
};

const invalid = (fields: Record<string, string>) => new HttpError(400, 'validation_failed', 'The request is not valid.', { fields });

const refusals: Record<InventoryRefusal['reason'], (error: InventoryRefusal) => HttpError> = {
  not_found: () => HttpError.notFound('No such inventory.'),
  version_conflict: (error) =>
    new HttpError(
      409,
      'version_conflict',
      `This inventory was saved elsewhere (now version ${error.currentVersion}). Reload it to see the changes.`,
    ),
  name_taken: () => invalid({ name: inventoryValidation.nameTaken.id }),
  token_required: () => invalid({ shopifyToken: inventoryValidation.shopifyTokenRequired.id }),
  incomplete: () => new HttpError(409, 'incomplete', 'Save the store (step 1) before the catalog.'),
};

const peerMessages: Record<PeerFailure['reason'], string> = {
  store_token_invalid: 'The store refused the token: check it is the Admin API access token of this store.',
  store_scope_missing: 'The token lacks an access scope Catalyst needs',
  store_url_wrong: 'This address does not answer as a Shopify store’s Admin API.',
  store_unreachable: 'The store did not answer. Try again in a moment.',
  store_throttled: 'The store asked us to slow down. Try again in a moment.',
  catalog_not_found: 'No catalog with this ID can be seen with Catalyst’s access.',
  catalog_token_invalid: 'Meta refused the access token used to read catalogs.',
  catalog_unreachable: 'Meta did not answer. Try again in a moment.',
  catalog_throttled: 'Meta asked us to slow down. Try again in a moment.',
};

function peerError(failure: PeerFailure): HttpError {
  const message = failure.missing?.length
    ? `${peerMessages[failure.reason]}: ${failure.missing.join(', ')}.`
    : peerMessages[failure.reason];
  if (failure.reason.endsWith('_throttled')) {
    const seconds = String(Math.max(1, Math.ceil((failure.retryAfterMs ?? 1000) / 1000)));
    return new HttpError(503, failure.reason, message, { headers: { 'retry-after': seconds } });
  }
  return new HttpError(failure.reason.endsWith('_unreachable') ? 502 : 422, failure.reason, message);
}

async function refusing<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (error instanceof InventoryRefusal) throw refusals[error.reason](error);
    if (error instanceof PeerFailure) throw peerError(error);
    throw error;
  }
}

const errors = { 400: apiErrorBodySchema, 401: apiErrorBodySchema, 404: apiErrorBodySchema, 409: apiErrorBodySchema };
const peerErrors = { 422: apiErrorBodySchema, 502: apiErrorBodySchema, 503: apiErrorBodySchema };
const security = [{ [FIREBASE_BEARER]: [] }];
const tags = ['Inventories'];
const storeCheckBodySchema = z.strictObject({
  shopifyToken: integrationSchema.shape.shopifyToken,
  shopifyUrl: integrationSchema.shape.shopifyUrl,
});

export function registerInventoryRoutes(
  app: FastifyInstance,
  {
    accounts,
    store,
    syncs,
    onQueued,
    meta,
    allowLoopbackPeers,
    syncNowIntervalMs = SYNC_NOW_INTERVAL_MS,
    orderWebhooks,
  }: InventoryRouteOptions,
) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  /** The store's address, refused when it points at this machine outside the embedded default. */
  const reachable = (field: string, origin: string) => {
    if (!allowLoopbackPeers && isLoopbackOrigin(origin)) throw invalid({ [field]: inventoryValidation.addressInvalid.id });
    return origin;
  };
  /** The token to check with: the one typed, else the one stored. */
  const tokenFor = async (uid: string, id: string, typed: string) => {
    const token = typed || (await refusing(store.shopifyToken(uid, id)));
    if (!token) throw refusals.token_required(new InventoryRefusal('token_required'));
    return token;
  };
  const found = async (uid: string, id: string) => {
    const inventory = await store.get(uid, id);
    if (!inventory) throw refusals.not_found(new InventoryRefusal('not_found'));
    return inventory;
  };

  api.get(
    '/inventories',
    {
      schema: {
        summary: "The caller's inventories, oldest first",
        tags,
        security,
        response: { 200: inventoryListSchema, 401: apiErrorBodySchema },
      },
    },
    async (request) => ({ inventories: await store.list(principalOf(request).uid) }),
  );

  api.post(
    '/inventories',
    {
      schema: {
        summary: 'Create an inventory with its name (the wizard does the rest)',
        tags,
        security,
        body: createInventorySchema,
        response: { 201: inventorySchema, ...errors },
      },
    },
    async (request, reply) => {
      const { uid, email } = principalOf(request);
      await accounts.findOrCreate(uid, email); // the inventory belongs to the account: it exists first
      const created = await refusing(store.create(uid, request.body.name));
      return reply.code(201).header('location', `${request.url}/${created.id}`).send(created);
    },
  );

  api.get(
    '/inventories/:id',
    {
      schema: {
        summary: 'One inventory, with what its links converted',
        description:
          '`converted`: the store orders attributed to the inventory (from a Catalyst cart, or with its referral code) as of the ' +
          'last sync, net of refunds; cancelled and fully refunded orders are not counted.',
        tags,
        security,
        params: inventoryIdParamsSchema,
        response: { 200: inventoryDetailSchema, ...errors },
      },
    },
    async (request) => {
      const inventory = await found(principalOf(request).uid, request.params.id);
      return { ...inventory, converted: await syncs.convertedValue(inventory.id) };
    },
  );

  api.post(
    '/inventories/:id/store-check',
    {
      schema: {
        summary: 'Check a Shopify store: its name and currency, or why not (an empty token checks the stored one)',
        tags,
        security,
        params: inventoryIdParamsSchema,
        body: storeCheckBodySchema,
        response: { 200: storeCheckSchema, ...errors, ...peerErrors },
      },
    },
    async (request) => {
      const { uid } = principalOf(request);
      await found(uid, request.params.id);
      const url = reachable('shopifyUrl', request.body.shopifyUrl);
      return refusing(checkStore(url, await tokenFor(uid, request.params.id, request.body.shopifyToken)));
    },
  );

  api.put(
    '/inventories/:id/integration',
    {
      schema: {
        summary: 'Save step 1, Integration, after checking the store',
        tags,
        security,
        params: inventoryIdParamsSchema,
        body: saveIntegrationSchema,
        response: { 200: inventorySchema, ...errors, ...peerErrors },
      },
    },
    async (request) => {
      const { uid } = principalOf(request);
      const { expectedVersion, ...integration } = request.body;
      const current = await found(uid, request.params.id);
      if (current.version !== expectedVersion) throw refusals.version_conflict(new InventoryRefusal('version_conflict', current.version));
      reachable('shopifyUrl', integration.shopifyUrl);
      const checked = await refusing(checkStore(integration.shopifyUrl, await tokenFor(uid, request.params.id, integration.shopifyToken)));
      const saved = await refusing(store.saveIntegration(uid, request.params.id, expectedVersion, integration, checked));
      if (integration.shopifyApiSecret) orderWebhooks?.forget(saved.id);
      if (!orderWebhooks || !saved.shopifyApiSecretSet || saved.orderEvents === 'webhooks') return saved;
      // The store's webhooks now, or its orders are polled (and the poller tries again).
      const subscribed = await orderWebhooks.subscribe(saved.id);
      request.log.info({ inventoryId: saved.id, orderWebhooks: subscribed }, 'order webhooks after saving the store');
      return subscribed.outcome === 'subscribed' ? ((await store.get(uid, saved.id)) ?? saved) : saved;
    },
  );

  api.post(
    '/inventories/:id/catalog-check',
    {
      schema: {
        summary: 'Check a Meta commerce catalog: its name and item count, or why not',
        tags,
        security,
        params: inventoryIdParamsSchema,
        body: catalogSchema,
        response: { 200: catalogCheckSchema, ...errors, ...peerErrors },
      },
    },
    async (request) => {
      await found(principalOf(request).uid, request.params.id);
      return refusing(checkCatalog(meta, request.body.catalogId));
    },
  );

  api.put(
    '/inventories/:id/catalog',
    {
      schema: {
        summary: 'Save step 2, Inventory (the catalog), after checking it; the first sync starts',
        tags,
        security,
        params: inventoryIdParamsSchema,
        body: saveCatalogSchema,
        response: { 200: inventorySchema, ...errors, ...peerErrors },
      },
    },
    async (request) => {
      const { uid } = principalOf(request);
      const { expectedVersion, catalogId, storeIsTruth } = request.body;
      const current = await found(uid, request.params.id);
      if (current.version !== expectedVersion) throw refusals.version_conflict(new InventoryRefusal('version_conflict', current.version));
      if (current.step === 'integration') throw refusals.incomplete(new InventoryRefusal('incomplete'));
      const checked = await refusing(checkCatalog(meta, catalogId));
      const saved = await refusing(store.saveCatalog(uid, request.params.id, expectedVersion, catalogId, checked, storeIsTruth));
      if (saved.syncStatus === 'pending' && (await syncs.enqueue(saved.id, 'first'))) onQueued();
      return saved;
    },
  );

  api.post(
    '/inventories/:id/sync',
    {
      schema: {
        summary: 'Sync now: queues a sync of the store and the catalog (at most once a minute)',
        description: '409 `incomplete` before the catalog is saved; 429 with Retry-After within a minute of the last one.',
        tags,
        security,
        params: inventoryIdParamsSchema,
        response: { 202: inventorySchema, 429: apiErrorBodySchema, ...errors },
      },
    },
    async (request, reply) => {
      const inventory = await found(principalOf(request).uid, request.params.id);
      if (inventory.status !== 'configured') throw new HttpError(409, 'incomplete', 'Save the store and the catalog before syncing.');
      const [last] = await syncs.lastRuns(inventory.id, 1);
      const since = last ? Date.now() - last.startedAt.getTime() : Infinity;
      if (since < syncNowIntervalMs) {
        const seconds = String(Math.ceil((syncNowIntervalMs - since) / 1000));
        throw new HttpError(429, 'too_many_requests', 'This inventory was synced less than a minute ago.', {
          headers: { 'retry-after': seconds },
        });
      }
      if (await syncs.enqueue(inventory.id, 'manual')) onQueued();
      return reply.code(202).send(inventory);
    },
  );

  api.get(
    '/inventories/:id/products',
    {
      schema: {
        summary: "The inventory's products as the last good sync left them, a page at a time, searchable",
        tags,
        security,
        params: inventoryIdParamsSchema,
        querystring: productsQuerySchema,
        response: { 200: productsPageSchema, ...errors },
      },
    },
    async (request) => {
      const inventory = await found(principalOf(request).uid, request.params.id);
      const { page, q } = request.query;
      return { ...(await syncs.productsPage(inventory.id, { page, q, pageSize: PRODUCTS_PAGE_SIZE })), page, pageSize: PRODUCTS_PAGE_SIZE };
    },
  );

  api.get(
    '/inventories/:id/runs',
    {
      schema: {
        summary: "The inventory's last syncs, newest first",
        tags,
        security,
        params: inventoryIdParamsSchema,
        response: { 200: syncRunListSchema, ...errors },
      },
    },
    async (request) => {
      const inventory = await found(principalOf(request).uid, request.params.id);
      const runs: SyncRun[] = (await syncs.lastRuns(inventory.id)).map((run) => ({
        id: run.id,
        trigger: run.trigger,
        status: run.status,
        failure: run.failure,
        startedAt: run.startedAt.toISOString(),
        finishedAt: run.finishedAt?.toISOString() ?? null,
        durationMs: run.finishedAt ? run.finishedAt.getTime() - run.startedAt.getTime() : null,
        report: run.report,
      }));
      return { runs };
    },
  );

  api.delete(
    '/inventories/:id/shopify-api-secret',
    {
      schema: {
        summary: "Remove the store app's API secret key: its order webhooks are removed from the store, its orders polled",
        tags,
        security,
        params: inventoryIdParamsSchema,
        response: { 200: inventorySchema, ...errors },
      },
    },
    async (request) => {
      const saved = await refusing(store.removeApiSecret(principalOf(request).uid, request.params.id));
      orderWebhooks?.forget(saved.id);
      return saved;
    },
  );

  api.delete(
    '/inventories/:id',
    {
      schema: { summary: 'Delete the inventory', tags, security, params: inventoryIdParamsSchema, response: { 204: z.null(), ...errors } },
    },
    async (request, reply) => {
      await refusing(store.remove(principalOf(request).uid, request.params.id));
      orderWebhooks?.forget(request.params.id);
      return reply.code(204).send(null);
    },
  );
}
