import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, type EventObject } from 'xstate';
import { authErrorMessages } from '@/domain/auth';
import { authSessionMachine, signedInUser, type AuthSessionEvent, type SessionUser, type SignInInput } from '@/machines/auth-session';
import { coverageOf, describeCoverage, isActive, transitionTable } from './model-harness';
import { ALICE, ALICE_PASSWORD, authSessionStepLabel, authSessionTestModel } from './auth-session-model';

const model = authSessionTestModel();

type Pending<T> = { resolve: (value: T) => void; reject: (error: unknown) => void };

/** Runs the production machine for real — its own invoked actors and actions — with test doubles for Firebase and storage. */
function startRealActor() {
  const world = {
    emit: (_: AuthSessionEvent) => {},
    authStateStops: 0,
    signInCalls: [] as SignInInput[],
    signIn: null as Pending<void> | null,
    signOutCalls: 0,
    signOut: null as Pending<void> | null,
    /** localStorage `user`, as the storeUser/removeStoredUser actions keep it. */
    stored: null as SessionUser | null,
    loggedSignOutFailures: [] as unknown[],
  };
  const logic = authSessionMachine.provide({
    actors: {
      authState: fromCallback<AuthSessionEvent>(({ sendBack }) => {
        world.emit = (event) => sendBack(event);
        return () => void world.authStateStops++;
      }),
      signIn: fromPromise<void, SignInInput>(({ input }) => {
        world.signInCalls.push(input);
        return new Promise((resolve, reject) => (world.signIn = { resolve, reject }));
      }),
      signOut: fromPromise<void>(() => {
        world.signOutCalls++;
        return new Promise((resolve, reject) => (world.signOut = { resolve, reject }));
      }),
    },
    actions: {
      storeUser: (_, { user }) => void (world.stored = user),
      removeStoredUser: () => void (world.stored = null),
      logSignOutFailure: (_, { error }) => void world.loggedSignOutFailures.push(error),
    },
  });
  const actor = createActor(logic);
  actor.start();
  return { actor, world };
}

type Run = ReturnType<typeof startRealActor>;
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

/** How each kind of model event happens to the running actor. */
async function perform(event: EventObject, { actor, world }: Run) {
  if (event.type === 'AUTH_CHANGED' || event.type === 'AUTH_INIT_FAILED') {
    world.emit(event as AuthSessionEvent); // what Firebase's onAuthStateChanged (or its failed load) reports
  } else if (event.type === 'xstate.error.actor.signIn') {
    expect(world.signIn, 'a sign-in is pending').not.toBeNull();
    world.signIn!.reject((event as unknown as { error: unknown }).error);
  } else if (event.type === 'xstate.done.actor.signOut') {
    expect(world.signOut, 'a sign-out is pending').not.toBeNull();
    world.signOut!.resolve();
  } else if (event.type === 'xstate.error.actor.signOut') {
    expect(world.signOut, 'a sign-out is pending').not.toBeNull();
    world.signOut!.reject((event as unknown as { error: unknown }).error);
  } else {
    actor.send(event as AuthSessionEvent);
  }
  await settle();
}

/** What must be true in each state, beyond the state value and context: the effects a user relies on. */
const stateChecks: Record<string, (run: Run, event: EventObject) => void> = {
  'authSession.signedIn': ({ actor, world }) => {
    const user = actor.getSnapshot().context.user;
    expect(user).not.toBeNull();
    expect(world.stored, 'localStorage user').toEqual(user);
    expect(signedInUser(actor.getSnapshot())).toEqual(user);
  },
  'authSession.signedOut': ({ actor, world }) => {
    expect(world.stored, 'localStorage user').toBeNull();
    expect(signedInUser(actor.getSnapshot())).toBeNull();
  },
  'authSession.signedOut.unavailable': ({ world }) => expect(world.signInCalls, 'Firebase is never asked').toEqual([]),
  'authSession.signingIn': ({ world }, event) => {
    if (event.type === 'SIGN_IN') expect(world.signInCalls.at(-1)).toEqual({ email: ALICE.email, password: ALICE_PASSWORD });
  },
  'authSession.signingOut': ({ world }) => expect(world.signOutCalls).toBeGreaterThan(0),
};

