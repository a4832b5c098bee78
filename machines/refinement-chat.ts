import { assign, fromPromise, setup } from 'xstate';
import { refinementSchema, type Refinement } from '../domain/ai-base';
import { chatRequestSchema, chatValidation, MAX_CHAT_HISTORY, type ChatAnswer, type ChatTurn } from '../domain/refinement-chat';

/**
 * Step 3's chat panel: the merchant writes as a customer would and the AI base answers, with the
 * step's settings as they are in the form (saved or not), so they can be tried before saving.
 * RESTART starts a fresh conversation. A failed question stays on screen to retry or replace.
 */

/** One question and, once it came, its answer. */
export type ChatExchange = { id: number; question: string; answer: ChatAnswer | null };

/**
 * `rate_limited`: the AI provider's limit (`retryAfterSeconds` when it said); `unavailable`: the
 * provider failed; `unknown_model`: the model field names a model the server does not offer;
 * `unknown`: anything else (network, 5xx).
 */
export type ChatFailure = { kind: 'rate_limited' | 'unavailable' | 'unknown_model' | 'unknown'; retryAfterSeconds?: number | null };

export type AskInput = { baseId: string; message: string; history: ChatTurn[]; settings: Refinement };

export type RefinementChatContext = {
  baseId: string;
  exchanges: ChatExchange[];
  /** The settings the pending question is asked with (kept for RETRY). */
  settings: Refinement | null;
  failure: ChatFailure | null;
  /** The English seed text of domain/refinement-chat's chatValidation; the view translates it. */
  messageError: string | null;
  nextId: number;
};

export type RefinementChatEvent = { type: 'SEND'; text: string; settings: Refinement } | { type: 'RETRY' } | { type: 'RESTART' };

const isFailure = (error: unknown): error is ChatFailure =>
  ['rate_limited', 'unavailable', 'unknown_model', 'unknown'].includes((error as { kind?: unknown } | null)?.kind as string);

const answered = (exchanges: ChatExchange[]) => exchanges.filter((exchange) => exchange.answer !== null);

/** The conversation so far, as the API takes it: its last MAX_CHAT_HISTORY turns. */
export function historyOf(exchanges: ChatExchange[]): ChatTurn[] {
  return answered(exchanges)
    .flatMap((exchange): ChatTurn[] => [
      { role: 'customer', content: exchange.question },
      { role: 'agent', content: exchange.answer!.answer },
    ])
    .slice(-MAX_CHAT_HISTORY);
}

/** The message (and the settings it tries) as the API validates them, or the first error. */
function messageCheck(event: RefinementChatEvent) {
  if (event.type !== 'SEND') return { ok: false as const, error: null };
  const result = chatRequestSchema.shape.message.safeParse(event.text);
  if (!result.success) return { ok: false as const, error: result.error.issues[0]?.message ?? null };
  if (!refinementSchema.safeParse(event.settings).success) return { ok: false as const, error: chatValidation.settingsInvalid };
  return { ok: true as const, text: result.data };
}

export const refinementChatMachine = setup({
  types: {
    input: {} as { baseId: string },
    context: {} as RefinementChatContext,
    events: {} as RefinementChatEvent,
  },
  actors: {
    // POST /api/v1/ai-bases/:id/chat, provided by src/features/ai-bases; it rejects with a ChatFailure.
    ask: fromPromise<ChatAnswer, AskInput>(async () => {
      throw new Error('ask is not provided');
    }),
  },
  guards: {
    messageIsValid: ({ event }) => messageCheck(event).ok,
    hasConversation: ({ context }) => context.exchanges.length > 0,
  },
  actions: {
    addQuestion: assign(({ context, event }) => {
      const check = messageCheck(event);
      if (!check.ok || event.type !== 'SEND') return {};
      return {
        exchanges: [...answered(context.exchanges), { id: context.nextId, question: check.text, answer: null }],
        nextId: context.nextId + 1,
        settings: event.settings,
        failure: null,
        messageError: null,
      };
    }),
    showMessageError: assign({ messageError: ({ event }) => messageCheck(event).error ?? null }),
    addAnswer: assign({
      exchanges: ({ context }, answer: ChatAnswer) =>
        context.exchanges.map((exchange) => (exchange.answer === null ? { ...exchange, answer } : exchange)),
    }),
    rememberFailure: assign({
      failure: ({ event }) => {
        const error = 'error' in event ? event.error : undefined;
        return isFailure(error) ? error : { kind: 'unknown' as const };
      },
    }),
    clearFailure: assign({ failure: null }),
    forgetConversation: assign({ exchanges: [], settings: null, failure: null, messageError: null }),
  },
}).createMachine({
  id: 'refinementChat',
  initial: 'ready',
  context: ({ input }) => ({ baseId: input.baseId, exchanges: [], settings: null, failure: null, messageError: null, nextId: 1 }),
  // A fresh conversation, whatever was going on (an answer still on its way is dropped).
  on: { RESTART: { guard: 'hasConversation', target: '.ready', actions: 'forgetConversation' } },
  states: {
    ready: {
      on: {
        SEND: [{ guard: 'messageIsValid', target: 'asking', actions: 'addQuestion' }, { actions: 'showMessageError' }],
      },
    },
    asking: {
      invoke: {
        id: 'ask',
        src: 'ask',
        input: ({ context }) => {
          const pending = context.exchanges.at(-1)!;
          return {
            baseId: context.baseId,
            message: pending.question,
            history: historyOf(context.exchanges.slice(0, -1)),
            settings: context.settings!,
          };
        },
        // The answer reaches the action as its params: the done event's output, typed by the actor.
        onDone: { target: 'ready', actions: { type: 'addAnswer', params: ({ event }) => event.output } },
        onError: { target: 'failed', actions: 'rememberFailure' },
      },
    },
    // The unanswered question stays on screen: ask it again, or send another in its place.
    failed: {
      on: {
        RETRY: { target: 'asking', actions: 'clearFailure' },
        SEND: [{ guard: 'messageIsValid', target: 'asking', actions: 'addQuestion' }, { actions: 'showMessageError' }],
      },
    },
  },
});
