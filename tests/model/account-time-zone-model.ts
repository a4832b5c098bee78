// The account-time-zone machine's test model, derived mechanically from the production machine
// (model-harness.ts) with sample payloads: an account with no zone yet and one with São Paulo's, a
// zone chosen that every runtime knows and one none does, the save's answer, and its refusals (the
// server's field error, a refusal without fields, anything else). The context is abstracted to what
// tells states apart for the merchant: whether the account has a zone, whether the chosen one is a
// known zone, the failure's kind and whether a field error shows.
import type { EventObject } from 'xstate';
import { dashboardValidation, isTimeZone } from '@/domain/dashboard';
import { accountTimeZoneMachine, type AccountTimeZoneContext, type TimeZoneFailure } from '@/machines/account-time-zone';
import { createTestModelFor, type EventSamples } from './model-harness';

export const BROWSER_ZONE = 'Europe/Lisbon';
export const ACCOUNT_ZONE = 'America/Sao_Paulo';
export const CHOSEN_ZONE = 'Asia/Kolkata';
export const UNKNOWN_ZONE = 'Mars/Olympus_Mons';

export const saveFailures: TimeZoneFailure[] = [
  { kind: 'invalid', fields: { timeZone: dashboardValidation.timeZoneInvalid.id } },
  { kind: 'invalid' },
  { kind: 'unknown' },
];

export const accountTimeZoneSamples: EventSamples = {
  CHOOSE: [
    { type: 'CHOOSE', timeZone: CHOSEN_ZONE },
    { type: 'CHOOSE', timeZone: UNKNOWN_ZONE },
  ],
  'xstate.done.actor.loadTimeZone': [
    { type: 'xstate.done.actor.loadTimeZone', output: null },
    { type: 'xstate.done.actor.loadTimeZone', output: ACCOUNT_ZONE },
  ],
  'xstate.error.actor.loadTimeZone': [{ type: 'xstate.error.actor.loadTimeZone', error: { kind: 'unknown' } }],
  'xstate.done.actor.saveTimeZone': [{ type: 'xstate.done.actor.saveTimeZone', output: CHOSEN_ZONE }],
  'xstate.error.actor.saveTimeZone': saveFailures.map((error) => ({ type: 'xstate.error.actor.saveTimeZone', error })),
};

export const abstractAccountTimeZoneContext = (context: AccountTimeZoneContext) => ({
  account: context.accountZone === null ? 'none' : 'set',
  chosen: isTimeZone(context.chosen) ? 'known' : 'unknown',
  failure: context.failure?.kind ?? null,
  refused: Object.keys(context.fieldErrors).length > 0,
});

export function accountTimeZoneTestModel() {
  return createTestModelFor(accountTimeZoneMachine, {
    input: { browserZone: BROWSER_ZONE },
    samples: accountTimeZoneSamples,
    abstractContext: abstractAccountTimeZoneContext as (context: never) => unknown,
  });
}

export function accountTimeZonePathName(events: EventObject[]): string {
  return events
    .map((e) => {
      const type = e.type.replace(/^xstate\./, '');
      if ('error' in e) return `${type}(${(e.error as TimeZoneFailure).kind}${(e.error as TimeZoneFailure).fields ? ', with fields' : ''})`;
      if ('timeZone' in e) return `${type}(${String(e.timeZone)})`;
      if ('output' in e) return `${type}(${String(e.output)})`;
      return type;
    })
    .join(' → ');
}
