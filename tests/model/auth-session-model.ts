// The auth-session test model, shared by the logic-level (Vitest) and UI-level (Playwright) tests.
import { authSessionMachine, type SessionUser } from '@/machines/auth-session';
import { createTestModelFor, type EventSamples } from './model-harness';

/** Model users; the UI-level test maps each to a real account it creates in the Auth emulator. */
export const ALICE = { uid: 'alice-uid', email: 'alice@example.com' } satisfies SessionUser;
export const BOB = { uid: 'bob-uid', email: 'bob@example.com' } satisfies SessionUser;
export const ALICE_PASSWORD = 'alice-password';

/** The sign-in failures the machine tells apart, one per guarded branch. */
export const signInFailures = {
  invalidCredentials: { code: 'auth/invalid-credential' },
  authFailed: { code: 'auth/user-disabled' },
  // Not Firebase's: the device refuses to keep the signed-in user (src keeps it before Firebase
  // makes it current). Firebase itself wraps what it meets (network, its storage) in auth/ errors.
  unknown: {
    name: 'QuotaExceededError',
    message: "Failed to execute 'setItem' on 'Storage': Setting the value of 'user' exceeded the quota.",
  },
} as const;

// Only events whose guards or effects read data need samples; the rest are explored as `{ type }`.
export const authSessionSamples: EventSamples = {
  AUTH_CHANGED: [
    { type: 'AUTH_CHANGED', user: null },
    { type: 'AUTH_CHANGED', user: ALICE },
    { type: 'AUTH_CHANGED', user: BOB },
  ],
  SIGN_IN: [{ type: 'SIGN_IN', email: ALICE.email, password: ALICE_PASSWORD }],
  'xstate.error.actor.signIn': Object.values(signInFailures).map((error) => ({ type: 'xstate.error.actor.signIn', error })),
  // What Firebase reports when the device's storage refuses to forget the session.
  'xstate.error.actor.signOut': [{ type: 'xstate.error.actor.signOut', error: { code: 'auth/internal-error' } }],
};

export function authSessionTestModel() {
  return createTestModelFor(authSessionMachine, { samples: authSessionSamples });
}

/** A readable step name: the event, with the sample data that picks its branch. */
export function authSessionStepLabel(event: { type: string; user?: SessionUser | null; error?: unknown }): string {
  const type = event.type.replace(/^xstate\./, '');
  if ('user' in event) return `${type}(${event.user ? event.user.email!.split('@')[0] : 'no user'})`;
  const error = event.error as { code?: string; name?: string } | undefined;
  if (error) return `${type}(${error.code ?? error.name})`;
  return type;
}
