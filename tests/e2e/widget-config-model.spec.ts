// The widget-config machine's model-based test through the real UI: the paths of
// tests/model/widget-config-model.ts on `/en/widget`, in Chromium against the real server and the
// Auth emulator, with a loopback page standing in for the merchant's site (with the snippet, without
// it, answering 500). The widget's read, its save and 'check my site' are held while the screen shows
// them in flight, then let through to the real server or dropped. A path is followed as far as the
// real world can follow it: this merchant has no WhatsApp number (a number is never chosen), a guard's
// refusal is not something the screen can send, an edit to the value a field already has sends
// nothing, and the server refuses a save at its fields only for what this world cannot make; what
// the cut paths still reach is printed as the logic level prints it. After a save, the settings on
// the screen are the ones sent (the real server's answer), not the model's sample.
import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { expect, type Page } from '@playwright/test';
import type { EventObject } from 'xstate';
import {
  defaultWidgetSettings,
  normalizedWidgetSettings,
  widgetOrigin,
  widgetRefusalsOf,
  type Widget,
  type WidgetSettings,
} from '@/domain/widget';
import type { SiteCheckAnswer } from '@/domain/widget-site-check';
import {
  originRefusalOf,
  widgetConfigMachine as machine,
  type WidgetConfigContext,
  type WidgetConfigFailure,
} from '@/machines/widget-config';
import { coverageOf, describeCoverage, eachEvent, testPath, type ModelPath, type ModelStep } from '../model/model-harness';
import { INVENTORY_A, PAGE, widgetConfigPathName, widgetConfigTestModel } from '../model/widget-config-model';
import { chainedWalks, type Follower } from './fixtures/chained-walks';
import { HeldRoutes } from './fixtures/held-routes';
import { withIdToken } from './fixtures/inventory-api';
import { test } from './fixtures/merchant-test';

type ModelEvent = EventObject & Record<string, unknown>;
type Snapshot = ModelPath['initial'];

const eventsOf = (path: ModelPath) => path.steps.map((step) => step.event as ModelEvent);
const contextOf = (snapshot: Snapshot) => snapshot.context as WidgetConfigContext;
const regionOf = (path: ModelPath) =>
  path.steps
    .flatMap((step) => step.transitions)[0]
    ?.split(' | ')[0]
    ?.split('.')[1] ?? 'settings';

/** What the real world holds while a walk is followed: the settings on the screen, and the ones a save sent. */
type Real = { settings: WidgetSettings; sent: WidgetSettings | null };

const took = (step: ModelStep, label: string) => step.transitions.some((transition) => transition.endsWith(label));

/** Whether the screen can make the event happen, the settings on it being `settings` (an edit to the same value sends nothing). */
function canHappen(event: ModelEvent, settings: WidgetSettings): boolean {
  switch (event.type) {
    case 'SET_ENABLED':
      return event.enabled !== settings.enabled;
    case 'CHOOSE_CHANNEL':
      return false; // no number connected here
    case 'CHOOSE_INVENTORY':
      return (event.inventoryId === INVENTORY_A || event.inventoryId === null) && event.inventoryId !== settings.inventoryId;
    case 'REMOVE_ORIGIN':
      return (event.index as number) < settings.allowedOrigins.length;
    case 'SET_COLOR':
      return event.color !== settings.look.color;
    case 'SET_POSITION':
      return event.position !== settings.look.position;
    case 'SET_GREETING':
      return event.text !== settings.greetings[event.lang as 'en' | 'pt' | 'es'];
    case 'SET_HOURS':
      return (event.openingHours === null) !== (settings.openingHours === null);
    case 'SET_FILTER':
      return event.enabled !== settings.filterEnabled;
    case 'SET_DAILY_CAP':
      return event.dailyCap !== settings.dailyCap;
    case 'xstate.error.actor.saveWidget':
      // The server refuses at fields only what this world cannot make (another account's number).
      return (event.error as WidgetConfigFailure).kind === 'unknown';
    default:
      return true;
  }
}

/**
 * One step on the real world: null where it cannot follow — the screen cannot send the event, or the
 * real settings (after a save: the ones sent, not the model's sample answer) would take another
 * transition than the model's (a site listed already, a save the domain refuses).
 */
