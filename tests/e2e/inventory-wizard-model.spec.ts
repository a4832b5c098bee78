// The inventory-wizard machine's model-based test through the real UI: the paths of
// tests/model/inventory-wizard-model.ts, in Chromium against the real server, the Auth emulator and
// the e2e server's loopback stores and catalogs (tests/e2e/fixtures/e2e-peers.ts). API calls are held
// while the app shows them in flight, then let through or dropped. The world gives every answer: what
// is typed decides what the store or the catalog says (the demo store, a store whose token lacks
// read_orders, a wrong token, an unknown catalog ID), and refusals come from the world changing as
// another tab would change it (the same step saved: 409; the inventory deleted: 404; another inventory
// of that name). What was typed comes back when the merchant leaves the wizard and opens it again.
// One merchant and one page per worker: starting the app for each path would cost more than the path.
import { randomUUID } from 'node:crypto';
import { expect, type Locator, type Page } from '@playwright/test';
import { transition, type AnyMachineSnapshot, type EventObject } from 'xstate';
import { catalogSchema, inventoryValidation, inventoryValidationMessages, type Inventory, type InventoryStep } from '@/domain/inventory';
import {
  inventoryWizardMachine,
  type InventoryFailure,
  type InventoryWizardContext,
  type LoadedInventory,
  type StoredInventoryDraft,
} from '@/machines/inventory-wizard';
import { abstractWizard, inventoryWizardPathName, inventoryWizardTestModel, SAMPLE_TOKEN } from '../model/inventory-wizard-model';
import { coverageOf, coveringPaths, describeCoverage, eachEvent, testPath, type ModelPath } from '../model/model-harness';
import { e2ePeers } from './fixtures/e2e-peers';
import { HeldRoutes } from './fixtures/held-routes';
import { inventoryApi, openFromInventories, withIdToken, type InventoryApi } from './fixtures/inventory-api';
import { test } from './fixtures/merchant-test';

type ModelEvent = EventObject & { output?: unknown; error?: InventoryFailure; values?: Record<string, unknown> };

// ---- The world, as the paths are planned: stand-ins for the peers' addresses (read when a test runs). ----

/** The demo store (it takes the token), the store whose token lacks read_orders, and the wizard's catalog. */
const GOOD_STORE = 'https://good-store.test';
const SCOPE_LACKING_STORE = 'https://scope-lacking-store.test';
const WIZARD_CATALOG = '1111111111111111';
const WRONG_TOKEN = 'shpat_0000000000000000000000000000dead';
/** A catalog ID no catalog has. */
const UNKNOWN_CATALOG = '765';
/** The stand-ins as the e2e server's peers are. */
const real = (text: string) => {
  const peers = e2ePeers();
  return text
    .replace(GOOD_STORE, peers.demo.storeUrl)
    .replace(SCOPE_LACKING_STORE, peers.scopeLackingStoreUrl)
    .replace(WIZARD_CATALOG, peers.wizardCatalogId)
    .replace(SAMPLE_TOKEN, peers.shopifyToken);
};

const eventsOf = (path: ModelPath) => path.steps.map((step) => step.event as ModelEvent);
const snapshotAt = (path: ModelPath, index: number) => (index < 0 ? path.initial : path.steps[index]!.state);
const contextAt = (path: ModelPath, index: number) => snapshotAt(path, index).context as InventoryWizardContext;
const stateValue = (value: unknown): string =>
  typeof value === 'string' ? value : Object.entries(value as Record<string, unknown>).map(([k, v]) => `${k}.${stateValue(v)}`)[0]!;
const topState = (snapshot: AnyMachineSnapshot) => stateValue(snapshot.value).split('.')[0]!;
const actorOf = (event: ModelEvent) => (event.type.startsWith('xstate.') ? event.type.split('.').at(-1)! : null);
const isLoad = (event: ModelEvent) => actorOf(event) === 'loadInventory';

// ---- Which paths the real app can follow, and with what typed: the plan of a path. ----

type StoreKind = 'good' | 'badToken' | 'scopeLacking';
type CatalogKind = 'found' | 'unknown';
const IMPOSSIBLE = 'impossible';
type Need<K> = K | null | typeof IMPOSSIBLE;

