// The sw-update machine's model-based test through the real UI: the same paths as the logic-level
// test (derived from the production machine), each run against real builds, a real service worker
// and a loopback deploy server, checking the running app's machine state after every step.
import { expect, test, type Browser } from '@playwright/test';
import { swUpdateMachine } from '@/machines/sw-update';
import { coverageOf, coveringPaths, describeCoverage, type ModelPath } from '../model/model-harness';
import { ALREADY_RELOADED_FOR, LAST_CHUNK_RELOAD_AT, NEW_BUILD, RUNNING_BUILD, swUpdateTestModel } from '../model/sw-update-model';
import {
  BUILD_A_DIR,
  BUILD_B_DIR,
  buildIdOf,
  checkForUpdate,
  openWorld,
  resetPasswordChunkPath,
  waitForActiveWorker,
  waitForControl,
  waitForRecordedState,
  waitForWaitingWorker,
  type World,
} from './sw-update-world';

const model = swUpdateTestModel();
// The UI runs the few model paths that together reach every state and take every transition the
// whole model does (the logic level runs them all): each UI path costs a browser and an account.
const paths = coveringPaths(swUpdateMachine, model);
const passed: ModelPath[] = [];
const A = () => buildIdOf(BUILD_A_DIR);

// The model's build labels, as the deploy server will answer them.
const deployedIdFor = (label: string) =>
  label === RUNNING_BUILD ? A() : label === ALREADY_RELOADED_FOR ? 'deployed-build-b' : label === NEW_BUILD ? 'deployed-build-c' : label;

/** A readable step name: the event, plus the sample data that picks a guarded branch. */
function stepLabel(event: { type: string; output?: { buildId: string }; at?: number }): string {
  const type = event.type.replace(/^xstate\./, '').replace(/\.swUpdate.*$/, '');
  if (event.output) return `${type}(${event.output.buildId})`;
  if (event.at !== undefined) return `${type}(${event.at - LAST_CHUNK_RELOAD_AT} ms after the last reload)`;
  return type;
}

const regionOf = (path: ModelPath) => path.steps[0]!.transitions[0]!.split(' | ')[0]!.split('.')[1]!;

/** Waits until the app has recorded the region's expected value, after the previous match. */
async function expectRegionState(world: World, region: string, expected: unknown, from: number): Promise<number> {
  let found = -1;
  await expect
    .poll(() => (found = world.states.findIndex((s, i) => i >= from && JSON.stringify(s[region]) === JSON.stringify(expected))), {
      message: `${region} reaches ${JSON.stringify(expected)} (seen: ${world.states.map((s) => JSON.stringify(s[region])).join(' → ')})`,
      timeout: 45_000, // a service worker's activation can take long on a loaded machine
    })
    .toBeGreaterThanOrEqual(0);
  return found;
}

async function runWorkerPath(browser: Browser, path: ModelPath) {
  const events = path.steps.map((s) => s.event.type);
  const world = await openWorld(browser, { serviceWorkers: events[0] === 'REGISTER_FAILED' ? 'block' : 'allow' });
  const { page, server } = world;
  // Hold the build-check region still (its own paths test it) so only the worker region moves.
  server.setBuildIdAnswer({ status: 503 });
  let deployed = BUILD_A_DIR;
  const deployNext = async () => {
    deployed = deployed === BUILD_A_DIR ? BUILD_B_DIR : BUILD_A_DIR;
    await server.deploy(deployed);
  };
  try {
    // Preconditions that must exist before the page under test loads.
    if (events[1] === 'ACTIVATED' || events[1] === 'NEED_REFRESH') {
      await page.goto('/en/login');
      await waitForActiveWorker(page); // an earlier visit installed the worker
      await waitForRecordedState(world, 'worker', 'activated');
      if (events[1] === 'NEED_REFRESH') {
        world.states.length = 0;
        await page.reload();
        await waitForControl(page); // a new worker waits only while the old one controls a page
        await waitForRecordedState(world, 'worker', 'activated');
        await deployNext();
        await checkForUpdate(page);
        await waitForWaitingWorker(page); // ...and a newer one already waits
        await waitForRecordedState(world, 'worker', 'waiting');
      }
      world.states.length = 0; // the earlier page has settled; from here on: the page under test
      await page.reload();
    } else {
      await page.goto('/en/login');
    }

    let at = 0;
    let loadsBeforeAccept = 0;
    for (const [index, step] of path.steps.entries()) {
      const type = step.event.type;
      const arranged = index === 1 && (type === 'ACTIVATED' || type === 'NEED_REFRESH');
      if (type === 'NEED_REFRESH' && !arranged) {
        await deployNext();
        await checkForUpdate(page);
      } else if (type === 'ACCEPT_UPDATE') {
        loadsBeforeAccept = world.loads;
        await page.getByRole('button', { name: 'Reload' }).click();
      } else if (type === 'DISMISS_UPDATE') {
        await page.getByRole('button', { name: 'Later' }).click();
      }
      const expected = (step.state.value as Record<string, unknown>).worker;
      at = await expectRegionState(world, 'worker', expected, at);

      if (expected === 'waiting') await expect(page.getByText('A new version of Catalyst is available.')).toBeVisible();
      if (expected === 'dismissed') await expect(page.getByText('A new version of Catalyst is available.')).toBeHidden();
      if (expected === 'activated') await expect(page.getByTestId('offline-ready')).toHaveText('Works offline');
      if (expected === 'reloading') {
        // The new worker took control and the page reloaded once: it now runs the deployed build.
        await expect(page.getByTestId('build-id')).toHaveText(buildIdOf(deployed));
        await page.waitForTimeout(1_500);
        expect(world.loads).toBe(loadsBeforeAccept + 1);
      }
    }
  } finally {
    await world.close();
  }
}

