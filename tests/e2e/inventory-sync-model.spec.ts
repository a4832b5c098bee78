// The inventory-sync machine's model-based test through the real UI: the paths of
// tests/model/inventory-sync-model.ts on the inventory screen's 'Inventory sync' panel, in Chromium
// against the real server, its sync worker and the Auth emulator, with an inventory linked to the
// e2e server's store of 600 variants and its catalog (tests/e2e/fixtures/e2e-peers.ts). The status
// asks, Sync now and the products pages are held while the panel shows them in flight, then let
// through or dropped; a sync is kept underway by holding its reads of the store (a door in front of
// it: tests/e2e/fixtures/store-gate.ts). Polling, back-off and Sync now's wait run on Playwright's
// page clock; the server's own interval between two syncs is E2E_SYNC_NOW_INTERVAL_MS here (real
// time: it is waited for). One merchant and one page per worker, as in inventory-wizard-model.spec.ts.
import { expect, type Page, type Response } from '@playwright/test';
import type { EventObject } from 'xstate';
import {
  backoffDelay,
  inventorySyncMachine,
  POLL_INTERVAL_MS,
  type InventorySyncContext,
  type InventorySyncFailure,
  type InventorySyncStatus,
} from '@/machines/inventory-sync';
import { inventorySyncPathName, inventorySyncTestModel } from '../model/inventory-sync-model';
import { coverageOf, coveringPaths, describeCoverage, eachEvent, testPath, type ModelPath } from '../model/model-harness';
import { E2E_SYNC_NOW_INTERVAL_MS, e2ePeers } from './fixtures/e2e-peers';
import { HeldRoutes } from './fixtures/held-routes';
import { inventoryApi, openFromInventories, withIdToken, type InventoryApi } from './fixtures/inventory-api';
import { test } from './fixtures/merchant-test';
import { startStoreGate, type StoreGate } from './fixtures/store-gate';

type ModelEvent = EventObject & { output?: unknown; error?: InventorySyncFailure; q?: string; page?: number };
type Region = 'status' | 'syncNow' | 'products';

const eventsOf = (path: ModelPath) => path.steps.map((step) => step.event as ModelEvent);
const snapshotAt = (path: ModelPath, index: number) => (index < 0 ? path.initial : path.steps[index]!.state);
const contextAt = (path: ModelPath, index: number) => snapshotAt(path, index).context as InventorySyncContext;
/** The region a path explores: its first transition's. The model explores the three regions one by one. */
const regionOf = (path: ModelPath): Region =>
  path.steps
    .flatMap((step) => step.transitions)[0]!
    .split(' | ')[0]!
    .split('.')[1] as Region;
/** Whether a status answer of the model says a sync is underway (its samples: a first sync pending, or all over). */
const underway = (event: ModelEvent) => ['pending', 'syncing'].includes((event.output as InventorySyncStatus).inventory.syncStatus);
const regionValue = (path: ModelPath, index: number, region: Region): string => {
  const value = (snapshotAt(path, index).value as Record<Region, unknown>)[region];
  return typeof value === 'string' ? value : Object.entries(value as Record<string, string>).map(([k, v]) => `${k}.${v}`)[0]!;
};

/**
 * Where the real app stops following a path (null: it follows it all):
 * - A status answer says what the server has: a sync underway only while one is (the first sync,
 *   or one Sync now started, held at the store's door until an answer says it is over).
 * - Sync now is refused 'incomplete' only before the store and catalog are saved, and the panel
 *   (with its button) is only on a configured inventory's screen: never from here.
 * - Sync now is refused for the minute (429) right after a sync it started: the server's interval
 *   is measured from the last sync's start, and a path's first sync ran seconds before (or more).
 * - PRODUCTS_STALE is a sync finishing with new products while the status is watched: one per path
 *   (the one sync the path keeps underway).
 * - GO_TO_PAGE(2) is 'Next page' from the first page the table shows (its pages are the real ones).
 * - A deleted inventory answers no status.
 */