/** What a store call's answer needs of the store and token typed (null: any will do; conflicts and deletions do not reach the store). */
function storeNeed(event: ModelEvent, before: InventoryWizardContext): Need<StoreKind> {
  const actor = actorOf(event);
  if (actor !== 'checkStore' && actor !== 'saveIntegration') return null;
  if (event.type.startsWith('xstate.done.')) return 'good';
  const { kind, reason, fields } = event.error!;
  if (kind === 'peer')
    return reason === 'store_token_invalid' ? 'badToken' : reason === 'store_scope_missing' ? 'scopeLacking' : IMPOSSIBLE;
  // The server checks the store before it finds the name taken by another of the merchant's inventories.
  if (kind === 'invalid') {
    const nameTaken = actor === 'saveIntegration' && fields?.name === inventoryValidation.nameTaken.id;
    return nameTaken && before.draft.integration.name.trim() !== before.inventory?.name ? 'good' : IMPOSSIBLE;
  }
  return null;
}

/** What a catalog call's answer needs of the catalog ID typed. */
function catalogNeed(event: ModelEvent): Need<CatalogKind> {
  const actor = actorOf(event);
  if (actor !== 'checkCatalog' && actor !== 'saveCatalog') return null;
  if (event.type.startsWith('xstate.done.')) return 'found';
  const { kind, reason } = event.error!;
  if (kind === 'peer') return reason === 'catalog_not_found' ? 'unknown' : IMPOSSIBLE;
  return kind === 'invalid' ? IMPOSSIBLE : null;
}

const changesStore = (event: ModelEvent) =>
  event.type === 'EDIT_INTEGRATION' && ('shopifyUrl' in event.values! || 'shopifyToken' in event.values!);
const changesCatalog = (event: ModelEvent) => event.type === 'EDIT_CATALOG' && 'catalogId' in event.values!;

/** What the calls after `from` need, until the values they use are typed over: one kind, or impossible. */
function needAfter<K>(
  path: ModelPath,
  from: number,
  changes: (event: ModelEvent) => boolean,
  need: (event: ModelEvent, index: number) => Need<K>,
): Need<K> {
  const events = eventsOf(path);
  let wanted: K | null = null;
  for (let i = from + 1; i < events.length && !changes(events[i]!) && !isLoad(events[i]!); i++) {
    const needed = need(events[i]!, i);
    if (needed === IMPOSSIBLE || (needed !== null && wanted !== null && needed !== wanted)) return IMPOSSIBLE;
    wanted = needed ?? wanted;
  }
  return wanted;
}
const storeNeedAfter = (path: ModelPath, from: number) =>
  needAfter(path, from, changesStore, (event, i) => storeNeed(event, contextAt(path, i - 1)));
const catalogNeedAfter = (path: ModelPath, from: number) => needAfter(path, from, changesCatalog, catalogNeed);

type Plan = {
  /** The inventory the path opens: a new one, one that never existed, or one saved up to a step. */
  start: { kind: 'new' } | { kind: 'missing' } | { kind: 'saved'; step: InventoryStep };
  /** What was typed before the merchant left the wizard: the path's first successful load, coming back, brings it back. */
  typedBefore: StoredInventoryDraft | null;
  /** The model's events as the world makes them (what is typed; what the server answers). */
  events: ModelEvent[];
  /** The machine's context after each of them, from the initial one: what the screen must show. */
  contexts: InventoryWizardContext[];
};

/** An answer of the server as the world has it: its store and catalog. */
const asSaved = (inventory: Inventory | null): Inventory | null =>
  inventory && { ...inventory, shopifyUrl: inventory.shopifyUrl && GOOD_STORE, catalogId: inventory.catalogId && WIZARD_CATALOG };

/**
 * The plan of a path, or the index of the first step the real app cannot follow:
 * - A new inventory loads from this browser alone (no request): no failed load, and no load after.
 * - The world is the inventory the path opened: its one successful load is the first (failed loads
 *   before it are dropped connections); later loads (a retry, a reload after a conflict) can only fail.
 * - A deleted inventory answers 404 to everything after.
 * - The server validates with the page's own schemas and takes loopback stores outside production, so it
 *   never refuses the address of a store check or the catalog ID of a save as invalid; the platform's
 *   Meta token is right, so no save is refused for it (catalog_token_invalid).
 * - A name is taken only by another inventory: not the name the inventory already has.
 * - The restored-draft notice (with its Dismiss) is on the wizard's screens only.
 * - What is typed reaches the store or catalog the calls after it need; a restored draft has no token
 *   (the stored one is used, and it is right), and a saved store or catalog is the demo's.
 * - In the naming step only the name can be typed.
 * Then the machine must go, with these events, through the model's states as the model tells them apart.
 */
