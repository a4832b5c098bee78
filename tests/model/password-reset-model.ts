// The password-reset test model, shared by the logic-level (Vitest) and UI-level (Playwright) tests.
import { passwordResetMachine } from '@/machines/password-reset';
import type { EventObject } from 'xstate';
import { createTestModelFor, type EventSamples } from './model-harness';

/** Sample addresses; the UI test maps them to a fresh account and an address with no account. */
export const REGISTERED_EMAIL = 'merchant@example.com';
export const UNKNOWN_EMAIL = 'nobody@example.com';
export const NETWORK_FAILURE = { code: 'auth/network-request-failed' };

const submit = (email: string) => ({ type: 'SUBMIT', email, language: 'en' });
const failure = (id: string) => ({ type: `xstate.error.actor.${id}`, error: NETWORK_FAILURE });

// Only events that carry data need samples; every other event is explored as `{ type }`.
export const passwordResetSamples: EventSamples = {
  SUBMIT: [submit(''), submit('merchant@'), submit(REGISTERED_EMAIL), submit(UNKNOWN_EMAIL)],
  RESEND: [{ type: 'RESEND', language: 'en' }],
  'xstate.error.actor.sendResetEmail': [failure('sendResetEmail')],
  'xstate.error.actor.resendResetEmail': [failure('resendResetEmail')],
};

export function passwordResetTestModel() {
  return createTestModelFor(passwordResetMachine, { samples: passwordResetSamples });
}

/** A readable path name: repeated steps (the cool-down's ticks) are counted, not listed. */
export function pathName(events: EventObject[]): string {
  const labels = events.map((e) => {
    const type = e.type.replace(/^xstate\./, '').replace(/\.passwordReset\..*$/, '');
    return 'email' in e ? `${type}(${JSON.stringify(e.email)})` : type;
  });
  const out: string[] = [];
  for (let i = 0; i < labels.length;) {
    let n = 1;
    while (labels[i + n] === labels[i]) n++;
    out.push(n > 1 ? `${labels[i]} ×${n}` : labels[i]!);
    i += n;
  }
  return out.join(' → ');
}
