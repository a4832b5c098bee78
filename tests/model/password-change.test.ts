import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, type EventObject } from 'xstate';
import { NotAuthenticatedError } from '@/domain/password';
import {
  passwordChangeMachine,
  type PasswordChangeEvent,
  type ReauthenticateInput,
  type UpdatePasswordInput,
} from '@/machines/password-change';
import { coverageOf, describeCoverage, isActive, transitionTable } from './model-harness';
import { passwordChangeTestModel, submitLabel } from './password-change-model';

const model = passwordChangeTestModel();

type Deferred<I> = { input: I; resolve: () => void; reject: (error: unknown) => void };

/** Runs the production machine for real with test doubles for Firebase and the form. */
function startRealActor() {
  const world = {
    reauthentications: [] as ReauthenticateInput[],
    updates: [] as UpdatePasswordInput[],
    pending: null as Deferred<unknown> | null,
    formClears: 0,
  };
  const deferred = <I>(list: I[]) =>
    fromPromise<void, I>(
      ({ input }) =>
        new Promise<void>((resolve, reject) => {
          list.push(input);
          world.pending = { input, resolve, reject };
        }),
    );
  const logic = passwordChangeMachine.provide({
    actors: { reauthenticate: deferred(world.reauthentications), updatePassword: deferred(world.updates) },
    actions: { clearForm: () => void world.formClears++ },
  });
  const actor = createActor(logic);
  actor.start();
  return { actor, world };
}

type Run = ReturnType<typeof startRealActor>;

async function settle() {
  for (let i = 0; i < 5; i++) await Promise.resolve();
}

/** How each kind of model event happens to the running actor. */
async function perform(event: EventObject, { actor, world }: Run) {
  if (event.type.startsWith('xstate.done.actor.') || event.type.startsWith('xstate.error.actor.')) {
    expect(world.pending, `a Firebase call is pending for ${event.type}`).not.toBeNull();
    const pending = world.pending!;
    world.pending = null;
    if (event.type.startsWith('xstate.done.')) pending.resolve();
    else pending.reject((event as unknown as { error: unknown }).error);
    await settle();
  } else {
    actor.send(event as PasswordChangeEvent);
  }
}

/** The submits so far, to check what reached Firebase against what the merchant typed. */
const lastValidSubmit = (events: EventObject[]) =>
  [...events].reverse().find((e): e is PasswordChangeEvent => e.type === 'SUBMIT' && submitLabel(e as PasswordChangeEvent) === 'valid');

/** What must be true in each state beyond its value and context: the effects a merchant relies on. */
function checkState(run: Run, id: string, history: EventObject[]) {
  const { world } = run;
  const submitted = lastValidSubmit(history);
  switch (id) {
    case 'passwordChange.form':
      expect(world.pending).toBeNull();
      break;
    case 'passwordChange.reauthenticating':
      // Re-authenticates the signed-in user with the current password typed.
      expect(world.pending?.input).toEqual({ password: submitted!.currentPassword });
      break;
    case 'passwordChange.updating':
      expect(world.pending?.input).toEqual({ newPassword: submitted!.newPassword });
      break;
    case 'passwordChange.form.changed':
      expect(world.formClears).toBe(history.filter((e) => e.type === 'xstate.done.actor.updatePassword').length);
      expect(run.actor.getSnapshot().context.pending).toBeNull(); // no password kept once done
      break;
    case 'passwordChange.form.failed':
      // Firebase is never asked to update a password that did not re-authenticate first.
      expect(world.updates.length).toBeLessThanOrEqual(history.filter((e) => e.type === 'xstate.done.actor.reauthenticate').length);
      expect(run.actor.getSnapshot().context.pending).toBeNull();
      break;
  }
}

const checkedStates = [
  'passwordChange.form',
  'passwordChange.reauthenticating',
  'passwordChange.updating',
  'passwordChange.form.changed',
  'passwordChange.form.failed',
];

function pathName(events: EventObject[]): string {
  return events
    .map((e) => (e.type === 'SUBMIT' ? `SUBMIT(${submitLabel(e as PasswordChangeEvent)})` : e.type.replace(/^xstate\./, '')))
    .join(' → ');
}

describe('password-change machine, model-based (logic level)', () => {
  it('has paths that reach every state and take every transition', () => {
    const coverage = coverageOf(passwordChangeMachine, model);
    console.log(describeCoverage('password-change', 'logic', coverage, model.paths.length));
    expect(coverage.states.missing).toEqual([]);
    expect(coverage.transitions.missing).toEqual([]);
  });

  it('checks only states the machine has', () => {
    for (const id of checkedStates) expect(model.states).toContain(id);
  });

  it('matches the reviewed transition table (a removed or changed transition fails here)', () => {
    expect(transitionTable(passwordChangeMachine)).toMatchSnapshot();
  });

  for (const path of model.paths) {
    it(`follows the model on the running actor: ${pathName(path.steps.map((s) => s.event))}`, async () => {
      const run = startRealActor();
      expect(run.actor.getSnapshot().value).toEqual(path.initial.value);
      const history: EventObject[] = [];
      for (const step of path.steps) {
        await perform(step.event, run);
        history.push(step.event);
        const snapshot = run.actor.getSnapshot();
        expect(snapshot.value).toEqual(step.state.value);
        expect(snapshot.context).toEqual(step.state.context);
        for (const id of checkedStates) if (isActive(passwordChangeMachine, snapshot, id)) checkState(run, id, history);
      }
      run.actor.stop();
    });
  }
});

describe('password-change machine, beyond the model', () => {
  const valid = { type: 'SUBMIT', currentPassword: 'current-secret', newPassword: 'new-secret', confirmPassword: 'new-secret' } as const;

  // Firebase has no current user after all (the form only shows signed in): 'User not authenticated.'
  for (const step of ['reauthenticate', 'updatePassword'] as const) {
    it(`says "not authenticated" when ${step} finds no signed-in user`, async () => {
      const run = startRealActor();
      run.actor.send(valid);
      if (step === 'updatePassword') await perform({ type: 'xstate.done.actor.reauthenticate' }, run);
      await perform({ type: `xstate.error.actor.${step}`, error: new NotAuthenticatedError() } as EventObject, run);
      expect(run.actor.getSnapshot().matches({ form: 'failed' })).toBe(true);
      expect(run.actor.getSnapshot().context.error).toBe('notAuthenticated');
      expect(run.actor.getSnapshot().context.pending).toBeNull();
      run.actor.stop();
    });
  }

  it('never calls Firebase for an invalid submit', () => {
    const run = startRealActor();
    run.actor.send({ ...valid, confirmPassword: 'other-secret' });
    run.actor.send({ ...valid, newPassword: 'short', confirmPassword: 'short' });
    expect(run.world.reauthentications).toEqual([]);
    expect(run.world.updates).toEqual([]);
    run.actor.stop();
  });
});
