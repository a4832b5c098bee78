// The recovery-flow machine's model-based test through the real UI: a few walks chained from the paths
// of tests/model/recovery-flow-model.ts (derived from the production machine; fixtures/chained-walks.ts)
// on the 'Recovery flow' card of /en/checkouts in Chromium, against the real server, the Auth
// emulator and the e2e server's loopback WhatsApp Cloud API. The model's world is made real: one inventory (its name only) and two
// numbers of this spec's own (e2e-peers.ts: a number connects once across all accounts), A with the
// ready-made cart reminders and B with `aviso`, a template of its own, submitted through the API and
// approved by the fixture's review; NUMBER_GONE is no number of the account's. A walk starts from the
// flow stored before the card loads it: the ready-made one (stored as it is: the server answers it
// exactly as for an inventory that never saved one) or the model's saved flow (on, from A).
// The card's load (GET …/recovery-flow; the channels and templates it also reads go through) and
// save (PUT) are held while the card shows them in flight, then let through, sent for an inventory
// nobody has (the real 404, as if it was removed meanwhile), a save sent with a number not connected
// (the real 422 at fields, as if the number was removed meanwhile), or dropped. A refusal without
// fields no world here makes: the server's always name theirs.
// Each model event is a gesture of the merchant's, and the screen is checked against the production
// machine run on what the view sent and the server answered: each step must take the model step's
// transition and reach its state. Where the model's sample is one the screen cannot make, the
// gesture is the nearest that takes the same transition: a delay under 15 minutes ('Sent' offers 15
// minutes to 7 days) is one out of order with the others, refused too; a variable the reminder does
// not show (`code`) is one it shows, given the same source; a time that is none (25:00) is the time
// field emptied. A gesture may send more than one event (150 % off: the box ticked, then 150 typed;
// quiet hours: the box, then the times). Edits the machine ignores (a number not connected, a
// reminder the flow has not, a fourth one, the only one removed, a template the number does not
// offer) are not sent: the screen is shown not to offer them. Steps needing a gesture the screen has
// not (a negative minimum: the field reads no '-'; an edit to the value shown; a template while the
// number offers none) are never chained: the last test proves the walks run still reach every state
// and take every transition. One merchant, one inventory, one page.
import { expect, test, type Locator, type Page, type Route } from '@playwright/test';
import { getNextSnapshot, initialTransition, type EventObject, type SnapshotFrom } from 'xstate';
import {
  clockMinutes,
  DEFAULT_DISCOUNT_EXPIRY_HOURS,
  DEFAULT_QUIET_HOURS,
  defaultRecoveryFlow,
  defaultRecoveryValueSource,
  enabledAtAfterSave,
  recoveryFlowRefusals,
  type QuietHours,
  type RecoveryFlow,
  type RecoveryValueSource,
} from '@/domain/checkout-recovery';
import type { Channel } from '@/domain/channel';
import { templateVariables, type TemplateAccount, type TemplateDraft } from '@/domain/message-template';
import { readyMadeTemplate } from '@/domain/ready-made-templates';
import {
  localRefusalsOf,
  offeredTemplate,
  recoveryFlowMachine,
  type RecoveryFlowEvent,
  type RecoveryFlowFailure,
  type RecoveryNumberChoice,
} from '@/machines/recovery-flow';
import { coverageOf, describeCoverage, eachEvent, testPath, type ModelPath, type ModelStep } from '../model/model-harness';
import {
  INVENTORY_ID,
  NUMBER_A,
  NUMBER_B,
  NUMBER_GONE,
  recoveryFlowPathName,
  recoveryFlowTestModel,
  savedFlow,
} from '../model/recovery-flow-model';
import { chainedWalks, labelsOf, type Follower } from './fixtures/chained-walks';
import { e2ePeers } from './fixtures/e2e-peers';
import { signInDirectly } from './fixtures/emulator-users';
import { HeldRoutes } from './fixtures/held-routes';
import { merchantApi, newMerchant, type Merchant } from './fixtures/merchant-api';

type FlowSnapshot = SnapshotFrom<typeof recoveryFlowMachine>;
type FlowContext = FlowSnapshot['context'];
type ModelEvent = EventObject & Record<string, unknown>;

const machine = recoveryFlowMachine;
const model = recoveryFlowTestModel();
const eventsOf = (path: ModelPath) => path.steps.map((step) => step.event as ModelEvent);

// ---- The world's numbers and templates. ----

const CART_REMINDERS = ['cart_reminder_1', 'cart_reminder_2', 'cart_reminder_3'] as const;
/** B's own template: no variable, in Portuguese. */
const AVISO: TemplateDraft = {
  name: 'aviso',
  category: 'UTILITY',
  languages: {
    pt_BR: {
      header: { type: 'none' },
      body: 'Seu carrinho continua salvo na loja. Responda esta mensagem se precisar de ajuda para terminar o pedido.',
      footer: '',
      buttons: [],
      examples: {},
    },
  },
};
const variablesOf = (contents: Parameters<typeof templateVariables>[0][]) => [...new Set(contents.flatMap(templateVariables))];

/** The ids the world gives the model's: the inventory, numbers A and B. */
type Ids = { inventoryId: string; a: string; b: string };
const modelIds: Ids = { inventoryId: INVENTORY_ID, a: NUMBER_A, b: NUMBER_B };
/** The model's world, to plan the paths before the real one exists: A offers the cart reminders, B `aviso`. */
const plannedNumbers: RecoveryNumberChoice[] = [
  {
    channelId: NUMBER_A,
    displayPhoneNumber: 'A',
    verifiedName: 'A',
    templates: CART_REMINDERS.map((key) => readyMadeTemplate(key).draft).map((draft) => ({
      name: draft.name,
      variables: variablesOf(Object.values(draft.languages)),
    })),
  },
  { channelId: NUMBER_B, displayPhoneNumber: 'B', verifiedName: 'B', templates: [{ name: AVISO.name, variables: [] }] },
];