function planOrStop(path: ModelPath): Plan | number {
  const events = eventsOf(path);
  const firstDone = events.findIndex((event) => event.type === 'xstate.done.actor.loadInventory');
  const loaded = firstDone >= 0 ? (events[firstDone]!.output as LoadedInventory) : null;
  let start: Plan['start'];
  if (loaded && !loaded.inventory) {
    if (firstDone !== 0) return 0;
    const another = events.findIndex((event, i) => i > 0 && isLoad(event));
    if (another >= 0) return another;
    start = { kind: 'new' };
  } else if (loaded) start = { kind: 'saved', step: loaded.inventory!.step };
  else if (events[0] && isLoad(events[0]) && events[0].error?.kind === 'not_found') start = { kind: 'missing' };
  else start = { kind: 'saved', step: 'integration' };

  let deleted = start.kind === 'missing';
  let typedBefore: StoredInventoryDraft | null = null;
  const realized: ModelEvent[] = [];
  for (const [i, event] of events.entries()) {
    const before = contextAt(path, i - 1);
    const state = topState(snapshotAt(path, i - 1));
    const actor = actorOf(event);
    if (isLoad(event) && (event.type.startsWith('xstate.done.') ? i !== firstDone : i < firstDone && event.error!.kind !== 'unknown'))
      return i;
    if (actor && deleted && !(event.error && ['not_found', 'unknown'].includes(event.error.kind))) return i;
    if (actor && event.error?.kind === 'not_found') deleted = true;
    if (actor === 'checkStore' && event.error?.kind === 'invalid') return i;
    if (
      event.type === 'DISMISS_RESTORED' &&
      !(before.restored && ['naming', 'integration', 'catalog', 'conclusion', 'conflict'].includes(state))
    )
      return i;

    let made: ModelEvent = event;
    if (event.type === 'EDIT_INTEGRATION') {
      const values = { ...event.values! };
      if (state === 'naming') {
        for (const key of Object.keys(values)) if (key !== 'name') delete values[key];
      } else if (changesStore(event)) {
        const need = storeNeedAfter(path, i);
        if (need === IMPOSSIBLE || (need === 'badToken' && !('shopifyToken' in values))) return i;
        const addressTyped = integrationAddress(String(values.shopifyUrl ?? ''));
        if ('shopifyUrl' in values && addressTyped) values.shopifyUrl = need === 'scopeLacking' ? SCOPE_LACKING_STORE : GOOD_STORE;
        if ('shopifyToken' in values) values.shopifyToken = need === 'badToken' ? WRONG_TOKEN : SAMPLE_TOKEN;
      }
      made = { ...event, values };
    } else if (event.type === 'EDIT_CATALOG' && changesCatalog(event)) {
      const typed = String(event.values!.catalogId);
      if (catalogSchema.shape.catalogId.safeParse(typed).success) {
        const need = catalogNeedAfter(path, i);
        if (need === IMPOSSIBLE) return i;
        made = {
          ...event,
          values: { ...event.values, catalogId: typed.replace(/\d+/, need === 'unknown' ? UNKNOWN_CATALOG : WIZARD_CATALOG) },
        };
      }
    } else if (event.type === 'xstate.done.actor.loadInventory') {
      const { inventory, draft } = event.output as LoadedInventory;
      // Before anything is typed over them, the saved store and catalog answer: the demo's.
      if (inventory?.shopifyUrl && ![null, 'good'].includes(storeNeedAfter(path, i))) return i;
      if (inventory?.catalogId && ![null, 'found'].includes(catalogNeedAfter(path, i))) return i;
      let typed = draft;
      if (draft && inventory) {
        // Typed, left and brought back: aimed at what the calls after it need; the stored token is used.
        const integration = { ...draft.integration, shopifyUrl: GOOD_STORE };
        if (draft.integration.shopifyUrl !== inventory.shopifyUrl) {
          const need = storeNeedAfter(path, i);
          if (need === IMPOSSIBLE || need === 'badToken') return i;
          // The same store's address pasted with its admin path, or another store.
          integration.shopifyUrl = need === 'scopeLacking' ? SCOPE_LACKING_STORE : `${GOOD_STORE}/admin`;
        }
        const catalog = { ...draft.catalog, catalogId: inventory.catalogId && WIZARD_CATALOG };
        if (draft.catalog.catalogId !== inventory.catalogId) {
          const need = catalogNeedAfter(path, i);
          if (need === IMPOSSIBLE) return i;
          catalog.catalogId = need === 'unknown' ? UNKNOWN_CATALOG : WIZARD_CATALOG;
        }
        typed = { ...draft, integration, catalog };
      }
      typedBefore = typed;
      made = { ...event, output: { inventory: asSaved(inventory), draft: typed } };
    } else if (event.type.startsWith('xstate.done.') && event.output && typeof event.output === 'object' && 'version' in event.output) {
      // Saved as typed: a new inventory, or step 1, takes the name typed.
      const name = actor === 'saveCatalog' ? before.inventory!.name : before.draft.integration.name.trim();
      made = { ...event, output: { ...asSaved(event.output as Inventory)!, name } };
    }
    realized.push(made);
  }
  // The machine, given what the world makes, must be where the model is (as far as the model tells states apart).
  let snapshot = path.initial;
  const contexts = [snapshot.context as InventoryWizardContext];
  for (const [i, event] of realized.entries()) {
    [snapshot] = transition(inventoryWizardMachine, snapshot as never, event as never) as unknown as [AnyMachineSnapshot];
    const model = path.steps[i]!.state;
    if (JSON.stringify(snapshot.value) !== JSON.stringify(model.value)) return i;
    if (JSON.stringify(abstractWizard(snapshot.context as never)) !== JSON.stringify(abstractWizard(model.context as never))) return i;
    contexts.push(snapshot.context as InventoryWizardContext);
  }
  return { start, typedBefore, events: realized, contexts };
}
/** Whether a typed store address is one (not 'not a store'). */
const integrationAddress = (typed: string) => typed.includes('.');

