// The widget-config machine (machines/widget-config.ts) at logic level: a covering set of the model's
// paths (tests/model/widget-config-model.ts, derived from the production machine) runs on it with
// promise doubles for its three calls, checking in every state what the widget screen relies on — the
// tags, what is sent, only numbers and inventories offered are chosen, a refusal at its fields with
// nothing edited lost, a failure that keeps the edits — then what the model does not spell out: the
// domain's refusals before a save, the server's at fields cleared field by field, sites added
// normalised and removed, retries, and 'check my site' with an address refused at its field.
import { describe, expect, it } from 'vitest';
import { createActor, type EventObject } from 'xstate';
import { widgetRefusals, type Widget, type WidgetSettings } from '@/domain/widget';
import { siteCheckRefusals, type SiteCheckAnswer } from '@/domain/widget-site-check';
import { widgetConfigFailureOf, widgetConfigMachine, type LoadedWidget, type WidgetConfigFailure } from '@/machines/widget-config';
import { coveringPaths } from './model-harness';
import { describeModelBasedTests, settleOrSend } from './model-suite';
import { flush, PromiseWorld } from './promise-world';
import {
  abstractWidgetConfig,
  CHANNEL_A,
  INVENTORY_A,
  loaded,
  PAGE,
  SITE,
  storedWidget,
  widgetConfigPathName,
  widgetConfigTestModel,
} from './widget-config-model';

function startRealActor() {
  const world = new PromiseWorld();
  const announced: Widget[] = [];
  const logic = widgetConfigMachine.provide({
    actors: {
      loadWidget: world.actor<LoadedWidget, void>('loadWidget'),
      saveWidget: world.actor<Widget, { settings: WidgetSettings }>('saveWidget'),
      checkSite: world.actor<SiteCheckAnswer, { url: string }>('checkSite'),
    },
    actions: { announceSaved: (_, widget) => void announced.push(widget) },
  });
  const actor = createActor(logic);
  actor.start();
  /** The settings on the screen when the last save was sent, and the last event the path made happen. */
  const seen = { sentFrom: null as WidgetSettings | null, last: null as EventObject | null };
  return { actor, world, announced, seen };
}
type Run = ReturnType<typeof startRealActor>;

const context = ({ actor }: Run) => actor.getSnapshot().context;
const tagsOf = ({ actor }: Run) => (['loading', 'saving', 'checking', 'failed'] as const).filter((tag) => actor.getSnapshot().hasTag(tag));
const settingsTags: Record<string, string[]> = { loading: ['loading'], loadFailed: ['failed'], saving: ['saving'], failure: ['failed'] };
const checkTags: Record<string, string[]> = { checking: ['checking'], failed: ['failed'] };
const FIELD_PATH =
  /^(enabled|channelId|inventoryId|newOrigin|allowedOrigins(\.\d+)?|look\.(color|position)|greetings\.(en|pt|es)|openingHours\.(days|start|end)|dailyCap)$/;

