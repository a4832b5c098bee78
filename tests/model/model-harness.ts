// Model-based testing harness: derives the test model mechanically from a production machine.
// The graph tools cannot fire delays or settle invoked actors by themselves (`createTestModel`
// refuses machines with either, and all of ours have them), so the events explored are the
// machine's own event descriptors — delayed events (`xstate.after.*`) and actor completions
// (`xstate.done.actor.*`, `xstate.error.actor.*`) included — with sample payloads supplied by the
// test only where a guard needs data. Paths run through @xstate/graph's own TestModel (`testPath`
// with `{ states, events }`); what is ours is the per-region exploration, the transition labels
// and coverage, and the covering-path selection.
import { getAdjacencyMap, getShortestPaths, serializeSnapshot, TestModel as GraphTestModel } from '@xstate/graph';
import type { AnyMachineSnapshot, AnyStateMachine, AnyStateNode, EventObject, StateValue } from 'xstate';

export type EventSamples = Record<string, Array<EventObject & Record<string, unknown>>>;

export type TransitionRef = {
  /** `<source state id> | <event type> | <candidate index>` — stable for a given machine. */
  id: string;
  source: string;
  eventType: string;
  targets: string[];
  guard: string | null;
};

export type ModelStep = { event: EventObject; state: AnyMachineSnapshot; transitions: string[] };
export type ModelPath = { steps: ModelStep[]; initial: AnyMachineSnapshot };

export type TestModel = {
  states: string[];
  transitions: TransitionRef[];
  eventTypes: string[];
  paths: ModelPath[];
};

function allStateNodes(node: AnyStateNode): AnyStateNode[] {
  return [node, ...Object.values(node.states as Record<string, AnyStateNode>).flatMap(allStateNodes)];
}

function guardName(guard: unknown): string | null {
  if (!guard) return null;
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'object' && guard && 'type' in guard) return String((guard as { type: unknown }).type);
  return 'inline';
}

/** Every transition of the machine, one entry per guarded candidate. */
export function listTransitions(machine: AnyStateMachine): TransitionRef[] {
  return allStateNodes(machine.root).flatMap((node) =>
    [...node.transitions.entries()].flatMap(([eventType, candidates]) =>
      candidates.map((candidate, index) => ({
        id: `${node.id} | ${eventType} | ${index}`,
        source: node.id,
        eventType,
        targets: (candidate.target ?? []).map((t: AnyStateNode) => t.id),
        guard: guardName(candidate.guard),
      })),
    ),
  );
}

function transitionIndex(machine: AnyStateMachine): Map<unknown, string> {
  const index = new Map<unknown, string>();
  for (const node of allStateNodes(machine.root)) {
    for (const [eventType, candidates] of node.transitions.entries()) {
      candidates.forEach((candidate, i) => index.set(candidate, `${node.id} | ${eventType} | ${i}`));
    }
  }
  return index;
}

/** Every state id below the root (regions and leaves). */
export function listStates(machine: AnyStateMachine): string[] {
  return allStateNodes(machine.root)
    .filter((node) => node !== machine.root)
    .map((node) => node.id);
}

/** The state value that a state node stands for, usable with `snapshot.matches`. */
export function stateValueOf(node: AnyStateNode): StateValue {
  return node.path.reduceRight<StateValue>((inner, key, i) => (i === node.path.length - 1 ? key : { [key]: inner }), '');
}

export function isActive(machine: AnyStateMachine, snapshot: AnyMachineSnapshot, stateId: string): boolean {
  return snapshot.matches(stateValueOf(machine.getStateNodeById(stateId)));
}

/** The events to explore: each event type handled below `scope`, with the test's samples where given. */
function eventsFor(machine: AnyStateMachine, samples: EventSamples, scope: AnyStateNode): EventObject[] {
  const inScope = new Set(allStateNodes(scope).map((n) => n.id));
  const types = [
    ...new Set(
      listTransitions(machine)
        .filter((t) => inScope.has(t.source))
        .map((t) => t.eventType),
    ),
  ];
  return types.flatMap((type) => samples[type] ?? [{ type }]);
}

/**
 * Builds the test model: a path for every transition reachable from the initial state.
 * The regions of a parallel machine are independent, so each is explored on its own (with only
 * the events it handles) instead of through the product of all regions' states.
 */