/** Where a path starts: the ready-made flow (off), or the model's saved flow (on, from A). */
type Start = 'ready-made' | 'saved';
function startOf(path: ModelPath): Start {
  const loaded = path.steps.find((step) => step.event.type === 'xstate.done.actor.loadRecoveryFlow')?.event as
    (ModelEvent & { output: { flow: RecoveryFlow } }) | undefined;
  return loaded?.output.flow.enabled ? 'saved' : 'ready-made';
}
/** The flow the world stores before the page loads it. */
const startFlow = (start: Start, ids: Ids): RecoveryFlow =>
  start === 'saved' ? { ...structuredClone(savedFlow), enabledAt: null, channelId: ids.a } : defaultRecoveryFlow();

/** The flow as the server stores it, to plan with (a run reads the server's answer): the moment switched on, obvious sources filled in. */
function storedAs(flow: RecoveryFlow, previous: RecoveryFlow | null, numbers: RecoveryNumberChoice[]): RecoveryFlow {
  const stored = structuredClone(flow);
  stored.enabledAt = enabledAtAfterSave(previous, flow.enabled, new Date('2025-06-01T12:00:00.000Z'));
  const number = numbers.find((each) => each.channelId === flow.channelId);
  for (const step of stored.steps) {
    const template = number?.templates.find((each) => each.name === step.templateName);
    for (const variable of template?.variables ?? []) {
      const source = defaultRecoveryValueSource(variable);
      if (!step.variables[variable] && source) step.variables[variable] = source;
    }
  }
  return stored;
}

// ---- The transitions a snapshot takes (the harness's labels). ----

const labels = labelsOf(machine);
const transitionsOf = (snapshot: FlowSnapshot, event: EventObject) =>
  machine.getTransitionData(snapshot, event as never).map((transition) => labels.get(transition) ?? '?');
const ignoring = new Set(model.transitions.filter((transition) => transition.guard === 'isIgnored').map((transition) => transition.id));
const isIgnored = (snapshot: FlowSnapshot, event: EventObject) => {
  const taken = transitionsOf(snapshot, event);
  return taken.length === 1 && ignoring.has(taken[0]!);
};

// ---- What the world answers. ----

type Call = 'load' | 'save';
/** How a held call is answered: let through, sent for an inventory nobody has (404), dropped, or a save sent with a number not connected. */
type How = 'through' | 'gone' | 'dropped' | 'otherNumber';
const callOf = (event: EventObject): Call | null =>
  event.type.endsWith('.actor.loadRecoveryFlow') ? 'load' : event.type.endsWith('.actor.saveRecoveryFlow') ? 'save' : null;
function howOf(event: ModelEvent): How | null {
  if (event.type.startsWith('xstate.done.')) return 'through';
  const failure = event.error as RecoveryFlowFailure;
  if (failure.kind === 'not_found') return 'gone';
  if (failure.kind === 'unknown') return 'dropped';
  return callOf(event) === 'save' && Object.keys(failure.fields ?? {}).length > 0 ? 'otherNumber' : null;
}
const answerType = (call: Call, outcome: 'done' | 'error') =>
  `xstate.${outcome}.actor.${call === 'load' ? 'loadRecoveryFlow' : 'saveRecoveryFlow'}`;
const failedAnswer = (call: Call, error: RecoveryFlowFailure) => ({ type: answerType(call, 'error'), error });

/** The answer as the world is expected to make it (a run hears the one the server made). */
function expectedAnswer(call: Call, how: How, snapshot: FlowSnapshot, way: Way): EventObject {
  if (how === 'gone') return failedAnswer(call, { kind: 'not_found' });
  if (how === 'dropped') return failedAnswer(call, { kind: 'unknown' });
  if (how === 'otherNumber') return failedAnswer(call, { kind: 'refused', fields: { channelId: recoveryFlowRefusals.channelUnknown.id } });
  const { context } = snapshot;
  const output =
    call === 'load'
      ? { flow: storedAs(startFlow(way.start, way.ids), null, way.numbers), numbers: way.numbers }
      : storedAs(context.flow, context.stored, way.numbers);
  return { type: answerType(call, 'done'), output } as EventObject;
}

// ---- The merchant's gestures. ----

/** The delays the 'Sent' select offers (15 minutes to 7 days), besides the reminder's own. */
const OFFERED_DELAYS = [15, 30, 60, 120, 240, 720, 1_440, 2_880, 4_320, 7_200, 10_080];
const offeredDelays = (current: number) => [...new Set([...OFFERED_DELAYS, current])].sort((a, b) => a - b);
const isDelayField = (field: string) => /^steps\.\d+\.delayMinutes$/.test(field);

type Gesture =
  | { kind: 'switch'; enabled: boolean }
  | { kind: 'number'; channelId: string | null }
  | { kind: 'delay'; index: number; minutes: number }
  | { kind: 'template'; index: number; name: string | null }
  | { kind: 'source'; index: number; variable: string; source: RecoveryValueSource | null }
  /** The discount box ticked and the percentage typed; null: the box unticked. */
  | { kind: 'discount'; index: number; value: number | null }
  | { kind: 'addStep' }
  | { kind: 'removeStep'; index: number }
  | { kind: 'minimum'; minor: number }
  /** The quiet-hours box ticked and the times typed; null: the box unticked. */
  | { kind: 'quietHours'; hours: QuietHours | null }
  | { kind: 'save' }
  | { kind: 'retry' }
  /** An edit the machine ignores here: the screen does not offer it. */
  | { kind: 'notOffered'; event: RecoveryFlowEvent }
  | { kind: 'answer'; call: Call; how: How };