const stateChecks: Record<string, (run: Run) => void> = {
  widgetConfig: (run) => {
    const value = run.actor.getSnapshot().value as { settings: string; siteCheck: string };
    const expected = new Set([...(settingsTags[value.settings] ?? []), ...(checkTags[value.siteCheck] ?? [])]);
    expect(tagsOf(run)).toEqual((['loading', 'saving', 'checking', 'failed'] as const).filter((tag) => expected.has(tag)));
    const { settings, fieldErrors, channels, inventories } = context(run);
    // Only a number and an inventory offered are ever chosen.
    if (settings.channelId !== null) expect(channels.map((choice) => choice.id)).toContain(settings.channelId);
    if (settings.inventoryId !== null) expect(inventories.map((choice) => choice.id)).toContain(settings.inventoryId);
    for (const field of Object.keys(fieldErrors)) expect(field).toMatch(FIELD_PATH);
  },
  'widgetConfig.settings.loading': (run) => expect(run.world.isPending('loadWidget')).toBe(true),
  'widgetConfig.settings.loadFailed': (run) => {
    expect(run.world.isPending('loadWidget')).toBe(false);
    expect(context(run).failure?.kind).toBe('unknown');
  },
  'widgetConfig.settings.editing': (run) => {
    expect(run.world.isPending('saveWidget')).toBe(false);
    expect(context(run).failure).toBeNull();
    // Refused by the server: said at the fields it named, everything edited as it was sent.
    const failure = (run.seen.last as { error?: WidgetConfigFailure } | null)?.error;
    if (run.seen.last?.type === 'xstate.error.actor.saveWidget' && failure) {
      expect(context(run).fieldErrors).toEqual(failure.fields);
      expect(context(run).settings).toEqual(run.seen.sentFrom);
    }
    // Refused before it was sent: each of the domain's refusals at its field.
    if (run.seen.last?.type === 'SAVE') expect(Object.keys(context(run).fieldErrors).length).toBeGreaterThan(0);
  },
  // What is sent is what is edited, and it holds.
  'widgetConfig.settings.saving': (run) => {
    const sent = run.world.pendingInput('saveWidget') as { settings: WidgetSettings };
    expect(sent.settings).toEqual(context(run).settings);
    expect(abstractWidgetConfig(context(run)).refusals).toEqual([]);
    run.seen.sentFrom = context(run).settings;
  },
  'widgetConfig.settings.saved': (run) => {
    expect(context(run)).toMatchObject({ widget: storedWidget, fieldErrors: {}, failure: null });
    expect(run.announced.at(-1)).toEqual(storedWidget);
  },
  // Told above the form, everything edited kept for the retry.
  'widgetConfig.settings.failure': (run) => {
    expect(run.world.isPending('saveWidget')).toBe(false);
    expect(['refused', 'unknown']).toContain(context(run).failure?.kind);
    expect(context(run).settings).toEqual(run.seen.sentFrom);
  },
  'widgetConfig.siteCheck.idle': (run) => {
    expect(run.world.isPending('checkSite')).toBe(false);
    expect(context(run).checkAnswer).toBeNull();
  },
  'widgetConfig.siteCheck.checking': (run) => {
    expect(run.world.pendingInput('checkSite')).toEqual({ url: PAGE });
    expect(context(run)).toMatchObject({ checkAnswer: null, checkError: null });
  },
  'widgetConfig.siteCheck.found': (run) => expect(context(run).checkAnswer?.result).toBe('found'),
  'widgetConfig.siteCheck.notFound': (run) => expect(context(run).checkAnswer?.result).toBe('not_found'),
  'widgetConfig.siteCheck.unreachable': (run) => expect(context(run).checkAnswer?.result).toBe('unreachable'),
  'widgetConfig.siteCheck.failed': (run) => {
    expect(run.world.isPending('checkSite')).toBe(false);
    expect(context(run)).toMatchObject({ checkAnswer: null, checkError: null, checkUrl: PAGE });
  },
};

const model = widgetConfigTestModel();

describeModelBasedTests<Run>({
  name: 'widget-config',
  machine: widgetConfigMachine,
  model,
  paths: coveringPaths(widgetConfigMachine, model),
  start: startRealActor,
  perform: async (run, event) => {
    run.seen.last = event;
    await settleOrSend(run, event);
  },
  stateChecks,
  pathName: widgetConfigPathName,
  contextOf: abstractWidgetConfig as never,
});

async function started() {
  const run = startRealActor();
  run.world.settle({ type: 'xstate.done.actor.loadWidget', output: loaded } as never);
  await flush();
  return run;
}
const settle = async (run: Run, event: { type: string; output?: unknown; error?: unknown }) => {
  expect(run.world.settle(event as never)).toBe(true);
  await flush();
};
const settingsState = (run: Run) => (run.actor.getSnapshot().value as { settings: string }).settings;
const checkState = (run: Run) => (run.actor.getSnapshot().value as { siteCheck: string }).siteCheck;

