// The inventory screen's 'Inventory sync' flow: watches the sync status while a sync is under way
// (polling, backing off on failure, quiet while the page is hidden) and leaves it alone once
// settled; 'Sync now', refused for a minute after the last. Tags for the view: `polling`,
// `syncing`, `failed`. Details: docs/how-it-works.md, 'Inventory sync (screen)'.
import { assign, enqueueActions, fromPromise, raise, setup } from 'xstate';
import type { Inventory, InventoryDetail, SyncStatus } from '../domain/inventory';
import type { InventoryProduct, SyncRun } from '../domain/inventory-sync';
import { failureOf, type FailureKinds } from './failure';

/**
 * The status as one ask brings it: the inventory (its sync status, last update, what its links
 * converted) and its last runs, newest first.
 */
export type InventorySyncStatus = { inventory: InventoryDetail; runs: SyncRun[] };

/** A page of the products table, as the API answers it. */
export type InventoryProductsPage = { products: InventoryProduct[]; total: number; page: number; pageSize: number };

/** The products table's query: a page and the search text. */
export type InventoryProductsQuery = { page: number; q: string };

/**
 * Why a call failed, as the flow acts on it (the src actors reject with one): `too_many_requests`
 * is Sync now within a minute of the last run (with the wait the server asked for, and the time
 * it ends, computed when the answer came); `incomplete` is Sync now before the store and the
 * catalog are saved; a network error or a 5xx is `unknown`.
 */
export type InventorySyncFailure =
  { kind: 'not_found' | 'incomplete' | 'unknown' } | { kind: 'too_many_requests'; retryAfterSeconds: number; retryAt: number };

const failureKinds = ['not_found', 'incomplete', 'unknown', 'too_many_requests'] as const satisfies FailureKinds<InventorySyncFailure>;

/** A thrown value as a failure (a 429's wait checked: 60 s when it has none); anything else is `unknown`. */
export function inventorySyncFailureOf(error: unknown): InventorySyncFailure {
  const failure = failureOf<InventorySyncFailure>(error, failureKinds);
  if (failure.kind !== 'too_many_requests') return { kind: failure.kind };
  const { retryAfterSeconds, retryAt } = failure as Partial<Record<'retryAfterSeconds' | 'retryAt', unknown>>;
  const seconds = typeof retryAfterSeconds === 'number' && retryAfterSeconds > 0 ? retryAfterSeconds : 60;
  return { kind: 'too_many_requests', retryAfterSeconds: seconds, retryAt: typeof retryAt === 'number' ? retryAt : 0 };
}

export type InventorySyncInput = { inventoryId: string };

export type InventorySyncContext = {
  inventoryId: string;
  /** As the last answer had it (null until the first). */
  inventory: InventoryDetail | null;
  /** The last runs, newest first. */
  runs: SyncRun[];
  /** Asks for the status that failed in a row: the back-off grows with them. */
  failedAsks: number;
  /**
   * Sync now was accepted: the newest finished run known then (0: none). The status is watched
   * until a newer run has finished (its job may wait in the queue a while: the inventory alone does not
   * tell a sync not started yet from one long over).
   */
  awaitedRunAfter: number | null;
  /** Why the last Sync now was refused (kept while it is shown). */
  refusal: InventorySyncFailure | null;
  query: InventoryProductsQuery;
  /** The products table's page as last loaded (null until the first answer). */
  productsPage: InventoryProductsPage | null;
};

export type InventorySyncEvent =
  | { type: 'PAGE_HIDDEN' }
  | { type: 'PAGE_VISIBLE' }
  /** Ask for the status now rather than at the end of the back-off. */
  | { type: 'RETRY' }
  | { type: 'SYNC_NOW' }
  | { type: 'DISMISS_REFUSAL' }
  /** Raised when Sync now was accepted: the status is watched until its run is over. */
  | { type: 'SYNC_QUEUED' }
  | { type: 'SEARCH'; q: string }
  | { type: 'GO_TO_PAGE'; page: number }
  | { type: 'RETRY_PRODUCTS' }
  /** Raised when a sync finished with new products: the table is loaded again. */
  | { type: 'PRODUCTS_STALE' };

export type FetchStatusInput = { inventoryId: string };
export type RequestSyncInput = { inventoryId: string };
export type ListProductsInput = { inventoryId: string } & InventoryProductsQuery;

/** How often the status is asked while a sync is underway. */
export const POLL_INTERVAL_MS = 3_000;
/** The wait after the first failed ask; it doubles with each one in a row, up to BACKOFF_CAP_MS. */
export const BACKOFF_BASE_MS = 2_000;
export const BACKOFF_CAP_MS = 60_000;
/** The longest search the server takes (domain/inventory-sync's productsQuerySchema). */
export const MAX_SEARCH_LENGTH = 200;

/** The wait before asking again after `failedAsks` failed asks in a row. */
export function backoffDelay(failedAsks: number): number {
  return Math.min(BACKOFF_BASE_MS * 2 ** (Math.max(failedAsks, 1) - 1), BACKOFF_CAP_MS);
}