/**
 * Whether the real app can follow a path: as far as its plan goes. A path it cannot follow to the end
 * is followed up to the step it cannot take (the model keeps only its longest paths, so a transition
 * reached on the way to an impossible step would otherwise be lost).
 */
function realizable(path: ModelPath): { path: ModelPath; plan: Plan } | null {
  for (let length = path.steps.length; length > 0;) {
    const prefix = { initial: path.initial, steps: path.steps.slice(0, length) };
    const planned = planOrStop(prefix);
    if (typeof planned !== 'number') return { path: prefix, plan: planned };
    length = planned;
  }
  return null;
}

const model = inventoryWizardTestModel();
const realizablePaths = model.paths.flatMap((path) => realizable(path) ?? []);
const paths = coveringPaths(inventoryWizardMachine, { ...model, paths: realizablePaths.map((r) => r.path) });
const plans = new Map(realizablePaths.map((r) => [r.path, r.plan]));
const passed: ModelPath[] = [];

// ---- Running a plan. ----

type Gates = Record<'load' | 'create' | 'checkStore' | 'saveIntegration' | 'checkCatalog' | 'saveCatalog', HeldRoutes>;
type World = Gates & {
  page: Page;
  api: InventoryApi;
  plan: Plan;
  /** The inventory's id (null until a new one is created). */
  id: string | null;
  /** Whether the API calls are held yet (see hold). */
  holding: boolean;
};

/**
 * From now on the page's API calls are held (each until the test lets it through or drops it).
 * Playwright turns the HTTP cache off while a page routes requests, and the app's start fetches some
 * sixty scripts: a path whose first load succeeds opens its inventory unheld (its loading screen is
 * checked where a load is held: after a retry, a reload, or a first load that fails), then holds.
 */
async function hold(world: World) {
  const held = (method: string, pattern: RegExp) => HeldRoutes.on(world.page, method, pattern, '**/api/v1/**');
  Object.assign(world, {
    load: await held('GET', /^\/api\/v1\/inventories\/[^/]+$/),
    create: await held('POST', /^\/api\/v1\/inventories$/),
    checkStore: await held('POST', /^\/api\/v1\/inventories\/[^/]+\/store-check$/),
    saveIntegration: await held('PUT', /^\/api\/v1\/inventories\/[^/]+\/integration$/),
    checkCatalog: await held('POST', /^\/api\/v1\/inventories\/[^/]+\/catalog-check$/),
    saveCatalog: await held('PUT', /^\/api\/v1\/inventories\/[^/]+\/catalog$/),
    holding: true,
  } satisfies Gates & { holding: true });
}

