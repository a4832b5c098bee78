// The recovery-flow test model, derived mechanically from the production machine (model-harness.ts)
// with sample payloads where its guards and actions need data: what the screen loads (the ready-made
// flow, or a saved one-step flow switched on, with two connected numbers: A offers the ready-made
// reminders, B only a template of its own), each edit a merchant makes (a good value and one the
// domain's refusals refuse, and edits the machine ignores: a step it has not, a fourth step, the
// only step removed, a number not connected, a template the chosen number does not offer), the server's answer to a save and its failures (a 422 at fields, a refusal
// without any, the inventory gone, anything else). The context is abstracted to what the guards
// read: the number chosen, how many steps, whether the draft holds here, the refusals shown and the failure's kind.
import type { EventObject } from 'xstate';
import { defaultRecoveryFlow, recoveryFlowRefusals, type RecoveryFlow } from '@/domain/checkout-recovery';
import {
  localRefusalsOf,
  recoveryFlowMachine,
  type LoadedRecoveryFlow,
  type RecoveryFlowContext,
  type RecoveryFlowFailure,
  type RecoveryNumberChoice,
} from '@/machines/recovery-flow';
import { createTestModelFor, type EventSamples } from './model-harness';

export const INVENTORY_ID = '00000000-0000-4000-8000-000000000061';
export const NUMBER_A = '00000000-0000-4000-8000-000000000062';
export const NUMBER_B = '00000000-0000-4000-8000-000000000063';
/** Connected to no account of the merchant's: choosing it is ignored. */
export const NUMBER_GONE = '00000000-0000-4000-8000-000000000064';

const shopperVariables = ['first_name', 'cart_url'];
/** The connected numbers: A offers the ready-made reminders and one of its own, B only its own. */
export const numbers: RecoveryNumberChoice[] = [
  {
    channelId: NUMBER_A,
    displayPhoneNumber: '+55 11 4000-0001',
    verifiedName: 'Loja A',
    templates: [
      { name: 'cart_reminder_1', variables: shopperVariables },
      { name: 'cart_reminder_2', variables: shopperVariables },
      { name: 'cart_reminder_3', variables: [...shopperVariables, 'discount', 'coupon_code'] },
      { name: 'lembrete', variables: ['name', 'cart_url', 'prazo'] },
    ],
  },
  { channelId: NUMBER_B, displayPhoneNumber: '+55 11 4000-0002', verifiedName: 'Loja B', templates: [{ name: 'aviso', variables: [] }] },
];

/** A flow the merchant saved before: on, from number A, one reminder after two hours, no quiet hours. */
export const savedFlow: RecoveryFlow = {
  enabled: true,
  enabledAt: '2025-03-01T12:00:00.000Z',
  channelId: NUMBER_A,
  steps: [{ delayMinutes: 120, templateName: 'cart_reminder_1', variables: { first_name: 'first_name' }, discount: null }],
  minimumCartMinor: 2_000,
  quietHours: null,
};

export const loads: LoadedRecoveryFlow[] = [
  { flow: defaultRecoveryFlow(), numbers },
  { flow: savedFlow, numbers },
];

/** What the server answers a save with: the ready-made flow switched on from number A, as stored. */
export const storedFlow: RecoveryFlow = {
  ...defaultRecoveryFlow(),
  enabled: true,
  enabledAt: '2025-03-02T09:30:00.000Z',
  channelId: NUMBER_A,
};

const r = recoveryFlowRefusals;
/** The server's 422: the number is not the account's and the second step's template is not approved. */
export const serverRefusal: RecoveryFlowFailure = {
  kind: 'refused',
  fields: { channelId: r.channelUnknown.id, 'steps.1.templateName': r.templateNotApproved.id },
};

export const saveFailures: RecoveryFlowFailure[] = [serverRefusal, { kind: 'refused' }, { kind: 'not_found' }, { kind: 'unknown' }];

/** A step no flow has: an edit of it is ignored. */
const NO_STEP = 7;

const discount = (value: number) => ({ kind: 'percentage' as const, value, expiresInHours: 48 });

