// The account's time zone on the Settings page: the dashboard cuts its days in it. The
// zone kept on the account is loaded first (null until the merchant saves one: the browser's zone is
// offered then); a zone is chosen, saved (tag `saving`), then `saved` until another is chosen. A load
// or a save that failed says so (tag `failed`) and can be tried again; a refused zone is said at its
// field. The two calls are named actors, supplied with .provide() (src/features/settings/api).
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { dashboardValidation, isTimeZone } from '../domain/dashboard';
import { failureOf } from './failure';

/** Why a save failed: the server refused the zone (`invalid`, with its field → message id), or anything else. */
export const timeZoneFailureKinds = ['invalid', 'unknown'] as const;
export type TimeZoneFailureKind = (typeof timeZoneFailureKinds)[number];
export type TimeZoneFailure = { kind: TimeZoneFailureKind; fields?: Record<string, string> };

/** A thrown value as a failure: failures pass through; anything else is `unknown`. */
export const timeZoneFailureOf = (error: unknown) => failureOf<TimeZoneFailure>(error, timeZoneFailureKinds);

const refusedHere = { timeZone: dashboardValidation.timeZoneInvalid.id };

export type AccountTimeZoneContext = {
  /** The zone this browser runs in: offered while the account has none. */
  browserZone: string;
  /** The zone kept on the account (null: none saved yet, the dashboard asks in the browser's). */
  accountZone: string | null;
  /** The zone in the select. */
  chosen: string;
  /** Field → message id (the view translates it). */
  fieldErrors: Record<string, string>;
  /** The last save's failure, while it is shown. */
  failure: TimeZoneFailure | null;
};

export type AccountTimeZoneEvent =
  | { type: 'CHOOSE'; timeZone: string }
  /** Save the chosen zone (after a failed save too: the same button tries again). */
  | { type: 'SAVE' }
  /** From a failed load: ask again. */
  | { type: 'RETRY' };

const chosenOf = ({ event }: { event: AccountTimeZoneEvent }) => {
  assertEvent(event, 'CHOOSE');
  return { timeZone: event.timeZone };
};

export const accountTimeZoneMachine = setup({
  types: {
    context: {} as AccountTimeZoneContext,
    events: {} as AccountTimeZoneEvent,
    input: {} as { browserZone: string },
    tags: {} as 'loading' | 'saving' | 'failed',
  },
  actors: {
    // The account's zone from GET /api/v1/me (null until one is saved). Provided by src/features/settings.
    loadTimeZone: fromPromise<string | null>(async () => {
      throw new Error('loadTimeZone is not provided');
    }),
    // PUT /api/v1/me/time-zone; answers the zone kept, rejects with a TimeZoneFailure.
    saveTimeZone: fromPromise<string, { timeZone: string }>(async () => {
      throw new Error('saveTimeZone is not provided');
    }),
  },
  guards: {
    isChosenKnown: ({ context }) => isTimeZone(context.chosen),
  },
  actions: {
    rememberLoaded: assign(({ context }, accountZone: string | null) => ({ accountZone, chosen: accountZone ?? context.browserZone })),
    rememberChosen: assign((_, { timeZone }: { timeZone: string }) => ({ chosen: timeZone, fieldErrors: {}, failure: null })),
    refuseChosen: assign({ fieldErrors: refusedHere }),
    clearFailure: assign({ fieldErrors: {}, failure: null }),
    rememberSaved: assign((_, timeZone: string) => ({ accountZone: timeZone, chosen: timeZone, fieldErrors: {}, failure: null })),
    rememberFailure: assign((_, error: unknown) => {
      const failure = timeZoneFailureOf(error);
      return { failure, fieldErrors: failure.kind === 'invalid' ? (failure.fields ?? refusedHere) : {} };
    }),
    // Provided by src/: a toast says it (the dashboard counts its days in the new zone from now on).
    announceSaved: (_, _timeZone: string) => {},
  },
}).createMachine({
  id: 'accountTimeZone',
  initial: 'loading',
  context: ({ input }) => ({
    browserZone: input.browserZone,
    accountZone: null,
    chosen: input.browserZone,
    fieldErrors: {},
    failure: null,
  }),
  states: {
    loading: {
      tags: 'loading',
      invoke: {
        id: 'loadTimeZone',
        src: 'loadTimeZone',
        onDone: { target: 'editing', actions: { type: 'rememberLoaded', params: ({ event }) => event.output } },
        onError: 'loadFailed',
      },
    },
    loadFailed: {
      tags: 'failed',
      on: { RETRY: 'loading' },
    },
    editing: {
      on: {
        CHOOSE: { actions: { type: 'rememberChosen', params: chosenOf } },
        SAVE: [{ guard: 'isChosenKnown', target: 'saving' }, { actions: 'refuseChosen' }],
      },
    },
    // What the last failure said goes while the zone is sent again.
    saving: {
      tags: 'saving',
      entry: 'clearFailure',
      invoke: {
        id: 'saveTimeZone',
        src: 'saveTimeZone',
        input: ({ context }) => ({ timeZone: context.chosen }),
        onDone: {
          target: 'saved',
          actions: [
            { type: 'rememberSaved', params: ({ event }) => event.output },
            { type: 'announceSaved', params: ({ event }) => event.output },
          ],
        },
        onError: {
          target: 'failed',
          actions: { type: 'rememberFailure', params: ({ event }: { event: { error: unknown } }) => event.error },
        },
      },
    },
    // Kept; choosing another zone edits again.
    saved: {
      on: { CHOOSE: { target: 'editing', actions: { type: 'rememberChosen', params: chosenOf } } },
    },
    // Told, the zone chosen kept: save it again, or choose another.
    failed: {
      tags: 'failed',
      on: {
        SAVE: { guard: 'isChosenKnown', target: 'saving' },
        CHOOSE: { target: 'editing', actions: { type: 'rememberChosen', params: chosenOf } },
      },
    },
  },
});