const peerReasons: Record<string, string> = {
  store_token_invalid: 'The store refused the token. Check that it is the Admin API access token of this store.',
  store_scope_missing:
    'The token lacks an access scope Catalyst needs. Give the app the read_products and read_orders scopes, then try again.',
  catalog_not_found:
    "No catalog with this ID can be seen with Catalyst's access. Check the ID, and that the catalog is shared with Catalyst.",
};
const stepOrder = ['integration', 'catalog', 'conclusion'] as const;

/** The held requests of a page that has gone (reloaded, or a screen that asked and left): forgotten. */
async function forgetHeld(gate: HeldRoutes) {
  while (gate.heldCount > 0) await gate.discard();
}

const field = (main: Locator, name: string) => main.getByRole('textbox', { name, exact: true });
// A password field (the token is write-only): no textbox role. Its label ends with the required mark.
const tokenField = (main: Locator) => main.getByLabel('Shopify API token');

/** Fills step 1's fields (or the name) with `values`, as typed. */
async function typeIntegration(main: Locator, values: Record<string, unknown>) {
  if (typeof values.name === 'string') await field(main, 'Inventory name').fill(values.name);
  if (typeof values.ecommerceType === 'string')
    await main.getByRole('combobox', { name: 'E-commerce type' }).selectOption(values.ecommerceType);
  if (typeof values.shopifyToken === 'string') await tokenField(main).fill(real(values.shopifyToken));
  if (typeof values.shopifyUrl === 'string') await field(main, 'Shopify API URL').fill(real(values.shopifyUrl));
  if (typeof values.website === 'string') await field(main, 'Website').fill(values.website);
  if (typeof values.checkoutParams === 'string')
    await field(main, 'Additional checkout URL parameters (optional)').fill(values.checkoutParams);
  if (typeof values.trackingUrl === 'string') await field(main, 'Base tracking URL (optional)').fill(values.trackingUrl);
}

async function typeCatalog(main: Locator, values: Record<string, unknown>) {
  if (typeof values.catalogId === 'string') await field(main, 'Catalog ID').fill(real(values.catalogId));
  if (typeof values.storeIsTruth === 'boolean')
    await main.getByRole('checkbox', { name: 'The store is the source of truth' }).setChecked(values.storeIsTruth);
}

/** Performs one model event through the UI, the network or the world. */
async function perform(world: World, path: ModelPath, index: number) {
  const { page, api, plan } = world;
  const main = page.getByRole('main');
  const event = plan.events[index]!;
  const state = stateValue(snapshotAt(path, index - 1).value);
  switch (event.type) {
    case 'EDIT_INTEGRATION':
      // From a failure or a check, the first keystroke is what leaves it, even when the values end up the same.
      if (state.endsWith('.failed') || state.endsWith('.checking')) {
        const name = field(main, 'Inventory name');
        const typed = await name.inputValue();
        await name.fill(`${typed} `);
        await name.fill(typed);
        if (state.endsWith('.checking')) await world.checkStore.discard(); // the check is abandoned
      }
      return typeIntegration(main, event.values!);
    case 'EDIT_CATALOG':
      if (state.endsWith('.failed') || state.endsWith('.checking')) {
        const truth = main.getByRole('checkbox', { name: 'The store is the source of truth' });
        await truth.click();
        await truth.click();
        if (state.endsWith('.checking')) await world.checkCatalog.discard();
      }
      return typeCatalog(main, event.values!);
    case 'SAVE':
      return main.getByRole('button', { name: state.startsWith('naming') ? 'Create and continue' : 'Save and advance' }).click();
    case 'CHECK':
      return main.getByRole('button', { name: state.startsWith('integration') ? 'Check connection' : 'Check catalog' }).click();
    case 'BACK':
      return main.getByRole('button', { name: 'Back', exact: true }).click();
    case 'RETRY':
      return main.getByRole('button', { name: 'Try again' }).click();
    case 'RELOAD':
      return main.getByRole('button', { name: 'Reload' }).click();
    case 'FINISH':
      return main.getByRole('button', { name: 'Go to the inventory' }).click();
    case 'EDIT':
      await main.getByRole('button', { name: 'Edit', exact: true }).click();
      return forgetHeld(world.load); // the sync panel's status (held: the sync model test follows it), asked and left
    case 'DISMISS_RESTORED':
      return main.getByRole('button', { name: 'Dismiss' }).click();
  }
  const actor = actorOf(event) as Exclude<keyof Gates, 'load' | 'create'> | 'loadInventory' | 'createInventory';
  const error = event.error;
  if (actor === 'loadInventory' && !world.holding) {
    // The path's first load, unheld (see hold): loaded, then the calls after it are held.
    await expectScreen(world, path, index);
    return hold(world);
  }
  const gate = actor === 'loadInventory' ? world.load : actor === 'createInventory' ? world.create : world[actor];
  if (error?.kind === 'unknown') return gate.drop();
  if (error?.kind === 'not_found' && world.id && plan.start.kind !== 'missing') await api.remove(world.id).catch(() => undefined); // deleted in another tab
  if (error?.kind === 'conflict') {
    // Another tab saves the same step first.
    const inventory = await api.get(world.id!);
    if (actor === 'saveIntegration')
      await api.saveIntegration(inventory, { url: e2ePeers().demo.storeUrl, token: e2ePeers().shopifyToken });
    else await api.saveCatalog(inventory, e2ePeers().wizardCatalogId);
  }
  let blocker: Inventory | null = null;
  if (actor === 'createInventory' && error?.kind === 'invalid')
    blocker = await api.create(contextAt(path, index - 1).draft.integration.name.trim());
  await gate.release();
  if (blocker) await api.remove(blocker.id); // the other tab's inventory goes away again
  if (actor === 'createInventory' && !error) {
    // The new inventory takes its own address: the wizard there loads it again.
    await expect(page).toHaveURL(/\/en\/inventory\/[0-9a-f-]{36}$/);
    world.id = page.url().split('/').at(-1)!;
    await world.load.release();
  }
}

