// 'Inventory sync' as a view, with its real machine and API client in happy-dom, against real data:
// an API server of this file's own (the component tests' server has no Meta catalog to save an
// inventory against) on an in-memory PGlite, linked to the loopback demo store and catalog
// (tests/fixtures/demo-peers.ts: a generated store of 120 variants, and its catalog with one item
// nothing backs, a stale price, a flipped availability, a variant left out). The server runs no
// worker: each sync is run by the test with the server's own module (server/inventories/
// inventory-sync.ts), when the test wants it, so every status can be seen. Proved here: pending
// synchronization turning into synced by polling, the runs and the report, the products table
// (prices in the page's language and the store's currency, search, paging), Sync now refused
// within a minute with the time it can be asked again (every time in the browser's zone, named),
// Sync now accepted and watched until its run is over (an order from a Catalyst cart then shown as
// converted value, beside the demo store's own), a failed sync with its reason, and the
// /inventories list of configured inventories.
// Also the inventory screen's 'Inventory info' with its checkout link preview: the attribution code
// the server gives the inventory as `ref`, the merchant's parameters after ours (their own `ref`
// left out, and said so), and the link passing through the tracking URL once one is saved.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryHistory, createRootRouteWithContext, createRoute, createRouter, Outlet } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Inventory, InventoryDetail, SyncStatus } from '@/domain/inventory';
import type { InventoryProduct, SyncRun, SyncTrigger } from '@/domain/inventory-sync';
import { EMULATOR_HOST, EMULATOR_PROJECT } from '@/scripts/auth-emulator';
import type { RuntimeConfig } from '@/domain/runtime-config';
import { createApiClient } from '@/src/api/api-client';
import { parseRuntimeConfig } from '@/src/app/parse-runtime-config';
import type { RouterContext } from '@/src/app/router-context';
import { InventoriesPage } from '@/src/features/inventories/components/inventories-page';
import { InventorySyncPanel } from '@/src/features/inventories/components/inventory-sync-panel';
import { InventoryWizardOverview } from '@/src/features/inventories/components/inventory-wizard-overview';
import { peerFailureMessages } from '@/src/features/inventories/inventory-messages';
import { activateLocale, i18n } from '@/src/i18n/i18n';
import { renderRouter } from '@/tests/support/render-router';
import { startDemoPeers, type DemoPeers } from '../fixtures/demo-peers';
import { generatedStoreProducts, startShopifyAdminServer } from '../fixtures/shopify-admin-server';
import { createUser, type TestUser } from '../server/support/emulator-users';

/**
 * The API server of this file, in a process of its own: the server's modules cannot load in
 * happy-dom's module graph (Vite rewrites their `new URL(…, import.meta.url)` for the browser).
 * It runs no worker; the test asks it, one JSON line on stdin each, to run a sync with the server's
 * own module (server/inventories/inventory-sync.ts) or to set a row as the worker would.
 */
const SERVER_PROCESS = (root: string) => `
import { createInterface } from 'node:readline';
import { eq } from 'drizzle-orm';
import { buildApp } from '${root}/server/app.ts';
import { openDatabase } from '${root}/server/db/database.ts';
import { inventories, inventorySyncRuns } from '${root}/server/inventories/inventory-tables.ts';
import { syncInventory } from '${root}/server/inventories/inventory-sync.ts';
import { parseConfig } from '${root}/server/config.ts';
import { buildServices } from '${root}/server/services.ts';

const config = parseConfig(process.env);
const database = await openDatabase({ kind: 'pglite', dataDir: null }, 'inventory sync view tests');
const services = buildServices(database.db, config);
const app = await buildApp({ config, database, services });
await app.listen({ port: 0, host: '127.0.0.1' });
const deps = { db: database.db, secrets: services.secrets, meta: config.meta };
const say = (message) => process.stdout.write('@@' + JSON.stringify(message) + '\\n');
const commands = {
  sync: ({ inventoryId, trigger }) => syncInventory(deps, inventoryId, trigger, new AbortController().signal),
  setSyncStatus: ({ inventoryId, syncStatus }) => database.db.update(inventories).set({ syncStatus }).where(eq(inventories.id, inventoryId)),
  ageRuns: ({ inventoryId, ms }) =>
    database.db.update(inventorySyncRuns).set({ startedAt: new Date(Date.now() - ms) }).where(eq(inventorySyncRuns.inventoryId, inventoryId)),
};
say({ ready: 'http://127.0.0.1:' + app.server.address().port });
for await (const line of createInterface({ input: process.stdin })) {
  const { id, op, ...args } = JSON.parse(line);
  try {
    await commands[op](args);
    say({ id });
  } catch (error) {
    say({ id, error: String(error?.stack ?? error) });
  }
}
await app.close();
await database.close();
`;