/** The variables a reminder shows a select for: its template's, else those it maps. */
const shownVariables = (context: FlowContext, index: number) => {
  const step = context.flow.steps[index]!;
  return offeredTemplate(context, step.templateName)?.variables ?? Object.keys(step.variables);
};
/** The templates of the chosen number (the 'Template' select is disabled without any). */
const offeredTemplates = (context: FlowContext) =>
  context.numbers.find((number) => number.channelId === context.flow.channelId)?.templates ?? [];
const withIds = (event: ModelEvent, ids: Ids): ModelEvent =>
  event.type === 'CHOOSE_NUMBER'
    ? { ...event, channelId: event.channelId === NUMBER_A ? ids.a : event.channelId === NUMBER_B ? ids.b : event.channelId }
    : event;

/** The gestures that may make the model's event here, the closest first. */
function gesturesFor(snapshot: FlowSnapshot, event: ModelEvent): Gesture[] {
  const call = callOf(event);
  if (call) {
    const how = howOf(event);
    return how ? [{ kind: 'answer', call, how }] : [];
  }
  if (event.type === 'SAVE') return [{ kind: 'save' }];
  if (event.type === 'RETRY') return [{ kind: 'retry' }];
  if (isIgnored(snapshot, event)) return [{ kind: 'notOffered', event: event as RecoveryFlowEvent }];
  const { context } = snapshot;
  const { flow } = context;
  const edit = event as RecoveryFlowEvent;
  const step = 'index' in edit ? flow.steps[edit.index]! : undefined;
  switch (edit.type) {
    case 'SWITCH':
      return flow.enabled === edit.enabled ? [] : [{ kind: 'switch', enabled: edit.enabled }];
    case 'CHOOSE_NUMBER':
      return flow.channelId === edit.channelId ? [] : [{ kind: 'number', channelId: edit.channelId }];
    case 'SET_STEP_DELAY': {
      const offered = offeredDelays(step!.delayMinutes).filter((minutes) => minutes !== step!.delayMinutes);
      if (offered.includes(edit.delayMinutes)) return [{ kind: 'delay', index: edit.index, minutes: edit.delayMinutes }];
      // Not offered (under 15 minutes): one offered that the refusals refuse too, out of order with the others.
      const refused = (minutes: number) => {
        const steps = flow.steps.map((each, at) => (at === edit.index ? { ...each, delayMinutes: minutes } : each));
        return Object.keys(localRefusalsOf({ ...flow, steps })).some(isDelayField);
      };
      return offered.filter(refused).map((minutes) => ({ kind: 'delay', index: edit.index, minutes }));
    }
    case 'CHOOSE_STEP_TEMPLATE':
      return offeredTemplates(context).length === 0 || step!.templateName === edit.templateName
        ? []
        : [{ kind: 'template', index: edit.index, name: edit.templateName }];
    case 'CHOOSE_STEP_SOURCE': {
      // The model's variable if the reminder shows it, else another it shows, given the same source.
      const shown = shownVariables(context, edit.index);
      const variables = [
        ...shown.filter((variable) => variable === edit.variable),
        ...shown.filter((variable) => variable !== edit.variable),
      ];
      return variables
        .filter((variable) => (step!.variables[variable] ?? null) !== edit.source)
        .map((variable) => ({ kind: 'source', index: edit.index, variable, source: edit.source }));
    }
    case 'SET_STEP_DISCOUNT': {
      // The box offers a percentage lasting the default time; the value is typed.
      const { discount } = edit;
      if (discount.kind !== 'percentage' || discount.expiresInHours !== DEFAULT_DISCOUNT_EXPIRY_HOURS) return [];
      const current = step!.discount;
      if (current && (current.kind !== 'percentage' || current.expiresInHours !== discount.expiresInHours)) return [];
      return current?.value === discount.value ? [] : [{ kind: 'discount', index: edit.index, value: discount.value }];
    }
    case 'CLEAR_STEP_DISCOUNT':
      return step!.discount ? [{ kind: 'discount', index: edit.index, value: null }] : [];
    case 'ADD_STEP':
      return [{ kind: 'addStep' }];
    case 'REMOVE_STEP':
      return [{ kind: 'removeStep', index: edit.index }];
    case 'SET_MINIMUM': {
      const minor = edit.minimumCartMinor;
      return minor < 0 || !Number.isInteger(minor) || minor === flow.minimumCartMinor ? [] : [{ kind: 'minimum', minor }];
    }
    case 'SET_QUIET_HOURS': {
      // A time field holds a time or nothing: a time that is none is the field emptied.
      const typed = (text: string) => (clockMinutes(text) === null ? '' : text);
      const hours = { start: typed(edit.quietHours.start), end: typed(edit.quietHours.end) };
      return flow.quietHours?.start === hours.start && flow.quietHours.end === hours.end ? [] : [{ kind: 'quietHours', hours }];
    }
    case 'CLEAR_QUIET_HOURS':
      return flow.quietHours ? [{ kind: 'quietHours', hours: null }] : [];
  }
  return [];
}