async function runBuildCheckPath(browser: Browser, path: ModelPath) {
  const world = await openWorld(browser, { serviceWorkers: 'block', session: { 'catalyst.reloadedForBuild': 'deployed-build-b' } });
  try {
    const done = path.steps.find((s) => s.event.type.startsWith('xstate.done.actor.fetchBuildId'));
    const failed = path.steps.some((s) => s.event.type.startsWith('xstate.error.actor.fetchBuildId'));
    if (done)
      world.server.setBuildIdAnswer({ buildId: deployedIdFor((done.event as unknown as { output: { buildId: string } }).output.buildId) });
    if (failed) world.server.setBuildIdAnswer({ status: 503 });
    await world.page.goto('/en/login');
    let at = 0;
    for (const step of path.steps) {
      at = await expectRegionState(world, 'buildCheck', (step.state.value as Record<string, unknown>).buildCheck, at);
    }
    const final = (path.steps.at(-1)!.state.value as Record<string, unknown>).buildCheck;
    if (final === 'reloading') {
      // Exactly one reload: the reloaded page (still not the deployed build) settles as stale.
      await expectRegionState(world, 'buildCheck', 'stale', at);
      await world.page.waitForTimeout(2_000);
      expect(world.loads).toBe(2);
    } else {
      await world.page.waitForTimeout(1_500);
      expect(world.loads).toBe(1);
    }
  } finally {
    await world.close();
  }
}

async function runChunkPath(browser: Browser, path: ModelPath) {
  const event = path.steps[0]!.event as unknown as { at: number };
  const sinceLastReload = event.at - LAST_CHUNK_RELOAD_AT;
  const world = await openWorld(browser, {
    serviceWorkers: 'block',
    session: { 'catalyst.lastChunkReloadAt': { msAgo: sinceLastReload } },
  });
  try {
    world.server.breakPath(resetPasswordChunkPath(BUILD_A_DIR)); // a deploy removed the chunk
    await world.page.goto('/en/login');
    await world.page.getByRole('link', { name: 'Forgot your password?' }).click();
    const expected = (path.steps[0]!.state.value as Record<string, unknown>).chunks;
    await expectRegionState(world, 'chunks', expected, 0);
    // Either way the tab ends on the error page: after at most one reload, never a loop.
    await expect(world.page.getByRole('heading', { name: 'Internal Server Error' })).toBeVisible();
    await world.page.waitForTimeout(1_500);
    expect(world.loads).toBe(expected === 'reloading' ? 2 : 1);
  } finally {
    await world.close();
  }
}

test.describe('sw-update machine, model-based (UI level)', () => {
  test.describe.configure({ mode: 'default' });

  for (const path of paths) {
    const name = path.steps.map((s) => stepLabel(s.event)).join(' → ');
    test(`${regionOf(path)}: ${name}`, async ({ browser }) => {
      test.setTimeout(90_000 + path.steps.length * 15_000); // a covering path is long, and an axe check takes seconds
      const region = regionOf(path);
      if (region === 'worker') await runWorkerPath(browser, path);
      else if (region === 'buildCheck') await runBuildCheckPath(browser, path);
      else if (region === 'chunks') await runChunkPath(browser, path);
      else throw new Error(`No UI adapter for the region "${region}": the machine and this test disagree.`);
      passed.push(path);
    });
  }

  test('the passed paths reach every state and take every transition', () => {
    const coverage = coverageOf(swUpdateMachine, { ...model, paths: passed });
    console.log(describeCoverage('sw-update', 'UI', coverage, passed.length));
    expect(coverage.states.missing).toEqual([]);
    expect(coverage.transitions.missing).toEqual([]);
  });
});
