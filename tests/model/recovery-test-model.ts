// The recovery-test machine's test model, derived mechanically from the production machine
// (model-harness.ts) with sample payloads: a number typed and one left blank, the consent given and
// taken back, the server's answer (the send queued), its refusals (at the number's field, at the
// consent's, at the saved flow's, one without fields) and its failures (too many tests, the inventory gone, anything
// else). The context is abstracted to what tells states apart for the merchant: whether a number is
// typed, whether the consent is given, the refusals shown and the failure's kind.
import type { EventObject } from 'xstate';
import { recoveryTestMachine, type RecoveryTestContext, type RecoveryTestFailure, type RecoveryTestSent } from '@/machines/recovery-test';
import { createTestModelFor, type EventSamples } from './model-harness';

export const INVENTORY_ID = '00000000-0000-4000-8000-000000000071';
export const PHONE = '+55 11 98765-4321';

export const sent: RecoveryTestSent = { sendId: 'send-1', phone: '•••• 4321', templateName: 'cart_reminder_1', language: 'pt_BR' };

export const sendFailures: RecoveryTestFailure[] = [
  { kind: 'refused', fields: { phone: 'recovery_test.phone_invalid' } },
  { kind: 'refused', fields: { flow: 'recovery_test.flow_not_ready' } },
  { kind: 'refused', fields: { consent: 'recovery_test.consent_missing' } },
  { kind: 'refused' },
  { kind: 'rate_limited', retryAfterSeconds: 600 },
  { kind: 'not_found' },
  { kind: 'unknown' },
];

export const recoveryTestSamples: EventSamples = {
  SET_PHONE: [
    { type: 'SET_PHONE', phone: PHONE },
    { type: 'SET_PHONE', phone: '  ' },
  ],
  SET_CONSENT: [
    { type: 'SET_CONSENT', consent: true },
    { type: 'SET_CONSENT', consent: false },
  ],
  'xstate.done.actor.sendTest': [{ type: 'xstate.done.actor.sendTest', output: sent }],
  'xstate.error.actor.sendTest': sendFailures.map((error) => ({ type: 'xstate.error.actor.sendTest', error })),
};

export const abstractRecoveryTest = (context: RecoveryTestContext) => ({
  phone: context.phone.trim() !== '',
  consent: context.consent,
  refused: Object.keys(context.fields).sort(),
  failure: context.failure?.kind ?? null,
});

export function recoveryTestTestModel() {
  return createTestModelFor(recoveryTestMachine, {
    input: { inventoryId: INVENTORY_ID },
    samples: recoveryTestSamples,
    abstractContext: abstractRecoveryTest as (context: never) => unknown,
  });
}

export function recoveryTestPathName(events: EventObject[]): string {
  return events
    .map((e) => {
      const type = e.type.replace(/^xstate\./, '');
      if ('error' in e) {
        const failure = e.error as RecoveryTestFailure;
        return `${type}(${failure.kind}${failure.fields ? ` at ${Object.keys(failure.fields).join(', ')}` : ''})`;
      }
      if ('output' in e) return type;
      const payload = Object.entries(e)
        .filter(([key]) => key !== 'type')
        .map(([, value]) => JSON.stringify(value));
      return payload.length > 0 ? `${type}(${payload.join(', ')})` : type;
    })
    .join(' → ');
}