/** What the view sends for a gesture, in order. */
function sentBy(gesture: Gesture, { flow }: FlowContext): RecoveryFlowEvent[] {
  switch (gesture.kind) {
    case 'switch':
      return [{ type: 'SWITCH', enabled: gesture.enabled }];
    case 'number':
      return [{ type: 'CHOOSE_NUMBER', channelId: gesture.channelId }];
    case 'delay':
      return [{ type: 'SET_STEP_DELAY', index: gesture.index, delayMinutes: gesture.minutes }];
    case 'template':
      return [{ type: 'CHOOSE_STEP_TEMPLATE', index: gesture.index, templateName: gesture.name }];
    case 'source':
      return [{ type: 'CHOOSE_STEP_SOURCE', index: gesture.index, variable: gesture.variable, source: gesture.source }];
    case 'discount': {
      const { index, value } = gesture;
      if (value === null) return [{ type: 'CLEAR_STEP_DISCOUNT', index }];
      const offered = { kind: 'percentage' as const, value: 10, expiresInHours: DEFAULT_DISCOUNT_EXPIRY_HOURS };
      const current = flow.steps[index]!.discount;
      const events: RecoveryFlowEvent[] = current ? [] : [{ type: 'SET_STEP_DISCOUNT', index, discount: offered }];
      if ((current ?? offered).value !== value)
        events.push({ type: 'SET_STEP_DISCOUNT', index, discount: { ...(current ?? offered), value } });
      return events;
    }
    case 'addStep':
      return [{ type: 'ADD_STEP' }];
    case 'removeStep':
      return [{ type: 'REMOVE_STEP', index: gesture.index }];
    case 'minimum':
      return [{ type: 'SET_MINIMUM', minimumCartMinor: gesture.minor }];
    case 'quietHours': {
      if (gesture.hours === null) return [{ type: 'CLEAR_QUIET_HOURS' }];
      const events: RecoveryFlowEvent[] = [];
      let shown = flow.quietHours;
      if (!shown) events.push({ type: 'SET_QUIET_HOURS', quietHours: (shown = { ...DEFAULT_QUIET_HOURS }) });
      if (shown.start !== gesture.hours.start)
        events.push({ type: 'SET_QUIET_HOURS', quietHours: (shown = { ...shown, start: gesture.hours.start }) });
      if (shown.end !== gesture.hours.end) events.push({ type: 'SET_QUIET_HOURS', quietHours: { ...shown, end: gesture.hours.end } });
      return events;
    }
    case 'save':
      return [{ type: 'SAVE' }];
    case 'retry':
      return [{ type: 'RETRY' }];
    case 'notOffered':
      return [gesture.event];
    case 'answer':
      throw new Error('An answer is the server’s to make');
  }
}

/** The machine on events: the snapshot after them and the transitions taken. */
function follow(snapshot: FlowSnapshot, events: EventObject[]) {
  const taken: string[] = [];
  for (const event of events) {
    taken.push(...transitionsOf(snapshot, event));
    snapshot = getNextSnapshot(machine, snapshot, event as never);
  }
  return { after: snapshot, taken };
}

/** Whether it is the model step: its transitions (a gesture of several events adds edits of the same kind) and its state. */
function takesStep(step: ModelStep, taken: string[], after: FlowSnapshot) {
  const sameKind = new RegExp(`^recoveryFlow\\.editing \\| ${step.event.type} \\| `);
  return (
    step.transitions.every((label) => taken.includes(label)) &&
    taken.every((label) => step.transitions.includes(label) || sameKind.test(label)) &&
    JSON.stringify(after.value) === JSON.stringify(step.state.value)
  );
}

/** What a path runs in: its start, the ids of the world, the numbers the screen offers. */
type Way = { start: Start; ids: Ids; numbers: RecoveryNumberChoice[] };

/** The first gesture that takes the model step from here, with the events it makes (an answer's: as expected). */
function gestureFor(snapshot: FlowSnapshot, step: ModelStep, way: Way) {
  for (const gesture of gesturesFor(snapshot, withIds(step.event as ModelEvent, way.ids))) {
    const events =
      gesture.kind === 'answer' ? [expectedAnswer(gesture.call, gesture.how, snapshot, way)] : sentBy(gesture, snapshot.context);
    const { after, taken } = follow(snapshot, events);
    if (takesStep(step, taken, after)) return { gesture, events };
  }
  return null;
}

/** How the screen and the world here follow a walk, in the model's world: where the machine stands on what they make, and the way. */
type Followed = { snapshot: FlowSnapshot; way: Way };
const follower: Follower<Followed> = {
  start: () => ({
    snapshot: initialTransition(machine, { inventoryId: INVENTORY_ID })[0],
    way: { start: 'ready-made', ids: modelIds, numbers: plannedNumbers },
  }),
  step: ({ snapshot, way }, step) => {
    // The flow loaded is the one the world stored before the page loaded it.
    const here: Way =
      step.event.type === 'xstate.done.actor.loadRecoveryFlow' ? { ...way, start: startOf({ initial: snapshot, steps: [step] }) } : way;
    const found = gestureFor(snapshot, step, here);
    return found ? { snapshot: follow(snapshot, found.events).after, way: here } : null;
  },
};

// A few walks chained from the model's paths that the screen and the world can follow, reaching every state and taking every transition.
const paths = chainedWalks(machine, model, model.paths, follower);
const passed: ModelPath[] = [];

// ---- The screen. ----

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const messageOf = (id: string) => Object.values(recoveryFlowRefusals).find((refusal) => refusal.id === id)?.message ?? id;

const card = (p: Page) => p.getByRole('main').getByRole('heading', { name: 'Recovery flow', exact: true }).locator('xpath=..');
const combo = (within: Locator, name: string) => within.getByRole('combobox', { name, exact: true });
const switchName = 'Remind shoppers who leave a checkout';
const onSwitch = (p: Page) => card(p).getByRole('switch', { name: switchName });
/** The flow's form (the card may hold others below it, such as a test send's). */
const form = (p: Page) =>
  card(p)
    .locator('form')
    .filter({ has: p.getByRole('switch', { name: switchName }) });
