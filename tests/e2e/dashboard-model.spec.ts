// The dashboard machine's model-based test through the real UI: a few covering paths of
// tests/model/dashboard-model.ts (derived from the production machine), each on /en/dashboard in
// Chromium against the real server and the Auth emulator, in a browser whose zone is the model's
// browser zone, as a new merchant (an account without a zone of its own yet). Every read of the
// dashboard is held while the page shows it in flight, then let through to the real server: as it
// was sent (an answer in the browser's zone), with `tz` changed in flight to the model's account zone
// (the server cuts the days in it: an answer in another zone than the page counted in), or its
// connection dropped (no answer at all). Reads the page gave up on (a new range picked meanwhile)
// are forgotten. The first answer's zone becomes the merchant's account zone; an answer in another
// zone after that is one whose account zone was changed meanwhile (PUT /api/v1/me/time-zone, what
// the Settings page does) before the read was let through.
// Plus the CSV download of what is shown, with the bearer token a plain link could not carry, and
// axe over the screen with AI use shown (figures, tooltips, the month's cost and allowance).
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type BrowserContext, type Page, type Route } from '@playwright/test';
import type { EventObject } from 'xstate';
import type { Dashboard } from '@/domain/dashboard';
import { dashboardMachine, type DashboardContext, type DashboardFailure, type DashboardSelection } from '@/machines/dashboard';
import { ACCOUNT_ZONE, BROWSER_ZONE, dashboardPathName, dashboardTestModel } from '../model/dashboard-model';
import { coverageOf, coveringPaths, describeCoverage, eachEvent, testPath, type ModelPath } from '../model/model-harness';
import { signInDirectly } from './fixtures/emulator-users';
import { merchantApi, newMerchant } from './fixtures/merchant-api';
import { HeldRoutes } from './fixtures/held-routes';

type ModelEvent = EventObject & { output?: Dashboard; error?: DashboardFailure; selection?: DashboardSelection };

const model = dashboardTestModel();
// The few paths that together reach every state and take every transition (the logic level runs them all).
const paths = coveringPaths(dashboardMachine, model);
const passed: ModelPath[] = [];

const eventsOf = (path: ModelPath) => path.steps.map((step) => step.event as ModelEvent);
const snapshotAt = (path: ModelPath, index: number) => (index < 0 ? path.initial : path.steps[index]!.state);
const contextAt = (path: ModelPath, index: number) => snapshotAt(path, index).context as DashboardContext;
const targetsOf = (label: string) => model.transitions.find((transition) => transition.id === label)?.targets ?? [];
/** Reads the page has asked for once the path's step `index` happened: the first, and one per entry into a reading state. */
const readsAfter = (path: ModelPath, index: number) =>
  1 +
  path.steps
    .slice(0, index + 1)
    .flatMap((step) => step.transitions)
    .filter((label) => targetsOf(label).some((target) => target === 'dashboard.loading' || target === 'dashboard.refreshing')).length;

type World = {
  page: Page;
  reads: HeldRoutes;
  seen: () => number;
  handled: number;
  /** The merchant's account zone once the first answer set it; changed through the API when a path's answer asks another. */
  accountZone: string | null;
  changeZone: (zone: string) => Promise<void>;
};

// ---- The screen. ----

const main = (page: Page) => page.getByRole('main');
const rangeSelect = (page: Page) => main(page).getByRole('combobox', { name: 'Range' });
const failureTexts: Record<DashboardFailure['kind'], string> = {
  offline: 'No answer came: check your connection and try again.',
  not_found: 'A filter names an inventory, AI base or channel that no longer exists.',
  unknown: 'Something went wrong on our side. Try again in a moment.',
};

