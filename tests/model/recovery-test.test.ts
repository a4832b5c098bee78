// The recovery-test machine (machines/recovery-test.ts) at logic level: a covering set of the model's
// paths (tests/model/recovery-test-model.ts, derived from the production machine) runs on it with a
// promise double for its call, checking in every state what the 'Send me a test' form relies on —
// the tags, nothing sent without a number and the merchant's agreement, what is sent, the number
// typed kept through a refusal or a failure — then what the model does not spell out: a refusal of
// one field cleared by editing it, the saved flow's refusal cleared by any edit, a test sent again.
import { describe, expect, it } from 'vitest';
import { createActor, type EventObject } from 'xstate';
import { isComplete, recoveryTestFailureOf, recoveryTestMachine, type RecoveryTestFailure } from '@/machines/recovery-test';
import { coveringPaths } from './model-harness';
import { describeModelBasedTests, settleOrSend } from './model-suite';
import { flush, PromiseWorld } from './promise-world';
import { abstractRecoveryTest, INVENTORY_ID, PHONE, recoveryTestPathName, recoveryTestTestModel, sent } from './recovery-test-model';

function startRealActor() {
  const world = new PromiseWorld();
  const logic = recoveryTestMachine.provide({ actors: { sendTest: world.actor('sendTest') } });
  const actor = createActor(logic, { input: { inventoryId: INVENTORY_ID } });
  actor.start();
  return { actor, world, seen: { last: null as EventObject | null, phoneSent: null as string | null } };
}
type Run = ReturnType<typeof startRealActor>;

const context = ({ actor }: Run) => actor.getSnapshot().context;
const tags = ['sending', 'sent', 'refused', 'failed'] as const;
const tagsOf = ({ actor }: Run) => tags.filter((tag) => actor.getSnapshot().hasTag(tag));
const stateName = ({ actor }: Run) => {
  const value = actor.getSnapshot().value;
  return typeof value === 'string' ? value : Object.entries(value).map(([parent, child]) => `${parent}.${String(child)}`)[0]!;
};
const tagsByState: Record<string, string[]> = {
  sending: ['sending'],
  'editing.sent': ['sent'],
  'editing.refused': ['refused'],
  'editing.failed': ['failed'],
};

const stateChecks: Record<string, (run: Run) => void> = {
  recoveryTest: (run) => {
    expect(tagsOf(run)).toEqual(tagsByState[stateName(run)] ?? []);
    for (const field of Object.keys(context(run).fields)) expect(['phone', 'consent', 'flow']).toContain(field);
  },
  'recoveryTest.editing': (run) => expect(run.world.isPending()).toBe(false),
  'recoveryTest.editing.ready': (run) => expect(context(run)).toMatchObject({ fields: {}, failure: null }),
  'recoveryTest.editing.refused': (run) => {
    expect(Object.keys(context(run).fields).length).toBeGreaterThan(0);
    expect(context(run).failure).toBeNull();
  },
  'recoveryTest.editing.sent': (run) => expect(context(run)).toMatchObject({ sent, fields: {}, failure: null }),
  'recoveryTest.editing.failed': (run) => {
    expect(['refused', 'rate_limited', 'not_found', 'unknown']).toContain(context(run).failure?.kind);
    expect(context(run).fields).toEqual({});
  },
  // Only a number with the merchant's agreement goes, trimmed.
  'recoveryTest.sending': (run) => {
    expect(isComplete(context(run))).toBe(true);
    expect(run.world.pendingInput('sendTest')).toEqual({ inventoryId: INVENTORY_ID, phone: context(run).phone.trim() });
    expect(context(run)).toMatchObject({ fields: {}, failure: null, sent: null });
  },
};

const model = recoveryTestTestModel();

describeModelBasedTests<Run>({
  name: 'recovery-test',
  machine: recoveryTestMachine,
  model,
  paths: coveringPaths(recoveryTestMachine, model),
  start: startRealActor,
  perform: async (run, event) => {
    run.seen.last = event;
    await settleOrSend(run, event);
  },
  stateChecks,
  pathName: recoveryTestPathName,
  contextOf: abstractRecoveryTest as never,
});

const send = (run: Run, ...events: Parameters<Run['actor']['send']>[0][]) => events.forEach((event) => run.actor.send(event));
async function fail(run: Run, error: RecoveryTestFailure) {
  expect(run.world.settle({ type: 'xstate.error.actor.sendTest', error } as never)).toBe(true);
  await flush();
}

describe('recovery-test machine, beyond the model', () => {
  it('sends nothing without a number and the merchant’s agreement', () => {
    const run = startRealActor();
    send(run, { type: 'SEND' }, { type: 'SET_PHONE', phone: PHONE }, { type: 'SEND' });
    expect(run.world.calls).toHaveLength(0);
    send(run, { type: 'SET_CONSENT', consent: true }, { type: 'SET_PHONE', phone: ' ' }, { type: 'SEND' });
    expect(run.world.calls).toHaveLength(0);
    send(run, { type: 'SET_PHONE', phone: ` ${PHONE} ` }, { type: 'SEND' });
    expect(run.world.calls.map((call) => call.input)).toEqual([{ inventoryId: INVENTORY_ID, phone: PHONE }]);
  });

  it('keeps a refusal of one field while the other is edited; the saved flow’s goes with any edit', async () => {
    const run = startRealActor();
    send(run, { type: 'SET_PHONE', phone: '123' }, { type: 'SET_CONSENT', consent: true }, { type: 'SEND' });
    await fail(run, { kind: 'refused', fields: { phone: 'recovery_test.phone_invalid', flow: 'recovery_test.flow_not_ready' } });
    expect(context(run)).toMatchObject({ phone: '123', consent: true });
    send(run, { type: 'SET_CONSENT', consent: true });
    expect(context(run).fields).toEqual({ phone: 'recovery_test.phone_invalid' });
    expect(run.actor.getSnapshot().hasTag('refused')).toBe(true);
    send(run, { type: 'SET_PHONE', phone: PHONE });
    expect(context(run).fields).toEqual({});
    expect(run.actor.getSnapshot().matches({ editing: 'ready' })).toBe(true);
  });

  it('after a test went or failed, the same one may go again', async () => {
    const run = startRealActor();
    send(run, { type: 'SET_PHONE', phone: PHONE }, { type: 'SET_CONSENT', consent: true }, { type: 'SEND' });
    expect(run.world.settle({ type: 'xstate.done.actor.sendTest', output: sent } as never)).toBe(true);
    await flush();
    expect(run.actor.getSnapshot().hasTag('sent')).toBe(true);
    send(run, { type: 'SEND' });
    await fail(run, { kind: 'rate_limited', retryAfterSeconds: 120 });
    expect(context(run)).toMatchObject({ failure: { kind: 'rate_limited', retryAfterSeconds: 120 }, sent: null, phone: PHONE });
    send(run, { type: 'SEND' });
    expect(run.world.calls).toHaveLength(3);
  });

  it('reads anything thrown that is not one of its failures as unknown', () => {
    expect(recoveryTestFailureOf({ kind: 'rate_limited' })).toEqual({ kind: 'rate_limited' });
    expect(recoveryTestFailureOf(new Error('offline'))).toEqual({ kind: 'unknown' });
  });
});