type ServerCommand =
  | { op: 'sync'; inventoryId: string; trigger: SyncTrigger }
  | { op: 'setSyncStatus'; inventoryId: string; syncStatus: SyncStatus }
  | { op: 'ageRuns'; inventoryId: string; ms: number };

let scratch: string;
let peers: DemoPeers;
let server: ChildProcessWithoutNullStreams;
let serverUrl: string;
let runtimeConfig: RuntimeConfig;
let user: TestUser;
const answers = new Map<number, (error?: string) => void>();
let nextCommand = 0;

/** Asks the server process to do `command`; resolves when it is done. */
function tell(command: ServerCommand): Promise<void> {
  const id = ++nextCommand;
  return new Promise((resolveCommand, reject) => {
    answers.set(id, (error) => (error ? reject(new Error(error)) : resolveCommand()));
    server.stdin.write(`${JSON.stringify({ id, ...command })}\n`);
  });
}

beforeAll(async () => {
  scratch = mkdtempSync(join(tmpdir(), 'catalyst-inventory-sync-view-'));
  peers = await startDemoPeers({ products: generatedStoreProducts(120, 7) });
  const { DATABASE_URL: _url, NODE_ENV: _mode, ...inherited } = process.env;
  server = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', SERVER_PROCESS(process.cwd())], {
    cwd: process.cwd(),
    env: {
      ...inherited,
      FIREBASE_AUTH_EMULATOR_HOST: EMULATOR_HOST,
      FIREBASE_PROJECT_ID: EMULATOR_PROJECT,
      DATA_DIR: scratch,
      SECRETS_KEY: randomBytes(32).toString('base64'),
      META_GRAPH_URL: peers.meta.graphUrl,
      META_ACCESS_TOKEN: peers.meta.accessToken,
      // As `npm start`: orders polled every 15 s, which 'Inventory info' should say rather than minutes.
      ORDER_POLL_SECONDS: '15',
    },
  });
  let errors = '';
  server.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  serverUrl = await new Promise<string>((ready, failed) => {
    server.once('exit', (code) => failed(new Error(`the server process ended (${code}):\n${errors}`)));
    createInterface({ input: server.stdout }).on('line', (line) => {
      if (!line.startsWith('@@')) return;
      const message = JSON.parse(line.slice(2)) as { ready?: string; id?: number; error?: string };
      if (message.ready) ready(message.ready);
      else answers.get(message.id!)?.(message.error);
    });
  });
  // The page's origin is this server's, as in production.
  (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(`${serverUrl}/`);
  runtimeConfig = parseRuntimeConfig(await (await fetch(`${serverUrl}/runtime-config.json`)).json());
  user = await createUser('inventory-sync-view');
  await call('GET', '/me');
  await activateLocale('en', { app: true });
}, 120_000);

afterEach(() => cleanup());

afterAll(async () => {
  if (server && server.exitCode === null) {
    const ended = new Promise((done) => server.once('exit', done));
    server.stdin.end();
    await ended;
  }
  await peers?.close();
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

/** The browser's zone as a language names it in short ('GMT-3', 'UTC'): every time shown names it. */
const zoneName = (locale: string, iso: string) =>
  new Intl.DateTimeFormat(locale, { timeZoneName: 'short' }).formatToParts(new Date(iso)).find((part) => part.type === 'timeZoneName')!
    .value;

async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${serverUrl}/api/v1${path}`, {
    method,
    headers: { authorization: `Bearer ${user.idToken}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);
  return (response.status === 204 ? null : await response.json()) as T;
}

