// An inventory's checkout-recovery flow on the Checkouts screen: on or off, the WhatsApp number the
// reminders go from, one to three steps (a delay, a template and what fills its variables, an
// optional discount), the minimum cart value and the quiet hours. Loaded with the connected numbers
// and the templates each may send (`loading`), edited as a
// draft (`editing`), checked here with the domain's refusals before it is sent, saved (`saving`).
// Inside `editing` the view reads where the draft stands: `ready`, `refused` (ours or the server's,
// at their fields), `saved` (as stored), `saveFailed` (to retry). Nothing typed is lost on a refusal
// or a failure: the draft only changes by the merchant's edits and by the flow the server stored.
// Tags for the view: `loading`, `saving`, `refused`, `saved`, `failed`.
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import {
  DEFAULT_STEP_DELAYS_MINUTES,
  defaultRecoveryFlow,
  defaultRecoveryValueSource,
  RECOVERY_MAX_STEPS,
  recoveryFlowRefusals,
  recoveryFlowRefusalsOf,
  type QuietHours,
  type RecoveryDiscount,
  type RecoveryFlow,
  type RecoveryStep,
  type RecoveryValueSource,
} from '../domain/checkout-recovery';
import { failed, failureOf, type Failed } from './failure';

/**
 * Why a call failed: the server refused the flow (`refused`, with field path → message id), the
 * inventory is not the merchant's (or no longer exists), or anything else (`unknown`).
 */
export const recoveryFlowFailureKinds = ['refused', 'not_found', 'unknown'] as const;
export type RecoveryFlowFailureKind = (typeof recoveryFlowFailureKinds)[number];
export type RecoveryFlowFailure = { kind: RecoveryFlowFailureKind; fields?: Record<string, string> };
export const recoveryFlowFailureOf = (error: unknown) => failureOf<RecoveryFlowFailure>(error, recoveryFlowFailureKinds);

/** A template a reminder may send: approved on the number in some language, with the variables of its approved languages. */
export type RecoveryTemplateChoice = { name: string; variables: string[] };

/** A connected number the reminders may go from, with the templates it offers. */
export type RecoveryNumberChoice = {
  channelId: string;
  displayPhoneNumber: string;
  verifiedName: string;
  templates: RecoveryTemplateChoice[];
};

/** What `loadRecoveryFlow` answers: the inventory's flow (the ready-made one until saved) and the numbers to choose from. */
export type LoadedRecoveryFlow = { flow: RecoveryFlow; numbers: RecoveryNumberChoice[] };

export type RecoveryFlowContext = {
  inventoryId: string;
  /** The connected numbers, each with the templates it offers; empty until loaded (or when none is connected). */
  numbers: RecoveryNumberChoice[];
  /** The draft on the screen: the flow as stored until the merchant edits it. */
  flow: RecoveryFlow;
  /** The flow as the server last answered it; null until loaded. */
  stored: RecoveryFlow | null;
  /** Field path (domain/checkout-recovery's refusal paths) → message id; not empty exactly in `editing.refused`. */
  fields: Record<string, string>;
  failure: RecoveryFlowFailure | null;
};

/** `index` is a step's, from 0. */
export type RecoveryFlowEditEvent =
  | { type: 'SWITCH'; enabled: boolean }
  | { type: 'CHOOSE_NUMBER'; channelId: string | null }
  | { type: 'SET_STEP_DELAY'; index: number; delayMinutes: number }
  /**
   * A template the chosen number offers (or none): the step's map becomes its variables', each
   * keeping what it was filled from, else its obvious source (one without stays unmapped, for the merchant).
   */
  | { type: 'CHOOSE_STEP_TEMPLATE'; index: number; templateName: string | null }
  /** `source` null: the variable is not mapped (the server refuses that on a switched-on flow). */
  | { type: 'CHOOSE_STEP_SOURCE'; index: number; variable: string; source: RecoveryValueSource | null }
  | { type: 'SET_STEP_DISCOUNT'; index: number; discount: RecoveryDiscount }
  | { type: 'CLEAR_STEP_DISCOUNT'; index: number }
  /** A step after the last, at the ready-made delay of its place; ignored once there are RECOVERY_MAX_STEPS. */
  | { type: 'ADD_STEP' }
  /** Ignored for the only step: a flow has at least one. */
  | { type: 'REMOVE_STEP'; index: number }
  | { type: 'SET_MINIMUM'; minimumCartMinor: number }
  | { type: 'SET_QUIET_HOURS'; quietHours: QuietHours }
  | { type: 'CLEAR_QUIET_HOURS' };

