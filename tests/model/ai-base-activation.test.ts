import { expect } from 'vitest';
import { createActor } from 'xstate';
import type { AiBase } from '@/domain/ai-base';
import { aiBaseActivationMachine } from '@/machines/ai-base-activation';
import { activationPathName, aiBaseActivationTestModel, SAMPLE_BASE_ID } from './ai-base-activation-model';
import { describeModelBasedTests, settleOrSend } from './model-suite';
import { PromiseWorld } from './promise-world';

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
// The view shows the Activate (or Try again) button in `offering` states, busy while `saving`, and
// moves the keyboard to the result where there is an `outcome`.
const tagsOf = ({ actor }: Run) => (['offering', 'saving', 'failed', 'outcome'] as const).filter((tag) => actor.getSnapshot().hasTag(tag));
const tagsByState: Record<string, string[]> = {
  confirming: ['offering'],
  activating: ['offering', 'saving'],
  failed: ['offering', 'failed', 'outcome'],
  active: ['outcome'],
  planLimit: ['outcome'],
  incomplete: ['outcome'],
};

const stateChecks: Record<string, (run: Run) => void> = {
  aiBaseActivation: (run) => expect(tagsOf(run)).toEqual(tagsByState[String(run.actor.getSnapshot().value)] ?? []),
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

describeModelBasedTests({
  name: 'ai-base-activation',
  machine: aiBaseActivationMachine,
  model,
  start: startRealActor,
  perform: settleOrSend,
  stateChecks,
  pathName: activationPathName,
});