function stopOf(path: ModelPath): number | null {
  const events = eventsOf(path);
  const firstAnswer = events.find((event) => event.type === 'xstate.done.actor.fetchStatus');
  let syncHeld = firstAnswer ? underway(firstAnswer) : false;
  let deleted = false;
  let accepted = false;
  let stale = 0;
  let shownPage: number | null = null;
  for (const [i, event] of events.entries()) {
    switch (event.type) {
      case 'xstate.done.actor.fetchStatus':
        if (deleted || (underway(event) && !syncHeld)) return i;
        if (!underway(event)) syncHeld = false;
        break;
      case 'xstate.error.actor.fetchStatus':
        if (event.error!.kind === 'not_found') deleted = true;
        break;
      case 'SYNC_QUEUED':
        if (deleted) return i;
        syncHeld = true;
        break;
      case 'xstate.done.actor.requestSync':
        accepted = true;
        break;
      case 'xstate.error.actor.requestSync':
        if (event.error!.kind === 'incomplete' || (event.error!.kind === 'too_many_requests' && !accepted)) return i;
        break;
      case 'PRODUCTS_STALE':
        if (++stale > 1) return i;
        break;
      case 'xstate.done.actor.listProducts':
        shownPage = contextAt(path, i - 1).query.page;
        break;
      case 'GO_TO_PAGE':
        if (shownPage !== 1 || event.page !== 2 || snapshotAt(path, i - 1).matches({ products: 'loading' })) return i;
        break;
    }
  }
  return null;
}

/** Whether the real app can follow a path: as far as stopOf lets it (a transition on the way to an impossible step is kept). */
function realizable(path: ModelPath): ModelPath | null {
  for (let length = path.steps.length; length > 0;) {
    const prefix = { initial: path.initial, steps: path.steps.slice(0, length) };
    const stop = stopOf(prefix);
    if (stop === null) return prefix;
    length = stop;
  }
  return null;
}

const model = inventorySyncTestModel();
const realizablePaths = model.paths.flatMap((path) => realizable(path) ?? []);
const paths = coveringPaths(inventorySyncMachine, { ...model, paths: realizablePaths });
const passed: ModelPath[] = [];

// ---- The world of one path. ----

type World = {
  page: Page;
  api: InventoryApi;
  id: string;
  /** The door in front of the store the inventory reads. */
  gate: StoreGate;
  /** The status asks (the inventory, its runs), Sync now, the products pages. */
  status: HeldRoutes;
  runs: HeldRoutes;
  syncNow: HeldRoutes;
  products: HeldRoutes | null;
  /** Syncs asked for so far (the first included): the status answers once they are all over. */
  syncs: number;
  failedAsks: number;
  /** A Sync now was accepted: the panel watches its run (a syncNow path lets it finish before the next). */
  watched: boolean;
  /** The last 429's Retry-After, in seconds. */
  retryAfter: number;
};

/** A status ask as the panel makes it: both requests held. */
const statusAsked = (world: World) => world.status.heldCount === 1 && world.runs.heldCount === 1;

async function answerStatus(world: World) {
  await Promise.all([world.status.release(), world.runs.release()]);
}

/** The sync asked for last, with its store held: started and reading (the server says syncing). */
async function syncUnderway(world: World) {
  await expect.poll(() => world.gate.waiting, { message: 'a sync reads the store', timeout: 30_000 }).toBeGreaterThan(0);
}

/** Every sync asked for is over: the store let through, the server's runs finished. */
async function syncsOver(world: World) {
  world.gate.open();
  await world.api.syncsFinished(world.id, world.syncs);
}

/** Sync now is taken by the server again: its interval since the last sync's start has passed. */
async function syncNowTaken(world: World) {
  const [last] = await world.api.runs(world.id);
  const wait = last ? Date.parse(last.startedAt) + E2E_SYNC_NOW_INTERVAL_MS + 250 - Date.now() : 0;
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
}

/** The page goes out of view or comes back: what a hidden tab's document says (headless Chromium never hides one). */
async function setHidden(page: Page, hidden: boolean) {
  await page.evaluate((hidden) => {
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => hidden });
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => (hidden ? 'hidden' : 'visible') });
    document.dispatchEvent(new Event('visibilitychange'));
  }, hidden);
}

const panelOf = (page: Page) => page.getByRole('region', { name: 'Inventory sync' });

