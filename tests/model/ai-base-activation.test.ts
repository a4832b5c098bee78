import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { AiBase } from '../../domain/ai-base';
import { aiBaseActivationMachine } from '../../machines/ai-base-activation';
import { activationPathName, aiBaseActivationTestModel, SAMPLE_BASE_ID } from './ai-base-activation-model';
import { coverageOf, describeCoverage, isActive, transitionTable } from './model-harness';
import { flush, PromiseWorld } from './promise-world';

const model = aiBaseActivationTestModel();

function startRealActor() {
  const world = new PromiseWorld();
  const logic = aiBaseActivationMachine.provide({
    actors: {
      loadBase: world.actor<AiBase, { baseId: string }>('loadBase'),
      activateBase: world.actor<AiBase, { baseId: string }>('activateBase'),
    },
  });
  const actor = createActor(logic, { input: { baseId: SAMPLE_BASE_ID } });
  actor.start();
  return { actor, world };
}
type Run = ReturnType<typeof startRealActor>;

/** The effects a merchant relies on in each state. */
const stateChecks: Record<string, (run: Run) => void> = {
  'aiBaseActivation.loading': ({ world }) => expect(world.pendingInput('loadBase')).toEqual({ baseId: SAMPLE_BASE_ID }),
  'aiBaseActivation.activating': ({ world }) => expect(world.pendingInput('activateBase')).toEqual({ baseId: SAMPLE_BASE_ID }),
  'aiBaseActivation.confirming': ({ actor, world }) => {
    expect(world.isPending()).toBe(false);
    expect(actor.getSnapshot().context.base?.status).not.toBe('active'); // the summary shows what will go live
  },
  'aiBaseActivation.active': ({ actor }) => expect(actor.getSnapshot().context.base?.status).toBe('active'),
  'aiBaseActivation.planLimit': ({ actor }) => expect(actor.getSnapshot().context.failure).toBe('plan_limit'),
  'aiBaseActivation.failed': ({ actor }) => expect(actor.getSnapshot().context.failure).toBe('unknown'),
};

describe('ai-base-activation machine, model-based (logic level)', () => {
  it('has paths that reach every state and take every transition', () => {
    const coverage = coverageOf(aiBaseActivationMachine, model);
    console.log(describeCoverage('ai-base-activation', 'logic', coverage, model.paths.length));
    expect(coverage.states.missing).toEqual([]);
    expect(coverage.transitions.missing).toEqual([]);
  });

  it('checks only states the machine has', () => {
    for (const id of Object.keys(stateChecks)) expect(model.states).toContain(id);
  });

  it('matches the reviewed transition table (a removed or changed transition fails here)', () => {
    expect(transitionTable(aiBaseActivationMachine)).toMatchSnapshot();
  });

  for (const path of model.paths) {
    it(`follows the model on the running actor: ${activationPathName(path.steps.map((s) => s.event))}`, async () => {
      const run = startRealActor();
      expect(run.actor.getSnapshot().value).toEqual(path.initial.value);
      for (const step of path.steps) {
        if (run.world.settle(step.event)) await flush();
        else run.actor.send(step.event as never);
        const snapshot = run.actor.getSnapshot();
        expect(snapshot.value).toEqual(step.state.value);
        expect(snapshot.context).toEqual(step.state.context);
        for (const [id, check] of Object.entries(stateChecks)) if (isActive(aiBaseActivationMachine, snapshot, id)) check(run);
      }
      run.actor.stop();
    });
  }
});