export type RecoveryFlowEvent =
  | RecoveryFlowEditEvent
  | { type: 'SAVE' }
  /** From `loadFailed`: load again; from `editing.saveFailed`: send the same draft again. */
  | { type: 'RETRY' };

const editEventTypes = [
  'SWITCH',
  'CHOOSE_NUMBER',
  'SET_STEP_DELAY',
  'CHOOSE_STEP_TEMPLATE',
  'CHOOSE_STEP_SOURCE',
  'SET_STEP_DISCOUNT',
  'CLEAR_STEP_DISCOUNT',
  'ADD_STEP',
  'REMOVE_STEP',
  'SET_MINIMUM',
  'SET_QUIET_HOURS',
  'CLEAR_QUIET_HOURS',
] as const satisfies readonly RecoveryFlowEditEvent['type'][];

/** The draft's own refusals, as the view shows them: field path → message id. */
export function localRefusalsOf(flow: RecoveryFlow): Record<string, string> {
  return Object.fromEntries(Object.entries(recoveryFlowRefusalsOf(flow)).map(([field, message]) => [field, message.id!]));
}

export const canAddStep = (flow: RecoveryFlow) => flow.steps.length < RECOVERY_MAX_STEPS;
export const canRemoveStep = (flow: RecoveryFlow, index: number) => flow.steps.length > 1 && isStepIndex(flow, index);
const isStepIndex = (flow: RecoveryFlow, index: number) => Number.isInteger(index) && index >= 0 && index < flow.steps.length;

type Choosing = Pick<RecoveryFlowContext, 'flow' | 'numbers'>;

/** The number chosen among those connected, if it is one of them. */
export const chosenNumber = ({ flow, numbers }: Choosing): RecoveryNumberChoice | null =>
  numbers.find((number) => number.channelId === flow.channelId) ?? null;

/** A template of that name among those the chosen number offers; null: none chosen, or not offered there. */
export const offeredTemplate = (context: Choosing, templateName: string | null): RecoveryTemplateChoice | null =>
  templateName === null ? null : (chosenNumber(context)?.templates.find((template) => template.name === templateName) ?? null);

/**
 * Whether an edit is one the draft cannot take (a step it has not, a fourth step, the only step
 * removed, a number not connected, a template the chosen number does not offer): nothing happens.
 */
function ignores(context: Choosing, event: RecoveryFlowEditEvent): boolean {
  const { flow } = context;
  switch (event.type) {
    case 'ADD_STEP':
      return !canAddStep(flow);
    case 'REMOVE_STEP':
      return !canRemoveStep(flow, event.index);
    case 'CHOOSE_NUMBER':
      return event.channelId !== null && !context.numbers.some((number) => number.channelId === event.channelId);
    case 'CHOOSE_STEP_TEMPLATE':
      return !isStepIndex(flow, event.index) || (event.templateName !== null && !offeredTemplate(context, event.templateName));
    case 'SET_STEP_DELAY':
    case 'CHOOSE_STEP_SOURCE':
    case 'SET_STEP_DISCOUNT':
    case 'CLEAR_STEP_DISCOUNT':
      return !isStepIndex(flow, event.index);
    default:
      return false;
  }
}

const withStep = (flow: RecoveryFlow, index: number, change: (step: RecoveryStep) => RecoveryStep): RecoveryFlow => ({
  ...flow,
  steps: flow.steps.map((step, at) => (at === index ? change(step) : step)),
});

/** A step's map made the template's: each of its variables keeps what it was filled from, else its obvious source. */
function mappedTo(step: RecoveryStep, template: RecoveryTemplateChoice): RecoveryStep['variables'] {
  const variables: RecoveryStep['variables'] = {};
  for (const name of template.variables) {
    const source = step.variables[name] ?? defaultRecoveryValueSource(name);
    if (source) variables[name] = source;
  }
  return variables;
}