const numberSelect = (p: Page) => combo(form(p), 'WhatsApp number');
const reminders = (p: Page) => form(p).getByRole('region', { name: /^Reminder \d+$/ });
const reminder = (p: Page, index: number) => form(p).getByRole('region', { name: `Reminder ${index + 1}`, exact: true });
const discountBox = (p: Page, index: number) => reminder(p, index).getByRole('checkbox', { name: 'Offer a discount code' });
const percentage = (p: Page, index: number) => reminder(p, index).getByRole('textbox', { name: 'Percentage off', exact: true });
const minimum = (p: Page) => form(p).getByRole('textbox', { name: 'Minimum cart value, in the store’s currency' });
const quietBox = (p: Page) => form(p).getByRole('checkbox', { name: 'Quiet hours', exact: true });
const from = (p: Page) => form(p).getByLabel('From', { exact: true });
const until = (p: Page) => form(p).getByLabel('Until', { exact: true });
const submit = (p: Page) => form(p).locator('button[type=submit]');
const addButton = (p: Page) => form(p).getByRole('button', { name: 'Add a reminder', exact: true });
/** 'Try again' after a failed load (in the card) or a failed save (in the form). */
const tryAgain = (p: Page) => card(p).getByRole('button', { name: 'Try again', exact: true });
const optionValues = (select: Locator, which = 'option') =>
  select.locator(which).evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value));

/** The control a refusal's field path names. */
function controlAt(p: Page, field: string): Locator {
  if (field === 'channelId') return numberSelect(p);
  if (field === 'minimumCartMinor') return minimum(p);
  if (field === 'quietHours.start') return from(p);
  if (field === 'quietHours.end') return until(p);
  const [, at, rest] = /^steps\.(\d+)\.(.+)$/.exec(field) ?? [];
  if (at === undefined || rest === undefined) throw new Error(`No field on the screen for ${field}`);
  const shown = reminder(p, Number(at));
  if (rest === 'delayMinutes') return combo(shown, 'Sent');
  if (rest === 'templateName') return combo(shown, 'Template');
  if (rest.startsWith('variables.')) return combo(shown, `{{${rest.slice('variables.'.length)}}}`);
  if (rest === 'discount.value') return percentage(p, Number(at));
  if (rest === 'discount.expiresInHours') return combo(shown, 'The code lasts');
  throw new Error(`No field on the screen for ${field}`);
}

type World = {
  page: Page;
  way: Way;
  /** The production machine on what the view sent and the server answered: what the screen must show. */
  snapshot: FlowSnapshot;
  loads: HeldRoutes;
  saves: HeldRoutes;
  /** The load or save the screen shows in flight, once seen. */
  load: Route | null;
  save: Route | null;
  /** Saves the page sent before the last Save was pressed. */
  savesBefore: number;
  lastGesture: Gesture | null;
};