/**
 * The screen as the merchant's assistive technology has it (the main region's accessibility tree:
 * roles, names, states, texts), the form's values and whether the generic error toast is up, read at
 * once: a state is checked in one read, again until it holds (an assertion each would be a round
 * trip each, and the paths have a hundred states).
 */
type Screen = { tree: string; values: Record<string, string | boolean>; toast: boolean };
async function screenOf(page: Page): Promise<Screen> {
  const [tree, { values, toast }] = await Promise.all([
    page.getByRole('main').ariaSnapshot(),
    page.evaluate(() => ({
      values: Object.fromEntries(
        [...document.querySelectorAll<HTMLInputElement | HTMLSelectElement>('main input[name], main select[name]')].map((control) => [
          control.name,
          control instanceof HTMLInputElement && control.type === 'checkbox' ? control.checked : control.value,
        ]),
      ),
      // The generic error toast, outside the main region.
      toast: document.body.innerText.includes('An unknown error occurred.'),
    })),
  ]);
  return { tree, values, toast };
}
/** A button's state in the tree: missing, enabled or disabled (a busy button is disabled). */
function button(tree: string, name: string): 'missing' | 'enabled' | 'disabled' {
  const line = tree.split('\n').find((text) => text.trimStart().startsWith(`- button "${name}"`));
  return !line ? 'missing' : line.includes('[disabled]') ? 'disabled' : 'enabled';
}

