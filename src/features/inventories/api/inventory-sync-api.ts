// The sync routes of the API (server/routes/inventory-routes.ts) for the inventory-sync machine:
// the status (the inventory and its last runs, asked together), Sync now, and the products table's
// pages; refusals turned into the failures the machine tells apart (a 429 with the time Sync now
// can be asked again). `inventorySyncActors` is the machine's actors on them.
import { fromPromise } from 'xstate';
import { inventoryDetailSchema, inventorySchema, type Inventory } from '@/domain/inventory';
import { syncRunListSchema } from '@/domain/inventory-sync';
import type { ClientErrorCode } from '@/src/api/api-errors';
import type { ApiClient } from '@/src/api/api-client';
import { isApiError } from '@/src/api/api-errors';
import type {
  FetchStatusInput,
  InventoryProductsPage,
  InventorySyncFailure,
  InventorySyncStatus,
  ListProductsInput,
  RequestSyncInput,
} from '@/machines/inventory-sync';
import { inventoryProductsApi } from './inventory-products-api';

/** Sync now within a minute of the last run is refused for the rest of that minute. */
const DEFAULT_RETRY_AFTER_SECONDS = 60;

/**
 * An API error as the failure the flow acts on. A read of an id that is not an inventory's (a
 * 400 on the id, a 404) is `not_found`; a network error or a 5xx is `unknown`.
 */
export function inventorySyncFailureFrom(error: unknown, now: number = Date.now()): InventorySyncFailure {
  if (!isApiError(error)) return { kind: 'unknown' };
  if (error.status === 404 || (error.status === 400 && error.code === 'validation_failed')) return { kind: 'not_found' };
  if (error.status === 409 && error.code === 'incomplete') return { kind: 'incomplete' };
  if (error.status === 429) {
    const retryAfterSeconds = error.retryAfterSeconds ?? DEFAULT_RETRY_AFTER_SECONDS;
    return { kind: 'too_many_requests', retryAfterSeconds, retryAt: now + retryAfterSeconds * 1000 };
  }
  return { kind: 'unknown' };
}

async function failingAs<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    throw inventorySyncFailureFrom(error);
  }
}

/** The panel explains these itself (the status could not be updated, Sync now refused): no generic toast. */
const readExplains = ['not_found', 'validation_failed', 'internal_error', 'unknown'] as const satisfies readonly ClientErrorCode[];
const syncNowExplains = [
  'not_found',
  'incomplete',
  'too_many_requests',
  'internal_error',
  'unknown',
] as const satisfies readonly ClientErrorCode[];

export function inventorySyncApi(api: ApiClient) {
  const path = (id: string) => `/inventories/${encodeURIComponent(id)}`;
  return {
    /** The inventory (its sync status, last update and what its links converted) and its last runs, newest first. */
    status: (id: string, signal?: AbortSignal): Promise<InventorySyncStatus> => {
      const options = { explains: readExplains, ...(signal ? { signal } : {}) };
      return failingAs(
        Promise.all([
          api.get(path(id), { ...options, schema: inventoryDetailSchema }),
          api.get(`${path(id)}/runs`, { ...options, schema: syncRunListSchema }),
        ]).then(([inventory, { runs }]) => ({ inventory, runs })),
      );
    },
    /** Queues a sync; the inventory as it was when it was queued. */
    syncNow: (id: string): Promise<Inventory> =>
      failingAs(api.post(`${path(id)}/sync`, undefined, { schema: inventorySchema, explains: syncNowExplains })),
  };
}

/** The inventory-sync machine's actors on the real API; a stopped actor aborts its read. */
export function inventorySyncActors(api: ApiClient) {
  const sync = inventorySyncApi(api);
  const products = inventoryProductsApi(api);
  return {
    fetchStatus: fromPromise<InventorySyncStatus, FetchStatusInput>(({ input, signal }) => sync.status(input.inventoryId, signal)),
    requestSync: fromPromise<Inventory, RequestSyncInput>(({ input }) => sync.syncNow(input.inventoryId)),
    listProducts: fromPromise<InventoryProductsPage, ListProductsInput>(({ input, signal }) =>
      failingAs(products.page(input.inventoryId, { page: input.page, q: input.q }, signal)),
    ),
  };
}
