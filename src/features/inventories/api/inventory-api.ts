// The inventory routes of the API (server/routes/inventory-routes.ts) the wizard and the inventory
// screen call: answers parsed with the shared schemas, refusals turned into the failures the
// inventory-wizard machine tells apart (a store's or catalog's refusal keeps its reason).
import type { ApiErrorCode } from '@/domain/api-error';
import {
  catalogCheckSchema,
  inventoryIdParamsSchema,
  inventorySchema,
  peerFailureReasons,
  storeCheckSchema,
  type CatalogCheck,
  type Integration,
  type Inventory,
  type PeerFailureReason,
  type StoreCheck,
} from '@/domain/inventory';
import type { CatalogDraft, InventoryFailure } from '@/machines/inventory-wizard';
import type { ApiClient } from '@/src/api/api-client';
import { isApiError } from '@/src/api/api-errors';

const isPeerFailureReason = (code: string): code is PeerFailureReason => (peerFailureReasons as readonly string[]).includes(code);

/** An API error as the failure kind a flow acts on (a network error, or a 5xx that is not a peer's, is `unknown`). */
export function inventoryFailureFrom(error: unknown): InventoryFailure {
  if (!isApiError(error)) return { kind: 'unknown' };
  if (isPeerFailureReason(error.code)) return { kind: 'peer', reason: error.code };
  if (error.status === 404) return { kind: 'not_found' };
  if (error.status === 409 && error.code === 'version_conflict') return { kind: 'conflict' };
  if (error.status === 400 && error.fields) return { kind: 'invalid', fields: error.fields };
  return { kind: 'unknown' };
}

/** The refusals the wizard explains itself (each has its own kind above): no generic toast beside them. */
const explains = ['not_found', 'version_conflict', 'validation_failed', ...peerFailureReasons] as const satisfies readonly ApiErrorCode[];
const explained = { explains };

async function failingAs<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    throw inventoryFailureFrom(error);
  }
}

const isInventoryId = (id: string) => inventoryIdParamsSchema.safeParse({ id }).success;

export function inventoryApi(api: ApiClient) {
  const inventory = (path: string, send: (path: string) => Promise<unknown>) =>
    failingAs(send(path).then((body) => inventorySchema.parse(body)));
  return {
    // An address no inventory can have is not found, without asking the server.
    get: (id: string): Promise<Inventory> =>
      isInventoryId(id)
        ? inventory(`/inventories/${id}`, (path) => api.get(path, explained))
        : Promise.reject<Inventory>({ kind: 'not_found' } satisfies InventoryFailure),
    create: (name: string): Promise<Inventory> => inventory('/inventories', (path) => api.post(path, { name }, explained)),
    /** An empty token checks the stored one. */
    checkStore: (id: string, body: { shopifyToken: string; shopifyUrl: string }): Promise<StoreCheck> =>
      failingAs(api.post(`/inventories/${id}/store-check`, body, { ...explained, schema: storeCheckSchema })),
    saveIntegration: (id: string, expectedVersion: number, values: Integration): Promise<Inventory> =>
      inventory(`/inventories/${id}/integration`, (path) => api.put(path, { ...values, expectedVersion }, explained)),
    checkCatalog: (id: string, catalogId: string): Promise<CatalogCheck> =>
      failingAs(api.post(`/inventories/${id}/catalog-check`, { catalogId }, { ...explained, schema: catalogCheckSchema })),
    saveCatalog: (id: string, expectedVersion: number, values: CatalogDraft): Promise<Inventory> =>
      inventory(`/inventories/${id}/catalog`, (path) => api.put(path, { ...values, expectedVersion }, explained)),
  };
}
