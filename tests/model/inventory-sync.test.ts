// The inventory-sync machine at logic level: the model's paths (tests/model/inventory-sync-model.ts,
// derived from the production machine) run on the production machine with doubles at its edges —
// each request waits for the model's done or error event, delays run on fake timers — checking in
// every state what the view relies on (what is being asked, the tags). Then what the model
// abstracts: the back-off's growth and cap, nothing asked while hidden, Sync now watched until its
// run is over, the 429's wait, the products query.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, type EventObject } from 'xstate';
import type { Inventory } from '@/domain/inventory';
import {
  BACKOFF_CAP_MS,
  backoffDelay,
  inventorySyncFailureOf,
  inventorySyncMachine,
  POLL_INTERVAL_MS,
  shownSyncStatus,
  type FetchStatusInput,
  type InventoryProductsPage,
  type InventorySyncContext,
  type InventorySyncStatus,
  type ListProductsInput,
  type RequestSyncInput,
} from '@/machines/inventory-sync';
import {
  abstractInventorySyncContext,
  INVENTORY_ID,
  inventorySyncPathName,
  inventorySyncTestModel,
  sampleInventory,
  sampleProduct,
  sampleRun,
  statuses,
  throttledRefusal,
} from './inventory-sync-model';
import { coveringPaths } from './model-harness';
import { describeModelBasedTests } from './model-suite';
import { PromiseWorld } from './promise-world';

const model = inventorySyncTestModel();
const paths = coveringPaths(inventorySyncMachine, model);

function startRealActor() {
  const world = new PromiseWorld();
  const logic = inventorySyncMachine.provide({
    actors: {
      fetchStatus: world.actor<InventorySyncStatus, FetchStatusInput>('fetchStatus'),
      requestSync: world.actor<Inventory, RequestSyncInput>('requestSync'),
      listProducts: world.actor<InventoryProductsPage, ListProductsInput>('listProducts'),
    },
  });
  const actor = createActor(logic, { input: { inventoryId: INVENTORY_ID } });
  actor.start();
  return { actor, world };
}
type Run = ReturnType<typeof startRealActor>;

const context = ({ actor }: Run) => actor.getSnapshot().context;
const delays = inventorySyncMachine.implementations.delays as Record<
  string,
  number | ((args: { context: InventorySyncContext }) => number)
>;

/** How each kind of model event happens to the running actor: a delay passes, a request is answered, or the view sends it. */
async function perform(run: Run, event: EventObject) {
  if (event.type.startsWith('xstate.after.')) {
    const name = event.type.split('.')[2]!;
    const delay = delays[name];
    const ms = typeof delay === 'function' ? delay({ context: context(run) }) : delay;
    expect(ms, `delay ${name}`).toBeTypeOf('number');
    await vi.advanceTimersByTimeAsync(ms!);
  } else if (run.world.settle(event)) {
    await vi.advanceTimersByTimeAsync(0); // the settled promise reaches the actor
  } else {
    run.actor.send(event as never);
  }
}

const asksStatus = (run: Run) => expect(run.world.pendingInput('fetchStatus')).toEqual({ inventoryId: INVENTORY_ID });
const asksNothing = (run: Run) => expect(run.world.isPending('fetchStatus')).toBe(false);

