// The logic-level model-based suite every machine test shares: the model's paths reach every
// state and transition, the state checks name real states, the transition table matches its
// reviewed snapshot, and each path runs on the production machine (with the test's doubles) step
// by step, checking the state, the context and the effects a merchant relies on in each state.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AnyMachineSnapshot, AnyStateMachine, EventObject } from 'xstate';
import {
  coverageOf,
  describeCoverage,
  eachEvent,
  testPath,
  transitionTable,
  type ModelPath,
  type ModelStep,
  type TestModel,
} from './model-harness';
import { flush, type PromiseWorld } from './promise-world';

type Running = { actor: { getSnapshot(): AnyMachineSnapshot; send(event: never): void; stop(): void } };

export type ModelSuite<Run extends Running> = {
  /** kebab-case, as the coverage line prints it. */
  name: string;
  machine: AnyStateMachine;
  model: TestModel;
  /** The paths to run (a covering subset of a large model); the model's own by default. */
  paths?: ModelPath[];
  /** The production machine, started with the test's doubles (and the path's input, for a model of several inputs). */
  start: (path: ModelPath) => Run;
  /** How a model event happens to the running actor. */
  perform: (run: Run, event: EventObject) => Promise<void> | void;
  /** State id → what must hold while it is active; the machine's own id holds always. */
  stateChecks: Record<string, (run: Run) => void>;
  pathName: (events: EventObject[]) => string;
  /** What of the context must equal the model's (a model that abstracts its context; given the state value too). Default: all of it. */
  contextOf?: (context: never, value: never) => unknown;
  /** The machine has delays: the paths run on fake timers. */
  fakeTimers?: boolean;
};

/** The usual perform: the world settles an actor's done/error event, anything else is sent. */
export async function settleOrSend(run: Running & { world: PromiseWorld }, event: EventObject) {
  if (run.world.settle(event)) await flush();
  else run.actor.send(event as never);
}

export function describeModelBasedTests<Run extends Running>(suite: ModelSuite<Run>) {
  const { name, machine, model, stateChecks } = suite;
  const paths = suite.paths ?? model.paths;
  const contextOf = (suite.contextOf ?? ((context: unknown) => context)) as (context: unknown, value: unknown) => unknown;

  async function follow(path: ModelPath) {
    const run = suite.start(path);
    expect(run.actor.getSnapshot().value).toEqual(path.initial.value);
    // Each event happens to the running actor, which must then be where the model is.
    const happen = async ({ event, state }: ModelStep) => {
      await suite.perform(run, event);
      const snapshot = run.actor.getSnapshot();
      expect(snapshot.value).toEqual(state.value);
      expect(contextOf(snapshot.context, snapshot.value)).toEqual(contextOf(state.context, state.value));
    };
    await testPath(machine, path, {
      events: eachEvent(path, happen),
      states: Object.fromEntries(Object.entries(stateChecks).map(([id, check]) => [id, () => check(run)])),
    });
    run.actor.stop();
  }

  describe(`${name} machine, model-based (logic level)`, () => {
    if (suite.fakeTimers) {
      beforeEach(() => void vi.useFakeTimers());
      afterEach(() => void vi.useRealTimers());
    }

    it('has paths that reach every state and take every transition', () => {
      const coverage = coverageOf(machine, { ...model, paths });
      const subset = paths === model.paths ? '' : ` (of ${model.paths.length} in the model)`;
      console.log(describeCoverage(name, 'logic', coverage, paths.length) + subset);
      expect(coverage.states.missing).toEqual([]);
      expect(coverage.transitions.missing).toEqual([]);
    });

    it('checks only states the machine has', () => {
      for (const id of Object.keys(stateChecks)) if (id !== machine.id) expect(model.states).toContain(id);
    });

    it('matches the reviewed transition table (a removed or changed transition fails here)', () => {
      expect(transitionTable(machine)).toMatchSnapshot();
    });

    for (const path of paths) {
      it(`follows the model on the running actor: ${suite.pathName(path.steps.map((step) => step.event))}`, () => follow(path));
    }
  });
}
