// The website widget's settings on `/widget`, in two independent regions. `settings`: the widget
// loaded with the numbers and inventories to choose from (`loading`), edited (`editing`: on or off, the
// number, the inventory, the sites added and removed, the colour and side, a greeting per language,
// opening hours, the filter, the daily cap), checked against the domain's refusals before it is sent
// (each refusal at its field, back in `editing`), saved (`saving`, then `saved`); the server's 422
// shows at its fields, anything else is a `failure` to retry — nothing edited is lost on either.
// `siteCheck`: 'check my site' — a page address sent (`checking`), then the snippet `found`, `notFound`,
// the page `unreachable`, or the call `failed` (retry); an address refused shows at its field.
// Tags for the view: `loading`, `saving`, `checking`, `failed`.
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { Locale } from '../domain/locales';
import {
  defaultWidgetSettings,
  WIDGET_ORIGINS_MAX,
  widgetOrigin,
  widgetRefusals,
  widgetRefusalsOf,
  type OpeningHours,
  type Widget,
  type WidgetPosition,
  type WidgetSettings,
} from '../domain/widget';
import { siteCheckRefusals, siteCheckUrl, type SiteCheckAnswer } from '../domain/widget-site-check';
import { failed, failureOf, type Failed } from './failure';

/** Opening hours as the screen switches them on: a working week. */
export const workingWeek: OpeningHours = { days: ['mon', 'tue', 'wed', 'thu', 'fri'], start: '09:00', end: '18:00' };

/** A connected number or an inventory the widget may use. */
export type WidgetChoice = { id: string; label: string };

/** What `loadWidget` answers: the widget as saved, and what may be chosen for it. */
export type LoadedWidget = { widget: Widget; channels: WidgetChoice[]; inventories: WidgetChoice[] };

/** Why a call failed: the server refused the settings or the address at fields (`refused`), or anything else. */
export const widgetConfigFailureKinds = ['refused', 'unknown'] as const;
export type WidgetConfigFailureKind = (typeof widgetConfigFailureKinds)[number];
export type WidgetConfigFailure = { kind: WidgetConfigFailureKind; fields?: Record<string, string> };
export const widgetConfigFailureOf = (error: unknown) => failureOf<WidgetConfigFailure>(error, widgetConfigFailureKinds);

export type WidgetConfigContext = {
  /** The widget as last loaded or saved (its public id, for the snippet); null until loaded. */
  widget: Widget | null;
  channels: WidgetChoice[];
  inventories: WidgetChoice[];
  /** The settings as edited on the screen (as saved until something changes). */
  settings: WidgetSettings;
  /** Field path (domain/widget.ts's, and `newOrigin` for the site being added) → message id. */
  fieldErrors: Record<string, string>;
  failure: WidgetConfigFailure | null;
  /** The page address last sent to 'check my site', and what came back. */
  checkUrl: string;
  checkAnswer: SiteCheckAnswer | null;
  /** The address's refusal (message id), shown at its field. */
  checkError: string | null;
};

export type WidgetConfigEvent =
  | { type: 'SET_ENABLED'; enabled: boolean }
  | { type: 'CHOOSE_CHANNEL'; channelId: string | null }
  | { type: 'CHOOSE_INVENTORY'; inventoryId: string | null }
  | { type: 'ADD_ORIGIN'; origin: string }
  | { type: 'REMOVE_ORIGIN'; index: number }
  | { type: 'SET_COLOR'; color: string }
  | { type: 'SET_POSITION'; position: WidgetPosition }
  | { type: 'SET_GREETING'; lang: Locale; text: string }
  | { type: 'SET_HOURS'; openingHours: OpeningHours | null }
  | { type: 'SET_FILTER'; enabled: boolean }
  | { type: 'SET_DAILY_CAP'; dailyCap: number }
  | { type: 'SAVE' }
  /** From `loadFailed`: load again; from `failure`: save the same settings again. */
  | { type: 'RETRY' }
  | { type: 'CHECK_SITE'; url: string }
  /** From the check's failure: send the same address again. */
  | { type: 'RETRY_CHECK' };

/** The refusals of the settings as edited, as field path → message id (what the server would refuse first). */
export function settingsErrorsOf(settings: WidgetSettings): Record<string, string> {
  return Object.fromEntries(Object.entries(widgetRefusalsOf(settings)).map(([field, message]) => [field, message.id!]));
}

