import { assign, fromCallback, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { authErrorKind, type AuthErrorKind } from '../domain/auth';

/**
 * The signed-in session: initialising until Firebase reports the first auth state, then signed
 * out or signed in, with signing in and signing out in between. Signed out has two cases: sign-in
 * available, or unavailable because Firebase could not be loaded or initialised in this page.
 *
 * The `authState` callback actor is invoked at the root, so it lives as long as the session: it
 * reports every auth change (this tab's own sign-in and sign-out, and other tabs', which Firebase
 * syncs through its persistence), and the machine mirrors the user into its context. Firebase,
 * storage and logging are effects supplied by src/ with `.provide()`.
 *
 * A sign-in that succeeds lands through that report: Firebase tells its auth-state listeners about
 * the new user before the sign-in call itself resolves, so the `signIn` actor only decides how an
 * attempt fails. Keeping `{ uid, email }` on the device is part of signing in: a device that cannot
 * keep it (storage full or disabled) refuses the sign-in with an error that is not Firebase's.
 */

/** What the app knows of the signed-in user (also what localStorage `user` holds). */
export type SessionUser = { uid: string; email: string | null };

export type SignInInput = { email: string; password: string };

/** Sent by the `authState` actor. */
export type AuthStateEvent =
  | { type: 'AUTH_CHANGED'; user: SessionUser | null }
  /** Firebase could not be loaded or initialised: nobody can sign in in this page. */
  | { type: 'AUTH_INIT_FAILED' };

export type AuthSessionEvent = AuthStateEvent | ({ type: 'SIGN_IN' } & SignInInput) | { type: 'SIGN_OUT' };

/** The error kinds a sign-in attempt can end with; the view translates them (authErrorMessages). */
export type SignInErrorKind = Exclude<AuthErrorKind, 'notAuthenticated'>;

export type AuthSessionContext = {
  user: SessionUser | null;
  error: SignInErrorKind | null;
};

const sameUser = (a: SessionUser | null, b: SessionUser | null) => a?.uid === b?.uid && a?.email === b?.email;

export const authSessionMachine = setup({
  types: {
    context: {} as AuthSessionContext,
    events: {} as AuthSessionEvent,
  },
  actors: {
    // Real implementations come from src/auth with .provide(); these defaults do nothing.
    authState: fromCallback<AuthSessionEvent>(() => undefined),
    /** Resolves once signed in (after Firebase's own report), rejects with why not. */
    signIn: fromPromise<void, SignInInput>(async () => {
      throw new Error('signIn is not provided');
    }),
    signOut: fromPromise<void>(async () => {
      throw new Error('signOut is not provided');
    }),
  },
  actions: {
    mirrorUser: assign({ user: ({ event }) => (event.type === 'AUTH_CHANGED' ? event.user : null) }),
    clearUser: assign({ user: null }),
    setError: assign({ error: (_, params: { kind: SignInErrorKind }) => params.kind }),
    clearError: assign({ error: null }),
    // Side effects implemented in src/auth:
    /**
     * Keeps `{ uid, email }` in localStorage under `user`. Best effort: the tab that signed the user
     * in has stored it already (its `signIn` fails otherwise); this keeps it in step with Firebase.
     */
    storeUser: (_, _params: { user: SessionUser | null }) => undefined,
    /** Removes localStorage `user`. */
    removeStoredUser: () => undefined,
    /** A failed sign-out is only logged: the user stays signed in and may try again. */
    logSignOutFailure: (_, _params: { error: unknown }) => undefined,
  },
  guards: {
    hasUser: ({ event }) => event.type === 'AUTH_CHANGED' && event.user !== null,
    hasNoUser: ({ event }) => event.type === 'AUTH_CHANGED' && event.user === null,
    isOtherUser: ({ context, event }) => event.type === 'AUTH_CHANGED' && !sameUser(context.user, event.user),
    isInvalidCredentials: ({ event }) => 'error' in event && authErrorKind(event.error) === 'invalidCredentials',
    isAuthError: ({ event }) => 'error' in event && authErrorKind(event.error) === 'authFailed',
  },
}).createMachine({
  id: 'authSession',
  context: { user: null, error: null },
  invoke: { id: 'authState', src: 'authState' },
  initial: 'initialising',
  states: {
    initialising: {
      on: {
        AUTH_CHANGED: [{ guard: 'hasUser', target: 'signedIn', actions: 'mirrorUser' }, { target: 'signedOut' }],
        AUTH_INIT_FAILED: 'signedOut.unavailable',
      },
    },
    signedOut: {
      entry: ['clearUser', 'removeStoredUser'],
      initial: 'available',
      states: {
        available: {
          on: {
            SIGN_IN: { target: '#authSession.signingIn', actions: 'clearError' },
            // Signed in in another tab.
            AUTH_CHANGED: { guard: 'hasUser', target: '#authSession.signedIn', actions: ['clearError', 'mirrorUser'] },
          },
        },
        // Firebase failed to load or initialise: no sign-in in this page (a reload tries again).
        unavailable: {
          on: { SIGN_IN: { actions: { type: 'setError', params: { kind: 'notInitialized' } } } },
        },
      },
    },
    signingIn: {
      invoke: {
        id: 'signIn',
        src: 'signIn',
        input: ({ event }) => (event.type === 'SIGN_IN' ? { email: event.email, password: event.password } : { email: '', password: '' }),
        // No onDone: Firebase reports the signed-in user (AUTH_CHANGED below) before the call resolves.
        onError: [
          { guard: 'isInvalidCredentials', target: 'signedOut', actions: { type: 'setError', params: { kind: 'invalidCredentials' } } },
          { guard: 'isAuthError', target: 'signedOut', actions: { type: 'setError', params: { kind: 'authFailed' } } },
          // Not Firebase's: the device would not keep the signed-in user, or a fault of ours.
          { target: 'signedOut', actions: { type: 'setError', params: { kind: 'unknown' } } },
        ],
      },
      on: {
        // Firebase has a user: this sign-in's (reported before the call resolves), or another tab's
        // that came first. Either way that is the session now.
        AUTH_CHANGED: { guard: 'hasUser', target: 'signedIn', actions: 'mirrorUser' },
      },
    },
    signedIn: {
      entry: { type: 'storeUser', params: ({ context }) => ({ user: context.user }) },
      on: {
        SIGN_OUT: 'signingOut',
        AUTH_CHANGED: [
          // Signed out in another tab.
          { guard: 'hasNoUser', target: 'signedOut' },
          // Another account signed in in another tab (its sign-out was not seen in between).
          {
            guard: 'isOtherUser',
            actions: [
              'mirrorUser',
              { type: 'storeUser', params: ({ event }) => ({ user: event.type === 'AUTH_CHANGED' ? event.user : null }) },
            ],
          },
        ],
      },
    },
    signingOut: {
      // Firebase's own auth change arrives with the sign-out; its outcome decides, so no AUTH_CHANGED here.
      invoke: {
        id: 'signOut',
        src: 'signOut',
        onDone: 'signedOut',
        onError: { target: 'signedIn', actions: { type: 'logSignOutFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
  },
});

export type AuthSessionMachine = typeof authSessionMachine;
export type AuthSessionSnapshot = SnapshotFrom<AuthSessionMachine>;

/** The signed-in user, or null: a user counts once sign-in finished and until sign-out finished. */
export function signedInUser(snapshot: AuthSessionSnapshot): SessionUser | null {
  return snapshot.matches('signedIn') || snapshot.matches('signingOut') ? snapshot.context.user : null;
}

/** False while the session waits for Firebase's first report. */
export function isSessionReady(snapshot: AuthSessionSnapshot): boolean {
  return !snapshot.matches('initialising');
}