describe('widget-config machine, beyond the model', () => {
  it("shows the domain's refusals at their fields before anything is sent, and clears each as it changes", async () => {
    const run = await started();
    run.actor.send({ type: 'SET_ENABLED', enabled: true });
    run.actor.send({ type: 'SET_COLOR', color: 'red' });
    run.actor.send({ type: 'SAVE' });
    expect(run.world.isPending('saveWidget')).toBe(false);
    expect(context(run).fieldErrors).toEqual({
      channelId: widgetRefusals.channelMissing.id,
      allowedOrigins: widgetRefusals.originsMissing.id,
      'look.color': widgetRefusals.colorInvalid.id,
    });
    run.actor.send({ type: 'CHOOSE_CHANNEL', channelId: CHANNEL_A });
    run.actor.send({ type: 'SET_COLOR', color: '#123456' });
    expect(Object.keys(context(run).fieldErrors)).toEqual(['allowedOrigins']);
    run.actor.send({ type: 'ADD_ORIGIN', origin: 'HTTPS://Loja.Example/' });
    expect(context(run).settings.allowedOrigins).toEqual([SITE]);
    expect(context(run).fieldErrors).toEqual({});
    run.actor.send({ type: 'SAVE' });
    expect(settingsState(run)).toBe('saving');
  });

  it('refuses a site that is not one, one listed already, and an eleventh, at the new site’s field', async () => {
    const run = await started();
    run.actor.send({ type: 'ADD_ORIGIN', origin: 'http://loja.example' });
    expect(context(run).fieldErrors).toEqual({ newOrigin: widgetRefusals.originInvalid.id });
    run.actor.send({ type: 'ADD_ORIGIN', origin: SITE });
    expect(context(run).fieldErrors).toEqual({});
    run.actor.send({ type: 'ADD_ORIGIN', origin: `${SITE}/` });
    expect(context(run).fieldErrors).toEqual({ newOrigin: widgetRefusals.originDuplicate.id });
    for (let i = 2; i <= 10; i++) run.actor.send({ type: 'ADD_ORIGIN', origin: `https://site${i}.example` });
    expect(context(run).settings.allowedOrigins).toHaveLength(10);
    run.actor.send({ type: 'ADD_ORIGIN', origin: 'https://site11.example' });
    expect(context(run).fieldErrors).toEqual({ newOrigin: widgetRefusals.tooManyOrigins.id });
    run.actor.send({ type: 'REMOVE_ORIGIN', index: 0 });
    expect(context(run).settings.allowedOrigins[0]).toBe('https://site2.example');
  });

  it("shows the server's refusal at its fields with every edit kept; a failure keeps them for the retry", async () => {
    const run = await started();
    run.actor.send({ type: 'SET_ENABLED', enabled: true });
    run.actor.send({ type: 'CHOOSE_CHANNEL', channelId: CHANNEL_A });
    run.actor.send({ type: 'CHOOSE_INVENTORY', inventoryId: INVENTORY_A });
    run.actor.send({ type: 'ADD_ORIGIN', origin: SITE });
    run.actor.send({ type: 'SET_GREETING', lang: 'es', text: '¡Hola!' });
    run.actor.send({ type: 'SAVE' });
    const edited = context(run).settings;
    await settle(run, {
      type: 'xstate.error.actor.saveWidget',
      error: { kind: 'refused', fields: { inventoryId: widgetRefusals.inventoryUnknown.id } },
    });
    expect(settingsState(run)).toBe('editing');
    expect(context(run)).toMatchObject({ settings: edited, fieldErrors: { inventoryId: widgetRefusals.inventoryUnknown.id } });
    run.actor.send({ type: 'CHOOSE_INVENTORY', inventoryId: null });
    expect(context(run).fieldErrors).toEqual({});

    run.actor.send({ type: 'SAVE' });
    const sent = context(run).settings;
    await settle(run, { type: 'xstate.error.actor.saveWidget', error: new Error('offline') });
    expect(settingsState(run)).toBe('failure');
    expect(context(run).settings).toEqual(sent);
    run.actor.send({ type: 'RETRY' });
    expect(run.world.pendingInput('saveWidget')).toEqual({ settings: sent });
    await settle(run, { type: 'xstate.done.actor.saveWidget', output: storedWidget });
    expect(settingsState(run)).toBe('saved');
    expect(run.announced).toEqual([storedWidget]);
  });

  it('loads again after a failed load', async () => {
    const run = startRealActor();
    await settle(run, { type: 'xstate.error.actor.loadWidget', error: new Error('offline') });
    expect(settingsState(run)).toBe('loadFailed');
    run.actor.send({ type: 'RETRY' });
    expect(run.world.calls.filter((call) => call.src === 'loadWidget')).toHaveLength(2);
  });

  it('checks a page while the settings are edited; an address the server refuses shows at its field; a failed check is retried', async () => {
    const run = await started();
    run.actor.send({ type: 'CHECK_SITE', url: 'ftp://loja.example' });
    expect(context(run).checkError).toBe(siteCheckRefusals.urlInvalid.id);
    run.actor.send({ type: 'CHECK_SITE', url: ` ${PAGE} ` });
    expect(run.world.pendingInput('checkSite')).toEqual({ url: PAGE });
    run.actor.send({ type: 'SET_FILTER', enabled: false });
    expect(context(run).settings.filterEnabled).toBe(false);
    await settle(run, {
      type: 'xstate.error.actor.checkSite',
      error: { kind: 'refused', fields: { url: siteCheckRefusals.notListed.id } },
    });
    expect(checkState(run)).toBe('idle');
    expect(context(run).checkError).toBe(siteCheckRefusals.notListed.id);

    run.actor.send({ type: 'CHECK_SITE', url: PAGE });
    await settle(run, { type: 'xstate.error.actor.checkSite', error: new Error('offline') });
    expect(checkState(run)).toBe('failed');
    run.actor.send({ type: 'RETRY_CHECK' });
    await settle(run, { type: 'xstate.done.actor.checkSite', output: { result: 'found', url: PAGE, status: 200 } });
    expect(checkState(run)).toBe('found');
  });

  it('reads anything thrown that is not one of its failures as unknown', () => {
    const refused: WidgetConfigFailure = { kind: 'refused', fields: { channelId: widgetRefusals.channelUnknown.id } };
    expect(widgetConfigFailureOf(refused)).toBe(refused);
    expect(widgetConfigFailureOf(new Error('boom'))).toEqual({ kind: 'unknown' });
  });
});