/** Why a site cannot be added to the list (message id); null: it can. */
export function originRefusalOf(settings: WidgetSettings, text: string): string | null {
  const origin = widgetOrigin(text);
  if (origin === null) return widgetRefusals.originInvalid.id;
  if (settings.allowedOrigins.some((listed) => (widgetOrigin(listed) ?? listed) === origin)) return widgetRefusals.originDuplicate.id;
  if (settings.allowedOrigins.length >= WIDGET_ORIGINS_MAX) return widgetRefusals.tooManyOrigins.id;
  return null;
}

/** The errors left once the fields under `prefix` changed. */
const errorsWithout = (errors: Record<string, string>, ...prefixes: string[]) =>
  Object.fromEntries(
    Object.entries(errors).filter(([field]) => !prefixes.some((prefix) => field === prefix || field.startsWith(`${prefix}.`))),
  );

const settingsOf = (widget: Widget): WidgetSettings => {
  const { publicId: _publicId, updatedAt: _updatedAt, ...settings } = widget;
  return settings;
};

/** An edit of type `T`: the settings changed, the errors of the fields it touches cleared. */
function edit<T extends WidgetConfigEvent['type']>(
  type: T,
  change: (settings: WidgetSettings, event: Extract<WidgetConfigEvent, { type: T }>) => WidgetSettings,
  fieldsOf: (event: Extract<WidgetConfigEvent, { type: T }>) => string[],
) {
  return assign<WidgetConfigContext, WidgetConfigEvent, undefined, WidgetConfigEvent, never>(({ context, event }) => {
    assertEvent(event, type);
    const typed = event as unknown as Extract<WidgetConfigEvent, { type: T }>;
    return {
      settings: change(context.settings, typed),
      fieldErrors: errorsWithout(context.fieldErrors, ...fieldsOf(typed)),
      failure: null,
    };
  });
}

/** The edits, as the states that take them list them. */
const editTransitions = (target?: 'editing') => {
  const go = target ? { target } : {};
  return {
    SET_ENABLED: { ...go, actions: 'setEnabled' as const },
    CHOOSE_CHANNEL: { ...go, guard: 'isChannelOffered' as const, actions: 'chooseChannel' as const },
    CHOOSE_INVENTORY: { ...go, guard: 'isInventoryOffered' as const, actions: 'chooseInventory' as const },
    ADD_ORIGIN: [
      { ...go, guard: 'isOriginAddable' as const, actions: 'addOrigin' as const },
      { ...go, actions: 'refuseOrigin' as const },
    ],
    REMOVE_ORIGIN: { ...go, guard: 'isOriginListed' as const, actions: 'removeOrigin' as const },
    SET_COLOR: { ...go, actions: 'setColor' as const },
    SET_POSITION: { ...go, actions: 'setPosition' as const },
    SET_GREETING: { ...go, actions: 'setGreeting' as const },
    SET_HOURS: { ...go, actions: 'setHours' as const },
    SET_FILTER: { ...go, actions: 'setFilter' as const },
    SET_DAILY_CAP: { ...go, actions: 'setDailyCap' as const },
  };
};

/** SAVE: sent when the settings hold, else each refusal shown at its field. */
const saveTransitions = [
  { guard: 'areSettingsValid' as const, target: 'saving' as const, actions: 'clearFailure' as const },
  { actions: 'showSettingsErrors' as const },
];

/** CHECK_SITE: sent when the address is an http(s) one, else refused at its field. */
const checkTransitions = [
  { guard: 'isCheckableUrl' as const, target: '#widgetConfig.siteCheck.checking' as const, actions: 'rememberCheckUrl' as const },
  { target: '#widgetConfig.siteCheck.idle' as const, actions: 'refuseCheckUrl' as const },
];

