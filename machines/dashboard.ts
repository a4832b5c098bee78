// The dashboard's flow: the first answer of GET /api/v1/dashboard (`loading`), the figures
// shown (`ready`), a new range or filter asked for while the last figures stay on screen
// (`refreshing`), and a failed read with a retry (`failure`). The server cuts days in the account's
// zone, which may not be the one the days were counted in here: an answer in another zone is not
// shown, the days are counted again in its zone and asked once more. Tags for the view: `loading`
// (nothing to show yet), `shown` (figures on screen), `refreshing`, `failed`.
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { dayIn, rangeDays, type Dashboard, type DashboardQuery, type DashboardRangeKind, type DayRange } from '../domain/dashboard';
import type { Currency } from '../domain/plans';
import { failed, failureOf, type Failed } from './failure';

/** What the merchant picked (the URL's search params, read and checked by the view). */
export type DashboardSelection = {
  range: DashboardRangeKind;
  /** The custom range's days; null for every other kind. */
  custom: DayRange | null;
  inventory: string | null;
  aiBase: string | null;
  channel: string | null;
};

export const defaultSelection: DashboardSelection = { range: 'last_30_days', custom: null, inventory: null, aiBase: null, channel: null };

export function sameSelection(a: DashboardSelection, b: DashboardSelection): boolean {
  return (
    a.range === b.range &&
    a.custom?.from === b.custom?.from &&
    a.custom?.to === b.custom?.to &&
    a.inventory === b.inventory &&
    a.aiBase === b.aiBase &&
    a.channel === b.channel
  );
}

/** One read: the selection, the zone its days are counted in, the browser's zone (sent as `tz`) and the page's currency. */
export type DashboardRequest = { selection: DashboardSelection; zone: string; tz: string; currency: Currency };

/** The filters of a selection that are set (what the query and the URL carry). */
export function filtersOf({ inventory, aiBase, channel }: DashboardSelection): { inventory?: string; aiBase?: string; channel?: string } {
  return { ...(inventory ? { inventory } : {}), ...(aiBase ? { aiBase } : {}), ...(channel ? { channel } : {}) };
}

/** The query of a request on the zone's `today` (YYYY-MM-DD): its days, the browser's zone, the filters set. */
export function dashboardQueryOf({ selection, tz, currency }: DashboardRequest, today: string): DashboardQuery {
  const { from, to } = rangeDays(selection.range, today, selection.custom ?? undefined);
  return { from, to, tz, currency, ...filtersOf(selection) };
}

/** The query of a request now: today is the day it is in the request's zone. */
export const dashboardQueryNow = (request: DashboardRequest, now: Date): DashboardQuery =>
  dashboardQueryOf(request, dayIn(now, request.zone));

/**
 * Why a read failed, as the view explains it: no answer at all (`offline`), a filter naming nothing
 * of the merchant's (`not_found`: a shared link, a deleted inventory), anything else `unknown`.
 */
export const dashboardFailureKinds = ['offline', 'not_found', 'unknown'] as const;
export type DashboardFailureKind = (typeof dashboardFailureKinds)[number];
export type DashboardFailure = { kind: DashboardFailureKind };

/** A thrown value as a failure (its kind: no kind carries more); anything else is `unknown`. */
export const dashboardFailureOf = (error: unknown): DashboardFailure => ({
  kind: failureOf<DashboardFailure>(error, dashboardFailureKinds).kind,
});

export type DashboardInput = { selection: DashboardSelection; browserZone: string; currency: Currency };

export type DashboardContext = {
  selection: DashboardSelection;
  /** The zone days are counted in: the browser's until an answer says the account's. */
  zone: string;
  /** The browser's zone, sent with every read (the server keeps it for an account that has none). */
  tz: string;
  currency: Currency;
  /** The last answer shown (kept while a new one is asked for). */
  dashboard: Dashboard | null;
  failure: DashboardFailure | null;
  /** Reads asked again because an answer came in another zone, since the last selection: at most one. */
  zoneReloads: number;
};

export type DashboardEvent =
  /** A new range or filter (the URL changed); the same selection again is ignored. */
  | { type: 'SELECT'; selection: DashboardSelection }
  /** From `failure`: the same read again. */
  | { type: 'RETRY' };

type Selected = { selection: DashboardSelection };
type Answered = { dashboard: Dashboard };
const selected = ({ event }: { event: DashboardEvent }): Selected => {
  assertEvent(event, 'SELECT');
  return { selection: event.selection };
};
const answered = ({ event }: { event: { output: Dashboard } }): Answered => ({ dashboard: event.output });
/** What the read asks for: the selection, counted in the current zone. */
const requestOf = ({ context }: { context: DashboardContext }): DashboardRequest => ({
  selection: context.selection,
  zone: context.zone,
  tz: context.tz,
  currency: context.currency,
});

