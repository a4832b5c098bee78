import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { ChatAnswer } from '@/domain/refinement-chat';
import { historyOf, refinementChatMachine, type AskInput } from '@/machines/refinement-chat';
import { abstractChat, CHAT_BASE_ID, chatPathName, citedAnswer, refinementChatTestModel } from './refinement-chat-model';
import { describeModelBasedTests, settleOrSend } from './model-suite';
import { PromiseWorld } from './promise-world';

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

describeModelBasedTests({
  name: 'refinement-chat',
  machine: refinementChatMachine,
  model,
  start: startRealActor,
  perform: settleOrSend,
  stateChecks,
  pathName: chatPathName,
  // The model merges conversations that differ only in their words (see abstractChat).
  contextOf: abstractChat as (context: never) => unknown,
});

describe('refinement-chat machine, beyond the model', () => {
  it('sends back only the last turns of a long conversation, oldest first', () => {
    const exchanges = Array.from({ length: 15 }, (_, i) => ({
      id: i + 1,
      question: `q${i + 1}`,
      answer: { ...citedAnswer, answer: `a${i + 1}` },
    }));
    const history = historyOf([...exchanges, { id: 16, question: 'waiting', answer: null }]);
    expect(history).toHaveLength(20);
    expect(history[0]).toEqual({ role: 'customer', content: 'q6' });
    expect(history.at(-1)).toEqual({ role: 'agent', content: 'a15' });
  });
});
