// The real world the sw-update UI model runs in: two production builds, a deploy server,
// and a recorder of the machine's states (read from <html data-sw-update>) across reloads.
import { readFileSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { startDeployServer, type DeployServer } from '../fixtures/deploy-server';

export const BUILD_A_DIR = 'dist';
export const BUILD_B_DIR = '.tmp/dist-b';

export const buildIdOf = (dir: string): string => JSON.parse(readFileSync(`${dir}/build-id.json`, 'utf8')).buildId;

/** The password reset screen's route chunk, from Vite's build manifest. */
export function resetPasswordChunkPath(dir: string): string {
  const manifest = JSON.parse(readFileSync(`${dir}/.vite/manifest.json`, 'utf8')) as Record<string, { file: string }>;
  const key = Object.keys(manifest).find((k) => k.includes('_logged-out/reset-password.tsx') && k.includes('tsr-split=component'));
  if (!key) throw new Error('No reset-password chunk in the build manifest');
  return `/${manifest[key]!.file}`;
}

export type World = {
  server: DeployServer;
  context: BrowserContext;
  page: Page;
  states: Array<Record<string, unknown>>;
  loads: number;
  close: () => Promise<void>;
};

/** `session`: marks seeded in the tab's sessionStorage; `{ msAgo }` is a timestamp that long before the first page load. */
export async function openWorld(
  browser: Browser,
  options: { serviceWorkers: 'allow' | 'block'; session?: Record<string, string | { msAgo: number }> },
): Promise<World> {
  const server = await startDeployServer(BUILD_A_DIR);
  const context = await browser.newContext({ serviceWorkers: options.serviceWorkers, baseURL: server.url });
  const world = { server, context, states: [] as Array<Record<string, unknown>>, loads: 0 } as World;
  await context.exposeBinding('__recordSwState', (_source, value: string) => {
    world.states.push(JSON.parse(value));
  });
  // Seed this tab's session marks once (the app's own writes must survive its reloads), timed from
  // the page's own load, so a slow machine does not age them before the app reads them.
  await context.addInitScript((session: Record<string, string | { msAgo: number }>) => {
    for (const [key, value] of Object.entries(session)) {
      if (sessionStorage.getItem(key) === null)
        sessionStorage.setItem(key, typeof value === 'string' ? value : String(Date.now() - value.msAgo));
    }
    // Several transitions in one task arrive as one batch: each record's oldValue is the value
    // before it, so the batch's values are every later record's oldValue, then the current one.
    const record = (window as unknown as { __recordSwState: (v: string) => void }).__recordSwState;
    new MutationObserver((records) => {
      const values = [...records.slice(1).map((r) => r.oldValue), document.documentElement.dataset.swUpdate];
      for (const value of values) if (value) record(value);
    }).observe(document, { attributes: true, attributeOldValue: true, subtree: true, attributeFilter: ['data-sw-update'] });
  }, options.session ?? {});
  world.page = await context.newPage();
  world.page.on('load', () => world.loads++);
  world.close = async () => {
    await context.close();
    await server.close();
  };
  return world;
}

/** Asks the browser to look for a new service worker now (as it does on navigation). */
export async function checkForUpdate(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.getRegistration('/');
    await registration?.update();
  });
}

/** Waits until the registration has an activated worker and nothing installing. */
export async function waitForActiveWorker(page: Page): Promise<void> {
  await page.waitForFunction(async () => {
    const registration = await navigator.serviceWorker.getRegistration('/');
    return registration?.active?.state === 'activated' && !registration.installing;
  });
}

/** Waits until the app has recorded a state, so a test can start counting from there. */
export async function waitForRecordedState(world: World, region: string, value: unknown): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (!world.states.some((s) => JSON.stringify(s[region]) === JSON.stringify(value))) {
    if (Date.now() > deadline) throw new Error(`${region} never reached ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

export async function waitForControl(page: Page): Promise<void> {
  await page.waitForFunction(() => Boolean(navigator.serviceWorker.controller));
}

export async function waitForWaitingWorker(page: Page): Promise<void> {
  await page.waitForFunction(async () => Boolean((await navigator.serviceWorker.getRegistration('/'))?.waiting));
}