/** Named, store saved (after its check), catalog saved (after its check): the first sync is queued. */
async function configuredInventory(
  name: string,
  store: { adminUrl: string; accessToken: string } = peers.shopify,
  checkout: { checkoutParams: string; trackingUrl: string } = { checkoutParams: '', trackingUrl: '' },
): Promise<Inventory> {
  const created = await call<Inventory>('POST', '/inventories', { name });
  const integrated = await call<Inventory>('PUT', `/inventories/${created.id}/integration`, {
    name,
    ecommerceType: 'shopify',
    shopifyToken: store.accessToken,
    shopifyUrl: store.adminUrl,
    website: 'https://loja-demo.com.br',
    ...checkout,
    expectedVersion: created.version,
  });
  return call<Inventory>('PUT', `/inventories/${created.id}/catalog`, { catalogId: peers.catalogId, expectedVersion: integrated.version });
}

/** A sync of the inventory, as the server's worker runs one. */
const runSync = (inventoryId: string, trigger: SyncTrigger = 'first') => tell({ op: 'sync', inventoryId, trigger });

/** The view under a `$lang` route of a router whose context has this file's API client (what the panel and list read). */
function renderView(view: () => ReactNode, lang = 'en') {
  const api = createApiClient({ baseUrl: `${serverUrl}/api/v1`, getIdToken: async () => user.idToken });
  const root = createRootRouteWithContext<RouterContext>()({ component: Outlet });
  const langRoute = createRoute({ getParentRoute: () => root, path: '$lang', component: view });
  const router = createRouter({
    routeTree: root.addChildren([langRoute]),
    context: { api, siteUrl: serverUrl, runtimeConfig } as RouterContext,
    history: createMemoryHistory({ initialEntries: [`/${lang}`] }),
  });
  return renderRouter(router);
}

const panel = () => screen.getByRole('region', { name: 'Inventory sync' });
/** The sync status shown (the badge and any reason), once it has been read. */
const statusText = () => panel().querySelector('dd[role="status"]')?.textContent ?? '';
async function shownStatus(text: string, timeout = 12_000) {
  await waitFor(() => expect(statusText()).toContain(text), { timeout });
}
const syncNow = () => within(panel()).getByRole('button', { name: 'Sync now' });
const productsRegion = () => within(panel()).getByRole('region', { name: 'Products' });
const productRows = () =>
  within(within(productsRegion()).getByRole('region', { name: 'Product list' }))
    .getAllByRole('row')
    .slice(1);
const summaryText = () =>
  within(productsRegion())
    .getAllByRole('status')
    .map((node) => node.textContent ?? '')
    .join(' ');
/** The products table has its answer (a view left before it would abort the read). */
const productsShown = () => waitFor(() => expect(summaryText()).toMatch(/Showing|No products/), { timeout: 12_000 });
/** How a store that did not answer is said (the wizard's words for it). */
const unreachable = () => i18n._(peerFailureMessages.store_unreachable);
const price = (minor: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'BRL' }).format(minor / 100);
/** What the panel says the inventory's links converted. */
const convertedText = () => within(panel()).getByText('Converted', { selector: 'dt' }).nextElementSibling?.textContent ?? '';

