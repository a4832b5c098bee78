// The recovery-flow machine (machines/recovery-flow.ts) at logic level: a covering set of the model's
// paths (tests/model/recovery-flow-model.ts, derived from the production machine) runs on it with
// promise doubles for its two calls, checking in every state what the Checkouts screen relies on —
// the tags, what is asked and sent, nothing sent that our refusals refuse, one to three steps always,
// the draft kept through a refusal or a failure and re-sent as it was — then what the model does not
// spell out: ignored edits, refusals cleared field by field, a template's variables pre-filled.
import { describe, expect, it } from 'vitest';
import { createActor, type EventObject } from 'xstate';
import { defaultRecoveryFlow, DEFAULT_STEP_DELAYS_MINUTES, recoveryFlowRefusals, type RecoveryFlow } from '@/domain/checkout-recovery';
import {
  canAddStep,
  canRemoveStep,
  localRefusalsOf,
  recoveryFlowFailureOf,
  recoveryFlowMachine,
  type LoadedRecoveryFlow,
  type RecoveryFlowEvent,
  type RecoveryFlowFailure,
} from '@/machines/recovery-flow';
import { coveringPaths } from './model-harness';
import { describeModelBasedTests, settleOrSend } from './model-suite';
import { flush, PromiseWorld } from './promise-world';
import {
  abstractRecoveryFlow,
  INVENTORY_ID,
  NUMBER_A,
  NUMBER_B,
  NUMBER_GONE,
  numbers,
  recoveryFlowPathName,
  recoveryFlowTestModel,
  savedFlow,
  serverRefusal,
  storedFlow,
} from './recovery-flow-model';

type SaveInput = { inventoryId: string; flow: RecoveryFlow };

function startRealActor() {
  const world = new PromiseWorld();
  const logic = recoveryFlowMachine.provide({
    actors: {
      loadRecoveryFlow: world.actor<LoadedRecoveryFlow, { inventoryId: string }>('loadRecoveryFlow'),
      saveRecoveryFlow: world.actor<RecoveryFlow, SaveInput>('saveRecoveryFlow'),
    },
  });
  const actor = createActor(logic, { input: { inventoryId: INVENTORY_ID } });
  actor.start();
  /** The draft when the last save was sent, the last event the path made happen, the calls made before it. */
  const seen = { sentFrom: null as RecoveryFlow | null, last: null as EventObject | null, callsBefore: 0 };
  return { actor, world, seen };
}
type Run = ReturnType<typeof startRealActor>;

const context = ({ actor }: Run) => actor.getSnapshot().context;
const tags = ['loading', 'saving', 'refused', 'saved', 'failed'] as const;
const tagsOf = ({ actor }: Run) => tags.filter((tag) => actor.getSnapshot().hasTag(tag));
const tagsByState: Record<string, string[]> = {
  loading: ['loading'],
  loadFailed: ['failed'],
  saving: ['saving'],
  'editing.refused': ['refused'],
  'editing.saved': ['saved'],
  'editing.saveFailed': ['failed'],
};
const stateName = ({ actor }: Run) => {
  const value = actor.getSnapshot().value;
  return typeof value === 'string' ? value : Object.entries(value).map(([parent, child]) => `${parent}.${String(child)}`)[0]!;
};
const FIELD_PATH =
  /^(steps|channelId|minimumCartMinor|quietHours\.(start|end)|steps\.[0-2]\.(delayMinutes|templateName|variables\.[a-z0-9_]+|discount\.(value|expiresInHours)))$/;
const MESSAGE_IDS = Object.values(recoveryFlowRefusals).map((message) => message.id);
const sentInput = (run: Run) => run.world.pendingInput('saveRecoveryFlow') as SaveInput;

