import { fromPromise } from 'xstate';
import { swUpdateMachine } from '@/machines/sw-update';
import { serviceWorkerActor } from './service-worker-actor';
import { writeLastChunkReloadAt, writeReloadedForBuild } from './session-marks';

const buildIdSchema = (value: unknown): { buildId: string } => {
  if (typeof value === 'object' && value !== null && typeof (value as { buildId?: unknown }).buildId === 'string') {
    return { buildId: (value as { buildId: string }).buildId };
  }
  throw new Error('Malformed build-id.json');
};

/** The production implementations of the sw-update machine's actors and actions. */
export const swUpdateLogic = swUpdateMachine.provide({
  actors: {
    serviceWorker: serviceWorkerActor,
    fetchBuildId: fromPromise(async ({ signal }) => {
      const response = await fetch('/build-id.json', { cache: 'no-store', signal });
      if (!response.ok) throw new Error(`build-id.json answered ${response.status}`);
      return buildIdSchema(await response.json());
    }),
  },
  actions: {
    reloadPage: () => window.location.reload(),
    rememberBuildReload: (_, { buildId }) => writeReloadedForBuild(buildId),
    rememberChunkReload: (_, { at }) => writeLastChunkReloadAt(at),
  },
});