/** What the state looks like on the screen, with the draft the merchant sees, and what was sent. */
async function expectScreen(world: World) {
  const { page: p, snapshot } = world;
  const { context } = snapshot;
  const value = JSON.stringify(snapshot.value);
  // Every failure here is one the card explains: never the generic toast beside it.
  await expect(p.getByText('An unknown error occurred.')).toHaveCount(0);
  if (snapshot.hasTag('loading')) {
    await expect(card(p).getByRole('status').filter({ hasText: 'Loading the recovery flow' })).toBeAttached();
    await expect(onSwitch(p)).toHaveCount(0);
    // What is asked: this inventory's flow.
    world.load ??= await world.loads.next();
    expect(new URL(world.load.request().url()).pathname).toBe(`/api/v1/inventories/${world.way.ids.inventoryId}/recovery-flow`);
    return;
  }
  if (snapshot.matches('loadFailed')) {
    const said = context.failure?.kind === 'not_found' ? 'This inventory no longer exists.' : 'The recovery flow could not be loaded.';
    await expect(card(p).getByRole('alert')).toHaveText(said);
    await expect(tryAgain(p)).toBeEnabled();
    await expect(onSwitch(p)).toHaveCount(0);
    return;
  }
  expect(value, 'a state of the form').toMatch(/^\{"editing":|^"saving"$/);
  await expectForm(world);
  if (snapshot.hasTag('saving')) {
    // What is sent: the draft as it stands, to this inventory (a retry: the same draft again).
    world.save ??= await world.saves.next();
    expect(new URL(world.save.request().url()).pathname).toBe(`/api/v1/inventories/${world.way.ids.inventoryId}/recovery-flow`);
    expect(world.save.request().postDataJSON()).toEqual(JSON.parse(JSON.stringify(context.flow)));
  }
  // Refused here: nothing was sent.
  if (snapshot.hasTag('refused') && world.lastGesture?.kind === 'save') expect(savesSent).toBe(world.savesBefore);
  // Saved: the flow as the server holds it.
  if (snapshot.hasTag('saved')) expect(await call<RecoveryFlow>('GET', flowPath())).toEqual(context.stored);
}

async function expectForm({ page: p, snapshot }: World) {
  const { context } = snapshot;
  const { flow, numbers, fields, stored } = context;
  const saving = snapshot.hasTag('saving');
  const shownForm = form(p);
  await expect(onSwitch(p)).toBeChecked({ checked: flow.enabled });
  await expect(onSwitch(p)).toBeEnabled({ enabled: !saving });
  await expect(shownForm.getByText(/^On since .+: checkouts left before then are never messaged\.$/)).toHaveCount(stored?.enabled ? 1 : 0);

  // The numbers connected, and only they.
  await expect(numberSelect(p)).toHaveValue(flow.channelId ?? '');
  await expect(numberSelect(p)).toBeEnabled({ enabled: !saving });
  await expect(numberSelect(p).locator('option')).toHaveText([
    'Choose a number',
    ...numbers.map((number) => `${number.displayPhoneNumber} (${number.verifiedName})`),
  ]);
  expect(await optionValues(numberSelect(p))).toEqual(['', ...numbers.map((number) => number.channelId)]);

  // One region per reminder, each as the draft has it; its templates the chosen number's.
  await expect(reminders(p)).toHaveCount(flow.steps.length);
  const offered = offeredTemplates(context).map((template) => template.name);
  for (const [index, step] of flow.steps.entries()) {
    const shown = reminder(p, index);
    const sent = combo(shown, 'Sent');
    await expect(sent).toHaveValue(String(step.delayMinutes));
    expect(await optionValues(sent)).toEqual(offeredDelays(step.delayMinutes).map(String));
    const template = combo(shown, 'Template');
    await expect(template).toHaveValue(step.templateName ?? '');
    await expect(template).toBeEnabled({ enabled: !saving && offered.length > 0 });
    expect(await optionValues(template, 'option:not([disabled])')).toEqual(['', ...offered]);
    const variables = shownVariables(context, index);
    await expect(shown.getByRole('combobox', { name: /^\{\{.+\}\}$/ })).toHaveCount(variables.length);
    for (const variable of variables) await expect(combo(shown, `{{${variable}}}`)).toHaveValue(step.variables[variable] ?? '');
    await expect(discountBox(p, index)).toBeChecked({ checked: step.discount !== null });
    await expect(percentage(p, index)).toHaveCount(step.discount ? 1 : 0);
    if (step.discount) {
      await expect(percentage(p, index)).toHaveValue(String(step.discount.value));
      await expect(combo(shown, 'The code lasts')).toHaveValue(String(step.discount.expiresInHours));
    }
    await expect(shown.getByRole('button', { name: `Remove reminder ${index + 1}`, exact: true })).toHaveCount(
      flow.steps.length > 1 ? 1 : 0,
    );
  }
  await expect(addButton(p)).toHaveCount(flow.steps.length < 3 ? 1 : 0);
  await expect(minimum(p)).toHaveValue(String(flow.minimumCartMinor / 100));
  await expect(quietBox(p)).toBeChecked({ checked: flow.quietHours !== null });
  await expect(from(p)).toHaveCount(flow.quietHours ? 1 : 0);
  if (flow.quietHours) {
    await expect(from(p)).toHaveValue(flow.quietHours.start);
    await expect(until(p)).toHaveValue(flow.quietHours.end);
  }

  // Each refusal at its field, in English; no field marked otherwise.
  for (const [field, id] of Object.entries(fields)) {
    const control = controlAt(p, field);
    await expect(control).toHaveAttribute('aria-invalid', 'true');
    await expect(control).toHaveAccessibleDescription(new RegExp(escaped(messageOf(id))));
  }
  await expect(shownForm.locator('[aria-invalid=true]')).toHaveCount(Object.keys(fields).length);
  const refusedNotice = 'Some choices need another look before the flow can be saved: see the messages below.';
  await expect(shownForm.getByText(refusedNotice)).toHaveCount(snapshot.hasTag('refused') ? 1 : 0);

  // Save: busy while saving, 'Saved' once saved; a failed save told above the form, with a retry.
  await expect(submit(p)).toHaveText(snapshot.hasTag('saved') ? 'Saved' : 'Save the recovery flow');
  if (saving) {
    await expect(submit(p)).toHaveAttribute('aria-busy', 'true');
    await expect(submit(p)).toBeDisabled();
  } else {
    await expect(submit(p)).not.toHaveAttribute('aria-busy');
    await expect(submit(p)).toBeEnabled();
  }
  const failedSave = snapshot.matches({ editing: 'saveFailed' });
  const failure =
    context.failure?.kind === 'not_found'
      ? 'This inventory no longer exists.'
      : 'The recovery flow could not be saved. Check your connection and try again.';
  await expect(shownForm.getByRole('alert').filter({ hasText: failure })).toHaveCount(failedSave ? 1 : 0);
  await expect(tryAgain(p)).toHaveCount(failedSave ? 1 : 0);
}

// ---- Following a path. ----

/** Proves the screen does not offer an edit the machine ignores here. */
async function notOffered({ page: p, snapshot }: World, event: RecoveryFlowEvent) {
  const { flow } = snapshot.context;
  if ('index' in event && (event.index < 0 || event.index >= flow.steps.length)) {
    // A reminder the flow has not.
    await expect(reminder(p, event.index)).toHaveCount(0);
    return;
  }
  switch (event.type) {
    case 'CHOOSE_NUMBER':
      await expect(numberSelect(p).locator(`option[value="${event.channelId}"]`)).toHaveCount(0);
      return;
    case 'ADD_STEP':
      await expect(addButton(p)).toHaveCount(0);
      return;
    case 'REMOVE_STEP':
      await expect(reminder(p, event.index).getByRole('button', { name: `Remove reminder ${event.index + 1}` })).toHaveCount(0);
      return;
    case 'CHOOSE_STEP_TEMPLATE': {
      // Disabled while the number offers none (or none is chosen), else without that template among the choices.
      const template = combo(reminder(p, event.index), 'Template');
      if (offeredTemplates(snapshot.context).length === 0) await expect(template).toBeDisabled();
      else expect(await optionValues(template, 'option:not([disabled])')).not.toContain(event.templateName);
      return;
    }
    default:
      throw new Error(`No proof that the screen does not offer ${JSON.stringify(event)}`);
  }
}

/** Makes the gesture on the screen. */
async function act(world: World, gesture: Gesture) {
  const { page: p } = world;
  const { flow } = world.snapshot.context;
  switch (gesture.kind) {
    case 'switch':
      return onSwitch(p).setChecked(gesture.enabled);
    case 'number':
      await numberSelect(p).selectOption(gesture.channelId ?? '');
      return;
    case 'delay':
      await combo(reminder(p, gesture.index), 'Sent').selectOption(String(gesture.minutes));
      return;
    case 'template':
      await combo(reminder(p, gesture.index), 'Template').selectOption(gesture.name ?? '');
      return;
    case 'source':
      await combo(reminder(p, gesture.index), `{{${gesture.variable}}}`).selectOption(gesture.source ?? '');
      return;
    case 'discount': {
      const { index, value } = gesture;
      if (value === null) return discountBox(p, index).uncheck();
      const current = flow.steps[index]!.discount;
      if (!current) await discountBox(p, index).check();
      if ((current?.value ?? 10) !== value) await percentage(p, index).fill(String(value));
      return;
    }
    case 'addStep':
      return addButton(p).click();
    case 'removeStep':
      return reminder(p, gesture.index)
        .getByRole('button', { name: `Remove reminder ${gesture.index + 1}`, exact: true })
        .click();
    case 'minimum':
      return minimum(p).fill(String(gesture.minor / 100));
    case 'quietHours': {
      if (gesture.hours === null) return quietBox(p).uncheck();
      if (!flow.quietHours) await quietBox(p).check();
      const shown = flow.quietHours ?? DEFAULT_QUIET_HOURS;
      if (shown.start !== gesture.hours.start) await from(p).fill(gesture.hours.start);
      if (shown.end !== gesture.hours.end) await until(p).fill(gesture.hours.end);
      return;
    }
    case 'save':
      world.savesBefore = savesSent;
      return submit(p).click();
    case 'retry':
      return tryAgain(p).click();
    case 'notOffered':
    case 'answer':
      throw new Error(`${gesture.kind} is no gesture`);
  }
}

/** Answers the call held in flight as the world does, and returns what the machine hears of it. */
async function answer(world: World, call: Call, how: How): Promise<EventObject> {
  const route = call === 'load' ? (world.load ??= await world.loads.next()) : (world.save ??= await world.saves.next());
  if (call === 'load') world.load = null;
  else world.save = null;
  if (how === 'dropped') {
    await route.abort('internetdisconnected');
    return failedAnswer(call, { kind: 'unknown' });
  }
  const request = route.request();
  const answered = request.response();
  if (how === 'gone') {
    const url = new URL(request.url());
    url.pathname = url.pathname.replace(world.way.ids.inventoryId, NOWHERE);
    await route.continue({ url: url.toString() });
    expect((await answered)?.status()).toBe(404);
    return failedAnswer(call, { kind: 'not_found' });
  }
  if (how === 'otherNumber') {
    await route.continue({ postData: JSON.stringify({ ...(request.postDataJSON() as RecoveryFlow), channelId: NUMBER_GONE }) });
    const response = (await answered)!;
    expect(response.status()).toBe(422);
    const { error } = (await response.json()) as { error: { code: string; fields: Record<string, string> } };
    expect(error.code).toBe('recovery_flow_refused');
    return failedAnswer(call, { kind: 'refused', fields: error.fields });
  }
  await route.continue();
  const response = (await answered)!;
  expect(response.status()).toBe(200);
  const flow = (await response.json()) as RecoveryFlow;
  return {
    type: answerType(call, 'done'),
    output: call === 'load' ? { flow, numbers: world.way.numbers } : flow,
  } as EventObject;
}

/** Performs the model step through the screen or the network; the machine must take its transition. */
async function perform(world: World, step: ModelStep) {
  const found = gestureFor(world.snapshot, step, world.way);
  expect(found, `${step.event.type}: a gesture here takes the model's transition`).not.toBeNull();
  const { gesture, events } = found!;
  let heard = events;
  if (gesture.kind === 'answer') heard = [await answer(world, gesture.call, gesture.how)];
  else if (gesture.kind === 'notOffered') await notOffered(world, gesture.event);
  else await act(world, gesture);
  world.lastGesture = gesture;
  const { after, taken } = follow(world.snapshot, heard);
  expect(takesStep(step, taken, after), `${step.event.type}: ${taken.join(', ')} is the model's ${step.transitions.join(', ')}`).toBe(true);
  world.snapshot = after;
}

// ---- The spec's world. ----

/** An inventory nobody has: a call sent for it is the real server's 404. */
const NOWHERE = INVENTORY_ID;
let page: Page;
let merchant: Merchant;
let ids: Ids;
let worldNumbers: RecoveryNumberChoice[];
/** PUTs of the flow the page has sent (the spec's own calls are not the page's). */
let savesSent = 0;

const flowPath = () => `/inventories/${ids.inventoryId}/recovery-flow`;
const FLOW_URL = /^\/api\/v1\/inventories\/[^/]+\/recovery-flow$/;

async function call<T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, data?: unknown): Promise<T> {
  const answer = await page.request.fetch(`/api/v1${path}`, {
    method,
    headers: { authorization: `Bearer ${merchant.idToken}` },
    ...(data === undefined ? {} : { data }),
  });
  expect(answer.ok(), `${method} ${path}: ${answer.status()} ${await answer.text()}`).toBe(true);
  return (answer.status() === 204 ? null : await answer.json()) as T;
}

