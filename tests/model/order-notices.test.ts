// The order-notices machine (machines/order-notices.ts) at logic level: a covering set of the model's
// paths (tests/model/order-notices-model.ts, derived from the production machine) runs on it with
// promise doubles for its two calls, checking in every state what the notices section relies on — the
// tags, what is asked and sent, a chosen template always one the chosen number offers, only sources a
// notice has, nothing chosen lost on a refusal or a failure — then what the model does not spell out:
// variables pre-selected from their obvious source, a refusal at its fields and cleared field by
// field, another number's templates, what is left out of a save, retries.
import { describe, expect, it } from 'vitest';
import { createActor, type EventObject } from 'xstate';
import { noOrderNotices, orderNoticeKinds, orderNoticeRefusals, valueSourcesOf, type OrderNoticeSettings } from '@/domain/order-notice';
import {
  chosenNumber,
  chosenTemplate,
  orderNoticesFailureOf,
  orderNoticesMachine,
  variableRows,
  type LoadedOrderNotices,
  type OrderNoticesFailure,
} from '@/machines/order-notices';
import { coveringPaths } from './model-harness';
import { describeModelBasedTests, settleOrSend } from './model-suite';
import {
  abstractOrderNotices,
  INVENTORY_ID,
  NUMBER_A,
  NUMBER_B,
  numberA,
  numberB,
  orderNoticesPathName,
  orderNoticesTestModel,
  savedSettings,
  storedSettings,
} from './order-notices-model';
import { flush, PromiseWorld } from './promise-world';

function startRealActor() {
  const world = new PromiseWorld();
  const announced: OrderNoticeSettings[] = [];
  const logic = orderNoticesMachine.provide({
    actors: {
      loadNotices: world.actor<LoadedOrderNotices, { inventoryId: string }>('loadNotices'),
      saveNotices: world.actor<OrderNoticeSettings, { inventoryId: string; settings: OrderNoticeSettings }>('saveNotices'),
    },
    actions: { announceSaved: (_, settings) => void announced.push(settings) },
  });
  const actor = createActor(logic, { input: { inventoryId: INVENTORY_ID } });
  actor.start();
  /** The settings on the screen when the last save was sent, and the last event the path made happen. */
  const seen = { sentFrom: null as OrderNoticeSettings | null, last: null as EventObject | null };
  return { actor, world, announced, seen };
}
type Run = ReturnType<typeof startRealActor>;

const context = ({ actor }: Run) => actor.getSnapshot().context;
const tagsOf = ({ actor }: Run) => (['loading', 'saving', 'failed'] as const).filter((tag) => actor.getSnapshot().hasTag(tag));
const tagsByState: Record<string, string[]> = { loading: ['loading'], loadFailed: ['failed'], saving: ['saving'], failure: ['failed'] };
const FIELD_PATH = /^(channelId|notices\.(order_confirmation|shipping_update)\.(templateName|variables\.[a-z0-9_]+))$/;

const stateChecks: Record<string, (run: Run) => void> = {
  orderNotices: (run) => {
    expect(tagsOf(run)).toEqual(tagsByState[String(run.actor.getSnapshot().value)] ?? []);
    const { settings, fieldErrors } = context(run);
    for (const kind of orderNoticeKinds) {
      // A template shown chosen is one the chosen number offers.
      const name = settings.notices[kind].templateName;
      if (name !== null) expect(chosenTemplate(context(run), kind)?.name).toBe(name);
      // Only the sources the notice has are ever mapped.
      for (const source of Object.values(settings.notices[kind].variables)) expect(valueSourcesOf(kind)).toContain(source);
    }
    if (settings.channelId !== null) expect(chosenNumber(context(run))).not.toBeNull();
    for (const field of Object.keys(fieldErrors)) expect(field).toMatch(FIELD_PATH);
  },
  'orderNotices.loading': (run) => expect(run.world.pendingInput('loadNotices')).toEqual({ inventoryId: INVENTORY_ID }),
  'orderNotices.loadFailed': (run) => {
    expect(run.world.isPending()).toBe(false);
    expect(context(run).failure?.kind).toBe('unknown');
  },
  'orderNotices.editing': (run) => {
    expect(run.world.isPending()).toBe(false);
    expect(context(run).failure).toBeNull();
    // Refused: said at the fields the server named, everything chosen as it was sent.
    const failure = (run.seen.last as { error?: OrderNoticesFailure } | null)?.error;
    if (run.seen.last?.type === 'xstate.error.actor.saveNotices' && failure) {
      expect(context(run).fieldErrors).toEqual(failure.fields);
      expect(context(run).settings).toEqual(run.seen.sentFrom);
    }
  },
  // What is sent is what is chosen: the number, each notice's switch and template, its mapping as chosen.
  'orderNotices.saving': (run) => {
    const { settings } = context(run);
    const sent = run.world.pendingInput('saveNotices') as { inventoryId: string; settings: OrderNoticeSettings };
    expect(sent.inventoryId).toBe(INVENTORY_ID);
    expect(sent.settings.channelId).toBe(settings.channelId);
    for (const kind of orderNoticeKinds) {
      const { variables, ...chosen } = settings.notices[kind];
      const { variables: sentVariables, ...sentNotice } = sent.settings.notices[kind];
      expect(sentNotice).toEqual(chosen);
      for (const [variable, source] of Object.entries(sentVariables)) expect(variables[variable]).toBe(source);
    }
    run.seen.sentFrom = settings;
  },
  // Saved: the settings as the server stored them, announced.
  'orderNotices.saved': (run) => {
    expect(context(run)).toMatchObject({ settings: storedSettings, fieldErrors: {}, failure: null });
    expect(run.announced.at(-1)).toEqual(storedSettings);
  },
  // Told above the form, everything chosen kept for the retry.
  'orderNotices.failure': (run) => {
    expect(run.world.isPending()).toBe(false);
    expect(['refused', 'not_found', 'unknown']).toContain(context(run).failure?.kind);
    expect(context(run).settings).toEqual(run.seen.sentFrom);
  },
};

