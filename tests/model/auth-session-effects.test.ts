// The SPA's implementations of the auth-session machine's effects (src/auth),
// run on the real machine with a stand-in for the Firebase SDK module and for localStorage: what
// reaches Firebase, what the machine receives back, what is stored. The e2e tests run the same
// code against the real SDK and emulator.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, waitFor } from 'xstate';
import type { FirebaseAuthHandle } from '@/src/auth/load-firebase-auth';
import { authSessionLogic } from '@/src/auth/start-auth-session';
import { STORED_USER_KEY } from '@/src/auth/stored-user';

type Listener = (user: { uid: string; email: string | null } | null) => void;

function fakeFirebase() {
  const calls = { signIn: [] as Array<[string, string]>, signOut: 0, unsubscribed: 0 };
  let listener: Listener | null = null;
  const blocking = new Set<(user: unknown) => void>();
  const outcomes = { signIn: null as unknown, signOut: null as unknown };
  const sdk = {
    onAuthStateChanged: (_auth: unknown, next: Listener) => {
      listener = next;
      return () => void calls.unsubscribed++;
    },
    // As Firebase does: callbacks run before the new user becomes current; a throw refuses the change.
    beforeAuthStateChanged: (_auth: unknown, callback: (user: unknown) => void) => {
      blocking.add(callback);
      return () => void blocking.delete(callback);
    },
    signInWithEmailAndPassword: async (_auth: unknown, email: string, password: string) => {
      calls.signIn.push([email, password]);
      if (outcomes.signIn) throw outcomes.signIn;
      const user = { uid: 'uid-1', email, getIdToken: async () => 'token' };
      try {
        for (const callback of blocking) callback(user);
      } catch {
        throw Object.assign(new Error('Firebase: Error (auth/login-blocked).'), { code: 'auth/login-blocked' });
      }
      // Firebase reports the new user before the sign-in call resolves.
      listener?.(user);
      return { user };
    },
    signOut: async () => {
      calls.signOut++;
      if (outcomes.signOut) throw outcomes.signOut;
      listener?.(null);
    },
  };
  const handle = { auth: {}, sdk } as unknown as FirebaseAuthHandle;
  return {
    handle,
    calls,
    outcomes,
    blocking,
    /** Resolves once the session listens to Firebase's auth state. */
    listening: () => vi.waitFor(() => expect(listener).not.toBeNull()),
    report: (user: Parameters<Listener>[0]) => listener!(user),
  };
}

/** localStorage, full once `full.value` is set (as a browser's is at its quota). */
function memoryStorage(full = { value: false }): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    key: (i: number) => [...items.keys()][i] ?? null,
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => {
      if (full.value) throw new DOMException(`Setting the value of '${k}' exceeded the quota.`, 'QuotaExceededError');
      items.set(k, String(v));
    },
    removeItem: (k: string) => void items.delete(k),
    clear: () => items.clear(),
  };
}

const stored = () => JSON.parse(localStorage.getItem(STORED_USER_KEY) ?? 'null');