/** The draft after an edit (one it can take). */
export function editedFlow(context: Choosing, event: RecoveryFlowEditEvent): RecoveryFlow {
  const { flow } = context;
  switch (event.type) {
    case 'SWITCH':
      return { ...flow, enabled: event.enabled };
    case 'CHOOSE_NUMBER': {
      const chosen: Choosing = { numbers: context.numbers, flow: { ...flow, channelId: event.channelId } };
      // No number: nothing to check the templates against, they stay. A number: those it does not offer are chosen again.
      if (event.channelId === null) return chosen.flow;
      const steps = flow.steps.map((step) => {
        const template = offeredTemplate(chosen, step.templateName);
        return template ? { ...step, variables: mappedTo(step, template) } : { ...step, templateName: null, variables: {} };
      });
      return { ...chosen.flow, steps };
    }
    case 'SET_STEP_DELAY':
      return withStep(flow, event.index, (step) => ({ ...step, delayMinutes: event.delayMinutes }));
    case 'CHOOSE_STEP_TEMPLATE': {
      const template = offeredTemplate(context, event.templateName);
      return withStep(flow, event.index, (step) =>
        template ? { ...step, templateName: event.templateName, variables: mappedTo(step, template) } : { ...step, templateName: null },
      );
    }
    case 'CHOOSE_STEP_SOURCE':
      return withStep(flow, event.index, (step) => {
        const variables = { ...step.variables };
        if (event.source === null) delete variables[event.variable];
        else variables[event.variable] = event.source;
        return { ...step, variables };
      });
    case 'SET_STEP_DISCOUNT':
      return withStep(flow, event.index, (step) => ({ ...step, discount: { ...event.discount } }));
    case 'CLEAR_STEP_DISCOUNT':
      return withStep(flow, event.index, (step) => ({ ...step, discount: null }));
    case 'ADD_STEP': {
      const delayMinutes = DEFAULT_STEP_DELAYS_MINUTES[flow.steps.length] ?? DEFAULT_STEP_DELAYS_MINUTES.at(-1)!;
      return { ...flow, steps: [...flow.steps, { delayMinutes, templateName: null, variables: {}, discount: null }] };
    }
    case 'REMOVE_STEP':
      return { ...flow, steps: flow.steps.filter((_, at) => at !== event.index) };
    case 'SET_MINIMUM':
      return { ...flow, minimumCartMinor: event.minimumCartMinor };
    case 'SET_QUIET_HOURS':
      return { ...flow, quietHours: { ...event.quietHours } };
    case 'CLEAR_QUIET_HOURS':
      return { ...flow, quietHours: null };
  }
}

const r = recoveryFlowRefusals;
/** Refusals that hold only while the flow is on (the number and the templates): switching off answers them. */
const whileOnIds = new Set<string>(
  [
    r.channelMissing,
    r.templateMissing,
    r.channelUnknown,
    r.templateUnknown,
    r.templateNotApproved,
    r.variableUnmapped,
    r.variableUnknown,
  ].map((message) => message.id),
);
/** The server's refusals of a template, which are about the number it was looked up on. */
const numberTemplateIds = new Set<string>([r.templateUnknown, r.templateNotApproved].map((message) => message.id));
const DELAY_FIELD = /^steps\.\d+\.delayMinutes$/;

const under = (field: string, prefix: string) => field === prefix || field.startsWith(`${prefix}.`);
const keep = (fields: Record<string, string>, kept: (field: string, id: string) => boolean) =>
  Object.fromEntries(Object.entries(fields).filter(([field, id]) => kept(field, id)));

/**
 * The refusals still shown once an edit is made: those of the fields it changed go (delays are
 * judged against each other, so a delay changed answers every delay's), the others stay until
 * the next save; a removed step's go with it, the later steps' move up a place (the delays' go: their
 * order changed).
 */
