// The refinement-chat test model, shared by the logic-level (Vitest) and UI-level (Playwright) tests.
import type { EventObject } from 'xstate';
import type { Refinement } from '@/domain/ai-base';
import type { ChatAnswer } from '@/domain/refinement-chat';
import { refinementChatMachine, type RefinementChatContext } from '@/machines/refinement-chat';
import { createTestModelFor, type EventSamples } from './model-harness';

export const CHAT_BASE_ID = '00000000-0000-4000-8000-000000000003';

export const trySettings: Refinement = { blockedTerms: ['concorrente'], creativity: 3, model: 'builtin-retrieval' };

export const citedAnswer: ChatAnswer = {
  answer: 'Os pedidos chegam de 3 a 7 dias úteis.',
  outcome: 'answered',
  passages: [{ fileId: 'f1', fileName: 'faq.csv', source: 'row 2', content: 'Entrega: Os pedidos chegam de 3 a 7 dias úteis.' }],
  model: 'builtin-retrieval',
};
export const refusal: ChatAnswer = {
  answer: 'Desculpe, não posso falar sobre esse assunto.',
  outcome: 'refused',
  passages: [],
  model: 'builtin-retrieval',
};

const failed = (kind: string, retryAfterSeconds?: number) => ({
  type: 'xstate.error.actor.ask',
  error: retryAfterSeconds === undefined ? { kind } : { kind, retryAfterSeconds },
});

/**
 * The models of the loopback LLM fixture (tests/fixtures/openai-compatible-server.ts) that always
 * answer one way, so the UI level can meet each provider failure through a merchant's own choice.
 */
export const fixtureModels = { busy: 'fixture-busy', down: 'fixture-down', retired: 'fixture-retired' } as const;

const asking = (text: string, settings: Refinement = trySettings) => ({ type: 'SEND', text, settings });

export const refinementChatSamples: EventSamples = {
  SEND: [
    asking('Qual é o prazo de entrega?'),
    // The blocked term in the question: a polite refusal.
    asking('Vocês cobrem o preço do concorrente?'),
    // Blank: 'Write a message to send.'
    asking('   '),
    // The step's own settings are wrong (a term over 100 characters): fix them first.
    asking('Oi', { ...trySettings, blockedTerms: ['x'.repeat(101)] }),
    // Tried with a language model that is over its rate limit, down, or no longer offered.
    asking('Qual é o prazo de entrega?', { ...trySettings, model: fixtureModels.busy }),
    asking('Qual é o prazo de entrega?', { ...trySettings, model: fixtureModels.down }),
    asking('Qual é o prazo de entrega?', { ...trySettings, model: fixtureModels.retired }),
  ],
  'xstate.done.actor.ask': [
    { type: 'xstate.done.actor.ask', output: citedAnswer },
    { type: 'xstate.done.actor.ask', output: refusal },
  ],
  'xstate.error.actor.ask': [failed('rate_limited', 30), failed('unavailable'), failed('unknown_model'), failed('unknown')],
};

/**
 * The conversation grows without end; what tells its states apart is whether there is one, the
 * last question and what it was asked with (they decide its answer), whether it waits, the failure
 * and the message error.
 */
export const abstractChat = (context: RefinementChatContext) => ({
  exchanges: Math.min(context.exchanges.length, 2),
  lastQuestion: context.exchanges.at(-1)?.question ?? null,
  model: context.settings?.model ?? null,
  waiting: context.exchanges.at(-1)?.answer === null,
  failure: context.failure?.kind ?? null,
  messageError: context.messageError,
});

export function refinementChatTestModel() {
  return createTestModelFor(refinementChatMachine, {
    input: { baseId: CHAT_BASE_ID },
    samples: refinementChatSamples,
    abstractContext: abstractChat as (context: never) => unknown,
  });
}

export function chatPathName(events: EventObject[]): string {
  return events
    .map((e) => {
      const type = e.type.replace(/^xstate\./, '');
      if ('error' in e) return `${type}(${(e.error as { kind: string }).kind})`;
      if ('output' in e) return `${type}(${(e.output as ChatAnswer).outcome})`;
      if ('text' in e) {
        const model = ((e as { settings?: Refinement }).settings ?? trySettings).model;
        return `${type}(${JSON.stringify((e.text as string).trim().slice(0, 16))}${model === trySettings.model ? '' : `, ${model}`})`;
      }
      return type;
    })
    .join(' → ');
}