/** What the view relies on, checked after every step (the root) or while a state is active. */
const stateChecks: Record<string, (run: Run) => void> = {
  inventorySync: (run) => {
    const snapshot = run.actor.getSnapshot();
    // `polling` exactly while the status is watched or being asked for; `syncing` while a sync is asked for or watched.
    const watched = (['loading', 'retrying', 'watching'] as const).some((state) => snapshot.matches({ status: state }));
    expect(snapshot.hasTag('polling')).toBe(watched);
    expect(snapshot.hasTag('syncing')).toBe(snapshot.matches({ status: 'watching' }) || snapshot.matches({ syncNow: 'requesting' }));
    expect(snapshot.hasTag('failed')).toBe(
      snapshot.matches({ status: 'retrying' }) || snapshot.matches({ status: { watching: 'backingOff' } }),
    );
    // One ask for the status at a time, and only while loading or asking.
    const asking = snapshot.matches({ status: 'loading' }) || snapshot.matches({ status: { watching: 'asking' } });
    expect(run.world.isPending('fetchStatus')).toBe(asking);
  },
  'inventorySync.status.loading': asksStatus,
  'inventorySync.status.watching.asking': asksStatus,
  'inventorySync.status.watching.waiting': asksNothing,
  'inventorySync.status.retrying': (run) => {
    asksNothing(run);
    expect(context(run).failedAsks).toBeGreaterThan(0);
  },
  'inventorySync.status.watching.backingOff': (run) => {
    asksNothing(run);
    expect(context(run).failedAsks).toBeGreaterThan(0);
  },
  'inventorySync.status.settled': (run) => {
    asksNothing(run);
    expect(context(run).inventory).not.toBeNull();
    expect(context(run).failedAsks).toBe(0);
  },
  // Hidden: nothing asked, nothing scheduled by the status.
  'inventorySync.status.paused': asksNothing,
  'inventorySync.status.notFound': asksNothing,
  'inventorySync.syncNow.idle': (run) => {
    expect(context(run).refusal).toBeNull();
    expect(run.world.isPending('requestSync')).toBe(false);
  },
  'inventorySync.syncNow.requesting': (run) => expect(run.world.pendingInput('requestSync')).toEqual({ inventoryId: INVENTORY_ID }),
  // The view says when Sync now can be asked again: the refusal carries it.
  'inventorySync.syncNow.throttled': (run) => {
    expect(context(run).refusal).toEqual(throttledRefusal);
    expect(run.actor.getSnapshot().can({ type: 'SYNC_NOW' })).toBe(false);
  },
  'inventorySync.syncNow.refused': (run) => {
    expect(context(run).refusal).toEqual({ kind: 'incomplete' });
    expect(run.actor.getSnapshot().can({ type: 'SYNC_NOW' })).toBe(true);
  },
  'inventorySync.products.loading': (run) =>
    expect(run.world.pendingInput('listProducts')).toEqual({ inventoryId: INVENTORY_ID, ...context(run).query }),
  'inventorySync.products.ready': (run) => {
    expect(run.world.isPending('listProducts')).toBe(false);
    expect(context(run).productsPage).not.toBeNull();
  },
  'inventorySync.products.failed': (run) => expect(run.world.isPending('listProducts')).toBe(false),
};

describeModelBasedTests({
  name: 'inventory-sync',
  machine: inventorySyncMachine,
  model,
  paths,
  start: startRealActor,
  perform,
  stateChecks,
  pathName: inventorySyncPathName,
  contextOf: abstractInventorySyncContext,
  fakeTimers: true,
});