describe('inventory sync panel', () => {
  let demo: Inventory;
  let products: { total: number; first: InventoryProduct[]; second: InventoryProduct[] };

  it('pending synchronization until the first sync is over, then synced: the last update, the run, the report and the products', async () => {
    demo = await configuredInventory('Loja Demo');
    expect(demo.syncStatus).toBe('pending');
    renderView(() => <InventorySyncPanel inventoryId={demo.id} />);

    await shownStatus('Pending synchronization');
    expect(within(panel()).getByText('Not synced yet')).toBeTruthy();
    expect(syncNow().hasAttribute('disabled')).toBe(true); // the first sync is on its way
    expect(within(panel()).getByText('No sync has run yet.')).toBeTruthy();
    await waitFor(() => expect(summaryText()).toContain('No products yet. They appear after the first sync.'));
    expect(convertedText()).toBe('No orders from Catalyst carts yet');

    await runSync(demo.id);
    // The panel polls: no reload, no click.
    await shownStatus('Synced');
    expect(within(panel()).queryByText('Pending synchronization')).toBeNull();
    const synced = await call<Inventory>('GET', `/inventories/${demo.id}`);
    const lastUpdate = panel().querySelector(`time[datetime="${synced.lastSyncedAt}"]`);
    // In the browser's zone, named: the dashboard's days may be the account's.
    const lastSynced = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(synced.lastSyncedAt!));
    expect(lastUpdate?.textContent).toBe(`${lastSynced} ${zoneName('en-US', synced.lastSyncedAt!)}`);
    await waitFor(() => expect(syncNow().hasAttribute('disabled')).toBe(false));
    // The demo store's orders from Catalyst carts: three counted (one less a refund), the cancelled one not.
    const { converted } = await call<InventoryDetail>('GET', `/inventories/${demo.id}`);
    expect(converted).toMatchObject({ orders: 3, currency: 'BRL' });
    expect(convertedText()).toBe(`${price(converted.valueMinor)} from 3 orders`);

    const runs = within(within(panel()).getByRole('region', { name: 'Last syncs' }))
      .getAllByRole('row')
      .slice(1);
    expect(runs).toHaveLength(1);
    expect(within(runs[0]!).getByText('First sync')).toBeTruthy();
    expect(within(runs[0]!).getByText('Succeeded')).toBeTruthy();
    expect(within(runs[0]!).getByText('Added: 0')).toBeTruthy();

    // The report: the catalog's deliberate differences, with the counts of the run.
    const [run] = (await call<{ runs: SyncRun[] }>('GET', `/inventories/${demo.id}/runs`)).runs;
    const counts = run!.report!.counts;
    expect(counts.catalogOnly).toBeGreaterThan(0);
    expect(counts.mismatches).toBeGreaterThan(1);
    const report = within(panel()).getByRole('region', { name: 'Catalog report' });
    const finding = (title: string) => within(report).getByRole('heading', { name: title }).closest('li')!;
    const countOf = (title: string) => finding(title).querySelector('h4 + span')?.textContent;
    expect(countOf('Catalog items no store variant backs')).toBe(String(counts.catalogOnly));
    expect(countOf('Store variants missing from the catalog')).toBe(String(counts.storeOnly));
    expect(countOf('Price and availability mismatches')).toBe(String(counts.mismatches));
    expect(countOf('Added since the last sync')).toBe('0');
    expect(within(finding('Catalog items no store variant backs')).getByText(peers.differences.catalogOnly[0]!)).toBeTruthy();
    expect(within(finding('Store variants missing from the catalog')).getByText(peers.differences.missingFromCatalog[0]!)).toBeTruthy();
    const mismatches = within(report).getByRole('table', { name: 'Price and availability mismatches' });
    const priceRow = within(mismatches)
      .getAllByRole('row')
      .find((row) => row.textContent?.includes(peers.differences.priceDiffers[0]!) && row.textContent.includes('Price'))!;
    expect(priceRow).toBeTruthy();
    const stale = (
      await call<{ products: InventoryProduct[] }>(
        'GET',
        `/inventories/${demo.id}/products?q=${encodeURIComponent(peers.differences.priceDiffers[0]!)}`,
      )
    ).products.find((product) => product.retailerId === peers.differences.priceDiffers[0])!;
    const cells = within(priceRow)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells).toEqual(['Price', price(stale.priceMinor!), price(stale.catalogPriceMinor!)]);
    expect(
      within(mismatches)
        .getAllByRole('row')
        .some((row) => row.textContent?.includes(peers.differences.availabilityDiffers[0]!) && row.textContent.includes('Availability')),
    ).toBe(true);

    // The products: the first page, prices in the page's language and the store's currency.
    const [first, second] = await Promise.all(
      [1, 2].map((page) => call<{ products: InventoryProduct[]; total: number }>('GET', `/inventories/${demo.id}/products?page=${page}`)),
    );
    products = { total: first!.total, first: first!.products, second: second!.products };
    expect(products.total).toBeGreaterThan(100);
    await waitFor(() => expect(summaryText()).toContain(`Showing 1–50 of ${products.total} products.`));
    const rows = productRows();
    expect(rows).toHaveLength(50);
    const firstProduct = products.first[0]!;
    const header = within(rows[0]!).getByRole('rowheader');
    expect(header.textContent).toBe(firstProduct.title);
    const cellsOf = (row: HTMLElement) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent);
    const [, variant, identifiers, priceCell, stock, , foundIn] = cellsOf(rows[0]!);
    expect(variant).toBe(firstProduct.variantTitle || '—');
    expect(identifiers).toContain(firstProduct.sku ?? firstProduct.retailerId ?? '—');
    expect(priceCell?.startsWith(price(firstProduct.priceMinor!))).toBe(true);
    expect(stock).toBe(firstProduct.quantity === null ? '—' : String(firstProduct.quantity));
    expect(foundIn).toBe({ both: 'Store and catalog', store: 'Store only', catalog: 'Catalog only' }[firstProduct.foundIn]);
    // The item whose catalog price is stale shows both prices.
    const staleRow = rows.find((row) => within(row).getAllByRole('cell')[2]!.textContent?.includes(stale.retailerId!))!;
    expect(cellsOf(staleRow)[3]).toBe(`${price(stale.priceMinor!)}Catalog: ${price(stale.catalogPriceMinor!)}`);
    // The item no variant backs is listed as found in the catalog only.
    const orphan = (
      await call<{ products: InventoryProduct[] }>('GET', `/inventories/${demo.id}/products?q=${peers.differences.catalogOnly[0]}`)
    ).products[0]!;
    expect(orphan.foundIn).toBe('catalog');
  });

  it('products: searched by SKU, paged, cleared', async () => {
    renderView(() => <InventorySyncPanel inventoryId={demo.id} />);
    await waitFor(() => expect(summaryText()).toContain(`Showing 1–50 of ${products.total} products.`), { timeout: 12_000 });
    const lastPage = Math.ceil(products.total / 50);
    const pager = within(productsRegion()).getByRole('navigation', { name: 'Products pages' });
    expect(within(pager).getByText(`Page 1 of ${lastPage}`)).toBeTruthy();
    expect(within(pager).getByRole('button', { name: 'Previous page' }).hasAttribute('disabled')).toBe(true);

    await userEvent.click(within(pager).getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(summaryText()).toContain(`Showing 51–100 of ${products.total} products.`));
    expect(within(productRows()[0]!).getByRole('rowheader').textContent).toBe(products.second[0]!.title);
    expect(within(productsRegion()).getByText(`Page 2 of ${lastPage}`)).toBeTruthy();

    // A search starts at page 1.
    const wanted = products.second.find((product) => product.sku)!;
    const search = within(productsRegion()).getByRole('searchbox', { name: /Search products/ });
    await userEvent.type(search, `${wanted.sku!}{Enter}`);
    await waitFor(() => expect(summaryText()).toMatch(/Showing 1–\d+ of \d+ products\./));
    await waitFor(() => expect(productRows().map((row) => within(row).getByRole('rowheader').textContent)).toContain(wanted.title));
    const found = productRows().length;
    expect(summaryText()).toContain(`Showing 1–${found} of ${found} products.`);
    expect(within(productsRegion()).queryByRole('navigation', { name: 'Products pages' })).toBeNull();

    await userEvent.clear(search);
    await userEvent.type(search, 'no-such-product-zz{Enter}');
    await waitFor(() => expect(summaryText()).toContain('No products match “no-such-product-zz”.'));
    expect(within(productsRegion()).queryByRole('table')).toBeNull();

    await userEvent.click(within(productsRegion()).getByRole('button', { name: 'Clear' }));
    await waitFor(() => expect(summaryText()).toContain(`Showing 1–50 of ${products.total} products.`));
    expect((search as HTMLInputElement).value).toBe('');
  });

  it('Sync now within a minute of the last run: refused, with the time it can be asked again', async () => {
    renderView(() => <InventorySyncPanel inventoryId={demo.id} />);
    await shownStatus('Synced');
    const asked = Date.now();
    await userEvent.click(syncNow());
    const notice = await within(panel()).findByText('This inventory was synced less than a minute ago.');
    const when = notice.closest('[role="status"]')!.querySelector('time')!;
    const retryAt = Date.parse(when.getAttribute('datetime')!);
    expect(retryAt).toBeGreaterThan(asked);
    expect(retryAt).toBeLessThanOrEqual(asked + 61_000);
    expect(when.closest('[role="status"]')!.textContent).toContain(`You can sync it again at ${when.textContent}.`);
    expect(syncNow().hasAttribute('disabled')).toBe(true);
    await productsShown();
    // Nothing was queued: the status is still synced.
    expect((await call<Inventory>('GET', `/inventories/${demo.id}`)).syncStatus).toBe('synced');
  });

  it('Sync now accepted: syncing until its run is over, then the new run and what changed', async () => {
    // The last run is over a minute old.
    await tell({ op: 'ageRuns', inventoryId: demo.id, ms: 120_000 });
    renderView(() => <InventorySyncPanel inventoryId={demo.id} />);
    await shownStatus('Synced');
    await waitFor(() => expect(syncNow().hasAttribute('disabled')).toBe(false));
    await userEvent.click(syncNow());
    await shownStatus('Syncing', 5_000);
    expect(syncNow().hasAttribute('disabled')).toBe(true);
    // The job waits in the queue (no worker here): still syncing a poll later.
    await new Promise((resolve) => setTimeout(resolve, 3_500));
    await shownStatus('Syncing', 1_000);

    // Meanwhile the store raised a price and took an order from a Catalyst cart; the sync runs.
    const before = (await call<InventoryDetail>('GET', `/inventories/${demo.id}`)).converted;
    expect(convertedText()).toBe(`${price(before.valueMinor)} from ${before.orders} orders`);
    const raised = generatedStoreProducts(120, 7);
    const variant = raised.find((product) => product.status === 'ACTIVE')!.variants[0]!;
    variant.price = (Number(variant.price) + 10).toFixed(2);
    peers.shopify.setProducts(raised);
    const order = peers.shopify.addOrder({
      lines: [{ variantId: variant.id, quantity: 1 }],
      customAttributes: [{ key: 'catalyst_cart', value: `cart${randomBytes(6).toString('hex')}` }],
    });
    await runSync(demo.id, 'manual');

    await shownStatus('Synced');
    // The order shows as converted value once the run is over.
    const after = before.valueMinor + Math.round(Number(order.totalPrice) * 100);
    await waitFor(() => expect(convertedText()).toBe(`${price(after)} from ${before.orders + 1} orders`));
    const runs = within(within(panel()).getByRole('region', { name: 'Last syncs' }))
      .getAllByRole('row')
      .slice(1);
    expect(runs).toHaveLength(2);
    expect(within(runs[0]!).getByText('Sync now')).toBeTruthy();
    expect(within(runs[0]!).getByText('Price changed: 1')).toBeTruthy();
    const report = within(panel()).getByRole('region', { name: 'Catalog report' });
    expect(
      within(within(report).getByRole('heading', { name: 'Price changed since the last sync' }).closest('li')!).getByText('1'),
    ).toBeTruthy();
  });

  it('a failed sync with its reason; a sync seen running by polling; the list of configured inventories', async () => {
    const closing = await startShopifyAdminServer({ products: generatedStoreProducts(120, 7) });
    const broken = await configuredInventory('Loja Fechada', closing);
    await closing.close();
    await runSync(broken.id);

    const view = renderView(() => <InventorySyncPanel inventoryId={broken.id} />);
    await shownStatus('Sync failed');
    expect(within(panel()).getAllByText(unreachable()).length).toBe(2); // the status and the run
    expect(within(within(panel()).getByRole('region', { name: 'Last syncs' })).getByText('Failed')).toBeTruthy();
    await productsShown();
    view.unmount();

    // Seen syncing (as the worker marks it), then over: the panel follows without a reload.
    await tell({ op: 'setSyncStatus', inventoryId: broken.id, syncStatus: 'syncing' });
    renderView(() => <InventorySyncPanel inventoryId={broken.id} />);
    await shownStatus('Syncing');
    expect(syncNow().hasAttribute('disabled')).toBe(true);
    await tell({ op: 'setSyncStatus', inventoryId: broken.id, syncStatus: 'failed' });
    await shownStatus('Sync failed');
    await productsShown();
    cleanup();

    renderView(() => <InventoriesPage />);
    const configured = await screen.findByRole('region', { name: 'Configured' }, { timeout: 12_000 });
    const card = (name: string) => within(configured).getByRole('heading', { name }).closest('li')!;
    expect(within(card('Loja Demo')).getByText('Synced')).toBeTruthy();
    const synced = await call<Inventory>('GET', `/inventories/${demo.id}`);
    expect(card('Loja Demo').querySelector(`time[datetime="${synced.lastSyncedAt}"]`)).not.toBeNull();
    expect(within(card('Loja Demo')).getByText('Loja Demo Catalyst')).toBeTruthy(); // the store's name
    expect(within(card('Loja Fechada')).getByText('Sync failed')).toBeTruthy();
    expect(within(card('Loja Fechada')).getByText(unreachable())).toBeTruthy();
    expect(within(card('Loja Fechada')).getByText('Not synced yet')).toBeTruthy();
    expect(within(card('Loja Demo')).getByRole('link', { name: 'Open Loja Demo' }).getAttribute('href')).toBe(`/en/inventory/${demo.id}`);
    expect(screen.queryByRole('region', { name: 'In configuration' })).toBeNull();
  });

  it('in Portuguese: prices and dates in the page’s language', async () => {
    const current = await call<Inventory>('GET', `/inventories/${demo.id}`);
    await activateLocale('pt', { app: true });
    try {
      renderView(() => <InventorySyncPanel inventoryId={demo.id} />, 'pt');
      const first = (await call<{ products: InventoryProduct[] }>('GET', `/inventories/${demo.id}/products`)).products[0]!;
      const brl = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' }).format(first.priceMinor! / 100);
      await waitFor(() => expect(document.body.textContent).toContain(brl), { timeout: 12_000 });
      // (Found by its markup, not its words: the pt catalog's words are the lead's to write.)
      const day = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(current.lastSyncedAt!));
      const date = `${day} ${zoneName('pt-BR', current.lastSyncedAt!)}`;
      await waitFor(() => expect(document.querySelector(`time[datetime="${current.lastSyncedAt}"]`)?.textContent).toBe(date));
    } finally {
      await activateLocale('en', { app: true });
    }
  });
});

