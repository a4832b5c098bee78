// The dashboard machine at logic level: the model's paths (derived from the production machine) run
// on it with a promise double for the read, checking in every state what the screen relies on — the
// read asks for the current selection in the zone days are counted in, always with the browser's zone
// as `tz`; the last answer stays while a new one is read; an answer in another zone is not shown but
// read again in that zone — then the rules the model does not spell out (the query's days, once only).
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { Dashboard } from '@/domain/dashboard';
import {
  dashboardFailureOf,
  dashboardMachine,
  dashboardQueryNow,
  dashboardQueryOf,
  defaultSelection,
  type DashboardRequest,
} from '@/machines/dashboard';
import { sampleDashboard } from '../fixtures/sample-dashboard';
import {
  ACCOUNT_ZONE,
  BROWSER_ZONE,
  customRange,
  dashboardModelInput,
  dashboardPathName,
  dashboardTestModel,
  lastWeek,
} from './dashboard-model';
import { describeModelBasedTests, settleOrSend } from './model-suite';
import { flush, PromiseWorld } from './promise-world';

const model = dashboardTestModel();

function startRealActor() {
  const world = new PromiseWorld();
  const logic = dashboardMachine.provide({ actors: { loadDashboard: world.actor<Dashboard, DashboardRequest>('loadDashboard') } });
  const actor = createActor(logic, { input: dashboardModelInput });
  actor.start();
  return { actor, world };
}
type Run = ReturnType<typeof startRealActor>;

const context = ({ actor }: Run) => actor.getSnapshot().context;
const tags = ['loading', 'shown', 'refreshing', 'failed'] as const;
const tagsOf = ({ actor }: Run) => tags.filter((tag) => actor.getSnapshot().hasTag(tag));
const tagsByState: Record<string, string[]> = {
  loading: ['loading'],
  ready: ['shown'],
  refreshing: ['shown', 'refreshing'],
  failure: ['failed'],
};

/** The read in flight asks for what is selected now, counted in the current zone, with the browser's zone and the page's currency. */
function expectReadOfSelection(run: Run) {
  const { selection, zone } = context(run);
  expect(run.world.pendingInput('loadDashboard')).toEqual({ selection, zone, tz: BROWSER_ZONE, currency: 'USD' });
  expect(run.world.calls.filter((call) => call.src === 'loadDashboard').length).toBeGreaterThan(0);
}

const stateChecks: Record<string, (run: Run) => void> = {
  dashboard: (run) => {
    expect(tagsOf(run)).toEqual(tagsByState[String(run.actor.getSnapshot().value)]);
    expect(context(run).tz).toBe(BROWSER_ZONE);
    // Days are counted in the browser's zone or, once an answer said so, the account's.
    expect([BROWSER_ZONE, ACCOUNT_ZONE]).toContain(context(run).zone);
  },
  'dashboard.loading': (run) => {
    expectReadOfSelection(run);
    expect(context(run).dashboard).toBeNull();
    expect(context(run).failure).toBeNull();
  },
  'dashboard.ready': (run) => {
    expect(run.world.isPending()).toBe(false);
    expect(context(run).dashboard).not.toBeNull();
    expect(context(run).failure).toBeNull();
  },
  // The last figures stay on screen while the new ones are read.
  'dashboard.refreshing': (run) => {
    expectReadOfSelection(run);
    expect(context(run).dashboard).not.toBeNull();
    expect(context(run).failure).toBeNull();
  },
  'dashboard.failure': (run) => {
    expect(run.world.isPending()).toBe(false);
    expect(context(run).failure?.kind).toMatch(/^(offline|not_found)$/);
  },
};

describeModelBasedTests({
  name: 'dashboard',
  machine: dashboardMachine,
  model,
  start: startRealActor,
  perform: settleOrSend,
  stateChecks,
  pathName: dashboardPathName,
});

const answer = async (run: Run, dashboard: Dashboard) => {
  run.world.settle({ type: 'xstate.done.actor.loadDashboard', output: dashboard } as never);
  await flush();
};
const reads = (run: Run) => run.world.calls.filter((call) => call.src === 'loadDashboard').map((call) => call.input as DashboardRequest);