describe('auth-session machine, model-based (logic level)', () => {
  it('has paths that reach every state and take every transition', () => {
    const coverage = coverageOf(authSessionMachine, model);
    console.log(describeCoverage('auth-session', 'logic', coverage, model.paths.length));
    expect(coverage.states.missing).toEqual([]);
    expect(coverage.transitions.missing).toEqual([]);
  });

  it('checks only states the machine has', () => {
    for (const id of Object.keys(stateChecks)) expect(model.states).toContain(id);
  });

  it('matches the reviewed transition table (a removed or changed transition fails here)', () => {
    expect(transitionTable(authSessionMachine)).toMatchSnapshot();
  });

  it('gives every error kind it can store a translated message', () => {
    for (const kind of ['invalidCredentials', 'authFailed', 'unknown', 'notInitialized'] as const)
      expect(authErrorMessages[kind]).toBeDefined();
  });

  for (const path of model.paths) {
    const name = path.steps.map((s) => authSessionStepLabel(s.event)).join(' → ');
    it(`follows the model on the running actor: ${name}`, async () => {
      const run = startRealActor();
      expect(run.actor.getSnapshot().value).toEqual(path.initial.value);
      for (const step of path.steps) {
        await perform(step.event, run);
        const snapshot = run.actor.getSnapshot();
        expect(snapshot.value).toEqual(step.state.value);
        expect(snapshot.context).toEqual(step.state.context);
        for (const [id, check] of Object.entries(stateChecks)) if (isActive(authSessionMachine, snapshot, id)) check(run, step.event);
      }
      run.actor.stop();
      expect(run.world.authStateStops, 'the auth state listener ends with the session').toBe(1);
    });
  }
});

describe('auth-session machine, the seed’s error kinds', () => {
  async function signInFailingWith(error: unknown) {
    const run = startRealActor();
    await perform({ type: 'AUTH_CHANGED', user: null } as EventObject, run);
    run.actor.send({ type: 'SIGN_IN', email: ALICE.email, password: 'wrong' });
    await perform({ type: 'xstate.error.actor.signIn', error } as EventObject, run);
    return run.actor.getSnapshot().context.error;
  }

  it('auth/invalid-credential and auth/wrong-password: invalid credentials', async () => {
    expect(await signInFailingWith({ code: 'auth/invalid-credential' })).toBe('invalidCredentials');
    expect(await signInFailingWith({ code: 'auth/wrong-password' })).toBe('invalidCredentials');
  });

  it('any other auth error: try again later', async () => {
    for (const code of ['auth/user-disabled', 'auth/too-many-requests', 'auth/network-request-failed'])
      expect(await signInFailingWith({ code })).toBe('authFailed');
  });

  it('a failure that is not Firebase Auth’s (the device, or a fault of ours): unknown', async () => {
    expect(await signInFailingWith(new DOMException('The quota has been exceeded.', 'QuotaExceededError'))).toBe('unknown');
    expect(await signInFailingWith(new TypeError("Cannot read properties of undefined (reading 'uid')"))).toBe('unknown');
    expect(await signInFailingWith(new Error('Firebase Auth is not initialised'))).toBe('unknown');
  });

  it('a new attempt clears the previous error', async () => {
    const run = startRealActor();
    await perform({ type: 'AUTH_CHANGED', user: null } as EventObject, run);
    run.actor.send({ type: 'SIGN_IN', email: ALICE.email, password: 'wrong' });
    await perform({ type: 'xstate.error.actor.signIn', error: { code: 'auth/invalid-credential' } } as EventObject, run);
    run.actor.send({ type: 'SIGN_IN', email: ALICE.email, password: ALICE_PASSWORD });
    expect(run.actor.getSnapshot().context.error).toBeNull();
    expect(run.actor.getSnapshot().value).toBe('signingIn');
  });

  it('ignores a second SIGN_IN while signing in (one request at a time)', async () => {
    const run = startRealActor();
    await perform({ type: 'AUTH_CHANGED', user: null } as EventObject, run);
    run.actor.send({ type: 'SIGN_IN', email: ALICE.email, password: ALICE_PASSWORD });
    run.actor.send({ type: 'SIGN_IN', email: ALICE.email, password: ALICE_PASSWORD });
    expect(run.world.signInCalls).toHaveLength(1);
  });

  it('lands a successful sign-in on Firebase’s report; the call resolving afterwards changes nothing', async () => {
    const run = startRealActor();
    await perform({ type: 'AUTH_CHANGED', user: null } as EventObject, run);
    run.actor.send({ type: 'SIGN_IN', email: ALICE.email, password: ALICE_PASSWORD });
    await perform({ type: 'AUTH_CHANGED', user: ALICE } as EventObject, run);
    expect(run.actor.getSnapshot().value).toBe('signedIn');
    run.world.signIn!.resolve();
    await settle();
    expect(run.actor.getSnapshot().value).toBe('signedIn');
    expect(run.actor.getSnapshot().context).toEqual({ user: ALICE, error: null });
  });

  it('keeps the same user without rewriting storage when Firebase reports it again', async () => {
    const run = startRealActor();
    await perform({ type: 'AUTH_CHANGED', user: ALICE } as EventObject, run);
    run.world.stored = null; // would be rewritten by a needless storeUser
    await perform({ type: 'AUTH_CHANGED', user: { ...ALICE } } as EventObject, run);
    expect(run.world.stored).toBeNull();
    expect(run.actor.getSnapshot().value).toBe('signedIn');
  });
});
