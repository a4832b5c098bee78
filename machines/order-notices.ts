// An inventory's post-sale notices on its screen: the WhatsApp number they go from, and per notice
// (order confirmation, shipping update) on or off, its template (an approved Utility template of that
// number) and what fills each of the template's variables. The settings and the numbers with their
// templates are loaded together (`loading`), edited (`editing`), saved (`saving`, then `saved`); the
// server's refusal shows at its fields, back in `editing`, anything else is a `failure` to retry.
// Nothing chosen is lost on a refusal or a failure. Tags for the view: `loading`, `saving`, `failed`.
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import {
  defaultValueSource,
  noOrderNotices,
  orderNoticeKinds,
  valueSourcesOf,
  type NoticeSetting,
  type NoticeValueSource,
  type OrderNoticeKind,
  type OrderNoticeSettings,
} from '../domain/order-notice';
import { failed, failureOf, type Failed } from './failure';

/** A template a notice may send: approved as Utility on the number, with the variables of its approved languages. */
export type NoticeTemplateChoice = { name: string; variables: string[] };

/** A connected number the notices may go from, with the templates it offers. */
export type NoticeNumberChoice = { channelId: string; displayPhoneNumber: string; verifiedName: string; templates: NoticeTemplateChoice[] };

/** What `loadNotices` answers: the inventory's settings as saved, and the numbers to choose from. */
export type LoadedOrderNotices = { settings: OrderNoticeSettings; numbers: NoticeNumberChoice[] };

/**
 * Why a call failed: the server refused the settings (`refused`, with field path → message id), the
 * inventory is not the merchant's (or no longer exists), or anything else (`unknown`).
 */
export const orderNoticesFailureKinds = ['refused', 'not_found', 'unknown'] as const;
export type OrderNoticesFailureKind = (typeof orderNoticesFailureKinds)[number];
export type OrderNoticesFailure = { kind: OrderNoticesFailureKind; fields?: Record<string, string> };
export const orderNoticesFailureOf = (error: unknown) => failureOf<OrderNoticesFailure>(error, orderNoticesFailureKinds);

export type OrderNoticesContext = {
  inventoryId: string;
  numbers: NoticeNumberChoice[];
  /** The settings as chosen on the screen (as saved until something is chosen). */
  settings: OrderNoticeSettings;
  /** Field path (`channelId`, `notices.<kind>.templateName`, `notices.<kind>.variables.<name>`) → message id. */
  fieldErrors: Record<string, string>;
  failure: OrderNoticesFailure | null;
};

export type OrderNoticesEvent =
  | { type: 'CHOOSE_NUMBER'; channelId: string | null }
  | { type: 'SWITCH'; kind: OrderNoticeKind; enabled: boolean }
  | { type: 'CHOOSE_TEMPLATE'; kind: OrderNoticeKind; templateName: string | null }
  /** `source` null: the variable is not mapped (the server refuses it on a switched-on notice). */
  | { type: 'CHOOSE_SOURCE'; kind: OrderNoticeKind; variable: string; source: NoticeValueSource | null }
  | { type: 'SAVE' }
  /** From `loadFailed`: load again; from `failure`: save the same settings again. */
  | { type: 'RETRY' };

/** The number chosen among those offered, if it is one of them. */
export const chosenNumber = (context: Pick<OrderNoticesContext, 'numbers' | 'settings'>): NoticeNumberChoice | null =>
  context.numbers.find((number) => number.channelId === context.settings.channelId) ?? null;

/** The notice's template among those its number offers (null: none chosen, or not offered there). */
export function chosenTemplate(
  context: Pick<OrderNoticesContext, 'numbers' | 'settings'>,
  kind: OrderNoticeKind,
): NoticeTemplateChoice | null {
  const name = context.settings.notices[kind].templateName;
  return chosenNumber(context)?.templates.find((template) => template.name === name) ?? null;
}

/**
 * The variables the screen shows a row for: the template's own (or, for a template the number does
 * not offer, those the settings map), then any other one a refusal names, so each refusal has its field.
 */
export function variableRows(context: Pick<OrderNoticesContext, 'numbers' | 'settings' | 'fieldErrors'>, kind: OrderNoticeKind): string[] {
  const prefix = `notices.${kind}.variables.`;
  const named = Object.keys(context.fieldErrors)
    .filter((field) => field.startsWith(prefix))
    .map((field) => field.slice(prefix.length));
  const own = chosenTemplate(context, kind)?.variables ?? Object.keys(context.settings.notices[kind].variables);
  return [...new Set([...own, ...named])];
}