const dashboardSetup = setup({
  types: {
    input: {} as DashboardInput,
    context: {} as DashboardContext,
    events: {} as DashboardEvent,
    tags: {} as 'loading' | 'shown' | 'refreshing' | 'failed',
  },
  actors: {
    // GET /api/v1/dashboard, provided by src/features/dashboard; it rejects with a DashboardFailure.
    loadDashboard: fromPromise<Dashboard, DashboardRequest>(async () => {
      throw new Error('loadDashboard is not provided');
    }),
  },
  guards: {
    changesSelection: ({ context }, { selection }: Selected) => !sameSelection(context.selection, selection),
    // After a failure: back to the last figures while the new selection is read.
    changesSelectionWithAnswer: ({ context }, { selection }: Selected) =>
      context.dashboard !== null && !sameSelection(context.selection, selection),
    // The answer's days were cut in another zone than they were counted in: count them again there (once).
    answeredInAnotherZone: ({ context }, { dashboard }: Answered) => dashboard.range.tz !== context.zone && context.zoneReloads === 0,
    hasAnswer: ({ context }) => context.dashboard !== null,
  },
  actions: {
    rememberSelection: assign((_, { selection }: Selected) => ({ selection, zoneReloads: 0 })),
    adoptZone: assign(({ context }, { dashboard }: Answered) => ({ zone: dashboard.range.tz, zoneReloads: context.zoneReloads + 1 })),
    rememberAnswer: assign((_, { dashboard }: Answered) => ({ dashboard, failure: null, zoneReloads: 0 })),
    rememberFailure: assign((_, { error }: Failed) => ({ failure: dashboardFailureOf(error), zoneReloads: 0 })),
    clearFailure: assign({ failure: null }),
  },
});

/**
 * The read of a reading state: its answer shown (`ready`), or, cut in another zone than the days were
 * counted in, read again in that zone from the same state; a failure to `failure`.
 */
const readThen = (state: 'loading' | 'refreshing') =>
  ({
    id: 'loadDashboard',
    src: 'loadDashboard',
    input: requestOf,
    onDone: [
      {
        guard: { type: 'answeredInAnotherZone', params: answered },
        target: state,
        reenter: true,
        actions: { type: 'adoptZone', params: answered },
      },
      { target: 'ready', actions: { type: 'rememberAnswer', params: answered } },
    ],
    onError: { target: 'failure', actions: { type: 'rememberFailure', params: failed } },
  }) as const;

export const dashboardMachine = dashboardSetup.createMachine({
  id: 'dashboard',
  initial: 'loading',
  context: ({ input }) => ({
    selection: input.selection,
    zone: input.browserZone,
    tz: input.browserZone,
    currency: input.currency,
    dashboard: null,
    failure: null,
    zoneReloads: 0,
  }),
  states: {
    // The first read: nothing to show yet.
    loading: {
      tags: 'loading',
      invoke: readThen('loading'),
      on: {
        // Asked again with the new selection; the answer on its way is dropped.
        SELECT: {
          guard: { type: 'changesSelection', params: selected },
          target: 'loading',
          reenter: true,
          actions: { type: 'rememberSelection', params: selected },
        },
      },
    },
    ready: {
      tags: 'shown',
      on: {
        SELECT: {
          guard: { type: 'changesSelection', params: selected },
          target: 'refreshing',
          actions: { type: 'rememberSelection', params: selected },
        },
      },
    },
    // A new read while the last answer stays on screen.
    refreshing: {
      tags: ['shown', 'refreshing'],
      invoke: readThen('refreshing'),
      on: {
        SELECT: {
          guard: { type: 'changesSelection', params: selected },
          target: 'refreshing',
          reenter: true,
          actions: { type: 'rememberSelection', params: selected },
        },
      },
    },
    failure: {
      tags: 'failed',
      on: {
        // Back to the last figures while asking again, or to the skeleton when there were none.
        RETRY: [
          { guard: 'hasAnswer', target: 'refreshing', actions: 'clearFailure' },
          { target: 'loading', actions: 'clearFailure' },
        ],
        SELECT: [
          {
            guard: { type: 'changesSelectionWithAnswer', params: selected },
            target: 'refreshing',
            actions: ['clearFailure', { type: 'rememberSelection', params: selected }],
          },
          {
            guard: { type: 'changesSelection', params: selected },
            target: 'loading',
            actions: ['clearFailure', { type: 'rememberSelection', params: selected }],
          },
        ],
      },
    },
  },
});