export function fieldsAfterEdit(fields: Record<string, string>, event: RecoveryFlowEditEvent): Record<string, string> {
  switch (event.type) {
    case 'SWITCH':
      return event.enabled ? fields : keep(fields, (_, id) => !whileOnIds.has(id));
    case 'CHOOSE_NUMBER':
      return keep(fields, (field, id) => field !== 'channelId' && !numberTemplateIds.has(id));
    case 'SET_STEP_DELAY':
      return keep(fields, (field) => !DELAY_FIELD.test(field));
    case 'CHOOSE_STEP_TEMPLATE':
      return keep(fields, (field) => !under(field, `steps.${event.index}.templateName`) && !under(field, `steps.${event.index}.variables`));
    case 'CHOOSE_STEP_SOURCE':
      return keep(fields, (field) => field !== `steps.${event.index}.variables.${event.variable}`);
    case 'SET_STEP_DISCOUNT':
      return keep(
        fields,
        (field, id) =>
          !under(field, `steps.${event.index}.discount`) &&
          !(under(field, `steps.${event.index}.variables`) && id === r.sourceNeedsDiscount.id),
      );
    case 'CLEAR_STEP_DISCOUNT':
      return keep(fields, (field) => !under(field, `steps.${event.index}.discount`));
    case 'ADD_STEP':
      return keep(fields, (field) => field !== 'steps');
    case 'REMOVE_STEP': {
      const moved: Record<string, string> = {};
      for (const [field, id] of Object.entries(fields)) {
        const match = /^steps\.(\d+)\.(.+)$/.exec(field);
        if (field === 'steps' || DELAY_FIELD.test(field)) continue;
        if (!match) moved[field] = id;
        else if (Number(match[1]) > event.index) moved[`steps.${Number(match[1]) - 1}.${match[2]}`] = id;
        else if (Number(match[1]) < event.index) moved[field] = id;
      }
      return moved;
    }
    case 'SET_MINIMUM':
      return keep(fields, (field) => field !== 'minimumCartMinor');
    case 'SET_QUIET_HOURS':
    case 'CLEAR_QUIET_HOURS':
      return keep(fields, (field) => !under(field, 'quietHours'));
  }
}

/**
 * The draft and the refusals still shown after an edit the draft can take; a step whose template
 * another number made the merchant choose again loses its template's and variables' refusals too.
 */
export function afterEdit(context: Choosing & Pick<RecoveryFlowContext, 'fields'>, event: RecoveryFlowEditEvent) {
  const flow = editedFlow(context, event);
  let fields = fieldsAfterEdit(context.fields, event);
  if (event.type !== 'CHOOSE_NUMBER') return { flow, fields };
  flow.steps.forEach((step, index) => {
    if (step.templateName === context.flow.steps[index]?.templateName) return;
    fields = keep(fields, (field) => !under(field, `steps.${index}.templateName`) && !under(field, `steps.${index}.variables`));
  });
  return { flow, fields };
}

/** An edit as `editing` takes it: made, then refused (refusals left) or ready. */
const edit = [
  { guard: 'leavesRefusals' as const, target: '.refused', actions: 'applyEdit' as const },
  { target: '.ready', actions: 'applyEdit' as const },
];
/** An edit the draft may not be able to take (see ignores): ignored, nothing changes (not even where the draft stands). */
const guardedEdit = [{ guard: 'isIgnored' as const }, ...edit];

