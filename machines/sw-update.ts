import { assign, fromCallback, fromPromise, sendTo, setup } from 'xstate';

/**
 * The service worker and deploy lifecycle of the PWA, in three parallel regions:
 * - worker: registration, first install, an update waiting (needRefresh), the controlled reload;
 * - buildCheck: one second after load, compare the running build id with the deployed one;
 * - chunks: a failed page-chunk load reloads once, never twice within the reload window.
 */

export type SwUpdateInput = {
  /** The id of the build this page runs. */
  buildId: string;
  /** The deployed build this tab already reloaded for (kept in sessionStorage), if any. */
  reloadedForBuild: string | null;
  /** When this tab last reloaded for a failed chunk (kept in sessionStorage), if ever. */
  lastChunkReloadAt: number | null;
};

export type SwUpdateContext = SwUpdateInput & {
  offlineReady: boolean;
  deployedBuildId: string | null;
};

/** Sent by the registration actor, which translates workbox-window's events. */
export type ServiceWorkerEvent =
  | { type: 'REGISTERED' }
  | { type: 'REGISTER_FAILED' }
  | { type: 'INSTALLED' }
  | { type: 'ACTIVATED' }
  | { type: 'NEED_REFRESH' }
  | { type: 'CONTROLLING' };

export type SwUpdateEvent =
  ServiceWorkerEvent | { type: 'ACCEPT_UPDATE' } | { type: 'DISMISS_UPDATE' } | { type: 'CHUNK_LOAD_FAILED'; at: number };

/** Messages the machine sends to the registration actor. */
export type ServiceWorkerCommand = { type: 'SKIP_WAITING' };

export const CHUNK_RELOAD_WINDOW_MS = 10_000;

export const swUpdateMachine = setup({
  types: {
    context: {} as SwUpdateContext,
    input: {} as SwUpdateInput,
    events: {} as SwUpdateEvent,
  },
  actors: {
    // Real implementations come from src/pwa with .provide(); these defaults do nothing.
    serviceWorker: fromCallback<ServiceWorkerCommand>(() => undefined),
    fetchBuildId: fromPromise<{ buildId: string }>(async () => {
      throw new Error('fetchBuildId is not provided');
    }),
  },
  actions: {
    markOfflineReady: assign({ offlineReady: true }),
    rememberDeployedBuild: assign({
      deployedBuildId: ({ event }) => ('output' in event ? (event.output as { buildId: string }).buildId : null),
    }),
    skipWaiting: sendTo('serviceWorker', { type: 'SKIP_WAITING' } satisfies ServiceWorkerCommand),
    // Side effects implemented in src/pwa:
    reloadPage: () => undefined,
    rememberBuildReload: (_, _params: { buildId: string }) => undefined,
    rememberChunkReload: (_, _params: { at: number }) => undefined,
  },
  guards: {
    isRunningBuild: ({ context, event }) => 'output' in event && (event.output as { buildId: string }).buildId === context.buildId,
    alreadyReloadedForBuild: ({ context, event }) =>
      'output' in event && (event.output as { buildId: string }).buildId === context.reloadedForBuild,
    chunkReloadedRecently: ({ context, event }) =>
      event.type === 'CHUNK_LOAD_FAILED' &&
      context.lastChunkReloadAt !== null &&
      event.at - context.lastChunkReloadAt < CHUNK_RELOAD_WINDOW_MS,
  },
  delays: {
    buildCheckDelay: 1000,
  },
}).createMachine({
  id: 'swUpdate',
  type: 'parallel',
  context: ({ input }) => ({ ...input, offlineReady: false, deployedBuildId: null }),
  states: {
    worker: {
      initial: 'registering',
      invoke: { id: 'serviceWorker', src: 'serviceWorker' },
      states: {
        registering: {
          on: { REGISTERED: 'registered', REGISTER_FAILED: 'unsupported' },
        },
        unsupported: {},
        registered: {
          on: { INSTALLED: 'installed', ACTIVATED: 'activated', NEED_REFRESH: 'waiting' },
        },
        installed: {
          on: { ACTIVATED: 'activated' },
        },
        activated: {
          entry: 'markOfflineReady',
          on: { NEED_REFRESH: 'waiting' },
        },
        waiting: {
          // The view offers the reload while the machine is here (needRefresh).
          on: { ACCEPT_UPDATE: 'updating', DISMISS_UPDATE: 'dismissed' },
        },
        dismissed: {
          on: { NEED_REFRESH: 'waiting' },
        },
        updating: {
          entry: 'skipWaiting',
          // The new worker took control: reload once so the page runs the new build.
          on: { CONTROLLING: { target: 'reloading', actions: 'reloadPage' } },
        },
        reloading: {},
      },
    },
    buildCheck: {
      initial: 'idle',
      states: {
        idle: {
          after: { buildCheckDelay: 'checking' },
        },
        checking: {
          invoke: {
            id: 'fetchBuildId',
            src: 'fetchBuildId',
            onDone: [
              { guard: 'isRunningBuild', target: 'current' },
              // A reload already happened for this deploy: never loop, let the worker prompt instead.
              { guard: 'alreadyReloadedForBuild', target: 'stale', actions: 'rememberDeployedBuild' },
              {
                target: 'reloading',
                actions: [
                  'rememberDeployedBuild',
                  { type: 'rememberBuildReload', params: ({ event }) => ({ buildId: event.output.buildId }) },
                  'reloadPage',
                ],
              },
            ],
            onError: 'unavailable',
          },
        },
        current: {},
        stale: {},
        unavailable: {},
        reloading: {},
      },
    },
    chunks: {
      initial: 'watching',
      states: {
        watching: {
          on: {
            CHUNK_LOAD_FAILED: [
              { guard: 'chunkReloadedRecently', target: 'failed' },
              {
                target: 'reloading',
                actions: [{ type: 'rememberChunkReload', params: ({ event }) => ({ at: event.at }) }, 'reloadPage'],
              },
            ],
          },
        },
        reloading: {},
        failed: {},
      },
    },
  },
});