describe('inventory screen', () => {
  /** The link shown as 'Checkout link preview' in 'Inventory info', parsed. */
  const previewedLink = async () => {
    const label = await screen.findByText('Checkout link preview', { selector: 'dt' }, { timeout: 12_000 });
    return new URL(label.nextElementSibling!.textContent!);
  };

  it("'Inventory info' previews the checkout link of a one-item cart with the merchant's parameters, then through the tracking URL", async () => {
    const configured = await configuredInventory('Loja Checkout', peers.shopify, {
      checkoutParams: 'utm_source=whatsapp&ref=minha-loja&note=a%26b%23c',
      trackingUrl: '',
    });
    // The attribution code is the server's, read back with the inventory.
    const inventory = await call<Inventory>('GET', `/inventories/${configured.id}`);
    expect(inventory.attributionCode).toMatch(/^cat[0-9a-f]{10}$/);

    const view = renderView(() => <InventoryWizardOverview inventory={inventory} onEdit={() => undefined} />);
    const info = (await screen.findByRole('heading', { name: 'Inventory info' }, { timeout: 12_000 })).parentElement!;
    expect(within(info).getByLabelText('Catalog access URL')).toBeTruthy();
    const direct = await previewedLink();
    expect(direct.origin).toBe('https://loja-demo.com.br');
    expect(direct.pathname).toBe('/cart/1:1');
    expect(direct.hash).toBe('');
    expect([...direct.searchParams]).toEqual([
      ['ref', inventory.attributionCode],
      ['attributes[catalyst_cart]', 'SAMPLE'],
      ['utm_source', 'whatsapp'],
      ['note', 'a&b#c'],
    ]);
    expect(within(info).getByText('Left out of your parameters, because Catalyst sets them: ref.')).toBeTruthy();
    expect(within(info).queryByText(/passes through your tracking URL/)).toBeNull();
    // No webhooks: the store is polled, as often as the server does it (its runtime config), not a fixed number of minutes.
    expect(inventory).toMatchObject({ orderEvents: 'polling', orderPollSeconds: 15 });
    expect(within(info).getByText('Catalyst checks the store for new orders and shipments every 15 seconds.')).toBeTruthy();
    view.unmount();

    // With a tracking URL ending in `=`: the checkout link is appended to it, encoded.
    const tracked = await call<Inventory>('PUT', `/inventories/${inventory.id}/integration`, {
      name: inventory.name,
      ecommerceType: 'shopify',
      shopifyToken: '',
      shopifyUrl: peers.shopify.adminUrl,
      website: inventory.website,
      checkoutParams: inventory.checkoutParams,
      trackingUrl: 'https://track.example.com/r?u=',
      expectedVersion: inventory.version,
    });
    renderView(() => <InventoryWizardOverview inventory={tracked} onEdit={() => undefined} />);
    const through = await previewedLink();
    expect(through.origin).toBe('https://track.example.com');
    expect([...through.searchParams.keys()]).toEqual(['u']);
    expect(through.searchParams.get('u')).toBe(direct.href);
    expect(await screen.findByText(/^It passes through your tracking URL first\./)).toBeTruthy();
  });
});