export const widgetConfigMachine = setup({
  types: {
    context: {} as WidgetConfigContext,
    events: {} as WidgetConfigEvent,
    tags: {} as 'loading' | 'saving' | 'checking' | 'failed',
  },
  actors: {
    // GET /api/v1/widget with the connected numbers and the inventories. Provided by src/features/widget.
    loadWidget: fromPromise<LoadedWidget, void>(async () => {
      throw new Error('loadWidget is not provided');
    }),
    // PUT /api/v1/widget; answers the widget as stored, rejects with a WidgetConfigFailure.
    saveWidget: fromPromise<Widget, { settings: WidgetSettings }>(async () => {
      throw new Error('saveWidget is not provided');
    }),
    // POST /api/v1/widget/site-check; rejects with a WidgetConfigFailure (`refused` at `url`).
    checkSite: fromPromise<SiteCheckAnswer, { url: string }>(async () => {
      throw new Error('checkSite is not provided');
    }),
  },
  guards: {
    isRefusedAtFields: (_, { error }: Failed) => {
      const failure = widgetConfigFailureOf(error);
      return failure.kind === 'refused' && Object.keys(failure.fields ?? {}).length > 0;
    },
    isChannelOffered: ({ context, event }) => {
      assertEvent(event, 'CHOOSE_CHANNEL');
      return event.channelId === null || context.channels.some((choice) => choice.id === event.channelId);
    },
    isInventoryOffered: ({ context, event }) => {
      assertEvent(event, 'CHOOSE_INVENTORY');
      return event.inventoryId === null || context.inventories.some((choice) => choice.id === event.inventoryId);
    },
    isOriginAddable: ({ context, event }) => {
      assertEvent(event, 'ADD_ORIGIN');
      return originRefusalOf(context.settings, event.origin) === null;
    },
    isOriginListed: ({ context, event }) => {
      assertEvent(event, 'REMOVE_ORIGIN');
      return event.index >= 0 && event.index < context.settings.allowedOrigins.length;
    },
    areSettingsValid: ({ context }) => Object.keys(widgetRefusalsOf(context.settings)).length === 0,
    isCheckableUrl: ({ event }) => {
      assertEvent(event, 'CHECK_SITE');
      return siteCheckUrl(event.url) !== null;
    },
  },
  actions: {
    rememberLoaded: assign((_, { widget, channels, inventories }: LoadedWidget) => ({
      widget,
      channels,
      inventories,
      settings: settingsOf(widget),
      fieldErrors: {},
      failure: null,
    })),
    // Switched off, what only an enabled widget needs is no longer refused.
    setEnabled: edit(
      'SET_ENABLED',
      (settings, { enabled }) => ({ ...settings, enabled }),
      () => ['channelId', 'allowedOrigins'],
    ),
    chooseChannel: edit(
      'CHOOSE_CHANNEL',
      (settings, { channelId }) => ({ ...settings, channelId }),
      () => ['channelId'],
    ),
    chooseInventory: edit(
      'CHOOSE_INVENTORY',
      (settings, { inventoryId }) => ({ ...settings, inventoryId }),
      () => ['inventoryId'],
    ),
    addOrigin: edit(
      'ADD_ORIGIN',
      (settings, { origin }) => ({ ...settings, allowedOrigins: [...settings.allowedOrigins, widgetOrigin(origin)!] }),
      () => ['allowedOrigins', 'newOrigin'],
    ),
    refuseOrigin: assign(({ context, event }) => {
      assertEvent(event, 'ADD_ORIGIN');
      return { fieldErrors: { ...context.fieldErrors, newOrigin: originRefusalOf(context.settings, event.origin)! }, failure: null };
    }),
    // Indexed errors shift with the list: the list's are cleared (the next save says them again).
    removeOrigin: edit(
      'REMOVE_ORIGIN',
      (settings, { index }) => ({ ...settings, allowedOrigins: settings.allowedOrigins.filter((_, at) => at !== index) }),
      () => ['allowedOrigins', 'newOrigin'],
    ),
    setColor: edit(
      'SET_COLOR',
      (settings, { color }) => ({ ...settings, look: { ...settings.look, color } }),
      () => ['look.color'],
    ),
    setPosition: edit(
      'SET_POSITION',
      (settings, { position }) => ({ ...settings, look: { ...settings.look, position } }),
      () => [],
    ),
    setGreeting: edit(
      'SET_GREETING',
      (settings, { lang, text }) => ({ ...settings, greetings: { ...settings.greetings, [lang]: text } }),
      ({ lang }) => [`greetings.${lang}`],
    ),
    setHours: edit(
      'SET_HOURS',
      (settings, { openingHours }) => ({ ...settings, openingHours }),
      () => ['openingHours'],
    ),
    setFilter: edit(
      'SET_FILTER',
      (settings, { enabled }) => ({ ...settings, filterEnabled: enabled }),
      () => [],
    ),
    setDailyCap: edit(
      'SET_DAILY_CAP',
      (settings, { dailyCap }) => ({ ...settings, dailyCap }),
      () => ['dailyCap'],
    ),
    showSettingsErrors: assign(({ context }) => ({ fieldErrors: settingsErrorsOf(context.settings), failure: null })),
    rememberSaved: assign((_, widget: Widget) => ({ widget, settings: settingsOf(widget), fieldErrors: {}, failure: null })),
    showRefusal: assign((_, { error }: Failed) => ({ fieldErrors: widgetConfigFailureOf(error).fields ?? {}, failure: null })),
    rememberFailure: assign((_, { error }: Failed) => ({ failure: widgetConfigFailureOf(error) })),
    clearFailure: assign({ failure: null }),
    // Provided by src/: a toast says the widget is saved.
    announceSaved: (_, _widget: Widget) => {},
    rememberCheckUrl: assign(({ event }) => {
      assertEvent(event, 'CHECK_SITE');
      return { checkUrl: event.url.trim(), checkAnswer: null, checkError: null };
    }),
    refuseCheckUrl: assign(({ event }) => {
      assertEvent(event, 'CHECK_SITE');
      return { checkUrl: event.url, checkAnswer: null, checkError: siteCheckRefusals.urlInvalid.id };
    }),
    rememberCheck: assign((_, checkAnswer: SiteCheckAnswer) => ({ checkAnswer, checkError: null })),
    // The server refused the address (not on a listed site, not public): said at the field.
    refuseCheck: assign((_, { error }: Failed) => {
      const fields = widgetConfigFailureOf(error).fields ?? {};
      return { checkAnswer: null, checkError: fields.url ?? Object.values(fields)[0] ?? siteCheckRefusals.urlInvalid.id };
    }),
    forgetCheck: assign({ checkAnswer: null, checkError: null }),
  },
}).createMachine({
  id: 'widgetConfig',
  type: 'parallel',
  context: {
    widget: null,
    channels: [],
    inventories: [],
    settings: defaultWidgetSettings(),
    fieldErrors: {},
    failure: null,
    checkUrl: '',
    checkAnswer: null,
    checkError: null,
  },
  states: {
    settings: {
      initial: 'loading',
      states: {
        loading: {
          tags: 'loading',
          invoke: {
            id: 'loadWidget',
            src: 'loadWidget',
            onDone: { target: 'editing', actions: { type: 'rememberLoaded', params: ({ event }) => event.output } },
            onError: { target: 'loadFailed', actions: { type: 'rememberFailure', params: failed } },
          },
        },
        loadFailed: {
          tags: 'failed',
          on: { RETRY: { target: 'loading', actions: 'clearFailure' } },
        },
        editing: {
          on: { ...editTransitions(), SAVE: saveTransitions },
        },
        saving: {
          tags: 'saving',
          invoke: {
            id: 'saveWidget',
            src: 'saveWidget',
            input: ({ context }) => ({ settings: context.settings }),
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
        // Told, what was edited kept: save it again, or change it first.
        failure: {
          tags: 'failed',
          on: {
            ...editTransitions('editing'),
            RETRY: { target: 'saving', actions: 'clearFailure' },
            // The settings failed as they were sent, valid: the same again.
            SAVE: { target: 'saving', actions: 'clearFailure' },
          },
        },
      },
    },
    siteCheck: {
      initial: 'idle',
      states: {
        idle: { on: { CHECK_SITE: checkTransitions } },
        checking: {
          tags: 'checking',
          invoke: {
            id: 'checkSite',
            src: 'checkSite',
            input: ({ context }) => ({ url: context.checkUrl }),
            onDone: [
              {
                guard: ({ event }) => event.output.result === 'found',
                target: 'found',
                actions: { type: 'rememberCheck', params: ({ event }) => event.output },
              },
              {
                guard: ({ event }) => event.output.result === 'not_found',
                target: 'notFound',
                actions: { type: 'rememberCheck', params: ({ event }) => event.output },
              },
              { target: 'unreachable', actions: { type: 'rememberCheck', params: ({ event }) => event.output } },
            ],
            onError: [
              { guard: { type: 'isRefusedAtFields', params: failed }, target: 'idle', actions: { type: 'refuseCheck', params: failed } },
              { target: 'failed', actions: 'forgetCheck' },
            ],
          },
        },
        found: { on: { CHECK_SITE: checkTransitions } },
        notFound: { on: { CHECK_SITE: checkTransitions } },
        unreachable: { on: { CHECK_SITE: checkTransitions } },
        failed: {
          tags: 'failed',
          on: { CHECK_SITE: checkTransitions, RETRY_CHECK: 'checking' },
        },
      },
    },
  },
});