/** Performs one model event through the UI, the network, the clock or the world. */
async function perform(world: World, path: ModelPath, index: number) {
  const { page, api } = world;
  const panel = panelOf(page);
  const event = eventsOf(path)[index]!;
  const statusBefore = regionValue(path, index - 1, 'status');
  switch (event.type) {
    case 'xstate.done.actor.fetchStatus':
      if (underway(event)) await syncUnderway(world);
      else await syncsOver(world);
      world.failedAsks = 0;
      return answerStatus(world);
    case 'xstate.error.actor.fetchStatus':
      if (event.error!.kind === 'not_found') {
        await api.remove(world.id); // deleted in another tab
        return answerStatus(world);
      }
      world.failedAsks++;
      await world.runs.drop();
      return world.status.discard(); // its pair failed: the page no longer waits for it
    case 'RETRY':
      return panel.getByRole('button', { name: 'Try again now' }).click();
    case 'PAGE_HIDDEN':
      await setHidden(page, true);
      // An ask in flight is given up.
      if (statusBefore === 'loading' || statusBefore === 'watching.asking') {
        await world.status.discard();
        await world.runs.discard();
      }
      return;
    case 'PAGE_VISIBLE':
      return setHidden(page, false);
    case 'SYNC_QUEUED': {
      // Sync now, accepted: its run stays underway at the store's door.
      await syncNowTaken(world);
      world.gate.shut();
      await panel.getByRole('button', { name: 'Sync now' }).click();
      await world.syncNow.release();
      world.syncs++;
      return;
    }
    case 'SYNC_NOW':
      if (world.watched) {
        // The run the last Sync now started is over, and the panel is told: Sync now is offered again.
        await syncsOver(world);
        await page.clock.fastForward(POLL_INTERVAL_MS);
        await answerStatus(world);
        world.watched = false;
        await expect(panel.getByRole('button', { name: 'Sync now' })).toBeEnabled();
      }
      return panel.getByRole('button', { name: 'Sync now' }).click();
    case 'xstate.done.actor.requestSync':
      await syncNowTaken(world);
      await world.syncNow.release();
      world.syncs++;
      world.watched = true;
      return;
    case 'xstate.error.actor.requestSync': {
      if (event.error!.kind === 'unknown') return world.syncNow.drop();
      // Within the server's interval of the sync just started: refused, with the wait it asks for.
      const route = await world.syncNow.next();
      const answered = route.request().response();
      await route.continue();
      const answer = (await answered) as Response;
      expect(answer.status()).toBe(429);
      world.retryAfter = Number(answer.headers()['retry-after']);
      return;
    }
    case 'DISMISS_REFUSAL':
      return panel.getByRole('button', { name: 'Dismiss' }).click();
    case 'SEARCH': {
      const loading = regionValue(path, index - 1, 'products') === 'loading';
      await panel.getByRole('searchbox', { name: 'Search products' }).fill(event.q!);
      await panel.getByRole('button', { name: 'Search', exact: true }).click();
      if (loading) await world.products!.discard(); // the page left the page it was loading
      return;
    }
    case 'GO_TO_PAGE':
      return panel.getByRole('button', { name: 'Next page' }).click();
    case 'xstate.done.actor.listProducts':
      return world.products!.release();
    case 'xstate.error.actor.listProducts':
      return world.products!.drop();
    case 'RETRY_PRODUCTS':
      return panel.getByRole('button', { name: 'Try again', exact: true }).click();
    case 'PRODUCTS_STALE': {
      // The sync underway finishes; the next status ask says so, with a new last update: the products are read again.
      const loading = regionValue(path, index - 1, 'products') === 'loading';
      await syncsOver(world);
      await page.clock.fastForward(POLL_INTERVAL_MS);
      await answerStatus(world);
      if (loading) await world.products!.discard();
      return;
    }
  }
  if (event.type.startsWith('xstate.after.')) {
    const delay = event.type.split('.')[2]!;
    if (delay === 'pollInterval') return page.clock.fastForward(POLL_INTERVAL_MS);
    if (delay === 'backoff') return page.clock.fastForward(backoffDelay(world.failedAsks));
    if (delay === 'syncNowWait') return page.clock.fastForward(world.retryAfter * 1000);
  }
  throw new Error(`No way to perform ${event.type}`);
}

/** The panel as assistive technology has it (roles, names, states, texts) and the search typed, read at once. */
async function panelScreen(page: Page) {
  const [tree, q, toast] = await Promise.all([
    panelOf(page).ariaSnapshot(),
    panelOf(page).getByRole('searchbox', { name: 'Search products' }).inputValue(),
    page.evaluate(() => document.body.innerText.includes('An unknown error occurred.')),
  ]);
  return { tree, q, toast };
}