/** A template submitted on a number (or, Meta having it from an earlier worker, read from Meta), until Meta approved every language. */
async function approved(channelId: string, draft: TemplateDraft) {
  const path = `/channels/${channelId}/templates/${draft.name}`;
  const submitted = await page.request.put(`/api/v1${path}`, { headers: { authorization: `Bearer ${merchant.idToken}` }, data: draft });
  if (submitted.status() === 422) await call('POST', `/channels/${channelId}/templates/refresh`);
  else expect(submitted.status(), await submitted.text()).toBe(200);
  // The fixture reviews a few seconds after the submission and tells the server through its webhook.
  await expect
    .poll(async () => (await call<{ records: { status: string }[] }>('GET', path)).records.map((record) => record.status), {
      message: `Meta's review of ${draft.name}`,
      timeout: 30_000,
      intervals: [500],
    })
    .toEqual(Object.keys(draft.languages).map(() => 'APPROVED'));
}

/** The numbers as the screen offers them: the connected ones in the list's order, each with its approved templates by name. */
async function offeredNumbers(): Promise<RecoveryNumberChoice[]> {
  const { channels } = await call<{ channels: Channel[] }>('GET', '/channels');
  const { accounts } = await call<{ accounts: TemplateAccount[] }>('GET', '/templates');
  return channels.map((channel) => {
    const records = (accounts.find((account) => account.channelId === channel.id)?.templates ?? []).filter(
      (record) => record.status === 'APPROVED',
    );
    const names = [...new Set(records.map((record) => record.name))].sort((a, b) => a.localeCompare(b));
    return {
      channelId: channel.id,
      displayPhoneNumber: channel.displayPhoneNumber,
      verifiedName: channel.verifiedName,
      templates: names.map((name) => ({
        name,
        variables: variablesOf(records.filter((record) => record.name === name).map((record) => record.content)),
      })),
    };
  });
}

