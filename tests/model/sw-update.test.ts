import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise, type EventObject } from 'xstate';
import { swUpdateMachine, type ServiceWorkerCommand, type ServiceWorkerEvent } from '@/machines/sw-update';
import { coverageOf, describeCoverage, isActive, transitionTable } from './model-harness';
import { swUpdateInput, swUpdateTestModel } from './sw-update-model';

const model = swUpdateTestModel();

/** Runs the production machine for real — its own timers, invoked actors and actions — with test doubles at its edges. */
function startRealActor() {
  const world = {
    sendFromWorker: (_: ServiceWorkerEvent) => {},
    commands: [] as ServiceWorkerCommand[],
    buildId: null as null | { resolve: (v: { buildId: string }) => void; reject: (e: Error) => void },
    reloads: 0,
    buildReloads: [] as string[],
    chunkReloads: [] as number[],
  };
  const logic = swUpdateMachine.provide({
    actors: {
      serviceWorker: fromCallback<ServiceWorkerCommand>(({ sendBack, receive }) => {
        world.sendFromWorker = (e) => sendBack(e);
        receive((command) => world.commands.push(command));
      }),
      fetchBuildId: fromPromise(() => new Promise<{ buildId: string }>((resolve, reject) => (world.buildId = { resolve, reject }))),
    },
    actions: {
      reloadPage: () => void world.reloads++,
      rememberBuildReload: (_, { buildId }) => void world.buildReloads.push(buildId),
      rememberChunkReload: (_, { at }) => void world.chunkReloads.push(at),
    },
  });
  const actor = createActor(logic, { input: swUpdateInput });
  actor.start();
  return { actor, world };
}

/** How each kind of model event happens to the running actor. */
async function perform(event: EventObject, { actor, world }: ReturnType<typeof startRealActor>) {
  if (event.type.startsWith('xstate.after.')) {
    const delayName = event.type.split('.')[2]!;
    const delay = (swUpdateMachine.implementations.delays as Record<string, number>)[delayName];
    expect(delay, `delay ${delayName}`).toBeTypeOf('number');
    await vi.advanceTimersByTimeAsync(delay!);
  } else if (event.type === 'xstate.done.actor.fetchBuildId') {
    expect(world.buildId, 'a build id request is pending').not.toBeNull();
    world.buildId!.resolve((event as unknown as { output: { buildId: string } }).output);
    await vi.advanceTimersByTimeAsync(0);
  } else if (event.type === 'xstate.error.actor.fetchBuildId') {
    world.buildId!.reject(new Error('offline'));
    await vi.advanceTimersByTimeAsync(0);
  } else if (['REGISTERED', 'REGISTER_FAILED', 'INSTALLED', 'ACTIVATED', 'NEED_REFRESH', 'CONTROLLING'].includes(event.type)) {
    world.sendFromWorker(event as ServiceWorkerEvent);
  } else {
    actor.send(event as never);
  }
}

/** What must be true in each state, beyond the state value: the effects a user relies on. */
const stateChecks: Record<string, (run: ReturnType<typeof startRealActor>) => void> = {
  'swUpdate.worker.activated': ({ actor }) => expect(actor.getSnapshot().context.offlineReady).toBe(true),
  'swUpdate.worker.updating': ({ world }) => expect(world.commands).toEqual([{ type: 'SKIP_WAITING' }]),
  'swUpdate.worker.reloading': ({ world }) => expect(world.reloads).toBe(1),
  'swUpdate.buildCheck.reloading': ({ world }) => {
    expect(world.reloads).toBe(1);
    expect(world.buildReloads).toHaveLength(1);
  },
  'swUpdate.buildCheck.stale': ({ world }) => expect(world.reloads).toBe(0),
  'swUpdate.buildCheck.current': ({ world }) => expect(world.reloads).toBe(0),
  'swUpdate.chunks.reloading': ({ world }) => {
    expect(world.reloads).toBe(1);
    expect(world.chunkReloads).toHaveLength(1);
  },
  'swUpdate.chunks.failed': ({ world }) => expect(world.reloads).toBe(0),
};

describe('sw-update machine, model-based (logic level)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('has paths that reach every state and take every transition', () => {
    const coverage = coverageOf(swUpdateMachine, model);
    console.log(describeCoverage('sw-update', 'logic', coverage, model.paths.length));
    expect(coverage.states.missing).toEqual([]);
    expect(coverage.transitions.missing).toEqual([]);
  });

  it('checks only states the machine has', () => {
    for (const id of Object.keys(stateChecks)) expect(model.states).toContain(id);
  });

  it('matches the reviewed transition table (a removed or changed transition fails here)', () => {
    expect(transitionTable(swUpdateMachine)).toMatchSnapshot();
  });

  for (const path of model.paths) {
    const name = path.steps.map((s) => s.event.type.replace(/^xstate\./, '')).join(' → ');
    it(`follows the model on the running actor: ${name}`, async () => {
      const run = startRealActor();
      expect(run.actor.getSnapshot().value).toEqual(path.initial.value);
      for (const step of path.steps) {
        await perform(step.event, run);
        const snapshot = run.actor.getSnapshot();
        expect(snapshot.value).toEqual(step.state.value);
        expect(snapshot.context).toEqual(step.state.context);
        for (const [id, check] of Object.entries(stateChecks)) if (isActive(swUpdateMachine, snapshot, id)) check(run);
      }
      run.actor.stop();
    });
  }
});