/** What the path's region looks like in the panel, with the context the merchant sees: the checks that do not hold. */
function screenProblems(
  world: World,
  path: ModelPath,
  index: number,
  { tree, q, toast }: Awaited<ReturnType<typeof panelScreen>>,
): string[] {
  const region = regionOf(path);
  const value = regionValue(path, index, region);
  const context = contextAt(path, index);
  const problems: string[] = [];
  const expectThat = (holds: boolean, what: string) => void (holds || problems.push(what));
  const shows = (text: string | RegExp, shown = true) =>
    expectThat(
      (typeof text === 'string' ? tree.includes(text) : text.test(tree)) === shown,
      `${shown ? 'shows' : 'does not show'} ${String(text)}`,
    );
  const syncNow = tree.split('\n').find((line) => line.trimStart().startsWith('- button "Sync now"')) ?? '';

  // Every refusal here is one the panel explains, or no answer at all: never the generic toast.
  expectThat(!toast, 'no generic error toast');
  if (region === 'status') {
    const failure = 'The sync status could not be updated.';
    shows(failure, value === 'retrying' || value === 'watching.backingOff');
    if (value === 'retrying' || value === 'watching.backingOff') {
      shows('button "Try again now"');
      shows(`Trying again in ${backoffDelay(world.failedAsks) / 1000} seconds.`);
    }
    expectThat(
      statusAsked(world) === (value === 'loading' || value === 'watching.asking'),
      `the status is ${value === 'loading' || value === 'watching.asking' ? '' : 'not '}being asked`,
    );
    if (value === 'notFound') shows('This inventory no longer exists.');
    // What the server said last: a sync underway, or over.
    if (value.startsWith('watching')) shows(/status: (Syncing|Pending synchronization)/);
    if (value === 'settled') shows('status: Synced');
  }
  if (region === 'syncNow') {
    const refusedNow = 'This inventory was synced less than a minute ago.';
    const failed = 'The sync could not be started. Try again in a moment.';
    shows(refusedNow, value === 'throttled');
    if (value === 'throttled') shows(/You can sync it again at\s+- time: \d/);
    shows(failed, value === 'refused');
    if (value === 'refused') shows('button "Dismiss"');
    expectThat(
      world.syncNow.heldCount === (value === 'requesting' ? 1 : 0),
      `Sync now is ${value === 'requesting' ? '' : 'not '}being asked`,
    );
    // Offered unless asked for, refused for the minute, or the sync it started is watched.
    const offered = value === 'refused' || (value === 'idle' && !world.watched);
    if (value !== 'idle' || !world.watched)
      expectThat(syncNow.includes('[disabled]') !== offered, `Sync now ${offered ? 'offered' : 'not offered'}`);
  }
  if (region === 'products') {
    shows('Loading the products…', value === 'loading');
    expectThat(world.products!.heldCount > 0 === (value === 'loading'), `the products are ${value === 'loading' ? '' : 'not '}being asked`);
    shows('The products could not be loaded.', value === 'failed');
    if (value === 'failed') shows('button "Try again"');
    // The query asked for: its search typed, its page shown once loaded.
    expectThat(q === context.query.q, `the search is "${context.query.q}" (not "${q}")`);
    if (value === 'ready') {
      shows(/Showing \d+–\d+ of \d+ products\./);
      shows(new RegExp(`Page ${context.query.page} of \\d+`));
      shows('table "Product list"');
    }
  }
  return problems;
}

async function expectScreen(world: World, path: ModelPath, index: number) {
  const region = regionOf(path);
  // Hidden, the page asks nothing, however long it waits.
  if (region === 'status' && regionValue(path, index, 'status') === 'paused') await world.page.clock.fastForward(POLL_INTERVAL_MS * 2);
  await expect
    .poll(async () => screenProblems(world, path, index, await panelScreen(world.page)), {
      message: `the panel in ${region} ${regionValue(path, index, region)}`,
    })
    .toEqual([]);
}

/**
 * Before the path's first event: the other regions do what the path needs of them (the model
 * explores a region at a time). Sync now is offered once the status is known, with no sync
 * underway; PRODUCTS_STALE needs a sync underway, watched, that finishes later.
 */
