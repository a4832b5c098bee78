import { assign, fromPromise, setup } from 'xstate';
import { aiBaseFailureKinds, type AiBase, type AiBaseFailure, type AiBaseFailureKind } from '../domain/ai-base';
import { failureOf } from './failure';

/**
 * `/ia-base/{id}/activate`: the base's summary, the merchant confirms, the base goes live. The
 * plan's limit and an unfinished wizard are answers to show (with what to do next), not errors
 * to swallow; any other failure can be retried.
 */

export type AiBaseActivationInput = { baseId: string };

export type AiBaseActivationContext = {
  baseId: string;
  base: AiBase | null;
  failure: AiBaseFailureKind | null;
};

export type AiBaseActivationEvent = { type: 'CONFIRM' } | { type: 'RETRY' };

const aiBaseFailureOf = (error: unknown) => failureOf<AiBaseFailure>(error, aiBaseFailureKinds);

export const aiBaseActivationMachine = setup({
  types: {
    input: {} as AiBaseActivationInput,
    context: {} as AiBaseActivationContext,
    events: {} as AiBaseActivationEvent,
    tags: {} as 'offering' | 'saving' | 'failed' | 'outcome',
  },
  actors: {
    // GET /api/v1/ai-bases/:id and POST …/activate, provided by src/features/ai-bases; they reject with an AiBaseFailure.
    loadBase: fromPromise<AiBase, { baseId: string }>(async () => {
      throw new Error('loadBase is not provided');
    }),
    activateBase: fromPromise<AiBase, { baseId: string }>(async () => {
      throw new Error('activateBase is not provided');
    }),
  },
  guards: {
    isAlreadyActive: ({ event }) => 'output' in event && (event.output as AiBase).status === 'active',
    isPlanLimit: ({ event }) => 'error' in event && aiBaseFailureOf(event.error).kind === 'plan_limit',
    isIncomplete: ({ event }) => 'error' in event && aiBaseFailureOf(event.error).kind === 'incomplete',
    isNotFound: ({ event }) => 'error' in event && aiBaseFailureOf(event.error).kind === 'not_found',
  },
  actions: {
    rememberBase: assign({ base: ({ event }) => ('output' in event ? (event.output as AiBase) : null), failure: null }),
    rememberFailure: assign({ failure: ({ event }) => aiBaseFailureOf('error' in event ? event.error : undefined).kind }),
  },
}).createMachine({
  id: 'aiBaseActivation',
  initial: 'loading',
  context: ({ input }) => ({ baseId: input.baseId, base: null, failure: null }),
  states: {
    loading: {
      invoke: {
        src: 'loadBase',
        id: 'loadBase',
        input: ({ context }) => ({ baseId: context.baseId }),
        onDone: [
          { guard: 'isAlreadyActive', target: 'active', actions: 'rememberBase' },
          { target: 'confirming', actions: 'rememberBase' },
        ],
        onError: [
          { guard: 'isNotFound', target: 'notFound', actions: 'rememberFailure' },
          { target: 'loadFailed', actions: 'rememberFailure' },
        ],
      },
    },
    loadFailed: { on: { RETRY: 'loading' } },
    notFound: { type: 'final' },
    // The summary with its Activate (or Try again) button: `offering`; `saving` while it works;
    // `outcome` where the activation's result is told (the view moves the keyboard to it).
    confirming: { tags: 'offering', on: { CONFIRM: 'activating' } },
    activating: {
      tags: ['offering', 'saving'],
      invoke: {
        src: 'activateBase',
        id: 'activateBase',
        input: ({ context }) => ({ baseId: context.baseId }),
        onDone: { target: 'active', actions: 'rememberBase' },
        onError: [
          { guard: 'isPlanLimit', target: 'planLimit', actions: 'rememberFailure' },
          { guard: 'isIncomplete', target: 'incomplete', actions: 'rememberFailure' },
          { target: 'failed', actions: 'rememberFailure' },
        ],
      },
    },
    failed: { tags: ['offering', 'failed', 'outcome'], on: { RETRY: 'activating' } },
    // 'Upgrade your plan to add more AI Bases.'
    planLimit: { type: 'final', tags: 'outcome' },
    // The wizard's steps are not all saved: the view links back to the wizard.
    incomplete: { type: 'final', tags: 'outcome' },
    active: { type: 'final', tags: 'outcome' },
  },
});
