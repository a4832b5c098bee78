import { createActor, fromCallback, fromPromise, waitFor, type Actor } from 'xstate';
import type { User } from 'firebase/auth';
import {
  authSessionMachine,
  isSessionReady,
  signedInUser,
  type AuthSessionEvent,
  type SessionUser,
  type SignInInput,
} from '@/machines/auth-session';
import type { RuntimeConfig } from '@/domain/runtime-config';
import { loadFirebaseAuth, type FirebaseAuthHandle } from './load-firebase-auth';
import { keepUser, removeStoredUser, storeUser } from './stored-user';
import { mirrorSessionState } from './session-state-probe';

// This module is loaded on first use of the auth handle (auth-handle.ts): it brings xstate and
// the machine, and starts loading the Firebase SDK, so public pages carry none of them.

const toSessionUser = (user: User): SessionUser => ({ uid: user.uid, email: user.email });

export function authSessionLogic(firebase: Promise<FirebaseAuthHandle | null>) {
  return authSessionMachine.provide({
    actors: {
      authState: fromCallback<AuthSessionEvent>(({ sendBack }) => {
        let stopped = false;
        let unsubscribe = () => {};
        void firebase.then((handle) => {
          if (stopped) return;
          if (!handle) return sendBack({ type: 'AUTH_INIT_FAILED' });
          // Fires once with the restored user (or null), then on every sign-in and sign-out,
          // this tab's or another's: Firebase syncs its persisted user across tabs.
          unsubscribe = handle.sdk.onAuthStateChanged(handle.auth, (user) =>
            sendBack({ type: 'AUTH_CHANGED', user: user ? toSessionUser(user) : null }),
          );
        });
        return () => {
          stopped = true;
          unsubscribe();
        };
      }),
      signIn: fromPromise<void, SignInInput>(async ({ input }) => {
        const handle = await firebase;
        if (!handle) throw new Error('Firebase Auth is not initialised');
        // The user is kept on the device before Firebase makes it current (and reports it): when the
        // device refuses, Firebase refuses the sign-in (auth/login-blocked) and keeps nobody, and the
        // session gets the device's own error, which is not an auth error.
        const refused: { error?: unknown } = {};
        const stopKeeping = handle.sdk.beforeAuthStateChanged(handle.auth, (user) => {
          if (!user) return;
          try {
            keepUser(toSessionUser(user));
          } catch (error) {
            refused.error = error;
            throw error;
          }
        });
        try {
          await handle.sdk.signInWithEmailAndPassword(handle.auth, input.email, input.password);
        } catch (error) {
          throw 'error' in refused ? refused.error : error;
        } finally {
          stopKeeping();
        }
      }),
      signOut: fromPromise(async () => {
        const handle = await firebase;
        if (!handle) throw new Error('Firebase Auth is not initialised');
        await handle.sdk.signOut(handle.auth);
      }),
    },
    actions: {
      storeUser: (_, { user }) => storeUser(user),
      removeStoredUser: () => removeStoredUser(),
      logSignOutFailure: (_, { error }) => console.error('Sign-out failed', error),
    },
  });
}

export type AuthSessionActor = Actor<ReturnType<typeof authSessionLogic>>;

export type RunningAuthSession = {
  actor: AuthSessionActor;
  /** Resolves once Firebase reported the auth state, with the signed-in user or null. */
  ready(): Promise<SessionUser | null>;
  getIdToken(): Promise<string | null>;
};

export function startAuthSession(config: RuntimeConfig): RunningAuthSession {
  const firebase = loadFirebaseAuth(config).catch((error: unknown) => {
    console.error('Firebase Auth could not be loaded', error);
    return null;
  });
  const actor = createActor(authSessionLogic(firebase));
  mirrorSessionState(actor);
  actor.start();

  const ready = async () => signedInUser(await waitFor(actor, isSessionReady, { timeout: Infinity }));
  return {
    actor,
    ready,
    async getIdToken() {
      if (!(await ready())) return null;
      // Firebase returns the cached token, or a fresh one when it is about to expire.
      const user = (await firebase)?.auth.currentUser;
      return user ? user.getIdToken() : null;
    },
  };
}