/** What each state looks like on the screen, with the context the merchant sees: the checks that do not hold. */
function screenProblems(world: World, path: ModelPath, index: number, { tree, values, toast }: Screen): string[] {
  const state = stateValue(snapshotAt(path, index).value);
  const top = state.split('.')[0]!;
  const context = world.plan.contexts[index + 1]!;
  const peers = e2ePeers();
  const problems: string[] = [];
  const expectThat = (holds: boolean, what: string) => void (holds || problems.push(what));
  const shows = (text: string, shown = true) => expectThat(tree.includes(text) === shown, `${shown ? 'shows' : 'does not show'} "${text}"`);
  const buttonIs = (name: string, wanted: 'missing' | 'enabled' | 'disabled') =>
    expectThat(button(tree, name) === wanted, `button "${name}" ${wanted}`);
  const valueIs = (name: string, wanted: string | boolean) =>
    expectThat(values[name] === wanted, `${name} is ${JSON.stringify(wanted)} (not ${JSON.stringify(values[name])})`);

  // Every refusal here is one the screen explains, or no answer at all: never the generic toast beside it.
  expectThat(!toast, 'no generic error toast');
  switch (top) {
    case 'loading':
      // A new inventory loads from this browser alone: there is no request to hold.
      if (world.id) shows('Loading the inventory');
      return problems;
    case 'loadFailed':
      shows('The inventory could not be loaded.');
      buttonIs('Try again', 'enabled');
      return problems;
    case 'notFound':
      shows('This inventory does not exist (or no longer does).');
      shows('link "Back to inventories"');
      return problems;
    case 'overview':
      shows('heading "Inventory info"');
      shows(`${peers.demo.storeName} (${peers.demo.storeUrl})`);
      shows('region "Inventory sync"');
      buttonIs('Edit', 'enabled');
      return problems;
    case 'naming':
      shows('heading "Name your inventory"');
      valueIs('name', context.draft.integration.name);
      shows('The inventory could not be created.', state === 'naming.failed');
      buttonIs('Create and continue', state === 'naming.saving' ? 'disabled' : 'enabled');
      break;
    default: {
      // The stepper: the steps before the one shown are marked completed.
      const completed = tree.split('\n').filter((line) => line.includes('listitem: "Completed: ')).length;
      expectThat(completed === stepOrder.indexOf(context.step), `the stepper is on ${context.step}`);
      shows('This inventory was saved in another tab or window.', top === 'conflict');
      if (top === 'conflict') buttonIs('Reload', 'enabled');
      shows('Your changes could not be saved.', state.endsWith('.failed'));
      if (state.endsWith('.failed')) buttonIs('Try again', 'enabled');
      if (top === 'integration' || top === 'catalog') {
        buttonIs('Save and advance', state.endsWith('.saving') || state.endsWith('.checking') ? 'disabled' : 'enabled');
      }
    }
  }
  shows('We restored the changes you had not saved yet.', context.restored);
  // Field errors are message ids: the page shows each one's English text.
  for (const id of Object.values(context.fieldErrors)) shows(inventoryValidationMessages.get(id)?.message ?? id);

  // A step's check: busy, what it found, why the store or catalog refused, or that no answer came.
  const checking = state.endsWith('.checking');
  const checkUnanswered = state.endsWith('.editing') && context.failure === 'unknown';
  const checkResult = (name: string, found: string, what: string | null) => {
    buttonIs(name, checking || state.endsWith('.saving') ? 'disabled' : 'enabled');
    for (const [reason, text] of Object.entries(peerReasons)) shows(text, !checking && context.peerFailure === reason);
    shows('The check could not be made. Try again in a moment.', !checking && !context.peerFailure && checkUnanswered);
    const shown = !checking && !context.peerFailure && !checkUnanswered && what !== null;
    shows(found, shown);
    if (shown) shows(what!);
  };
  if (top === 'integration') {
    shows('heading "1. Integration"');
    const { integration } = context.draft;
    valueIs('name', integration.name);
    valueIs('ecommerceType', integration.ecommerceType);
    valueIs('shopifyToken', real(integration.shopifyToken)); // write-only: as typed now, never restored
    valueIs('shopifyUrl', real(integration.shopifyUrl));
    valueIs('website', integration.website);
    valueIs('checkoutParams', integration.checkoutParams);
    checkResult('Check connection', 'The connection works.', context.storeCheck && `Store: ${peers.demo.storeName}. Currency: BRL.`);
  }
  if (top === 'catalog') {
    shows('heading "2. Inventory"');
    valueIs('catalogId', real(context.draft.catalog.catalogId));
    valueIs('storeIsTruth', context.draft.catalog.storeIsTruth);
    const catalog =
      context.catalogCheck &&
      (tree.match(/Catalog: Catálogo do Assistente\. \d+ items/)?.[0] ?? 'Catalog: Catálogo do Assistente. (its item count)');
    checkResult('Check catalog', 'The catalog can be read.', catalog);
    buttonIs('Back', state === 'catalog.editing' ? 'enabled' : 'missing');
  }
  if (top === 'conclusion') {
    shows('heading "3. Conclusion"');
    const catalogUrl = String(values.catalogUrl ?? '');
    expectThat(/\/en\/c\/[\w-]+$/.test(catalogUrl), 'the catalog access URL is shown');
    valueIs('cartUrl', `${catalogUrl}/cart`);
    buttonIs('Go to the inventory', 'enabled');
  }
  return problems;
}