describe('auth-session effects (src) on the real machine', () => {
  beforeEach(() => vi.stubGlobal('localStorage', memoryStorage()));
  afterEach(() => vi.unstubAllGlobals());

  it('mirrors Firebase’s first report: a restored user is signed in and stored as { uid, email }', async () => {
    const firebase = fakeFirebase();
    const actor = createActor(authSessionLogic(Promise.resolve(firebase.handle))).start();
    await firebase.listening();
    firebase.report({ uid: 'uid-9', email: 'merchant@shop.example', ...{ displayName: 'not stored' } } as never);
    expect(actor.getSnapshot().value).toBe('signedIn');
    expect(actor.getSnapshot().context.user).toEqual({ uid: 'uid-9', email: 'merchant@shop.example' });
    expect(stored()).toEqual({ uid: 'uid-9', email: 'merchant@shop.example' });
    actor.stop();
    expect(firebase.calls.unsubscribed, 'the listener ends with the session').toBe(1);
  });

  it('signs in with the typed credentials, stores the user, and removes it on sign-out', async () => {
    const firebase = fakeFirebase();
    localStorage.setItem(STORED_USER_KEY, '{"uid":"stale","email":"old@shop.example"}');
    const actor = createActor(authSessionLogic(Promise.resolve(firebase.handle))).start();
    await firebase.listening();
    firebase.report(null);
    expect(stored(), 'a stale stored user goes once Firebase says nobody is signed in').toBeNull();
    actor.send({ type: 'SIGN_IN', email: 'merchant@shop.example', password: 'secret' });
    await waitFor(actor, (s) => s.matches('signedIn'));
    expect(firebase.calls.signIn).toEqual([['merchant@shop.example', 'secret']]);
    expect(stored()).toEqual({ uid: 'uid-1', email: 'merchant@shop.example' });
    actor.send({ type: 'SIGN_OUT' });
    await waitFor(actor, (s) => s.matches('signedOut'));
    expect(firebase.calls.signOut).toBe(1);
    expect(stored()).toBeNull();
  });

  it('keeps the user on the device before Firebase makes it current, and stops watching afterwards', async () => {
    const firebase = fakeFirebase();
    const actor = createActor(authSessionLogic(Promise.resolve(firebase.handle))).start();
    await firebase.listening();
    firebase.report(null);
    const storedWhenReported: unknown[] = [];
    actor.subscribe((s) => s.matches('signedIn') && storedWhenReported.push(stored()));
    actor.send({ type: 'SIGN_IN', email: 'merchant@shop.example', password: 'secret' });
    await waitFor(actor, (s) => s.matches('signedIn'));
    expect(storedWhenReported[0]).toEqual({ uid: 'uid-1', email: 'merchant@shop.example' });
    await vi.waitFor(() => expect(firebase.blocking.size).toBe(0));
  });

  it('refuses the sign-in when the device cannot keep the user: an unknown error, nobody signed in', async () => {
    const full = { value: false };
    vi.stubGlobal('localStorage', memoryStorage(full));
    const firebase = fakeFirebase();
    const reported: unknown[] = [];
    const actor = createActor(authSessionLogic(Promise.resolve(firebase.handle))).start();
    await firebase.listening();
    firebase.report(null);
    actor.subscribe((s) => reported.push(s.context.user));
    full.value = true;
    actor.send({ type: 'SIGN_IN', email: 'merchant@shop.example', password: 'secret' });
    await waitFor(actor, (s) => s.matches('signedOut') && s.context.error !== null);
    expect(actor.getSnapshot().context.error).toBe('unknown');
    expect(firebase.calls.signIn).toEqual([['merchant@shop.example', 'secret']]);
    expect(
      reported.every((user) => user === null),
      'Firebase never reported a user',
    ).toBe(true);
    expect(stored()).toBeNull();
    expect(firebase.blocking.size).toBe(0);
  });

  it('turns Firebase’s error codes into the seed’s kinds', async () => {
    const firebase = fakeFirebase();
    const actor = createActor(authSessionLogic(Promise.resolve(firebase.handle))).start();
    await firebase.listening();
    firebase.report(null);
    for (const [code, kind] of [
      ['auth/invalid-credential', 'invalidCredentials'],
      ['auth/wrong-password', 'invalidCredentials'],
      ['auth/too-many-requests', 'authFailed'],
    ] as const) {
      firebase.outcomes.signIn = Object.assign(new Error(code), { code });
      actor.send({ type: 'SIGN_IN', email: 'merchant@shop.example', password: 'x' });
      await waitFor(actor, (s) => s.matches('signedOut') && s.context.error !== null);
      expect(actor.getSnapshot().context.error).toBe(kind);
    }
  });

  it('without Firebase (its SDK failed to load) nobody can sign in, and Firebase is never called', async () => {
    const firebase = fakeFirebase();
    const actor = createActor(authSessionLogic(Promise.resolve(null))).start();
    await waitFor(actor, (s) => s.matches({ signedOut: 'unavailable' }));
    actor.send({ type: 'SIGN_IN', email: 'merchant@shop.example', password: 'x' });
    expect(actor.getSnapshot().context.error).toBe('notInitialized');
    expect(firebase.calls.signIn).toEqual([]);
  });

  it('logs a failed sign-out and keeps the user signed in', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const firebase = fakeFirebase();
    const actor = createActor(authSessionLogic(Promise.resolve(firebase.handle))).start();
    await firebase.listening();
    firebase.report({ uid: 'uid-9', email: 'merchant@shop.example' });
    firebase.outcomes.signOut = Object.assign(new Error('internal'), { code: 'auth/internal-error' });
    actor.send({ type: 'SIGN_OUT' });
    await waitFor(actor, (s) => s.matches('signedIn') && firebase.calls.signOut === 1);
    expect(error).toHaveBeenCalledWith('Sign-out failed', firebase.outcomes.signOut);
    expect(stored()).toEqual({ uid: 'uid-9', email: 'merchant@shop.example' });
  });
});