/** Opens the card on the path's start: the flow stored, the Checkouts screen entered from the side menu with its calls held. */
async function open(start: Start): Promise<World> {
  await call('PUT', flowPath(), startFlow(start, ids));
  const menu = page.getByRole('navigation', { name: 'Side menu' });
  // Away and back through the app (no page load): the card starts anew.
  await menu.getByRole('link', { name: 'Inventories', exact: true }).click();
  await expect(page).toHaveURL(/\/en\/inventories$/);
  const loads = await HeldRoutes.on(page, 'GET', FLOW_URL, '**/api/v1/**');
  const saves = await HeldRoutes.on(page, 'PUT', FLOW_URL, '**/api/v1/**');
  await menu.getByRole('link', { name: 'Checkouts', exact: true }).click();
  await expect(page).toHaveURL(/\/en\/checkouts/);
  const way: Way = { start, ids, numbers: worldNumbers };
  const snapshot = initialTransition(machine, { inventoryId: ids.inventoryId })[0];
  return { page, way, snapshot, loads, saves, load: null, save: null, savesBefore: 0, lastGesture: null };
}

test.describe('recovery-flow machine, model-based (UI level)', () => {
  // One worker, in order: the last test counts what the others passed.
  test.describe.configure({ mode: 'default' });

  test.beforeAll(async ({ browser }) => {
    test.setTimeout(90_000);
    const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, serviceWorkers: 'block' });
    page = await context.newPage();
    page.on('request', (request) => {
      if (request.method() === 'PUT' && FLOW_URL.test(new URL(request.url()).pathname)) savesSent += 1;
    });
    merchant = await newMerchant(context.request, 'recovery-model');
    await signInDirectly(page, merchant);
    // The inventory (its name only), and the two numbers with an active AI base answering on them.
    const { id: inventoryId } = await call<{ id: string }>('POST', '/inventories', { name: 'Loja Lembretes' });
    const api = merchantApi(context.request, merchant);
    const base = await api.activate(await api.complete(await api.create({ name: 'Assistente Loja Lembretes' })));
    const peers = e2ePeers().whatsapp;
    const connected: string[] = [];
    for (const number of [peers.recoveryModelNumberA, peers.recoveryModelNumberB]) {
      const { channel } = await call<{ channel: { id: string } }>('POST', '/channels', {
        phoneNumberId: number.phoneNumberId,
        wabaId: number.wabaId,
        accessToken: number.accessToken,
        appSecret: number.appSecret,
        aiBaseId: base.id,
      });
      connected.push(channel.id);
    }
    ids = { inventoryId, a: connected[0]!, b: connected[1]! };
    await Promise.all([...CART_REMINDERS.map((key) => approved(ids.a, readyMadeTemplate(key).draft)), approved(ids.b, AVISO)]);
    worldNumbers = await offeredNumbers();
    // The model's world: A offers the cart reminders, B `aviso` and none of them.
    const offers = (channelId: string) =>
      worldNumbers.find((number) => number.channelId === channelId)!.templates.map((template) => template.name);
    expect(offers(ids.a)).toEqual(expect.arrayContaining([...CART_REMINDERS]));
    expect(offers(ids.a)).not.toContain(AVISO.name);
    expect(offers(ids.b)).toContain(AVISO.name);
    for (const name of CART_REMINDERS) expect(offers(ids.b)).not.toContain(name);
    await page.goto('/en/inventories');
    await expect(page.getByRole('navigation', { name: 'Side menu' })).toBeVisible();
  });
  test.afterAll(async () => {
    // The numbers are free again, for the worker Playwright starts after a failure.
    for (const channelId of [ids?.a, ids?.b].filter(Boolean))
      expect(
        (await page.request.delete(`/api/v1/channels/${channelId}`, { headers: { authorization: `Bearer ${merchant.idToken}` } })).status(),
      ).toBe(204);
    await page?.context().close();
  });

  for (const path of paths) {
    test(`${recoveryFlowPathName(eventsOf(path))} [${startOf(path)}]`, async () => {
      // A chained walk is up to 30 gestures, each checked on the whole card: time grows with its length.
      test.setTimeout(30_000 + path.steps.length * 5_000);
      let world: World | undefined;
      try {
        world = await open(startOf(path));
        const current = world;
        await expectScreen(current);
        await testPath(machine, path, {
          events: eachEvent(path, (step) => perform(current, step)),
          states: { [machine.id]: () => expectScreen(current) },
        });
      } finally {
        // A call the path ends in (loading, saving) is forgotten with the page's routes.
        for (const held of [world?.load, world?.save]) await held?.abort('aborted').catch(() => undefined);
        while (world && world.loads.heldCount > 0) await world.loads.discard();
        while (world && world.saves.heldCount > 0) await world.saves.discard();
        await page.unrouteAll({ behavior: 'ignoreErrors' });
      }
      passed.push(path);
    });
  }

  test('the passed paths reach every state and take every transition', () => {
    const coverage = coverageOf(machine, { ...model, paths: passed });
    console.log(
      describeCoverage('recovery-flow', 'UI', coverage, passed.length) +
        ` (walks chained from the ${model.paths.length} paths of the model)`,
    );
    expect(passed.length, 'paths passed').toBe(paths.length);
    expect(coverage.states.missing).toEqual([]);
    expect(coverage.transitions.missing).toEqual([]);
  });
});