export const recoveryFlowMachine = setup({
  types: {
    input: {} as { inventoryId: string },
    context: {} as RecoveryFlowContext,
    events: {} as RecoveryFlowEvent,
    tags: {} as 'loading' | 'saving' | 'refused' | 'saved' | 'failed',
  },
  actors: {
    // GET /api/v1/inventories/:id/recovery-flow (the ready-made flow, off, until one is saved) with the
    // connected numbers and their templates. Provided by src/features/checkouts.
    loadRecoveryFlow: fromPromise<LoadedRecoveryFlow, { inventoryId: string }>(async () => {
      throw new Error('loadRecoveryFlow is not provided');
    }),
    // PUT /api/v1/inventories/:id/recovery-flow: answers the flow as stored; rejects with a RecoveryFlowFailure
    // (a 422 `recovery_flow_refused` as `refused` with its `error.fields`, a 404 as `not_found`).
    saveRecoveryFlow: fromPromise<RecoveryFlow, { inventoryId: string; flow: RecoveryFlow }>(async () => {
      throw new Error('saveRecoveryFlow is not provided');
    }),
  },
  guards: {
    isIgnored: ({ context, event }) => {
      assertEvent(event, editEventTypes);
      return ignores(context, event);
    },
    leavesRefusals: ({ context, event }) => {
      assertEvent(event, editEventTypes);
      return Object.keys(afterEdit(context, event).fields).length > 0;
    },
    isRefusedLocally: ({ context }) => Object.keys(localRefusalsOf(context.flow)).length > 0,
    isRefusedAtFields: (_, { error }: Failed) => {
      const failure = recoveryFlowFailureOf(error);
      return failure.kind === 'refused' && Object.keys(failure.fields ?? {}).length > 0;
    },
  },
  actions: {
    rememberLoaded: assign((_, { flow, numbers }: LoadedRecoveryFlow) => ({ numbers, flow, stored: flow, fields: {}, failure: null })),
    rememberStored: assign((_, flow: RecoveryFlow) => ({ flow, stored: flow, fields: {}, failure: null })),
    applyEdit: assign(({ context, event }) => {
      assertEvent(event, editEventTypes);
      return { ...afterEdit(context, event), failure: null };
    }),
    showLocalRefusals: assign(({ context }) => ({ fields: localRefusalsOf(context.flow), failure: null })),
    showServerRefusals: assign((_, { error }: Failed) => ({ fields: recoveryFlowFailureOf(error).fields ?? {}, failure: null })),
    // What is about to be sent holds here: the server's answer decides what is shown next.
    clearRefusals: assign({ fields: {}, failure: null }),
    rememberFailure: assign((_, { error }: Failed) => ({ failure: recoveryFlowFailureOf(error) })),
    clearFailure: assign({ failure: null }),
  },
}).createMachine({
  id: 'recoveryFlow',
  context: ({ input }) => ({
    inventoryId: input.inventoryId,
    numbers: [],
    flow: defaultRecoveryFlow(),
    stored: null,
    fields: {},
    failure: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      tags: 'loading',
      invoke: {
        id: 'loadRecoveryFlow',
        src: 'loadRecoveryFlow',
        input: ({ context }) => ({ inventoryId: context.inventoryId }),
        onDone: { target: 'editing', actions: { type: 'rememberLoaded', params: ({ event }) => event.output } },
        onError: { target: 'loadFailed', actions: { type: 'rememberFailure', params: failed } },
      },
    },
    loadFailed: {
      tags: 'failed',
      on: { RETRY: { target: 'loading', actions: 'clearFailure' } },
    },
    editing: {
      initial: 'ready',
      on: {
        SWITCH: edit,
        CHOOSE_NUMBER: guardedEdit,
        SET_STEP_DELAY: guardedEdit,
        CHOOSE_STEP_TEMPLATE: guardedEdit,
        CHOOSE_STEP_SOURCE: guardedEdit,
        SET_STEP_DISCOUNT: guardedEdit,
        CLEAR_STEP_DISCOUNT: guardedEdit,
        ADD_STEP: guardedEdit,
        REMOVE_STEP: guardedEdit,
        SET_MINIMUM: edit,
        SET_QUIET_HOURS: edit,
        CLEAR_QUIET_HOURS: edit,
        SAVE: [
          // Refused here: nothing is sent, the refusals show at their fields.
          { guard: 'isRefusedLocally', target: '.refused', actions: 'showLocalRefusals' },
          { target: 'saving', actions: 'clearRefusals' },
        ],
      },
      states: {
        ready: {},
        refused: { tags: 'refused' },
        // As stored, until the next edit.
        saved: { tags: 'saved' },
        // Told, the draft kept: send it again, or edit it first.
        saveFailed: {
          tags: 'failed',
          on: { RETRY: { target: '#recoveryFlow.saving', actions: 'clearFailure' } },
        },
      },
    },
    saving: {
      tags: 'saving',
      invoke: {
        id: 'saveRecoveryFlow',
        src: 'saveRecoveryFlow',
        input: ({ context }) => ({ inventoryId: context.inventoryId, flow: context.flow }),
        onDone: { target: 'editing.saved', actions: { type: 'rememberStored', params: ({ event }) => event.output } },
        onError: [
          {
            guard: { type: 'isRefusedAtFields', params: failed },
            target: 'editing.refused',
            actions: { type: 'showServerRefusals', params: failed },
          },
          { target: 'editing.saveFailed', actions: { type: 'rememberFailure', params: failed } },
        ],
      },
    },
  },
});