export function createTestModelFor(
  machine: AnyStateMachine,
  options: {
    input?: unknown;
    samples?: EventSamples;
    /**
     * What of the context tells states apart, for machines whose context grows without end (a
     * conversation): snapshots with the same value and abstraction are one state of the model. It is
     * given the state value too, for a machine whose steps read different parts of one context.
     */
    abstractContext?: (context: never, value: StateValue) => unknown;
  },
): TestModel {
  const regions: AnyStateNode[] =
    machine.root.type === 'parallel' ? Object.values(machine.root.states as Record<string, AnyStateNode>) : [machine.root];
  const abstract = options.abstractContext as ((context: unknown, value: StateValue) => unknown) | undefined;
  const serialize = abstract
    ? (s: AnyMachineSnapshot) => JSON.stringify({ value: s.value, context: abstract(s.context, s.value) })
    : (s: AnyMachineSnapshot) => serializeSnapshot(s);
  const models = regions.map((region) => exploreScope(machine, region, options.input, options.samples ?? {}, serialize));
  return {
    states: listStates(machine),
    transitions: listTransitions(machine),
    eventTypes: [...new Set(models.flatMap((m) => m.eventTypes))],
    paths: models.flatMap((m) => m.paths),
  };
}

function exploreScope(
  machine: AnyStateMachine,
  scope: AnyStateNode,
  input: unknown,
  samples: EventSamples,
  serialize: (s: AnyMachineSnapshot) => string,
) {
  const events = eventsFor(machine, samples, scope);
  const byDefinition = transitionIndex(machine);
  const traversal = { events, input, serializeState: serialize };

  const shortest = getShortestPaths(machine, traversal as never);
  const pathTo = new Map<string, ModelStep[]>();
  let initial: AnyMachineSnapshot | undefined;
  for (const path of shortest) {
    const steps = path.steps.slice(1).map((s) => ({ event: s.event, state: s.state as AnyMachineSnapshot, transitions: [] as string[] }));
    pathTo.set(serialize(path.state as AnyMachineSnapshot), steps);
    if (path.steps.length === 1) initial = path.state as AnyMachineSnapshot;
  }
  if (!initial) throw new Error('The traversal found no initial state');

  const adjacency = getAdjacencyMap(machine, traversal as never) as unknown as Record<
    string,
    { state: AnyMachineSnapshot; transitions: Record<string, { event: EventObject; state: AnyMachineSnapshot }> }
  >;

  const label = (from: AnyMachineSnapshot, event: EventObject) =>
    machine.getTransitionData(from as never, event as never).map((t) => byDefinition.get(t) ?? '?');

  // One candidate path per edge that changes something: shortest path to its source, then the edge.
  const candidates: ModelStep[][] = [];
  for (const [serial, { state: from, transitions }] of Object.entries(adjacency)) {
    for (const { event, state: to } of Object.values(transitions)) {
      const taken = label(from, event);
      if (taken.length === 0) continue;
      const prefix = pathTo.get(serial);
      if (!prefix) continue;
      candidates.push([...prefix, { event, state: to, transitions: taken }]);
    }
  }
  // Label every step, then drop paths that are a prefix of another.
  const labelled = candidates.map((steps) => {
    let from = initial!;
    return steps.map((step) => {
      const out = { ...step, transitions: label(from, step.event) };
      from = step.state;
      return out;
    });
  });
  const key = (steps: ModelStep[]) => steps.map((s) => JSON.stringify(s.event)).join(' > ');
  const keys = labelled.map(key);
  // In sorted order, a key that another extends is followed by one that starts with it (the first
  // of those after its own copies); of identical keys, the first in the list is kept.
  const order = keys.map((_, i) => i).sort((a, b) => (keys[a]! < keys[b]! ? -1 : keys[a]! > keys[b]! ? 1 : a - b));
  const dropped = new Set<number>();
  order.forEach((i, at) => {
    if (at > 0 && keys[order[at - 1]!] === keys[i]) dropped.add(i);
    let next = at + 1;
    while (next < order.length && keys[order[next]!] === keys[i]) next++;
    if (next < order.length && keys[order[next]!]!.startsWith(keys[i]!)) dropped.add(i);
  });
  const paths = labelled.filter((_, i) => !dropped.has(i)).map((steps) => ({ steps, initial: initial! }));

  return { eventTypes: [...new Set(events.map((e) => e.type))], paths };
}

const runners = new WeakMap<AnyStateMachine, GraphTestModel<AnyMachineSnapshot, EventObject, unknown>>();

/** What `testPath` runs: a function per event type that makes the event happen, a check per state id. */
export type PathTest = {
  events: Record<string, (step: ModelStep) => Promise<void> | void>;
  states: Record<string, (state: AnyMachineSnapshot) => Promise<void> | void>;
};