async function prepareRegions(world: World, path: ModelPath) {
  const region = regionOf(path);
  if (region === 'syncNow') {
    await syncsOver(world);
    await answerStatus(world);
  }
  if (region === 'products') {
    if (eventsOf(path).some((event) => event.type === 'PRODUCTS_STALE')) {
      // Another tab pressed Sync now: its run is held at the store's door, and the panel watches it.
      await syncsOver(world);
      await syncNowTaken(world);
      world.gate.shut();
      await world.api.syncNow(world.id);
      world.syncs++;
      await syncUnderway(world);
    } else await syncsOver(world);
    await answerStatus(world);
  }
}

test.describe('inventory-sync machine, model-based (UI level)', () => {
  // One worker, in order: the last test counts what the others passed.
  test.describe.configure({ mode: 'default' });
  // One page for the worker, signed in once as the worker's merchant (tests/e2e/fixtures/merchant-test.ts),
  // its clock Playwright's from the start; each test starts with the merchant owning no inventory.
  let page: Page;
  test.beforeAll(async ({ browser, merchantState }) => {
    const context = await browser.newContext({
      storageState: merchantState,
      baseURL: test.info().project.use.baseURL,
      serviceWorkers: 'block',
    });
    page = await context.newPage();
    await page.clock.install();
  });
  test.afterAll(() => page.context().close());

  for (const path of paths) {
    test(inventorySyncPathName(eventsOf(path)) || '(initial)', async ({ request, merchant }) => {
      const peers = e2ePeers();
      const api = inventoryApi(request, await withIdToken(merchant));
      await api.removeAll();
      const gate = await startStoreGate(peers.bigStore.storeUrl);
      const held = (method: string, pattern: RegExp) => HeldRoutes.on(page, method, pattern, '**/api/v1/**');
      try {
        // Linked to the store through the door: shut when the path's first status says a sync is underway.
        const inventory = await api.create('Loja Grande');
        await api.saveIntegration(inventory, { url: gate.url, token: peers.shopifyToken });
        const firstAnswer = eventsOf(path).find((event) => event.type === 'xstate.done.actor.fetchStatus');
        if (firstAnswer && underway(firstAnswer)) gate.shut();
        await api.saveCatalog(inventory, peers.bigStore.catalogId);

        const world: World = {
          page,
          api,
          id: inventory.id,
          gate,
          status: await held('GET', /^\/api\/v1\/inventories\/[^/]+$/),
          runs: await held('GET', /^\/api\/v1\/inventories\/[^/]+\/runs$/),
          syncNow: await held('POST', /^\/api\/v1\/inventories\/[^/]+\/sync$/),
          products: regionOf(path) === 'products' ? await held('GET', /^\/api\/v1\/inventories\/[^/]+\/products$/) : null,
          syncs: 1,
          failedAsks: 0,
          watched: false,
          retryAfter: 0,
        };
        await openFromInventories(page, 'Loja Grande');
        await world.status.release(); // the wizard's load: the inventory is configured, its screen opens
        await expect.poll(() => statusAsked(world), { message: 'the panel asks for the status' }).toBe(true);
        // Time stands still from here: the panel's timers run when the test moves the clock.
        await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);
        await prepareRegions(world, path);
        await expectScreen(world, path, -1);
        await testPath(inventorySyncMachine, path, {
          events: eachEvent(path, (step) => perform(world, path, path.steps.indexOf(step))),
          states: {
            [inventorySyncMachine.id]: (state) =>
              expectScreen(
                world,
                path,
                path.steps.findIndex((step) => step.state === state),
              ),
          },
        });
      } finally {
        await page.unrouteAll({ behavior: 'ignoreErrors' });
        await page.clock.resume();
        if (page.url().startsWith('http')) await setHidden(page, false); // the page is in view again for the next path
        await gate.stop();
      }
      passed.push(path);
    });
  }

  test('the passed paths reach every state and take every transition', () => {
    const coverage = coverageOf(inventorySyncMachine, { ...model, paths: passed });
    console.log(
      describeCoverage('inventory-sync', 'UI', coverage, passed.length) +
        ` (of ${model.paths.length} in the model, ${realizablePaths.length} followed as far as the app can)`,
    );
    expect(passed).toHaveLength(paths.length);
    expect(coverage.states.missing).toEqual([]);
    expect(coverage.transitions.missing).toEqual([]);
  });
});