const model = orderNoticesTestModel();

describeModelBasedTests<Run>({
  name: 'order-notices',
  machine: orderNoticesMachine,
  model,
  paths: coveringPaths(orderNoticesMachine, model),
  start: startRealActor,
  perform: async (run, event) => {
    run.seen.last = event;
    await settleOrSend(run, event);
  },
  stateChecks,
  pathName: orderNoticesPathName,
  contextOf: abstractOrderNotices as never,
});

async function loaded(output: LoadedOrderNotices = { settings: noOrderNotices, numbers: [numberA, numberB] }) {
  const run = startRealActor();
  run.world.settle({ type: 'xstate.done.actor.loadNotices', output } as never);
  await flush();
  return run;
}
const settleSave = async (run: Run, event: { type: string; output?: unknown; error?: unknown }) => {
  expect(run.world.settle(event as never)).toBe(true);
  await flush();
};
const sentSettings = (run: Run) => (run.world.pendingInput('saveNotices') as { settings: OrderNoticeSettings }).settings;

describe('order-notices machine, beyond the model', () => {
  it('pre-selects the obvious source of each variable of a chosen template; one without stays to choose', async () => {
    const run = await loaded();
    run.actor.send({ type: 'CHOOSE_NUMBER', channelId: NUMBER_A });
    run.actor.send({ type: 'SWITCH', kind: 'shipping_update', enabled: true });
    run.actor.send({ type: 'CHOOSE_TEMPLATE', kind: 'shipping_update', templateName: 'order_shipped' });
    expect(context(run).settings.notices.shipping_update.variables).toEqual({
      first_name: 'first_name',
      order_number: 'order_number',
      carrier: 'carrier',
      tracking_url: 'tracking_url',
    });

    run.actor.send({ type: 'CHOOSE_NUMBER', channelId: NUMBER_B });
    run.actor.send({ type: 'CHOOSE_TEMPLATE', kind: 'order_confirmation', templateName: 'pedido_recebido' });
    expect(context(run).settings.notices.order_confirmation.variables).toEqual({ first_name: 'first_name' });
    expect(variableRows(context(run), 'order_confirmation')).toEqual(['codigo', 'first_name']);
  });

  it('fills the unmapped variables of a saved template when it loads, keeping what the merchant chose', async () => {
    const saved: OrderNoticeSettings = {
      ...savedSettings,
      notices: {
        ...savedSettings.notices,
        order_confirmation: { ...savedSettings.notices.order_confirmation, variables: { order_total: 'order_number' } },
      },
    };
    const run = await loaded({ settings: saved, numbers: [numberA] });
    expect(context(run).settings.notices.order_confirmation.variables).toEqual({
      first_name: 'first_name',
      order_number: 'order_number',
      order_total: 'order_number',
      order_status_url: 'order_status_url',
    });
  });

  it('offers tracking and carrier to the shipping update only', async () => {
    const run = await loaded();
    run.actor.send({ type: 'CHOOSE_NUMBER', channelId: NUMBER_A });
    run.actor.send({ type: 'CHOOSE_TEMPLATE', kind: 'order_confirmation', templateName: 'order_confirmation' });
    run.actor.send({ type: 'CHOOSE_SOURCE', kind: 'order_confirmation', variable: 'order_status_url', source: 'tracking_url' });
    expect(context(run).settings.notices.order_confirmation.variables.order_status_url).toBe('order_status_url');
    run.actor.send({ type: 'CHOOSE_SOURCE', kind: 'shipping_update', variable: 'order_status_url', source: 'tracking_url' });
    expect(context(run).settings.notices.shipping_update.variables).toEqual({ order_status_url: 'tracking_url' });
  });

  it("shows the server's refusal at its fields, keeps every choice, and clears a field's error when it changes", async () => {
    const run = await loaded();
    run.actor.send({ type: 'SWITCH', kind: 'order_confirmation', enabled: true });
    run.actor.send({ type: 'SWITCH', kind: 'shipping_update', enabled: true });
    run.actor.send({ type: 'SAVE' });
    const before = context(run).settings;
    const fields = {
      channelId: orderNoticeRefusals.channelMissing.id,
      'notices.order_confirmation.templateName': orderNoticeRefusals.templateMissing.id,
      'notices.shipping_update.templateName': orderNoticeRefusals.templateMissing.id,
    };
    await settleSave(run, { type: 'xstate.error.actor.saveNotices', error: { kind: 'refused', fields } });
    expect(run.actor.getSnapshot().value).toBe('editing');
    expect(context(run)).toMatchObject({ fieldErrors: fields, settings: before, failure: null });

    run.actor.send({ type: 'CHOOSE_NUMBER', channelId: NUMBER_A });
    expect(Object.keys(context(run).fieldErrors)).toEqual([
      'notices.order_confirmation.templateName',
      'notices.shipping_update.templateName',
    ]);
    run.actor.send({ type: 'SWITCH', kind: 'shipping_update', enabled: false });
    expect(Object.keys(context(run).fieldErrors)).toEqual(['notices.order_confirmation.templateName']);
    run.actor.send({ type: 'CHOOSE_TEMPLATE', kind: 'order_confirmation', templateName: 'order_confirmation' });
    expect(context(run).fieldErrors).toEqual({});
  });

  it('gives a refused variable a row even when the template does not name it', async () => {
    const run = await loaded({ settings: savedSettings, numbers: [numberA] });
    run.actor.send({ type: 'SAVE' });
    const fields = { 'notices.order_confirmation.variables.coupon': orderNoticeRefusals.variableUnmapped.id };
    await settleSave(run, { type: 'xstate.error.actor.saveNotices', error: { kind: 'refused', fields } });
    expect(variableRows(context(run), 'order_confirmation')).toEqual([...numberA.templates[0]!.variables, 'coupon']);
  });

  it("drops a template another number does not offer, keeps one it does, and sends only the template's variables", async () => {
    const both = { ...numberB, channelId: 'shared-waba-number', templates: [...numberB.templates, numberA.templates[0]!] };
    const stale: OrderNoticeSettings = {
      ...savedSettings,
      notices: {
        ...savedSettings.notices,
        order_confirmation: {
          ...savedSettings.notices.order_confirmation,
          variables: { first_name: 'first_name', old_code: 'store_name' },
        },
      },
    };
    const run = await loaded({ settings: stale, numbers: [numberA, numberB, both] });
    run.actor.send({ type: 'CHOOSE_NUMBER', channelId: 'shared-waba-number' });
    expect(context(run).settings.notices.order_confirmation.templateName).toBe('order_confirmation');
    run.actor.send({ type: 'SAVE' });
    expect(sentSettings(run).notices.order_confirmation.variables).toEqual({
      first_name: 'first_name',
      order_number: 'order_number',
      order_total: 'order_total',
      order_status_url: 'order_status_url',
    });
    await settleSave(run, { type: 'xstate.error.actor.saveNotices', error: new Error('offline') });
    // Nothing lost: the stale mapping is still there, only not sent.
    expect(context(run).settings.notices.order_confirmation.variables.old_code).toBe('store_name');

    run.actor.send({ type: 'CHOOSE_NUMBER', channelId: NUMBER_B });
    expect(context(run).settings.notices.order_confirmation).toEqual({ enabled: true, templateName: null, variables: {} });
  });

  it('saves the same settings again after a failure; loads again after a failed load', async () => {
    const run = await loaded({ settings: savedSettings, numbers: [numberA] });
    run.actor.send({ type: 'SAVE' });
    const first = sentSettings(run);
    await settleSave(run, { type: 'xstate.error.actor.saveNotices', error: { kind: 'unknown' } });
    expect(run.actor.getSnapshot().value).toBe('failure');
    run.actor.send({ type: 'RETRY' });
    expect(sentSettings(run)).toEqual(first);
    await settleSave(run, { type: 'xstate.done.actor.saveNotices', output: storedSettings });
    expect(run.actor.getSnapshot().value).toBe('saved');
    expect(run.announced).toEqual([storedSettings]);

    const again = startRealActor();
    await settleSave(again, { type: 'xstate.error.actor.loadNotices', error: new Error('offline') });
    expect(again.actor.getSnapshot().value).toBe('loadFailed');
    again.actor.send({ type: 'RETRY' });
    expect(again.world.calls.filter((call) => call.src === 'loadNotices')).toHaveLength(2);
  });

  it('reads anything thrown that is not one of its failures as unknown', () => {
    const refused: OrderNoticesFailure = { kind: 'refused', fields: { channelId: orderNoticeRefusals.channelUnknown.id } };
    expect(orderNoticesFailureOf(refused)).toBe(refused);
    expect(orderNoticesFailureOf(new Error('boom'))).toEqual({ kind: 'unknown' });
    expect(orderNoticesFailureOf({ kind: 'teapot' })).toEqual({ kind: 'unknown' });
  });
});
