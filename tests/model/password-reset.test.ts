import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, type EventObject } from 'xstate';
import { passwordResetMachine, RESEND_COOLDOWN_SECONDS, type SendResetEmailInput } from '@/machines/password-reset';
import { coverageOf, describeCoverage, isActive, transitionTable } from './model-harness';
import { pathName, passwordResetTestModel } from './password-reset-model';

const model = passwordResetTestModel();

type Pending = { input: SendResetEmailInput; resolve: () => void; reject: (error: unknown) => void };

/** Runs the production machine for real (its own delays and invocations) with a test double for the email. */
function startRealActor() {
  const world = { requests: [] as SendResetEmailInput[], pending: null as Pending | null };
  const logic = passwordResetMachine.provide({
    actors: {
      sendResetEmail: fromPromise<void, SendResetEmailInput>(
        ({ input }) =>
          new Promise<void>((resolve, reject) => {
            world.requests.push(input);
            world.pending = { input, resolve, reject };
          }),
      ),
    },
  });
  const actor = createActor(logic);
  actor.start();
  return { actor, world };
}

type Run = ReturnType<typeof startRealActor>;

/** How each kind of model event happens to the running actor. */
async function perform(event: EventObject, { actor, world }: Run) {
  if (event.type.startsWith('xstate.after.')) {
    const delayName = event.type.split('.')[2]!;
    const delay = (passwordResetMachine.implementations.delays as Record<string, number>)[delayName];
    expect(delay, `delay ${delayName}`).toBeTypeOf('number');
    await vi.advanceTimersByTimeAsync(delay!);
  } else if (event.type.startsWith('xstate.done.actor.')) {
    expect(world.pending, 'an email request is pending').not.toBeNull();
    world.pending!.resolve();
    world.pending = null;
    await vi.advanceTimersByTimeAsync(0);
  } else if (event.type.startsWith('xstate.error.actor.')) {
    expect(world.pending, 'an email request is pending').not.toBeNull();
    world.pending!.reject((event as unknown as { error: unknown }).error);
    world.pending = null;
    await vi.advanceTimersByTimeAsync(0);
  } else {
    actor.send(event as never);
  }
}

/** What must be true in each state beyond its value and context: the effects a merchant relies on. */
const stateChecks: Record<string, (run: Run) => void> = {
  'passwordReset.form': ({ world }) => expect(world.pending).toBeNull(),
  'passwordReset.sending': ({ actor, world }) => {
    const { email, language } = actor.getSnapshot().context;
    expect(world.pending?.input).toEqual({ email, language });
  },
  'passwordReset.sent.resending': ({ actor, world }) => {
    const { email, language } = actor.getSnapshot().context;
    expect(world.pending?.input).toEqual({ email, language });
  },
  'passwordReset.sent.coolingDown': ({ actor, world }) => {
    expect(world.pending).toBeNull();
    const { secondsLeft } = actor.getSnapshot().context;
    expect(secondsLeft).toBeGreaterThan(0);
    expect(secondsLeft).toBeLessThanOrEqual(RESEND_COOLDOWN_SECONDS);
  },
  'passwordReset.sent.ready': ({ actor }) => expect(actor.getSnapshot().context.secondsLeft).toBe(0),
};

describe('password-reset machine, model-based (logic level)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('has paths that reach every state and take every transition', () => {
    const coverage = coverageOf(passwordResetMachine, model);
    console.log(describeCoverage('password-reset', 'logic', coverage, model.paths.length));
    expect(coverage.states.missing).toEqual([]);
    expect(coverage.transitions.missing).toEqual([]);
  });

  it('checks only states the machine has', () => {
    for (const id of Object.keys(stateChecks)) expect(model.states).toContain(id);
  });

  it('matches the reviewed transition table (a removed or changed transition fails here)', () => {
    expect(transitionTable(passwordResetMachine)).toMatchSnapshot();
  });

  for (const path of model.paths) {
    it(`follows the model on the running actor: ${pathName(path.steps.map((s) => s.event))}`, async () => {
      const run = startRealActor();
      expect(run.actor.getSnapshot().value).toEqual(path.initial.value);
      for (const step of path.steps) {
        await perform(step.event, run);
        const snapshot = run.actor.getSnapshot();
        expect(snapshot.value).toEqual(step.state.value);
        expect(snapshot.context).toEqual(step.state.context);
        for (const [id, check] of Object.entries(stateChecks)) if (isActive(passwordResetMachine, snapshot, id)) check(run);
      }
      run.actor.stop();
    });
  }
});

describe('password-reset machine, beyond the model', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('sends the trimmed email in the language of the submit, and resends only after the whole cool-down', async () => {
    const run = startRealActor();
    run.actor.send({ type: 'SUBMIT', email: '  merchant@example.com ', language: 'pt' });
    expect(run.world.requests).toEqual([{ email: 'merchant@example.com', language: 'pt' }]);
    await perform({ type: 'xstate.done.actor.sendResetEmail' }, run);
    run.actor.send({ type: 'RESEND', language: 'es' }); // too early: ignored
    await vi.advanceTimersByTimeAsync(RESEND_COOLDOWN_SECONDS * 1000 - 1);
    expect(run.actor.getSnapshot().context.secondsLeft).toBe(1);
    run.actor.send({ type: 'RESEND', language: 'es' });
    expect(run.world.requests).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(run.actor.getSnapshot().matches({ sent: 'ready' })).toBe(true);
    run.actor.send({ type: 'RESEND', language: 'es' });
    expect(run.world.requests).toEqual([
      { email: 'merchant@example.com', language: 'pt' },
      { email: 'merchant@example.com', language: 'es' },
    ]);
    run.actor.stop();
  });

  it('translates a failed chunk load as an unknown error', async () => {
    const run = startRealActor();
    run.actor.send({ type: 'SUBMIT', email: 'merchant@example.com', language: 'en' });
    await perform(
      { type: 'xstate.error.actor.sendResetEmail', error: new TypeError('Failed to fetch dynamically imported module') } as EventObject,
      run,
    );
    expect(run.actor.getSnapshot().matches({ form: 'failed' })).toBe(true);
    expect(run.actor.getSnapshot().context.error).toBe('unknown');
    run.actor.stop();
  });
});