async function expectScreen(world: World, path: ModelPath, index: number) {
  const state = stateValue(snapshotAt(path, index).value);
  await expect
    .poll(async () => screenProblems(world, path, index, await screenOf(world.page)), { message: `the screen of ${state}` })
    .toEqual([]);
}

/** Opens the path's inventory (typed on, left and opened again, when its first load brings a draft back), then follows the path. */
async function followPath(world: World, path: ModelPath) {
  const { page, plan } = world;
  if (plan.events[0]?.type !== 'xstate.done.actor.loadInventory') await hold(world);
  const open = () => openFromInventories(page, world.id ? 'Loja Ana' : null);
  if (plan.start.kind === 'missing') await page.goto(`/en/inventory/${world.id}`, { waitUntil: 'commit' });
  else await open();
  const typed = plan.typedBefore;
  if (typed) {
    // What the path's first load brings back: typed for real; the merchant leaves, and comes back.
    const main = page.getByRole('main');
    if (!world.id) await typeIntegration(main, { name: typed.integration.name });
    else if (typed.step === 'integration') {
      await main.getByRole('button', { name: 'Edit', exact: true }).click();
      await typeIntegration(main, { shopifyUrl: typed.integration.shopifyUrl });
    } else await typeCatalog(main, { catalogId: typed.catalog.catalogId });
    await open();
  }
  if (world.holding) await expectScreen(world, path, -1);
  await testPath(inventoryWizardMachine, path, {
    events: eachEvent(path, (step) => perform(world, path, path.steps.indexOf(step))),
    states: {
      [inventoryWizardMachine.id]: (state) =>
        expectScreen(
          world,
          path,
          path.steps.findIndex((step) => step.state === state),
        ),
    },
  });
}

test.describe('inventory-wizard machine, model-based (UI level)', () => {
  // One worker, in order: the last test counts what the others passed.
  test.describe.configure({ mode: 'default' });
  // One page for the worker, signed in once as the worker's merchant (tests/e2e/fixtures/merchant-test.ts):
  // a context per path would start the app cold each time. Each test starts with the merchant owning no
  // inventory and the page no draft, and takes its held routes away when it ends.
  let page: Page;
  test.beforeAll(async ({ browser, merchantState }) => {
    const context = await browser.newContext({
      storageState: merchantState,
      baseURL: test.info().project.use.baseURL,
      serviceWorkers: 'block',
    });
    page = await context.newPage();
  });
  test.afterAll(() => page.context().close());

  for (const path of paths) {
    const plan = plans.get(path)!;
    test(inventoryWizardPathName(eventsOf(path)) || '(initial)', async ({ request, merchant }) => {
      const peers = e2ePeers();
      const api = inventoryApi(request, await withIdToken(merchant));
      await api.removeAll();
      // The inventory the path opens, as saved through the API.
      let id: string | null = null;
      if (plan.start.kind === 'missing') id = randomUUID();
      if (plan.start.kind === 'saved') {
        const created = await api.create('Loja Ana');
        id = created.id;
        const step = stepOrder.indexOf(plan.start.step);
        if (step >= 1) await api.saveIntegration(created, { url: peers.demo.storeUrl, token: peers.shopifyToken });
        if (step >= 2) await api.saveCatalog(created, peers.wizardCatalogId);
      }
      if (page.url().startsWith('http'))
        await page.evaluate(() =>
          Object.keys(localStorage).forEach((key) => key.startsWith('catalyst.inventory-draft') && localStorage.removeItem(key)),
        );

      const world = { page, api, plan, id, holding: false } as World;
      try {
        await followPath(world, path);
      } finally {
        if (world.holding)
          for (const gate of [world.load, world.create, world.checkStore, world.saveIntegration, world.checkCatalog, world.saveCatalog])
            await forgetHeld(gate);
        await page.unrouteAll({ behavior: 'ignoreErrors' });
      }
      passed.push(path);
    });
  }

  test('the passed paths reach every state and take every transition', () => {
    const coverage = coverageOf(inventoryWizardMachine, { ...model, paths: passed });
    console.log(
      describeCoverage('inventory-wizard', 'UI', coverage, passed.length) +
        ` (of ${model.paths.length} in the model, ${realizablePaths.length} followed as far as the app can)`,
    );
    expect(passed).toHaveLength(paths.length);
    expect(coverage.states.missing).toEqual([]);
    expect(coverage.transitions.missing).toEqual([]);
  });
});