function stepReal(at: Real, step: ModelStep): Real | null {
  const event = step.event as ModelEvent;
  const { settings } = at;
  if (!canHappen(event, settings)) return null;
  switch (event.type) {
    case 'SAVE': {
      const valid = Object.keys(widgetRefusalsOf(settings)).length === 0;
      if (valid !== step.state.matches({ settings: 'saving' })) return null;
      return valid ? { settings, sent: normalizedWidgetSettings(settings) } : at;
    }
    case 'xstate.done.actor.saveWidget':
      return { settings: at.sent!, sent: at.sent };
    case 'ADD_ORIGIN': {
      const added = originRefusalOf(settings, event.origin as string) === null;
      if (added !== took(step, '| ADD_ORIGIN | 0')) return null;
      return added ? { ...at, settings: applyEdit(settings, event) } : at;
    }
    case 'REMOVE_ORIGIN':
      return took(step, '| REMOVE_ORIGIN | 0') ? { ...at, settings: applyEdit(settings, event) } : null;
    default:
      return { ...at, settings: applyEdit(settings, event) };
  }
}

function applyEdit(settings: WidgetSettings, event: ModelEvent): WidgetSettings {
  switch (event.type) {
    case 'SET_ENABLED':
      return { ...settings, enabled: event.enabled as boolean };
    case 'CHOOSE_INVENTORY':
      return { ...settings, inventoryId: event.inventoryId as string | null };
    case 'ADD_ORIGIN':
      return { ...settings, allowedOrigins: [...settings.allowedOrigins, widgetOrigin(event.origin as string)!] };
    case 'REMOVE_ORIGIN':
      return { ...settings, allowedOrigins: settings.allowedOrigins.filter((_, at) => at !== event.index) };
    case 'SET_COLOR':
      return { ...settings, look: { ...settings.look, color: event.color as string } };
    case 'SET_POSITION':
      return { ...settings, look: { ...settings.look, position: event.position as 'left' | 'right' } };
    case 'SET_GREETING':
      return { ...settings, greetings: { ...settings.greetings, [event.lang as string]: event.text as string } };
    case 'SET_HOURS':
      return { ...settings, openingHours: event.openingHours as WidgetSettings['openingHours'] };
    case 'SET_FILTER':
      return { ...settings, filterEnabled: event.enabled as boolean };
    case 'SET_DAILY_CAP':
      return { ...settings, dailyCap: event.dailyCap as number };
    default:
      return settings;
  }
}

const follower: Follower<Real> = { start: () => ({ settings: defaultWidgetSettings(), sent: null }), step: stepReal };

/** The settings on the screen after each step of a walk (the first: before any). */
function realSettings(path: ModelPath): WidgetSettings[] {
  let at: Real = follower.start();
  return [at.settings, ...path.steps.map((step) => (at = stepReal(at, step)!).settings)];
}

// A few walks chained from the model's paths that the screen and this world can follow, one region at
// a time (a check needs the site saved on the server; the settings' walks start from none).
const model = widgetConfigTestModel();
const byRegion = (region: string) => model.paths.filter((path) => regionOf(path) === region);
// Walks of at most WALK_STEPS steps: a step through the screen costs a few seconds on a slow CI machine,
// and a walk must end well inside the test's timeout.
const WALK_STEPS = 12;
const paths = [
  ...chainedWalks(machine, model, byRegion('settings'), follower, { maxSteps: WALK_STEPS }),
  ...chainedWalks(machine, model, byRegion('siteCheck'), follower, { maxSteps: WALK_STEPS }),
];
/**
 * Where each walk's pass is noted (a file by its index, removed when it starts again), for the last test:
 * Playwright replaces the worker of a failed walk, and the module's memory with it.
 */
const passedDir = () => join(test.info().project.outputDir, 'widget-config-model-passed');

// ---- The merchant's site. ----

let site: Server;
let siteOrigin = '';
let publicId = '';
/** The page a check asks for, by what the path's answer will be. */
const pageFor = (answer: ModelEvent | undefined): string => {
  if (answer?.type === 'xstate.error.actor.checkSite' && (answer.error as WidgetConfigFailure).kind === 'refused')
    return 'https://not-listed.example/page';
  const result = (answer?.output as SiteCheckAnswer | undefined)?.result;
  return `${siteOrigin}/${result === 'not_found' ? 'without' : result === 'unreachable' ? 'broken' : 'with'}`;
};

// ---- The world of one path. ----

type World = { page: Page; loads: HeldRoutes; saves: HeldRoutes; checks: HeldRoutes; path: ModelPath; settings: WidgetSettings[] };

const main = (page: Page) => page.getByRole('main');
const noticeTexts = {
  loadFailed: 'The website widget could not be loaded.',
  failure: 'The website widget could not be saved.',
  refused: 'Some settings need another look before the widget can be saved',
  found: 'The widget’s snippet is on this page.',
  notFound: 'The snippet is not on this page yet',
  unreachable: 'Catalyst could not read this page',
  failed: 'The check did not complete.',
};

