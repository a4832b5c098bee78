// The password-change test model, shared by the logic-level (Vitest) and UI-level (Playwright) tests.
import { passwordChangeMachine, type PasswordChangeEvent } from '@/machines/password-change';
import { createTestModelFor, type EventSamples } from './model-harness';

/** Sample passwords; the UI test maps "current" and "new" to the account's real ones. */
export const CURRENT_PASSWORD = 'current-secret';
export const NEW_PASSWORD = 'new-secret-1';

export const WRONG_PASSWORD = { code: 'auth/invalid-credential' };
export const NETWORK_FAILURE = { code: 'auth/network-request-failed' };

const submit = (currentPassword: string, newPassword: string, confirmPassword: string): PasswordChangeEvent => ({
  type: 'SUBMIT',
  currentPassword,
  newPassword,
  confirmPassword,
});

// Only events that carry data need samples; every other event is explored as `{ type }`.
export const passwordChangeSamples: EventSamples = {
  SUBMIT: [
    submit(CURRENT_PASSWORD, NEW_PASSWORD, NEW_PASSWORD),
    submit('', '', ''), // every field required
    submit(CURRENT_PASSWORD, 'abc', 'abd'), // too short, and not confirmed
  ],
  'xstate.error.actor.reauthenticate': [{ type: 'xstate.error.actor.reauthenticate', error: WRONG_PASSWORD }],
  'xstate.error.actor.updatePassword': [{ type: 'xstate.error.actor.updatePassword', error: NETWORK_FAILURE }],
};

export function passwordChangeTestModel() {
  return createTestModelFor(passwordChangeMachine, { samples: passwordChangeSamples });
}

/** A short label for a SUBMIT sample, for test names. */
export function submitLabel(event: PasswordChangeEvent): string {
  if (event.currentPassword === '') return 'empty';
  if (event.newPassword.length < 6) return 'too short, not confirmed';
  return 'valid';
}
