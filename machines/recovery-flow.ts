// An inventory's checkout-recovery flow on the Checkouts screen: on or off, the WhatsApp number the
// reminders go from, one to three steps (a delay, a template and what fills its variables, an
// optional discount), the minimum cart value and the quiet hours. Loaded (`loading`), edited as a
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

export type RecoveryFlowContext = {
  inventoryId: string;
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
   * `variables`, when given, are the chosen template's: the step's map becomes theirs, each keeping
   * what it was filled from, else its obvious source (one without stays unmapped, for the merchant).
   */
  | { type: 'CHOOSE_STEP_TEMPLATE'; index: number; templateName: string | null; variables?: readonly string[] }
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

/** Whether an edit is one the draft cannot take (a step it has not, a fourth step, the only step removed): nothing happens. */
function ignores(flow: RecoveryFlow, event: RecoveryFlowEditEvent): boolean {
  switch (event.type) {
    case 'ADD_STEP':
      return !canAddStep(flow);
    case 'REMOVE_STEP':
      return !canRemoveStep(flow, event.index);
    case 'SET_STEP_DELAY':
    case 'CHOOSE_STEP_TEMPLATE':
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

/** The draft after an edit (one it can take). */
export function editedFlow(flow: RecoveryFlow, event: RecoveryFlowEditEvent): RecoveryFlow {
  switch (event.type) {
    case 'SWITCH':
      return { ...flow, enabled: event.enabled };
    case 'CHOOSE_NUMBER':
      return { ...flow, channelId: event.channelId };
    case 'SET_STEP_DELAY':
      return withStep(flow, event.index, (step) => ({ ...step, delayMinutes: event.delayMinutes }));
    case 'CHOOSE_STEP_TEMPLATE': {
      const names = event.variables;
      return withStep(flow, event.index, (step) => {
        if (!names) return { ...step, templateName: event.templateName };
        const variables: RecoveryStep['variables'] = {};
        for (const name of names) {
          const source = step.variables[name] ?? defaultRecoveryValueSource(name);
          if (source) variables[name] = source;
        }
        return { ...step, templateName: event.templateName, variables };
      });
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

/** An edit as `editing` takes it: made, then refused (refusals left) or ready. */
const edit = [
  { guard: 'leavesRefusals' as const, target: '.refused', actions: 'applyEdit' as const },
  { target: '.ready', actions: 'applyEdit' as const },
];
/** An edit of the steps, which may be one the draft cannot take: ignored, nothing changes (not even where the draft stands). */
const stepsEdit = [{ guard: 'isIgnored' as const }, ...edit];

export const recoveryFlowMachine = setup({
  types: {
    input: {} as { inventoryId: string },
    context: {} as RecoveryFlowContext,
    events: {} as RecoveryFlowEvent,
    tags: {} as 'loading' | 'saving' | 'refused' | 'saved' | 'failed',
  },
  actors: {
    // GET /api/v1/inventories/:id/recovery-flow (the ready-made flow, off, until one is saved). Provided by src/.
    loadRecoveryFlow: fromPromise<RecoveryFlow, { inventoryId: string }>(async () => {
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
      return ignores(context.flow, event);
    },
    leavesRefusals: ({ context, event }) => {
      assertEvent(event, editEventTypes);
      return Object.keys(fieldsAfterEdit(context.fields, event)).length > 0;
    },
    isRefusedLocally: ({ context }) => Object.keys(localRefusalsOf(context.flow)).length > 0,
    isRefusedAtFields: (_, { error }: Failed) => {
      const failure = recoveryFlowFailureOf(error);
      return failure.kind === 'refused' && Object.keys(failure.fields ?? {}).length > 0;
    },
  },
  actions: {
    rememberStored: assign((_, flow: RecoveryFlow) => ({ flow, stored: flow, fields: {}, failure: null })),
    applyEdit: assign(({ context, event }) => {
      assertEvent(event, editEventTypes);
      return { flow: editedFlow(context.flow, event), fields: fieldsAfterEdit(context.fields, event), failure: null };
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
        onDone: { target: 'editing', actions: { type: 'rememberStored', params: ({ event }) => event.output } },
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
        CHOOSE_NUMBER: edit,
        SET_STEP_DELAY: stepsEdit,
        CHOOSE_STEP_TEMPLATE: stepsEdit,
        CHOOSE_STEP_SOURCE: stepsEdit,
        SET_STEP_DISCOUNT: stepsEdit,
        CLEAR_STEP_DISCOUNT: stepsEdit,
        ADD_STEP: stepsEdit,
        REMOVE_STEP: stepsEdit,
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