/** The same executor for every event type of the path (`PathTest['events']`). */
export function eachEvent(path: ModelPath, exec: PathTest['events'][string]): PathTest['events'] {
  return Object.fromEntries(path.steps.map((step) => [step.event.type, exec]));
}

/**
 * Runs a model path with @xstate/graph's TestModel: each step's event through `events[type]`, then
 * the check of every state id active in the step's state (`machine.id` always applies). A failure
 * names the path and the step it failed at.
 */
export function testPath(machine: AnyStateMachine, path: ModelPath, test: PathTest) {
  let runner = runners.get(machine);
  if (!runner) {
    runner = new GraphTestModel<AnyMachineSnapshot, EventObject, unknown>(machine as never, {
      stateMatcher: (snapshot, id) => id === machine.id || isActive(machine, snapshot as AnyMachineSnapshot, id),
    });
    runners.set(machine, runner);
  }
  const statePath = { state: path.steps.at(-1)?.state ?? path.initial, steps: path.steps, weight: path.steps.length };
  return runner.testPath(statePath, test as never);
}

export type Coverage = {
  states: { covered: number; total: number; missing: string[] };
  transitions: { covered: number; total: number; missing: string[] };
};

/** Which states the paths reach and which transitions they take. */
export function coverageOf(machine: AnyStateMachine, model: TestModel): Coverage {
  const reached = new Set<string>();
  const taken = new Set<string>();
  for (const path of model.paths) {
    const snapshots = [path.initial, ...path.steps.map((s) => s.state)];
    for (const snapshot of snapshots) for (const id of model.states) if (isActive(machine, snapshot, id)) reached.add(id);
    for (const step of path.steps) step.transitions.forEach((t) => taken.add(t));
  }
  const missingStates = model.states.filter((s) => !reached.has(s));
  const missingTransitions = model.transitions.map((t) => t.id).filter((t) => !taken.has(t));
  return {
    states: { covered: model.states.length - missingStates.length, total: model.states.length, missing: missingStates },
    transitions: {
      covered: model.transitions.length - missingTransitions.length,
      total: model.transitions.length,
      missing: missingTransitions,
    },
  };
}

export function describeCoverage(name: string, level: string, coverage: Coverage, paths: number): string {
  return `${name} (${level}): states ${coverage.states.covered}/${coverage.states.total}, transitions ${coverage.transitions.covered}/${coverage.transitions.total}, paths ${paths}`;
}

/** The machine as a reviewed table (source, event, guard, targets): a snapshot catches any removed transition. */
export function transitionTable(machine: AnyStateMachine): string[] {
  return listTransitions(machine).map(
    (t) => `${t.source} --${t.eventType}${t.guard ? ` [${t.guard}]` : ''}--> ${t.targets.join(', ') || '(internal)'}`,
  );
}

/**
 * A small set of the model's paths that still reaches every state and takes every transition
 * the whole model does (greedy set cover: most new transitions and states first, shorter on
 * ties). For machines whose context makes the model large, so the UI level stays affordable.
 */
export function coveringPaths(machine: AnyStateMachine, model: TestModel): ModelPath[] {
  const reachedBy = model.paths.map((path) => {
    const states = new Set<string>();
    for (const snapshot of [path.initial, ...path.steps.map((s) => s.state)])
      for (const id of model.states) if (isActive(machine, snapshot, id)) states.add(id);
    return { path, states, transitions: new Set(path.steps.flatMap((s) => s.transitions)) };
  });
  const needStates = new Set(reachedBy.flatMap((r) => [...r.states]));
  const needTransitions = new Set(reachedBy.flatMap((r) => [...r.transitions]));
  const chosen: ModelPath[] = [];
  while (needStates.size > 0 || needTransitions.size > 0) {
    let best: (typeof reachedBy)[number] | undefined;
    let bestGain = 0;
    for (const candidate of reachedBy) {
      const gain =
        [...candidate.transitions].filter((t) => needTransitions.has(t)).length +
        [...candidate.states].filter((s) => needStates.has(s)).length;
      if (gain > bestGain || (gain === bestGain && gain > 0 && best && candidate.path.steps.length < best.path.steps.length)) {
        best = candidate;
        bestGain = gain;
      }
    }
    if (!best) break;
    chosen.push(best.path);
    best.transitions.forEach((t) => needTransitions.delete(t));
    best.states.forEach((s) => needStates.delete(s));
  }
  return chosen;
}