/** Past this count the back-off is at its cap anyway: the count stops there. */
const MAX_COUNTED_FAILURES = Math.ceil(Math.log2(BACKOFF_CAP_MS / BACKOFF_BASE_MS)) + 1;

/**
 * Whether the status shows a sync still to come or running: the first sync (pending) or any sync
 * running, or a run asked for with Sync now that has not finished. An inventory in configuration
 * has no sync to wait for.
 */
export function isSyncUnderway({ inventory, runs }: InventorySyncStatus, awaitedRunAfter: number | null): boolean {
  if (inventory.status !== 'configured') return false;
  if (inventory.syncStatus === 'pending' || inventory.syncStatus === 'syncing') return true;
  if (awaitedRunAfter === null) return false;
  const newer = runs.filter((run) => run.id > awaitedRunAfter);
  return newer.length === 0 || newer.some((run) => run.status === 'running');
}

const statusIn = (event: { type: string }) => ('output' in event ? (event.output as InventorySyncStatus) : null);

export const inventorySyncMachine = setup({
  types: {
    input: {} as InventorySyncInput,
    context: {} as InventorySyncContext,
    events: {} as InventorySyncEvent,
    tags: {} as 'polling' | 'syncing' | 'failed',
  },
  actors: {
    // GET /api/v1/inventories/:id and …/:id/runs; POST …/:id/sync; GET …/:id/products?page=&q=.
    // Provided by src/features/inventories; they reject with an InventorySyncFailure.
    fetchStatus: fromPromise<InventorySyncStatus, FetchStatusInput>(async () => {
      throw new Error('fetchStatus is not provided');
    }),
    requestSync: fromPromise<Inventory, RequestSyncInput>(async () => {
      throw new Error('requestSync is not provided');
    }),
    listProducts: fromPromise<InventoryProductsPage, ListProductsInput>(async () => {
      throw new Error('listProducts is not provided');
    }),
  },
  delays: {
    pollInterval: POLL_INTERVAL_MS,
    backoff: ({ context }) => backoffDelay(context.failedAsks),
    // Sync now is offered again when the server said it would take it.
    syncNowWait: ({ context }) => (context.refusal?.kind === 'too_many_requests' ? context.refusal.retryAfterSeconds * 1000 : 0),
  },
  guards: {
    isSyncUnderway: ({ context, event }) => {
      const status = statusIn(event);
      return status !== null && isSyncUnderway(status, context.awaitedRunAfter);
    },
    isNotFound: ({ event }) => 'error' in event && inventorySyncFailureOf(event.error).kind === 'not_found',
    isTooManyRequests: ({ event }) => 'error' in event && inventorySyncFailureOf(event.error).kind === 'too_many_requests',
  },
  actions: {
    // The answer replaces what was shown; a sync that finished since the last answer brought new products.
    rememberStatus: enqueueActions(({ context, event, enqueue }) => {
      const status = statusIn(event);
      if (!status) return;
      const underway = isSyncUnderway(status, context.awaitedRunAfter);
      enqueue.assign({
        inventory: status.inventory,
        runs: status.runs,
        failedAsks: 0,
        awaitedRunAfter: underway ? context.awaitedRunAfter : null,
      });
      if (context.inventory && context.inventory.lastSyncedAt !== status.inventory.lastSyncedAt) enqueue.raise({ type: 'PRODUCTS_STALE' });
    }),
    countFailedAsk: assign({ failedAsks: ({ context }) => Math.min(context.failedAsks + 1, MAX_COUNTED_FAILURES) }),
    // The newest finished run known: a run running now (the server does not queue a second one
    // beside it) or a later one ends the wait.
    awaitNewRun: assign({
      awaitedRunAfter: ({ context }) =>
        context.runs.reduce((newest, run) => (run.status === 'running' ? newest : Math.max(newest, run.id)), 0),
    }),
    watchSync: raise({ type: 'SYNC_QUEUED' }),
    rememberRefusal: assign({ refusal: ({ event }) => inventorySyncFailureOf('error' in event ? event.error : undefined) }),
    forgetRefusal: assign({ refusal: null }),
    search: assign({
      query: ({ event }) => ({ page: 1, q: event.type === 'SEARCH' ? event.q.trim().slice(0, MAX_SEARCH_LENGTH) : '' }),
    }),
    goToPage: assign({
      query: ({ context, event }) => ({
        ...context.query,
        page: event.type === 'GO_TO_PAGE' ? Math.max(1, Math.floor(event.page) || 1) : 1,
      }),
    }),
    rememberProducts: assign({ productsPage: ({ event }) => ('output' in event ? (event.output as InventoryProductsPage) : null) }),
  },
}).createMachine({
  id: 'inventorySync',
  // Three independent parts: the status (watched while a sync is underway), Sync now, and the products table.
  type: 'parallel',
  context: ({ input }) => ({
    inventoryId: input.inventoryId,
    inventory: null,
    runs: [],
    failedAsks: 0,
    awaitedRunAfter: null,
    refusal: null,
    query: { page: 1, q: '' },
    productsPage: null,
  }),
  states: {
    status: {
      initial: 'loading',
      states: {
        // One ask whose answer says whether to watch: at the start, and back in view.
        loading: {
          tags: 'polling',
          invoke: {
            src: 'fetchStatus',
            id: 'fetchStatus',
            input: ({ context }) => ({ inventoryId: context.inventoryId }),
            onDone: [
              { guard: 'isSyncUnderway', target: 'watching', actions: 'rememberStatus' },
              { target: 'settled', actions: 'rememberStatus' },
            ],
            onError: [
              { guard: 'isNotFound', target: 'notFound' },
              { target: 'retrying', actions: 'countFailedAsk' },
            ],
          },
          on: { PAGE_HIDDEN: 'paused' },
        },
        // That ask failed: asked again after the back-off (or at once with RETRY).
        retrying: {
          tags: ['polling', 'failed'],
          after: { backoff: 'loading' },
          on: { RETRY: 'loading', PAGE_HIDDEN: 'paused' },
        },
        // A sync is underway: the status is asked every POLL_INTERVAL_MS until it is over.
        watching: {
          tags: ['polling', 'syncing'],
          initial: 'waiting',
          states: {
            waiting: { after: { pollInterval: 'asking' } },
            asking: {
              invoke: {
                src: 'fetchStatus',
                id: 'fetchStatus',
                input: ({ context }) => ({ inventoryId: context.inventoryId }),
                onDone: [
                  { guard: 'isSyncUnderway', target: 'waiting', actions: 'rememberStatus' },
                  { target: '#inventorySync.status.settled', actions: 'rememberStatus' },
                ],
                onError: [
                  { guard: 'isNotFound', target: '#inventorySync.status.notFound' },
                  { target: 'backingOff', actions: 'countFailedAsk' },
                ],
              },
            },
            backingOff: {
              tags: 'failed',
              after: { backoff: 'asking' },
              on: { RETRY: 'asking' },
            },
          },
          on: { PAGE_HIDDEN: 'paused' },
        },
        // No sync underway: nothing is asked until Sync now is accepted.
        settled: {
          on: { SYNC_QUEUED: 'watching', PAGE_HIDDEN: 'paused' },
        },
        // The page is hidden: nothing is asked; back in view, the status is asked at once.
        paused: {
          on: { PAGE_VISIBLE: 'loading' },
        },
        // The inventory was deleted (or never was the merchant's).
        notFound: {},
      },
    },
    syncNow: {
      initial: 'idle',
      states: {
        idle: { on: { SYNC_NOW: 'requesting' } },
        requesting: {
          tags: 'syncing',
          invoke: {
            src: 'requestSync',
            id: 'requestSync',
            input: ({ context }) => ({ inventoryId: context.inventoryId }),
            onDone: { target: 'idle', actions: ['awaitNewRun', 'watchSync'] },
            onError: [
              { guard: 'isTooManyRequests', target: 'throttled', actions: 'rememberRefusal' },
              { target: 'refused', actions: 'rememberRefusal' },
            ],
          },
        },
        // Synced less than a minute ago: offered again when the server said.
        throttled: {
          after: { syncNowWait: { target: 'idle', actions: 'forgetRefusal' } },
        },
        refused: {
          on: {
            SYNC_NOW: { target: 'requesting', actions: 'forgetRefusal' },
            DISMISS_REFUSAL: { target: 'idle', actions: 'forgetRefusal' },
          },
        },
      },
    },
    products: {
      initial: 'loading',
      states: {
        loading: {
          invoke: {
            src: 'listProducts',
            id: 'listProducts',
            input: ({ context }) => ({ inventoryId: context.inventoryId, ...context.query }),
            onDone: { target: 'ready', actions: 'rememberProducts' },
            onError: 'failed',
          },
        },
        ready: {},
        failed: { on: { RETRY_PRODUCTS: 'loading' } },
      },
      // A new query (or new products) asks again, dropping any answer still on its way: `loading` is
      // left and entered again. (Not `reenter: true`: re-entering a region of a parallel state
      // re-enters the whole machine.)
      on: {
        SEARCH: { target: '.loading', actions: 'search' },
        GO_TO_PAGE: { target: '.loading', actions: 'goToPage' },
        PRODUCTS_STALE: { target: '.loading' },
      },
    },
  },
});

type SyncSnapshot = { context: InventorySyncContext; hasTag(tag: 'polling' | 'syncing' | 'failed'): boolean };

/**
 * The sync status to show: the inventory's, except that a sync being asked for, or asked for and
 * not over, shows as syncing from the moment it is asked (its job may not have started yet). Null
 * until the status is known.
 */
export function shownSyncStatus(snapshot: SyncSnapshot): SyncStatus | null {
  const { inventory, awaitedRunAfter } = snapshot.context;
  if (!inventory) return null;
  if (inventory.syncStatus === 'pending') return 'pending';
  return awaitedRunAfter !== null || snapshot.hasTag('syncing') ? 'syncing' : inventory.syncStatus;
}