async function expectScreen({ page }: World, path: ModelPath, index: number) {
  const state = String(snapshotAt(path, index).value);
  const context = contextAt(path, index);
  // Never the generic toast beside the page's own notice.
  await expect(page.getByText('An unknown error occurred.')).toHaveCount(0);
  await expect(rangeSelect(page)).toHaveValue(context.selection.range);
  const zoneLine = main(page).getByText(/^Days in .* time\.$/);
  switch (state) {
    case 'loading':
      await expect(main(page).getByRole('status').filter({ hasText: 'Loading the dashboard' })).toBeAttached();
      await expect(zoneLine).toHaveCount(0);
      break;
    case 'ready':
      await expect(zoneLine).toHaveText(`Days in ${context.dashboard!.range.tz} time.`);
      await expect(main(page).getByText('Configure your first AI base and inventory to see your results here.')).toBeVisible();
      await expect(main(page).getByText('Updating the figures…')).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Download CSV' })).toBeEnabled();
      break;
    case 'refreshing':
      // The last answer stays, marked as being updated.
      await expect(main(page).getByText('Updating the figures…')).toBeVisible();
      await expect(zoneLine).toHaveText(`Days in ${context.dashboard!.range.tz} time.`);
      await expect(zoneLine.locator('xpath=ancestor::*[@aria-busy="true"][1]')).toHaveCount(1);
      await expect(page.getByRole('button', { name: 'Download CSV' })).toHaveCount(0);
      break;
    case 'failure': {
      const notice = main(page).getByRole('alert').filter({ hasText: 'The dashboard could not be loaded.' });
      await expect(notice).toBeVisible();
      await expect(notice.getByText(failureTexts[context.failure!.kind])).toBeVisible();
      await expect(notice.getByRole('button', { name: 'Try again' })).toBeEnabled();
      await expect(zoneLine).toHaveCount(0);
      break;
    }
    default:
      throw new Error(`No screen check for ${state}`);
  }
}

// ---- Following a path. ----

async function pick(page: Page, selection: DashboardSelection): Promise<void> {
  if (selection.range !== 'custom') {
    await rangeSelect(page).selectOption(selection.range);
    return;
  }
  await rangeSelect(page).selectOption('custom');
  const form = main(page).getByRole('form', { name: 'Custom range' });
  await form.locator('input[name=from]').fill(selection.custom!.from);
  await form.locator('input[name=to]').fill(selection.custom!.to);
  await form.getByRole('button', { name: 'Apply' }).click();
}

/** The page's newest read, once it has asked for all it should have: the ones it gave up on are forgotten. */
async function newestRead(world: World, path: ModelPath, index: number): Promise<Route> {
  const expected = readsAfter(path, index - 1);
  await expect.poll(() => world.seen()).toBe(expected);
  await expect.poll(() => world.reads.heldCount).toBe(expected - world.handled);
  while (world.reads.heldCount > 1) {
    await world.reads.discard();
    world.handled += 1;
  }
  world.handled += 1;
  return world.reads.next();
}

/** Lets a read through to the real server with `tz` changed (the zone the server then cuts days in). */
async function continueInZone(route: Route, zone: string) {
  const url = new URL(route.request().url());
  url.searchParams.set('tz', zone);
  const answered = route.request().response();
  await route.continue({ url: url.toString() });
  const answer = await answered;
  expect(answer?.status()).toBe(200);
  expect(((await answer!.json()) as Dashboard).range.tz).toBe(zone);
}

async function perform(world: World, path: ModelPath, index: number): Promise<void> {
  const { page } = world;
  const event = eventsOf(path)[index]!;
  switch (event.type) {
    case 'SELECT':
      return pick(page, event.selection!);
    case 'RETRY':
      return main(page).getByRole('button', { name: 'Try again' }).click();
  }
  await settle(world, path, index, event);
}

async function settle(world: World, path: ModelPath, index: number, event: ModelEvent) {
  const route = await newestRead(world, path, index);
  // Every read asks in the browser's zone, priced in the page's currency.
  expect(new URL(route.request().url()).searchParams.get('tz')).toBe(BROWSER_ZONE);
  expect(new URL(route.request().url()).searchParams.get('currency')).toBe('USD');
  if (event.error) {
    if (event.error.kind !== 'offline') throw new Error(`No world here makes the read fail ${event.error.kind}`);
    await route.abort('internetdisconnected');
    return;
  }
  const zone = event.output!.range.tz === ACCOUNT_ZONE ? ACCOUNT_ZONE : BROWSER_ZONE;
  // The merchant changed the zone in Settings while this read was in flight.
  if (world.accountZone !== null && world.accountZone !== zone) await world.changeZone(zone);
  await continueInZone(route, zone);
  world.accountZone = zone;
}

/** A new merchant signed in, in a browser of the browser zone, its dashboard reads held from the first. */
async function openDashboard(context: BrowserContext, label: string): Promise<World> {
  const merchant = await newMerchant(context.request, label);
  const page = await context.newPage();
  await signInDirectly(page, merchant);
  let seen = 0;
  page.on('request', (request) => {
    if (request.method() === 'GET' && new URL(request.url()).pathname === '/api/v1/dashboard') seen += 1;
  });
  // Held from the page's first read (within the API's URLs: Playwright then leaves the scripts alone).
  const reads = await HeldRoutes.on(page, 'GET', /^\/api\/v1\/dashboard$/, '**/api/v1/**');
  await page.goto('/en/dashboard');
  const changeZone = async (timeZone: string) => {
    const answer = await context.request.put('/api/v1/me/time-zone', {
      headers: { authorization: `Bearer ${merchant.idToken}` },
      data: { timeZone },
    });
    expect(answer.status(), await answer.text()).toBe(200);
  };
  return { page, reads, seen: () => seen, handled: 0, accountZone: null, changeZone };
}