const stateChecks: Record<string, (run: Run) => void> = {
  recoveryFlow: (run) => {
    expect(tagsOf(run)).toEqual(tagsByState[stateName(run)] ?? []);
    const { flow, fields } = context(run);
    // One to three steps, whatever was sent: the edits past either end are ignored.
    expect(flow.steps.length).toBeGreaterThanOrEqual(1);
    expect(flow.steps.length).toBeLessThanOrEqual(3);
    for (const [field, id] of Object.entries(fields)) {
      expect(field).toMatch(FIELD_PATH);
      expect(MESSAGE_IDS).toContain(id);
    }
  },
  'recoveryFlow.loading': (run) => expect(run.world.pendingInput('loadRecoveryFlow')).toEqual({ inventoryId: INVENTORY_ID }),
  'recoveryFlow.loadFailed': (run) => {
    expect(run.world.isPending()).toBe(false);
    expect(['not_found', 'unknown']).toContain(context(run).failure?.kind);
  },
  'recoveryFlow.editing': (run) => {
    expect(run.world.isPending()).toBe(false);
    expect(context(run).stored).not.toBeNull();
  },
  'recoveryFlow.editing.ready': (run) => expect(context(run)).toMatchObject({ fields: {}, failure: null }),
  'recoveryFlow.editing.refused': (run) => {
    const { fields, flow, failure } = context(run);
    expect(Object.keys(fields).length).toBeGreaterThan(0);
    expect(failure).toBeNull();
    // Refused here: our refusals at their fields, nothing sent.
    if (run.seen.last?.type === 'SAVE') {
      expect(fields).toEqual(localRefusalsOf(flow));
      expect(run.world.calls.length).toBe(run.seen.callsBefore);
    }
    // Refused by the server: its fields, the draft as it was sent.
    if (run.seen.last?.type === 'xstate.error.actor.saveRecoveryFlow') {
      expect(fields).toEqual((run.seen.last as EventObject & { error: RecoveryFlowFailure }).error.fields);
      expect(flow).toEqual(run.seen.sentFrom);
    }
  },
  // Saved: the flow as the server stored it is both the draft and the stored one.
  'recoveryFlow.editing.saved': (run) =>
    expect(context(run)).toMatchObject({ flow: storedFlow, stored: storedFlow, fields: {}, failure: null }),
  // Told, the draft kept as it was sent.
  'recoveryFlow.editing.saveFailed': (run) => {
    expect(['refused', 'not_found', 'unknown']).toContain(context(run).failure?.kind);
    expect(context(run).fields).toEqual({});
    expect(context(run).flow).toEqual(run.seen.sentFrom);
  },
  // What is sent is the draft, and only one our refusals let through; a retry sends the same one.
  'recoveryFlow.saving': (run) => {
    const { flow, fields } = context(run);
    expect(sentInput(run)).toEqual({ inventoryId: INVENTORY_ID, flow });
    expect(localRefusalsOf(flow)).toEqual({});
    expect(fields).toEqual({});
    if (run.seen.last?.type === 'RETRY') expect(flow).toEqual(run.seen.sentFrom);
    run.seen.sentFrom = flow;
  },
};

const model = recoveryFlowTestModel();

describeModelBasedTests<Run>({
  name: 'recovery-flow',
  machine: recoveryFlowMachine,
  model,
  paths: coveringPaths(recoveryFlowMachine, model),
  start: startRealActor,
  perform: async (run, event) => {
    run.seen.last = event;
    run.seen.callsBefore = run.world.calls.length;
    await settleOrSend(run, event);
  },
  stateChecks,
  pathName: recoveryFlowPathName,
  contextOf: abstractRecoveryFlow as never,
});

async function settle(run: Run, event: { type: string; output?: unknown; error?: unknown }) {
  expect(run.world.settle(event as never)).toBe(true);
  await flush();
}
async function loaded(flow: RecoveryFlow = defaultRecoveryFlow()) {
  const run = startRealActor();
  await settle(run, { type: 'xstate.done.actor.loadRecoveryFlow', output: { flow, numbers } });
  return run;
}
const send = (run: Run, ...events: RecoveryFlowEvent[]) => events.forEach((event) => run.actor.send(event));
const saveCalls = (run: Run) => run.world.calls.filter((call) => call.src === 'saveRecoveryFlow');