/** The variables mapped as given, each other one of `variables` filled from its obvious source when it has one. */
function withDefaults(mapped: NoticeSetting['variables'], variables: readonly string[], kind: OrderNoticeKind): NoticeSetting['variables'] {
  const filled = { ...mapped };
  for (const variable of variables) {
    const source = filled[variable] ?? defaultValueSource(variable, kind);
    if (source) filled[variable] = source;
  }
  return filled;
}

/** Loaded settings with the chosen templates' unmapped variables pre-selected. */
function settingsWithDefaults(settings: OrderNoticeSettings, numbers: NoticeNumberChoice[]): OrderNoticeSettings {
  const notices = { ...settings.notices };
  for (const kind of orderNoticeKinds) {
    const template = chosenTemplate({ numbers, settings }, kind);
    if (template) notices[kind] = { ...notices[kind], variables: withDefaults(notices[kind].variables, template.variables, kind) };
  }
  return { ...settings, notices };
}

/**
 * What is sent: the settings as chosen, each notice's mapping kept to its template's variables when
 * the template is one the number offers (a variable of another template, chosen before, is not sent).
 */
export function settingsToSave(context: Pick<OrderNoticesContext, 'numbers' | 'settings'>): OrderNoticeSettings {
  const notices = { ...context.settings.notices };
  for (const kind of orderNoticeKinds) {
    const template = chosenTemplate(context, kind);
    if (!template) continue;
    const variables = Object.fromEntries(Object.entries(notices[kind].variables).filter(([name]) => template.variables.includes(name)));
    notices[kind] = { ...notices[kind], variables };
  }
  return { ...context.settings, notices };
}

/** The errors left once the fields under `prefix` changed. */
const errorsWithout = (errors: Record<string, string>, prefix: string) =>
  Object.fromEntries(Object.entries(errors).filter(([field]) => field !== prefix && !field.startsWith(`${prefix}.`)));

const withNotice = (settings: OrderNoticeSettings, kind: OrderNoticeKind, notice: NoticeSetting): OrderNoticeSettings => ({
  ...settings,
  notices: { ...settings.notices, [kind]: notice },
});

/** The edits, as the states that take them list them. */
const editTransitions = (target?: 'editing') => {
  const go = target ? { target } : {};
  return {
    CHOOSE_NUMBER: { ...go, guard: 'isNumberOffered' as const, actions: 'chooseNumber' as const },
    SWITCH: { ...go, actions: 'switchNotice' as const },
    CHOOSE_TEMPLATE: { ...go, guard: 'isTemplateOffered' as const, actions: 'chooseTemplate' as const },
    CHOOSE_SOURCE: { ...go, guard: 'isSourceOffered' as const, actions: 'chooseSource' as const },
  };
};

