import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { ChatAnswer } from '../../domain/refinement-chat';
import { historyOf, refinementChatMachine, type AskInput } from '../../machines/refinement-chat';
import { abstractChat, CHAT_BASE_ID, chatPathName, citedAnswer, refinementChatTestModel } from './refinement-chat-model';
import { coverageOf, describeCoverage, isActive, transitionTable } from './model-harness';
import { flush, PromiseWorld } from './promise-world';

const model = refinementChatTestModel();

function startRealActor() {
  const world = new PromiseWorld();
  const logic = refinementChatMachine.provide({ actors: { ask: world.actor<ChatAnswer, AskInput>('ask') } });
  const actor = createActor(logic, { input: { baseId: CHAT_BASE_ID } });
  actor.start();
  return { actor, world };
}
type Run = ReturnType<typeof startRealActor>;
const context = ({ actor }: Run) => actor.getSnapshot().context;

/** The effects a merchant relies on in each state. */
const stateChecks: Record<string, (run: Run) => void> = {
  // The question on its way is the last one, asked with the settings being tried and the answered conversation before it.
  'refinementChat.asking': (run) => {
    const { exchanges, settings } = context(run);
    expect(run.world.pendingInput('ask')).toEqual({
      baseId: CHAT_BASE_ID,
      message: exchanges.at(-1)!.question,
      history: historyOf(exchanges.slice(0, -1)),
      settings,
    });
  },
  // Nothing waits: every question shown has its answer.
  'refinementChat.ready': (run) => {
    expect(run.world.isPending()).toBe(false);
    expect(context(run).exchanges.every((exchange) => exchange.answer !== null)).toBe(true);
  },
  // The failed question stays, unanswered, to retry.
  'refinementChat.failed': (run) => {
    expect(context(run).exchanges.at(-1)?.answer).toBeNull();
    expect(context(run).failure).not.toBeNull();
  },
};

describe('refinement-chat machine, model-based (logic level)', () => {
  it('has paths that reach every state and take every transition', () => {
    const coverage = coverageOf(refinementChatMachine, model);
    console.log(describeCoverage('refinement-chat', 'logic', coverage, model.paths.length));
    expect(coverage.states.missing).toEqual([]);
    expect(coverage.transitions.missing).toEqual([]);
  });

  it('checks only states the machine has', () => {
    for (const id of Object.keys(stateChecks)) expect(model.states).toContain(id);
  });

  it('matches the reviewed transition table (a removed or changed transition fails here)', () => {
    expect(transitionTable(refinementChatMachine)).toMatchSnapshot();
  });

  it('sends back only the last turns of a long conversation, oldest first', () => {
    const exchanges = Array.from({ length: 15 }, (_, i) => ({ id: i + 1, question: `q${i + 1}`, answer: { ...citedAnswer, answer: `a${i + 1}` } }));
    const history = historyOf([...exchanges, { id: 16, question: 'waiting', answer: null }]);
    expect(history).toHaveLength(20);
    expect(history[0]).toEqual({ role: 'customer', content: 'q6' });
    expect(history.at(-1)).toEqual({ role: 'agent', content: 'a15' });
  });

  for (const path of model.paths) {
    it(`follows the model on the running actor: ${chatPathName(path.steps.map((s) => s.event))}`, async () => {
      const run = startRealActor();
      expect(run.actor.getSnapshot().value).toEqual(path.initial.value);
      for (const step of path.steps) {
        if (run.world.settle(step.event)) await flush();
        else run.actor.send(step.event as never);
        const snapshot = run.actor.getSnapshot();
        expect(snapshot.value).toEqual(step.state.value);
        // The model merges conversations that differ only in their words (see abstractChat).
        expect(abstractChat(snapshot.context)).toEqual(abstractChat(step.state.context as never));
        for (const [id, check] of Object.entries(stateChecks)) if (isActive(refinementChatMachine, snapshot, id)) check(run);
      }
      run.actor.stop();
    });
  }
});