export const recoveryFlowSamples: EventSamples = {
  SWITCH: [
    { type: 'SWITCH', enabled: true },
    { type: 'SWITCH', enabled: false },
  ],
  CHOOSE_NUMBER: [
    { type: 'CHOOSE_NUMBER', channelId: NUMBER_A },
    // The ready-made templates are not B's: chosen again.
    { type: 'CHOOSE_NUMBER', channelId: NUMBER_B },
    { type: 'CHOOSE_NUMBER', channelId: null },
    { type: 'CHOOSE_NUMBER', channelId: NUMBER_GONE },
  ],
  SET_STEP_DELAY: [
    { type: 'SET_STEP_DELAY', index: 0, delayMinutes: 30 },
    // Under 15 minutes: refused on save.
    { type: 'SET_STEP_DELAY', index: 0, delayMinutes: 5 },
    { type: 'SET_STEP_DELAY', index: NO_STEP, delayMinutes: 30 },
  ],
  CHOOSE_STEP_TEMPLATE: [
    // A's only: ignored from another number, or none.
    { type: 'CHOOSE_STEP_TEMPLATE', index: 0, templateName: 'cart_reminder_1' },
    { type: 'CHOOSE_STEP_TEMPLATE', index: 0, templateName: null },
    { type: 'CHOOSE_STEP_TEMPLATE', index: NO_STEP, templateName: null },
  ],
  CHOOSE_STEP_SOURCE: [
    // The first step has no discount: refused on save.
    { type: 'CHOOSE_STEP_SOURCE', index: 0, variable: 'code', source: 'discount_code' },
    { type: 'CHOOSE_STEP_SOURCE', index: 0, variable: 'code', source: null },
    { type: 'CHOOSE_STEP_SOURCE', index: NO_STEP, variable: 'code', source: null },
  ],
  SET_STEP_DISCOUNT: [
    { type: 'SET_STEP_DISCOUNT', index: 0, discount: discount(10) },
    // Over 100 %: refused on save.
    { type: 'SET_STEP_DISCOUNT', index: 0, discount: discount(150) },
    { type: 'SET_STEP_DISCOUNT', index: NO_STEP, discount: discount(10) },
  ],
  // The ready-made third step's variables need its discount: clearing it is refused on save.
  CLEAR_STEP_DISCOUNT: [
    { type: 'CLEAR_STEP_DISCOUNT', index: 2 },
    { type: 'CLEAR_STEP_DISCOUNT', index: 0 },
  ],
  REMOVE_STEP: [{ type: 'REMOVE_STEP', index: 0 }],
  SET_MINIMUM: [
    { type: 'SET_MINIMUM', minimumCartMinor: 500 },
    { type: 'SET_MINIMUM', minimumCartMinor: -1 },
  ],
  SET_QUIET_HOURS: [
    { type: 'SET_QUIET_HOURS', quietHours: { start: '22:00', end: '08:00' } },
    { type: 'SET_QUIET_HOURS', quietHours: { start: '25:00', end: '08:00' } },
  ],
  'xstate.done.actor.loadRecoveryFlow': loads.map((output) => ({ type: 'xstate.done.actor.loadRecoveryFlow', output })),
  'xstate.error.actor.loadRecoveryFlow': [
    { type: 'xstate.error.actor.loadRecoveryFlow', error: { kind: 'not_found' } },
    { type: 'xstate.error.actor.loadRecoveryFlow', error: { kind: 'unknown' } },
  ],
  'xstate.done.actor.saveRecoveryFlow': [{ type: 'xstate.done.actor.saveRecoveryFlow', output: storedFlow }],
  'xstate.error.actor.saveRecoveryFlow': saveFailures.map((error) => ({ type: 'xstate.error.actor.saveRecoveryFlow', error })),
};

const letter = (channelId: string | null) => (channelId === NUMBER_A ? 'A' : channelId === NUMBER_B ? 'B' : channelId);

/** What tells states apart: the number chosen, the steps' count, whether the draft holds, the refusals shown, the failure's kind, whether it loaded. */
export const abstractRecoveryFlow = (context: RecoveryFlowContext) => ({
  loaded: context.stored !== null,
  number: letter(context.flow.channelId),
  steps: context.flow.steps.length,
  holds: Object.keys(localRefusalsOf(context.flow)).length === 0,
  refused: Object.keys(context.fields).sort(),
  failure: context.failure?.kind ?? null,
});

export function recoveryFlowTestModel() {
  return createTestModelFor(recoveryFlowMachine, {
    input: { inventoryId: INVENTORY_ID },
    samples: recoveryFlowSamples,
    abstractContext: abstractRecoveryFlow as (context: never) => unknown,
  });
}

export function recoveryFlowPathName(events: EventObject[]): string {
  return events
    .map((e) => {
      const type = e.type.replace(/^xstate\./, '');
      if ('error' in e) {
        const failure = e.error as RecoveryFlowFailure;
        return `${type}(${failure.kind}${failure.fields ? ' at fields' : ''})`;
      }
      if (type === 'done.actor.loadRecoveryFlow')
        return `${type}(${(e as EventObject & { output: LoadedRecoveryFlow }).output.flow.enabled ? 'saved' : 'ready-made'})`;
      if ('output' in e) return type;
      const payload = Object.entries(e)
        .filter(([key]) => key !== 'type')
        .map(([, value]) =>
          value === NUMBER_A || value === NUMBER_B ? letter(value) : value === NUMBER_GONE ? 'gone' : JSON.stringify(value),
        );
      return payload.length > 0 ? `${type}(${payload.join(', ')})` : type;
    })
    .join(' → ');
}