describe('inventory-sync machine, beyond the model', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  async function answer(run: Run, src: 'fetchStatus' | 'requestSync' | 'listProducts', output?: unknown) {
    run.world.settle({ type: `xstate.done.actor.${src}`, output } as EventObject);
    await vi.advanceTimersByTimeAsync(0);
  }
  async function fail(run: Run, src: 'fetchStatus' | 'requestSync' | 'listProducts', error: unknown = { kind: 'unknown' }) {
    run.world.settle({ type: `xstate.error.actor.${src}`, error } as EventObject);
    await vi.advanceTimersByTimeAsync(0);
  }
  const asks = (run: Run, src = 'fetchStatus') => run.world.calls.filter((call) => call.src === src).length;

  it('polls until the first sync finishes, then asks nothing more; the products are loaded again', async () => {
    const run = startRealActor();
    await answer(run, 'listProducts', { products: [], total: 0, page: 1, pageSize: 50 });
    await answer(run, 'fetchStatus', statuses.pending);
    expect(shownSyncStatus(run.actor.getSnapshot())).toBe('pending');
    expect(run.actor.getSnapshot().hasTag('polling')).toBe(true);

    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS - 1);
    expect(asks(run)).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(asks(run)).toBe(2);
    await answer(run, 'fetchStatus', statuses.syncing);
    expect(shownSyncStatus(run.actor.getSnapshot())).toBe('syncing');
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS);
    await answer(run, 'fetchStatus', statuses.synced);

    expect(run.actor.getSnapshot().matches({ status: 'settled' })).toBe(true);
    expect(shownSyncStatus(run.actor.getSnapshot())).toBe('synced');
    expect(run.actor.getSnapshot().hasTag('polling')).toBe(false);
    // The first sync brought products: the table asks for them again.
    expect(run.world.pendingInput('listProducts')).toEqual({ inventoryId: INVENTORY_ID, page: 1, q: '' });
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(asks(run)).toBe(3);
    run.actor.stop();
  });

  it('a failed sync ends the watch too, with its reason kept', async () => {
    const run = startRealActor();
    await answer(run, 'fetchStatus', statuses.pending);
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS);
    await answer(run, 'fetchStatus', {
      inventory: sampleInventory({ syncStatus: 'failed', syncFailure: 'store_token_invalid' }),
      runs: [sampleRun(1, 'failed')],
    });
    expect(run.actor.getSnapshot().matches({ status: 'settled' })).toBe(true);
    expect(shownSyncStatus(run.actor.getSnapshot())).toBe('failed');
    expect(context(run).inventory?.syncFailure).toBe('store_token_invalid');
    run.actor.stop();
  });

  it('an inventory in configuration is not watched: no sync will come before its catalog is saved', async () => {
    const run = startRealActor();
    await answer(run, 'fetchStatus', { inventory: sampleInventory({ status: 'configuring', step: 'catalog' }), runs: [] });
    expect(run.actor.getSnapshot().matches({ status: 'settled' })).toBe(true);
    run.actor.stop();
  });

  it('backs off after failed asks: 2, 4, 8, 16, 32 seconds, then a minute at most; an answer starts over', async () => {
    const run = startRealActor();
    await answer(run, 'fetchStatus', statuses.pending);
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS);
    const waits: number[] = [];
    for (let failure = 1; failure <= 7; failure++) {
      await fail(run, 'fetchStatus');
      expect(run.actor.getSnapshot().hasTag('failed')).toBe(true);
      const before = asks(run);
      const wait = backoffDelay(context(run).failedAsks);
      await vi.advanceTimersByTimeAsync(wait - 1);
      expect(asks(run), `asked again before ${wait} ms`).toBe(before);
      await vi.advanceTimersByTimeAsync(1);
      expect(asks(run)).toBe(before + 1);
      waits.push(wait);
    }
    expect(waits).toEqual([2_000, 4_000, 8_000, 16_000, 32_000, BACKOFF_CAP_MS, BACKOFF_CAP_MS]);
    await answer(run, 'fetchStatus', statuses.pending);
    expect(context(run).failedAsks).toBe(0);
    expect(run.actor.getSnapshot().hasTag('failed')).toBe(false);
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS);
    await fail(run, 'fetchStatus');
    expect(backoffDelay(context(run).failedAsks)).toBe(2_000);
    // RETRY asks at once.
    run.actor.send({ type: 'RETRY' });
    expect(run.world.isPending('fetchStatus')).toBe(true);
    run.actor.stop();
  });

  it('asks nothing while the page is hidden, and asks at once when it is back in view', async () => {
    const run = startRealActor();
    await answer(run, 'fetchStatus', statuses.pending);
    run.actor.send({ type: 'PAGE_HIDDEN' });
    await vi.advanceTimersByTimeAsync(30 * 60_000);
    expect(asks(run)).toBe(1);
    run.actor.send({ type: 'PAGE_VISIBLE' });
    expect(asks(run)).toBe(2);
    // Hidden during an ask: the ask is dropped, and its answer is never waited for.
    run.actor.send({ type: 'PAGE_HIDDEN' });
    expect(run.world.isPending('fetchStatus')).toBe(false);
    await vi.advanceTimersByTimeAsync(30 * 60_000);
    expect(asks(run)).toBe(2);
    run.actor.stop();
  });

  it('Sync now: watched until a run newer than the last one known has finished, though the inventory says synced meanwhile', async () => {
    const run = startRealActor();
    await answer(run, 'fetchStatus', statuses.synced);
    expect(run.actor.getSnapshot().matches({ status: 'settled' })).toBe(true);

    run.actor.send({ type: 'SYNC_NOW' });
    expect(shownSyncStatus(run.actor.getSnapshot())).toBe('syncing');
    await answer(run, 'requestSync', statuses.synced.inventory);
    expect(context(run).awaitedRunAfter).toBe(1);
    expect(run.actor.getSnapshot().matches({ status: 'watching' })).toBe(true);

    // The job is still queued: the inventory and its runs are as they were.
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS);
    await answer(run, 'fetchStatus', statuses.synced);
    expect(run.actor.getSnapshot().matches({ status: 'watching' })).toBe(true);
    expect(shownSyncStatus(run.actor.getSnapshot())).toBe('syncing');
    // Its run started.
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS);
    await answer(run, 'fetchStatus', { ...statuses.synced, runs: [sampleRun(2, 'running', 'manual'), sampleRun(1, 'succeeded')] });
    expect(run.actor.getSnapshot().matches({ status: 'watching' })).toBe(true);
    // And finished.
    const done = {
      inventory: sampleInventory({ syncStatus: 'synced', lastSyncedAt: '2026-11-21T10:02:04.000Z' }),
      runs: [sampleRun(2, 'succeeded', 'manual'), sampleRun(1, 'succeeded')],
    };
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS);
    await answer(run, 'fetchStatus', done);
    expect(run.actor.getSnapshot().matches({ status: 'settled' })).toBe(true);
    expect(context(run).awaitedRunAfter).toBeNull();
    expect(shownSyncStatus(run.actor.getSnapshot())).toBe('synced');
    expect(context(run).runs.map((r) => r.id)).toEqual([2, 1]);
    run.actor.stop();
  });

  it('Sync now while a run is running: that run ending ends the wait (the server queues none beside it)', async () => {
    const run = startRealActor();
    const running = {
      inventory: sampleInventory({ syncStatus: 'syncing', lastSyncedAt: '2026-11-21T10:01:04.000Z' }),
      runs: [sampleRun(2, 'running', 'hourly'), sampleRun(1, 'succeeded')],
    };
    await answer(run, 'fetchStatus', running);
    run.actor.send({ type: 'SYNC_NOW' });
    await answer(run, 'requestSync', running.inventory);
    expect(context(run).awaitedRunAfter).toBe(1);
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS);
    await answer(run, 'fetchStatus', {
      inventory: sampleInventory({ syncStatus: 'synced', lastSyncedAt: '2026-11-21T10:02:04.000Z' }),
      runs: [sampleRun(2, 'succeeded', 'hourly'), sampleRun(1, 'succeeded')],
    });
    expect(run.actor.getSnapshot().matches({ status: 'settled' })).toBe(true);
    run.actor.stop();
  });

  it('a 429 on Sync now keeps it refused for the wait the server asked for, then offers it again', async () => {
    const run = startRealActor();
    await answer(run, 'fetchStatus', statuses.synced);
    run.actor.send({ type: 'SYNC_NOW' });
    await fail(run, 'requestSync', throttledRefusal);
    expect(run.actor.getSnapshot().matches({ syncNow: 'throttled' })).toBe(true);
    expect(shownSyncStatus(run.actor.getSnapshot())).toBe('synced');
    run.actor.send({ type: 'SYNC_NOW' });
    expect(asks(run, 'requestSync')).toBe(1);
    await vi.advanceTimersByTimeAsync(41_999);
    expect(run.actor.getSnapshot().matches({ syncNow: 'throttled' })).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    expect(run.actor.getSnapshot().matches({ syncNow: 'idle' })).toBe(true);
    expect(context(run).refusal).toBeNull();
    run.actor.send({ type: 'SYNC_NOW' });
    expect(asks(run, 'requestSync')).toBe(2);
    run.actor.stop();
  });

  it('the products query: a search starts at page 1 (trimmed, at most 200 characters); a page keeps the search; a newer query drops the older answer', async () => {
    const run = startRealActor();
    await answer(run, 'listProducts', { products: [sampleProduct()], total: 120, page: 1, pageSize: 50 });
    run.actor.send({ type: 'GO_TO_PAGE', page: 3 });
    expect(run.world.pendingInput('listProducts')).toEqual({ inventoryId: INVENTORY_ID, page: 3, q: '' });
    run.actor.send({ type: 'SEARCH', q: `  ${'x'.repeat(300)} ` });
    expect(run.world.pendingInput('listProducts')).toEqual({ inventoryId: INVENTORY_ID, page: 1, q: 'x'.repeat(200) });
    expect(asks(run, 'listProducts')).toBe(3);
    expect(run.world.calls.filter((call) => call.src === 'listProducts').length).toBe(3);
    run.actor.send({ type: 'SEARCH', q: 'camiseta' });
    run.actor.send({ type: 'GO_TO_PAGE', page: 2 });
    expect(run.world.pendingInput('listProducts')).toEqual({ inventoryId: INVENTORY_ID, page: 2, q: 'camiseta' });
    const page = { products: [sampleProduct('Camiseta Premium')], total: 51, page: 2, pageSize: 50 };
    await answer(run, 'listProducts', page);
    expect(context(run).productsPage).toEqual(page);
    expect(run.world.isPending('listProducts')).toBe(false); // the older asks were dropped, not left waiting
    run.actor.stop();
  });

  it('reads failures the actors reject with, and anything else as unknown', () => {
    expect(inventorySyncFailureOf({ kind: 'too_many_requests', retryAfterSeconds: 12, retryAt: 5 })).toEqual({
      kind: 'too_many_requests',
      retryAfterSeconds: 12,
      retryAt: 5,
    });
    expect(inventorySyncFailureOf({ kind: 'too_many_requests' })).toEqual({ kind: 'too_many_requests', retryAfterSeconds: 60, retryAt: 0 });
    expect(inventorySyncFailureOf({ kind: 'incomplete' })).toEqual({ kind: 'incomplete' });
    expect(inventorySyncFailureOf(new Error('boom'))).toEqual({ kind: 'unknown' });
    expect(inventorySyncFailureOf(undefined)).toEqual({ kind: 'unknown' });
  });
});