const newContext = (browser: Browser) =>
  browser.newContext({
    baseURL: test.info().project.use.baseURL,
    serviceWorkers: 'block',
    timezoneId: BROWSER_ZONE,
    acceptDownloads: true,
  });

test.describe('dashboard machine, model-based (UI level)', () => {
  // One worker, in order: the last test counts what the others passed.
  test.describe.configure({ mode: 'default' });

  for (const path of paths) {
    test(dashboardPathName(eventsOf(path)), async ({ browser }) => {
      const context = await newContext(browser);
      let world: World | undefined;
      try {
        world = await openDashboard(context, 'dashboard-model');
        await expectScreen(world, path, -1);
        await testPath(dashboardMachine, path, {
          events: eachEvent(path, (step) => perform(world!, path, path.steps.indexOf(step))),
          states: {
            [dashboardMachine.id]: (state) =>
              expectScreen(
                world!,
                path,
                path.steps.findIndex((step) => step.state === state),
              ),
          },
        });
      } finally {
        // A read the path ends in (loading, refreshing) is forgotten with the page.
        while (world && world.reads.heldCount > 0) await world.reads.discard();
        await context.close();
      }
      passed.push(path);
    });
  }

  test('the passed paths reach every state and take every transition', () => {
    const coverage = coverageOf(dashboardMachine, { ...model, paths: passed });
    console.log(describeCoverage('dashboard', 'UI', coverage, passed.length) + ` (of ${model.paths.length} in the model)`);
    expect(passed).toHaveLength(paths.length);
    expect(coverage.states.missing).toEqual([]);
    expect(coverage.transitions.missing).toEqual([]);
  });
});

test('Download CSV saves the figures shown, as the server exports them', async ({ browser }) => {
  const context = await newContext(browser);
  try {
    const merchant = await newMerchant(context.request, 'dashboard-csv');
    const page = await context.newPage();
    await signInDirectly(page, merchant);
    await page.goto('/en/dashboard?range=last_7_days');
    await expect(main(page).getByText(`Days in ${BROWSER_ZONE} time.`)).toBeVisible();
    const saved = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download CSV' }).click();
    const download = await saved;
    expect(download.suggestedFilename()).toMatch(/^catalyst-dashboard-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/);
    const [, from, to] = /^catalyst-dashboard-(\d{4}-\d{2}-\d{2})-(\d{4}-\d{2}-\d{2})\.csv$/.exec(download.suggestedFilename())!;
    expect((Date.parse(to!) - Date.parse(from!)) / 86_400_000).toBe(6);
    const body = await (await download.createReadStream()).toArray();
    const csv = Buffer.concat(body).toString('utf8');
    const server = await context.request.get(
      `/api/v1/dashboard.csv?from=${from}&to=${to}&tz=${encodeURIComponent(BROWSER_ZONE)}&currency=USD`,
      {
        headers: { authorization: `Bearer ${merchant.idToken}` },
      },
    );
    expect(server.status()).toBe(200);
    expect(csv).toBe(await server.text());
    await expect(main(page).getByText('The CSV could not be downloaded. Try again.')).toHaveCount(0);
  } finally {
    await context.close();
  }
});

test('with AI use shown: no serious or critical axe violation, definitions reachable by keyboard', async ({ browser }) => {
  const context = await newContext(browser);
  try {
    const merchant = await newMerchant(context.request, 'dashboard-axe');
    await merchantApi(context.request, merchant).create({ name: 'Assistente da Loja' });
    const page = await context.newPage();
    await signInDirectly(page, merchant);
    await page.goto('/en/dashboard');
    await expect(main(page).getByText('0 of up to 1,000 queries this month')).toBeVisible();
    // A definition shows on keyboard focus.
    const what = main(page).getByRole('button', { name: 'What is Monthly cost?' });
    await what.focus();
    await expect(
      main(page)
        .getByRole('tooltip')
        .filter({ hasText: /^Monthly cost: / }),
    ).toBeVisible();
    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    const serious = results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
    expect(serious.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join('; ')}`)).toEqual([]);
  } finally {
    await context.close();
  }
});