async function expectScreen(world: World, index: number) {
  const { page } = world;
  const snapshot = index < 0 ? world.path.initial : world.path.steps[index]!.state;
  const { settings: form, siteCheck } = snapshot.value as { settings: string; siteCheck: string };
  const context = contextOf(snapshot);
  await expect(page.getByText('An unknown error occurred.')).toHaveCount(0);
  const shown = (text: string, on: boolean) => expect(main(page).getByText(text)).toHaveCount(on ? 1 : 0);
  switch (form) {
    case 'loading':
      await expect(main(page).getByRole('status').filter({ hasText: 'Loading the website widget' })).toBeAttached();
      break;
    case 'loadFailed':
      await shown(noticeTexts.loadFailed, true);
      break;
    case 'saving':
      await expect(main(page).getByRole('button', { name: 'Save widget' })).toHaveAttribute('aria-busy', 'true');
      break;
    case 'saved':
      await expect(main(page).getByRole('button', { name: 'Saved' })).toBeVisible();
      break;
    default:
      await shown(noticeTexts.failure, form === 'failure');
      await shown(
        noticeTexts.refused,
        Object.keys(context.fieldErrors).some((field) => field !== 'newOrigin'),
      );
      await expect(main(page).getByRole('button', { name: 'Save widget' })).toBeEnabled();
  }
  if (form !== 'loading' && form !== 'loadFailed') {
    const real = world.settings[index + 1]!;
    await expect(main(page).getByRole('checkbox', { name: 'Show the widget on my sites' })).toBeChecked({ checked: real.enabled });
    await expect(page.getByTestId('widget-preview')).toHaveAttribute('data-side', real.look.position);
  }
  for (const state of ['found', 'notFound', 'unreachable', 'failed'] as const) await shown(noticeTexts[state], siteCheck === state);
  if (siteCheck === 'checking')
    await expect(main(page).getByRole('button', { name: 'Check', exact: true })).toHaveAttribute('aria-busy', 'true');
}

async function perform(world: World, index: number) {
  const { page } = world;
  const event = eventsOf(world.path)[index]!;
  const form = main(page);
  switch (event.type) {
    case 'xstate.done.actor.loadWidget':
      return world.loads.release();
    case 'xstate.error.actor.loadWidget':
      return world.loads.drop();
    case 'xstate.done.actor.saveWidget':
      return world.saves.release();
    case 'xstate.error.actor.saveWidget':
      return world.saves.drop();
    case 'xstate.done.actor.checkSite':
      return world.checks.release();
    case 'xstate.error.actor.checkSite':
      return (event.error as WidgetConfigFailure).kind === 'refused' ? world.checks.release() : world.checks.drop();
    case 'RETRY':
      return form.getByRole('button', { name: 'Try again' }).click();
    case 'RETRY_CHECK':
      return form.getByRole('button', { name: 'Try again' }).click();
    case 'SAVE':
      return form.getByRole('button', { name: 'Save widget' }).click();
    case 'SET_ENABLED':
      return form.getByRole('checkbox', { name: 'Show the widget on my sites' }).setChecked(event.enabled as boolean);
    case 'CHOOSE_INVENTORY':
      return form.getByRole('combobox', { name: 'Inventory' }).selectOption(event.inventoryId === null ? '' : { label: 'Loja Demo' });
    case 'ADD_ORIGIN':
      await form.getByRole('textbox', { name: 'Site address' }).fill(event.origin as string);
      return form.getByRole('button', { name: 'Add site' }).click();
    case 'REMOVE_ORIGIN':
      return form
        .getByRole('list', { name: 'Sites that show the widget' })
        .getByRole('button')
        .nth(event.index as number)
        .click();
    case 'SET_COLOR':
      return form.getByRole('textbox', { name: 'Colour', exact: true }).fill(event.color as string);
    case 'SET_POSITION':
      return form.getByRole('radio', { name: event.position === 'left' ? 'Bottom left' : 'Bottom right' }).check();
    case 'SET_GREETING':
      return form
        .getByRole('textbox', { name: { en: 'English', pt: 'Português', es: 'Español' }[event.lang as 'en'] })
        .fill(event.text as string);
    case 'SET_HOURS':
      return form.getByRole('checkbox', { name: 'Someone answers at set hours only' }).setChecked(event.openingHours !== null);
    case 'SET_FILTER':
      return form.getByRole('checkbox', { name: 'Product finder (CATALYST FILTER)' }).setChecked(event.enabled as boolean);
    case 'SET_DAILY_CAP':
      return form.getByRole('spinbutton', { name: 'Answers a day, at most' }).fill(String(event.dailyCap));
    case 'CHECK_SITE': {
      const answer = eventsOf(world.path)
        .slice(index + 1)
        .find((next) => next.type.endsWith('.actor.checkSite'));
      await form.getByRole('textbox', { name: 'Page address' }).fill(event.url === PAGE ? pageFor(answer) : (event.url as string));
      return form.getByRole('button', { name: 'Check', exact: true }).click();
    }
    default:
      throw new Error(`No way to make ${event.type} happen`);
  }
}