export const orderNoticesMachine = setup({
  types: {
    input: {} as { inventoryId: string },
    context: {} as OrderNoticesContext,
    events: {} as OrderNoticesEvent,
    tags: {} as 'loading' | 'saving' | 'failed',
  },
  actors: {
    // GET /api/v1/inventories/:id/notices with GET /api/v1/channels and /templates. Provided by src/features/inventories.
    loadNotices: fromPromise<LoadedOrderNotices, { inventoryId: string }>(async () => {
      throw new Error('loadNotices is not provided');
    }),
    // PUT /api/v1/inventories/:id/notices; answers the settings as stored, rejects with an OrderNoticesFailure.
    saveNotices: fromPromise<OrderNoticeSettings, { inventoryId: string; settings: OrderNoticeSettings }>(async () => {
      throw new Error('saveNotices is not provided');
    }),
  },
  guards: {
    isRefusedAtFields: (_, { error }: Failed) => {
      const failure = orderNoticesFailureOf(error);
      return failure.kind === 'refused' && Object.keys(failure.fields ?? {}).length > 0;
    },
    // None, or one of the connected numbers.
    isNumberOffered: ({ context, event }) => {
      assertEvent(event, 'CHOOSE_NUMBER');
      return event.channelId === null || context.numbers.some((number) => number.channelId === event.channelId);
    },
    // None, or one of the chosen number's (a number must be chosen first).
    isTemplateOffered: ({ context, event }) => {
      assertEvent(event, 'CHOOSE_TEMPLATE');
      return event.templateName === null || !!chosenNumber(context)?.templates.some((template) => template.name === event.templateName);
    },
    // Only a source the notice has (tracking and carrier are the shipping update's).
    isSourceOffered: ({ event }) => {
      assertEvent(event, 'CHOOSE_SOURCE');
      return event.source === null || valueSourcesOf(event.kind).includes(event.source);
    },
  },
  actions: {
    rememberLoaded: assign((_, { settings, numbers }: LoadedOrderNotices) => ({
      numbers,
      settings: settingsWithDefaults(settings, numbers),
      fieldErrors: {},
      failure: null,
    })),
    // Another number: a template it does not offer is chosen again (its mapping goes with it).
    chooseNumber: assign(({ context, event }) => {
      assertEvent(event, 'CHOOSE_NUMBER');
      let settings: OrderNoticeSettings = { ...context.settings, channelId: event.channelId };
      let fieldErrors = errorsWithout(context.fieldErrors, 'channelId');
      for (const kind of orderNoticeKinds) {
        const name = settings.notices[kind].templateName;
        if (name === null || chosenTemplate({ numbers: context.numbers, settings }, kind)) continue;
        settings = withNotice(settings, kind, { ...settings.notices[kind], templateName: null, variables: {} });
        fieldErrors = errorsWithout(fieldErrors, `notices.${kind}`);
      }
      return { settings, fieldErrors, failure: null };
    }),
    switchNotice: assign(({ context, event }) => {
      assertEvent(event, 'SWITCH');
      const notice = { ...context.settings.notices[event.kind], enabled: event.enabled };
      const fieldErrors = event.enabled ? context.fieldErrors : errorsWithout(context.fieldErrors, `notices.${event.kind}`);
      return { settings: withNotice(context.settings, event.kind, notice), fieldErrors, failure: null };
    }),
    // A template: its variables pre-selected from their obvious source, those mapped before kept.
    chooseTemplate: assign(({ context, event }) => {
      assertEvent(event, 'CHOOSE_TEMPLATE');
      const current = context.settings.notices[event.kind];
      const chosen = withNotice(context.settings, event.kind, { ...current, templateName: event.templateName, variables: {} });
      const variables = chosenTemplate({ numbers: context.numbers, settings: chosen }, event.kind)?.variables ?? [];
      const kept = Object.fromEntries(Object.entries(current.variables).filter(([name]) => variables.includes(name)));
      const notice = { ...current, templateName: event.templateName, variables: withDefaults(kept, variables, event.kind) };
      return {
        settings: withNotice(context.settings, event.kind, notice),
        fieldErrors: errorsWithout(context.fieldErrors, `notices.${event.kind}`),
        failure: null,
      };
    }),
    chooseSource: assign(({ context, event }) => {
      assertEvent(event, 'CHOOSE_SOURCE');
      const current = context.settings.notices[event.kind];
      const variables = { ...current.variables };
      if (event.source === null) delete variables[event.variable];
      else variables[event.variable] = event.source;
      return {
        settings: withNotice(context.settings, event.kind, { ...current, variables }),
        fieldErrors: errorsWithout(context.fieldErrors, `notices.${event.kind}.variables.${event.variable}`),
        failure: null,
      };
    }),
    rememberSaved: assign((_, settings: OrderNoticeSettings) => ({ settings, fieldErrors: {}, failure: null })),
    showRefusal: assign((_, { error }: Failed) => ({ fieldErrors: orderNoticesFailureOf(error).fields ?? {}, failure: null })),
    rememberFailure: assign((_, { error }: Failed) => ({ failure: orderNoticesFailureOf(error) })),
    clearFailure: assign({ failure: null }),
    // Provided by src/: a toast says the notices are saved.
    announceSaved: (_, _settings: OrderNoticeSettings) => {},
  },
}).createMachine({
  id: 'orderNotices',
  context: ({ input }) => ({
    inventoryId: input.inventoryId,
    numbers: [],
    settings: noOrderNotices,
    fieldErrors: {},
    failure: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      tags: 'loading',
      invoke: {
        id: 'loadNotices',
        src: 'loadNotices',
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
      on: { ...editTransitions(), SAVE: 'saving' },
    },
    saving: {
      tags: 'saving',
      invoke: {
        id: 'saveNotices',
        src: 'saveNotices',
        input: ({ context }) => ({ inventoryId: context.inventoryId, settings: settingsToSave(context) }),
        onDone: {
          target: 'saved',
          actions: [
            { type: 'rememberSaved', params: ({ event }) => event.output },
            { type: 'announceSaved', params: ({ event }) => event.output },
          ],
        },
        onError: [
          { guard: { type: 'isRefusedAtFields', params: failed }, target: 'editing', actions: { type: 'showRefusal', params: failed } },
          { target: 'failure', actions: { type: 'rememberFailure', params: failed } },
        ],
      },
    },
    // As stored; any change edits again.
    saved: {
      on: editTransitions('editing'),
    },
    // Told, what was chosen kept: save it again, or change it first.
    failure: {
      tags: 'failed',
      on: {
        ...editTransitions('editing'),
        RETRY: { target: 'saving', actions: 'clearFailure' },
        SAVE: { target: 'saving', actions: 'clearFailure' },
      },
    },
  },
});
