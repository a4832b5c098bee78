// 'Send me a test' on the Checkouts screen: reminder 1 of an inventory's saved recovery flow sent to
// the merchant's own WhatsApp number, with sample values, so they see what a shopper gets. The
// merchant types the number and agrees to receive the test there (`ready`: the button waits for
// both); the request goes (`sending`); the server answers that it was handed to the sender (`sent`,
// the number masked), refuses it at its fields (`refused`: the number, the consent, the saved flow),
// or fails (`failed`: too many tests for now, the inventory gone, anything else). Each edit goes back
// to `ready` (a refusal of another field stays shown); nothing typed is lost. A flow of its own, apart
// from the recovery-flow machine's editing: it sends what is saved, not the draft.
// Tags for the view: `sending`, `sent`, `refused`, `failed`.
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { failed, failureOf, type Failed } from './failure';

/** What the server answers: the send it queued, the number masked but its last four digits, the template it sends. */
export type RecoveryTestSent = { sendId: string; phone: string; templateName: string; language: string };

/**
 * Why a test did not go: refused (`fields`: field path → message id), too many tests for now
 * (`rate_limited`, with the seconds to wait when the server said), the inventory not the merchant's
 * (`not_found`), anything else (`unknown`).
 */
export const recoveryTestFailureKinds = ['refused', 'rate_limited', 'not_found', 'unknown'] as const;
export type RecoveryTestFailureKind = (typeof recoveryTestFailureKinds)[number];
export type RecoveryTestFailure = { kind: RecoveryTestFailureKind; fields?: Record<string, string>; retryAfterSeconds?: number };
export const recoveryTestFailureOf = (error: unknown) => failureOf<RecoveryTestFailure>(error, recoveryTestFailureKinds);

export type RecoveryTestContext = {
  inventoryId: string;
  /** The number as typed. */
  phone: string;
  /** The merchant agreed to receive the test on that number. */
  consent: boolean;
  /** Field path (`phone`, `consent`, `flow`) → message id; not empty exactly in `refused`. */
  fields: Record<string, string>;
  failure: RecoveryTestFailure | null;
  sent: RecoveryTestSent | null;
};

export type RecoveryTestEvent = { type: 'SET_PHONE'; phone: string } | { type: 'SET_CONSENT'; consent: boolean } | { type: 'SEND' };

/** Whether what is typed may be sent: a number, and the merchant's agreement. */
export const isComplete = (context: Pick<RecoveryTestContext, 'phone' | 'consent'>) => context.phone.trim() !== '' && context.consent;

const without = (fields: Record<string, string>, field: string) =>
  Object.fromEntries(Object.entries(fields).filter(([name]) => name !== field));
/** The refusals left after an edit: the edited field's go, and the saved flow's (the merchant may have saved it meanwhile). */
const fieldsAfter = (fields: Record<string, string>, field: 'phone' | 'consent') => without(without(fields, field), 'flow');

const edits = {
  SET_PHONE: [
    { guard: 'leavesRefusalsOnPhone' as const, target: '.refused', actions: 'setPhone' as const },
    { target: '.ready', actions: 'setPhone' as const },
  ],
  SET_CONSENT: [
    { guard: 'leavesRefusalsOnConsent' as const, target: '.refused', actions: 'setConsent' as const },
    { target: '.ready', actions: 'setConsent' as const },
  ],
};

export const recoveryTestMachine = setup({
  types: {
    input: {} as { inventoryId: string },
    context: {} as RecoveryTestContext,
    events: {} as RecoveryTestEvent,
    tags: {} as 'sending' | 'sent' | 'refused' | 'failed',
  },
  actors: {
    // POST /api/v1/inventories/:id/recovery-flow/test; rejects with a RecoveryTestFailure. Provided by src/features/checkouts.
    sendTest: fromPromise<RecoveryTestSent, { inventoryId: string; phone: string }>(async () => {
      throw new Error('sendTest is not provided');
    }),
  },
  guards: {
    isComplete: ({ context }) => isComplete(context),
    leavesRefusalsOnPhone: ({ context }) => Object.keys(fieldsAfter(context.fields, 'phone')).length > 0,
    leavesRefusalsOnConsent: ({ context }) => Object.keys(fieldsAfter(context.fields, 'consent')).length > 0,
    isRefusedAtFields: (_, { error }: Failed) => {
      const failure = recoveryTestFailureOf(error);
      return failure.kind === 'refused' && Object.keys(failure.fields ?? {}).length > 0;
    },
  },
  actions: {
    setPhone: assign(({ context, event }) => {
      assertEvent(event, 'SET_PHONE');
      return { phone: event.phone, fields: fieldsAfter(context.fields, 'phone'), failure: null };
    }),
    setConsent: assign(({ context, event }) => {
      assertEvent(event, 'SET_CONSENT');
      return { consent: event.consent, fields: fieldsAfter(context.fields, 'consent'), failure: null };
    }),
    clearOutcome: assign({ fields: {}, failure: null, sent: null }),
    rememberSent: assign((_, sent: RecoveryTestSent) => ({ sent })),
    showRefusals: assign((_, { error }: Failed) => ({ fields: recoveryTestFailureOf(error).fields ?? {} })),
    rememberFailure: assign((_, { error }: Failed) => ({ failure: recoveryTestFailureOf(error) })),
  },
}).createMachine({
  id: 'recoveryTest',
  context: ({ input }) => ({ inventoryId: input.inventoryId, phone: '', consent: false, fields: {}, failure: null, sent: null }),
  initial: 'editing',
  states: {
    editing: {
      initial: 'ready',
      on: {
        ...edits,
        SEND: { guard: 'isComplete', target: 'sending', actions: 'clearOutcome' },
      },
      states: {
        ready: {},
        refused: { tags: 'refused' },
        // Handed to the sender; another test may follow.
        sent: { tags: 'sent' },
        // Told; the same test may be sent again.
        failed: { tags: 'failed' },
      },
    },
    sending: {
      tags: 'sending',
      invoke: {
        id: 'sendTest',
        src: 'sendTest',
        input: ({ context }) => ({ inventoryId: context.inventoryId, phone: context.phone.trim() }),
        onDone: { target: 'editing.sent', actions: { type: 'rememberSent', params: ({ event }) => event.output } },
        onError: [
          {
            guard: { type: 'isRefusedAtFields', params: failed },
            target: 'editing.refused',
            actions: { type: 'showRefusals', params: failed },
          },
          { target: 'editing.failed', actions: { type: 'rememberFailure', params: failed } },
        ],
      },
    },
  },
});