test.describe('widget-config machine through the UI', () => {
  // One worker, in order (the suite runs fully parallel on CI): the last test counts what the others passed.
  // A walk's step is a few seconds on a slow CI machine: twice the default timeout for the longest walks.
  test.describe.configure({ mode: 'default', timeout: 120_000 });
  let headers: Record<string, string> = {};

  test.beforeAll(async ({ merchant, playwright }, workerInfo) => {
    const request = await playwright.request.newContext({ baseURL: workerInfo.project.use.baseURL! });
    headers = { authorization: `Bearer ${(await withIdToken(merchant)).idToken}` };
    publicId = ((await (await request.get('/api/v1/widget', { headers })).json()) as Widget).publicId;
    const inventories = (await (await request.get('/api/v1/inventories', { headers })).json()) as { inventories: { name: string }[] };
    if (!inventories.inventories.some((inventory) => inventory.name === 'Loja Demo'))
      expect((await request.post('/api/v1/inventories', { headers, data: { name: 'Loja Demo' } })).ok()).toBe(true);
    await request.dispose();
    site = createServer((req, res) => {
      if (req.url === '/broken') {
        res.writeHead(500);
        return res.end('oops');
      }
      const script = req.url === '/with' ? `<script src="https://c.example/widget.js" data-catalyst="${publicId}" async></script>` : '';
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end(`<!doctype html><html><head>${script}</head><body>Loja</body></html>`);
    });
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    siteOrigin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
  });
  test.afterAll(async () => {
    site?.closeAllConnections();
    await new Promise((resolve) => site?.close(resolve));
  });

  paths.forEach((path, walkIndex) => {
    test(widgetConfigPathName(eventsOf(path)), async ({ page }) => {
      rmSync(join(passedDir(), String(walkIndex)), { force: true });
      // The widget as the model loads it (off, nothing chosen); a check's paths list the site on the server.
      const reset = await page.request.put('/api/v1/widget', {
        headers,
        data: { ...defaultWidgetSettings(), allowedOrigins: regionOf(path) === 'siteCheck' ? [siteOrigin] : [] },
      });
      expect(reset.ok(), await reset.text()).toBe(true);
      const world: World = {
        page,
        loads: await HeldRoutes.on(page, 'GET', /^\/api\/v1\/widget$/, '**/api/v1/widget'),
        saves: await HeldRoutes.on(page, 'PUT', /^\/api\/v1\/widget$/, '**/api/v1/widget'),
        checks: await HeldRoutes.on(page, 'POST', /^\/api\/v1\/widget\/site-check$/, '**/api/v1/widget/site-check'),
        path,
        settings: realSettings(path),
      };
      try {
        await page.goto('/en/widget');
        await expectScreen(world, -1);
        let index = 0;
        await testPath(machine, path, {
          events: eachEvent(path, async () => {
            await perform(world, index);
            await expectScreen(world, index);
            index++;
          }),
          states: {},
        });
      } finally {
        for (const held of [world.loads, world.saves, world.checks]) while (held.heldCount > 0) await held.discard();
        await page.unrouteAll({ behavior: 'ignoreErrors' });
      }
      mkdirSync(passedDir(), { recursive: true });
      writeFileSync(join(passedDir(), String(walkIndex)), test.info().title);
    });
  });

  test('the passed paths reach every state', () => {
    const indices = existsSync(passedDir()) ? readdirSync(passedDir()).map(Number) : [];
    const passed = indices.sort((a, b) => a - b).map((index) => paths[index]!);
    const coverage = coverageOf(machine, { ...model, paths: passed });
    console.log(
      describeCoverage('widget-config', 'UI', coverage, passed.length) +
        ` (walks chained from ${model.paths.length} model paths); not taken here: ` +
        coverage.transitions.missing.join('; '),
    );
    expect(passed).toHaveLength(paths.length);
    expect(coverage.states.missing).toEqual([]);
  });
});