describe('recovery-flow machine, beyond the model', () => {
  it('keeps the draft through a refusal of ours and one of the server, each at its fields', async () => {
    const run = await loaded();
    send(run, { type: 'SWITCH', enabled: true }, { type: 'SET_MINIMUM', minimumCartMinor: -1 }, { type: 'SAVE' });
    expect(run.actor.getSnapshot().hasTag('refused')).toBe(true);
    expect(context(run).fields).toEqual({
      channelId: recoveryFlowRefusals.channelMissing.id,
      minimumCartMinor: recoveryFlowRefusals.minimumNegative.id,
    });
    expect(saveCalls(run)).toHaveLength(0);
    expect(context(run).flow).toMatchObject({ enabled: true, minimumCartMinor: -1 });

    // One field put right: its refusal goes, the other stays.
    send(run, { type: 'SET_MINIMUM', minimumCartMinor: 1_500 });
    expect(context(run).fields).toEqual({ channelId: recoveryFlowRefusals.channelMissing.id });
    expect(run.actor.getSnapshot().matches({ editing: 'refused' })).toBe(true);
    send(run, { type: 'CHOOSE_NUMBER', channelId: NUMBER_A });
    expect(run.actor.getSnapshot().matches({ editing: 'ready' })).toBe(true);

    send(run, { type: 'SAVE' });
    const sent = sentInput(run).flow;
    await settle(run, { type: 'xstate.error.actor.saveRecoveryFlow', error: serverRefusal });
    expect(run.actor.getSnapshot().hasTag('refused')).toBe(true);
    expect(context(run).fields).toEqual(serverRefusal.fields);
    expect(context(run).flow).toEqual(sent);
    expect(context(run).flow).toMatchObject({ enabled: true, channelId: NUMBER_A, minimumCartMinor: 1_500 });
  });

  it('saves the same draft again after a failed save, then holds the flow as stored', async () => {
    const run = await loaded(savedFlow);
    send(
      run,
      { type: 'SET_STEP_DELAY', index: 0, delayMinutes: 45 },
      { type: 'ADD_STEP' },
      { type: 'CHOOSE_STEP_TEMPLATE', index: 1, templateName: 'cart_reminder_2' },
      { type: 'SAVE' },
    );
    const first = sentInput(run);
    await settle(run, { type: 'xstate.error.actor.saveRecoveryFlow', error: new Error('offline') });
    expect(run.actor.getSnapshot().hasTag('failed')).toBe(true);
    expect(context(run).failure).toEqual({ kind: 'unknown' });
    expect(context(run).flow).toEqual(first.flow);
    expect(context(run).stored).toEqual(savedFlow);

    send(run, { type: 'RETRY' });
    expect(run.actor.getSnapshot().hasTag('saving')).toBe(true);
    expect(sentInput(run)).toEqual(first);
    await settle(run, { type: 'xstate.done.actor.saveRecoveryFlow', output: storedFlow });
    expect(run.actor.getSnapshot().hasTag('saved')).toBe(true);
    expect(context(run)).toMatchObject({ flow: storedFlow, stored: storedFlow, failure: null });
    expect(saveCalls(run).map((call) => call.input)).toEqual([first, first]);

    // The next edit leaves 'saved'.
    send(run, { type: 'SET_MINIMUM', minimumCartMinor: 0 });
    expect(run.actor.getSnapshot().hasTag('saved')).toBe(false);
  });

  it('ignores removing the only step, even just after a save', async () => {
    const run = await loaded(savedFlow);
    expect(canRemoveStep(context(run).flow, 0)).toBe(false);
    send(run, { type: 'SAVE' });
    await settle(run, { type: 'xstate.done.actor.saveRecoveryFlow', output: savedFlow });
    send(run, { type: 'REMOVE_STEP', index: 0 });
    expect(context(run).flow.steps).toEqual(savedFlow.steps);
    expect(run.actor.getSnapshot().hasTag('saved')).toBe(true);
  });

  it('ignores a fourth step; a step added takes the ready-made delay of its place, no template, no discount', async () => {
    const run = await loaded();
    expect(canAddStep(context(run).flow)).toBe(false);
    send(run, { type: 'ADD_STEP' });
    expect(context(run).flow.steps).toEqual(defaultRecoveryFlow().steps);

    send(run, { type: 'REMOVE_STEP', index: 1 }, { type: 'ADD_STEP' }, { type: 'ADD_STEP' });
    const { steps } = context(run).flow;
    expect(steps).toHaveLength(3);
    expect(steps[0]).toEqual(defaultRecoveryFlow().steps[0]);
    expect(steps[1]).toEqual(defaultRecoveryFlow().steps[2]);
    expect(steps[2]).toEqual({ delayMinutes: DEFAULT_STEP_DELAYS_MINUTES[2], templateName: null, variables: {}, discount: null });
  });

  it("ignores an edit of a step the flow has not, and drops a removed step's refusals, moving the later ones up", async () => {
    const run = await loaded();
    send(run, { type: 'SET_STEP_DISCOUNT', index: 5, discount: { kind: 'amount', value: 500, expiresInHours: 24 } });
    expect(context(run).flow).toEqual(defaultRecoveryFlow());

    send(
      run,
      { type: 'SET_STEP_DISCOUNT', index: 0, discount: { kind: 'amount', value: 0, expiresInHours: 24 } },
      { type: 'CLEAR_STEP_DISCOUNT', index: 2 },
      { type: 'SAVE' },
    );
    expect(context(run).fields).toEqual({
      'steps.0.discount.value': recoveryFlowRefusals.amountNotPositive.id,
      'steps.2.variables.discount': recoveryFlowRefusals.sourceNeedsDiscount.id,
      'steps.2.variables.coupon_code': recoveryFlowRefusals.sourceNeedsDiscount.id,
    });
    send(run, { type: 'REMOVE_STEP', index: 0 });
    expect(context(run).fields).toEqual({
      'steps.1.variables.discount': recoveryFlowRefusals.sourceNeedsDiscount.id,
      'steps.1.variables.coupon_code': recoveryFlowRefusals.sourceNeedsDiscount.id,
    });
    // A discount answers the refusals of the variables that need one.
    send(run, { type: 'SET_STEP_DISCOUNT', index: 1, discount: { kind: 'percentage', value: 15, expiresInHours: 24 } });
    expect(context(run).fields).toEqual({});
    expect(run.actor.getSnapshot().matches({ editing: 'ready' })).toBe(true);
  });

  it("switching off answers the refusals that hold only while on; another number answers the server's template refusals", async () => {
    const run = await loaded(savedFlow);
    send(run, { type: 'SET_QUIET_HOURS', quietHours: { start: '9pm', end: '08:00' } }, { type: 'SAVE' });
    const fields = {
      channelId: recoveryFlowRefusals.channelUnknown.id,
      'steps.0.templateName': recoveryFlowRefusals.templateNotApproved.id,
      'steps.0.variables.first_name': recoveryFlowRefusals.variableUnknown.id,
    };
    expect(context(run).fields).toEqual({ 'quietHours.start': recoveryFlowRefusals.quietHoursMalformed.id });
    send(run, { type: 'CLEAR_QUIET_HOURS' }, { type: 'SAVE' });
    await settle(run, { type: 'xstate.error.actor.saveRecoveryFlow', error: { kind: 'refused', fields } });

    send(run, { type: 'CHOOSE_NUMBER', channelId: NUMBER_A });
    expect(context(run).fields).toEqual({ 'steps.0.variables.first_name': recoveryFlowRefusals.variableUnknown.id });
    send(run, { type: 'SWITCH', enabled: false });
    expect(context(run).fields).toEqual({});
    expect(run.actor.getSnapshot().matches({ editing: 'ready' })).toBe(true);
  });

  it("maps a chosen template's variables: kept where chosen, else their obvious source, else left for the merchant", async () => {
    const run = await loaded(savedFlow);
    expect(context(run).numbers).toEqual(numbers);
    send(run, { type: 'CHOOSE_STEP_SOURCE', index: 0, variable: 'name', source: 'store_name' });
    send(run, { type: 'CHOOSE_STEP_TEMPLATE', index: 0, templateName: 'lembrete' });
    expect(context(run).flow.steps[0]).toMatchObject({
      templateName: 'lembrete',
      variables: { name: 'store_name', cart_url: 'checkout_url' },
    });
    // No template: the mapping stays as it is, for the next one.
    send(run, { type: 'CHOOSE_STEP_TEMPLATE', index: 0, templateName: null });
    expect(context(run).flow.steps[0]).toMatchObject({ templateName: null, variables: { name: 'store_name', cart_url: 'checkout_url' } });
  });

  it('offers only the chosen number’s templates, and chooses again those another number does not offer', async () => {
    const run = await loaded();
    // No number yet: no template can be chosen, the ready-made names stay.
    send(run, { type: 'CHOOSE_STEP_TEMPLATE', index: 0, templateName: 'lembrete' });
    expect(context(run).flow).toEqual(defaultRecoveryFlow());
    // A number not connected is not taken.
    send(run, { type: 'CHOOSE_NUMBER', channelId: NUMBER_GONE });
    expect(context(run).flow.channelId).toBeNull();

    send(run, { type: 'CHOOSE_NUMBER', channelId: NUMBER_A });
    expect(context(run).flow.steps).toEqual(defaultRecoveryFlow().steps);
    send(run, { type: 'CHOOSE_STEP_TEMPLATE', index: 0, templateName: 'aviso' });
    expect(context(run).flow.steps[0]?.templateName).toBe('cart_reminder_1');

    // B offers none of them: each step's template is chosen again, its discount kept.
    send(run, { type: 'SWITCH', enabled: true }, { type: 'CHOOSE_NUMBER', channelId: NUMBER_B });
    expect(context(run).flow.steps.map((step) => [step.templateName, step.variables, step.discount?.value ?? null])).toEqual([
      [null, {}, null],
      [null, {}, null],
      [null, {}, 10],
    ]);
    send(run, { type: 'SAVE' });
    expect(Object.keys(context(run).fields)).toEqual(['steps.0.templateName', 'steps.1.templateName', 'steps.2.templateName']);
    send(run, { type: 'CHOOSE_STEP_TEMPLATE', index: 0, templateName: 'aviso' });
    expect(Object.keys(context(run).fields)).toEqual(['steps.1.templateName', 'steps.2.templateName']);
  });

  it('another number drops the refusals of the templates it made the merchant choose again', async () => {
    const run = await loaded({ ...savedFlow, steps: [{ ...savedFlow.steps[0]!, variables: {} }] });
    send(run, { type: 'SAVE' });
    await settle(run, {
      type: 'xstate.error.actor.saveRecoveryFlow',
      error: { kind: 'refused', fields: { 'steps.0.variables.cart_url': recoveryFlowRefusals.variableUnmapped.id } },
    });
    send(run, { type: 'CHOOSE_NUMBER', channelId: NUMBER_B });
    expect(context(run).fields).toEqual({});
    expect(run.actor.getSnapshot().matches({ editing: 'ready' })).toBe(true);
  });

  it('loads again after a failed load, telling a missing inventory apart', async () => {
    const run = startRealActor();
    await settle(run, { type: 'xstate.error.actor.loadRecoveryFlow', error: { kind: 'not_found' } });
    expect(run.actor.getSnapshot().value).toBe('loadFailed');
    expect(context(run).failure).toEqual({ kind: 'not_found' });
    send(run, { type: 'RETRY' });
    expect(run.world.calls.filter((call) => call.src === 'loadRecoveryFlow')).toHaveLength(2);
    expect(context(run).failure).toBeNull();
  });

  it('reads anything thrown that is not one of its failures as unknown', () => {
    expect(recoveryFlowFailureOf(serverRefusal)).toBe(serverRefusal);
    expect(recoveryFlowFailureOf(new Error('boom'))).toEqual({ kind: 'unknown' });
    expect(recoveryFlowFailureOf({ kind: 'teapot' })).toEqual({ kind: 'unknown' });
  });
});