describe('dashboard machine, beyond the model', () => {
  it("an answer cut in the account's zone is read again with the days counted there, once", async () => {
    const run = startRealActor();
    await answer(run, sampleDashboard(ACCOUNT_ZONE));
    expect(run.actor.getSnapshot().value).toBe('loading');
    expect(reads(run).map((read) => read.zone)).toEqual([BROWSER_ZONE, ACCOUNT_ZONE]);
    expect(reads(run).map((read) => read.tz)).toEqual([BROWSER_ZONE, BROWSER_ZONE]);
    // The server changed its mind again (the zone changed in Settings meanwhile): shown as it is, not read forever.
    await answer(run, sampleDashboard('Europe/Lisbon'));
    expect(run.actor.getSnapshot().value).toBe('ready');
    expect(context(run).dashboard?.range.tz).toBe('Europe/Lisbon');
    expect(reads(run)).toHaveLength(2);
    // The next selection is counted in the account's zone from the start.
    run.actor.send({ type: 'SELECT', selection: lastWeek });
    expect(reads(run).at(-1)).toMatchObject({ zone: ACCOUNT_ZONE, selection: lastWeek });
  });

  it('the same selection again reads nothing; a new one while a read is on its way replaces it', async () => {
    const run = startRealActor();
    run.actor.send({ type: 'SELECT', selection: defaultSelection });
    expect(reads(run)).toHaveLength(1);
    run.actor.send({ type: 'SELECT', selection: lastWeek });
    run.actor.send({ type: 'SELECT', selection: customRange });
    expect(reads(run).map((read) => read.selection.range)).toEqual(['last_30_days', 'last_7_days', 'custom']);
    // Only the last read is still waited for.
    expect(run.world.pendingInput('loadDashboard')).toMatchObject({ selection: customRange });
    await answer(run, sampleDashboard(BROWSER_ZONE));
    expect(run.world.isPending()).toBe(false);
    expect(run.actor.getSnapshot().value).toBe('ready');
  });

  it('a retry after a failure shows the last figures while it reads', async () => {
    const run = startRealActor();
    await answer(run, sampleDashboard(BROWSER_ZONE));
    run.actor.send({ type: 'SELECT', selection: lastWeek });
    run.world.settle({ type: 'xstate.error.actor.loadDashboard', error: new TypeError('offline') } as never);
    await flush();
    expect(run.actor.getSnapshot().value).toBe('failure');
    expect(context(run).failure).toEqual({ kind: 'unknown' });
    run.actor.send({ type: 'RETRY' });
    expect(run.actor.getSnapshot().value).toBe('refreshing');
    expect(context(run).dashboard?.range.tz).toBe(BROWSER_ZONE);
    expect(reads(run).at(-1)?.selection).toEqual(lastWeek);
  });
});

describe('the query of a read', () => {
  const request: DashboardRequest = { selection: defaultSelection, zone: ACCOUNT_ZONE, tz: BROWSER_ZONE, currency: 'BRL' };

  it("counts the range's days back from the zone's today and sends the browser's zone and the currency", () => {
    expect(dashboardQueryOf(request, '2026-11-26')).toEqual({ from: '2026-10-28', to: '2026-11-26', tz: BROWSER_ZONE, currency: 'BRL' });
    expect(dashboardQueryOf({ ...request, selection: customRange }, '2026-11-26')).toMatchObject(customRange.custom!);
    expect(dashboardQueryOf({ ...request, selection: { ...lastWeek, range: 'this_month' } }, '2026-11-26')).toMatchObject({
      from: '2026-11-01',
      to: '2026-11-26',
    });
  });

  it('sends only the filters that are set', () => {
    const inventory = '00000000-0000-4000-8000-000000000031';
    const channel = '00000000-0000-4000-8000-000000000032';
    expect(dashboardQueryOf({ ...request, selection: { ...defaultSelection, inventory, channel } }, '2026-11-26')).toEqual({
      from: '2026-10-28',
      to: '2026-11-26',
      tz: BROWSER_ZONE,
      currency: 'BRL',
      inventory,
      channel,
    });
  });

  it("today is the day it is in the zone days are counted in, not the browser's", () => {
    // 01:30 UTC on the 27th: still the 26th in São Paulo, already the 27th in Tokyo.
    const now = new Date('2026-11-27T01:30:00Z');
    const today = (zone: string) => dashboardQueryNow({ ...request, selection: { ...defaultSelection, range: 'today' }, zone }, now).to;
    expect(today('America/Sao_Paulo')).toBe('2026-11-26');
    expect(today('Asia/Tokyo')).toBe('2026-11-27');
  });

  it('reads anything thrown that is not one of its failures as unknown', () => {
    expect(dashboardFailureOf(new Error('boom'))).toEqual({ kind: 'unknown' });
    expect(dashboardFailureOf({ kind: 'teapot' })).toEqual({ kind: 'unknown' });
    expect(dashboardFailureOf(null)).toEqual({ kind: 'unknown' });
    expect(dashboardFailureOf({ kind: 'not_found' })).toEqual({ kind: 'not_found' });
  });
});
