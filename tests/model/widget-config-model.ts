// The widget-config test model, derived mechanically from the production machine (model-harness.ts)
// with sample payloads where its guards and actions need data: the widget the screen loads (nothing
// saved), the edits a merchant makes (and ones the guards refuse or the domain's refusals catch: a
// number or inventory not offered, a site that is not one, a colour, a daily cap out of range), the
// server's answer to a save and its refusals (at fields, without any, anything else), and 'check my
// site' (an address, one that is not; found, not found, unreachable, refused at the field, failed).
// The context is abstracted to what the guards read and what the view shows apart.
import type { EventObject } from 'xstate';
import { defaultWidgetSettings, widgetRefusals, type Widget } from '@/domain/widget';
import type { SiteCheckAnswer } from '@/domain/widget-site-check';
import { siteCheckRefusals } from '@/domain/widget-site-check';
import {
  settingsErrorsOf,
  widgetConfigMachine,
  workingWeek,
  type LoadedWidget,
  type WidgetConfigContext,
  type WidgetConfigFailure,
} from '@/machines/widget-config';
import { createTestModelFor, type EventSamples } from './model-harness';

export const CHANNEL_A = '00000000-0000-4000-8000-000000000371';
export const INVENTORY_A = '00000000-0000-4000-8000-000000000372';
export const NOT_OFFERED = '00000000-0000-4000-8000-000000000379';
export const SITE = 'https://loja.example';
export const PAGE = 'https://loja.example/produtos';

export const loadedWidget: Widget = { ...defaultWidgetSettings(), publicId: 'wgt_model37', updatedAt: null };
export const loaded: LoadedWidget = {
  widget: loadedWidget,
  channels: [{ id: CHANNEL_A, label: '+55 11 93456-7890 (Loja Ana)' }],
  inventories: [{ id: INVENTORY_A, label: 'Loja Demo' }],
};

/** What the server answers a save with (the settings as stored, on). */
export const storedWidget: Widget = {
  ...loadedWidget,
  enabled: true,
  channelId: CHANNEL_A,
  allowedOrigins: [SITE],
  updatedAt: '2026-12-02T08:00:00.000Z',
};

export const saveFailures: WidgetConfigFailure[] = [
  { kind: 'refused', fields: { channelId: widgetRefusals.channelUnknown.id } },
  { kind: 'refused' },
  { kind: 'unknown' },
];

export const checkAnswers: SiteCheckAnswer[] = [
  { result: 'found', url: PAGE, status: 200 },
  { result: 'not_found', url: PAGE, status: 200 },
  { result: 'unreachable', url: PAGE, status: null },
];
export const checkFailures: WidgetConfigFailure[] = [
  { kind: 'refused', fields: { url: siteCheckRefusals.notListed.id } },
  { kind: 'unknown' },
];

export const widgetConfigSamples: EventSamples = {
  SET_ENABLED: [
    { type: 'SET_ENABLED', enabled: true },
    { type: 'SET_ENABLED', enabled: false },
  ],
  CHOOSE_CHANNEL: [
    { type: 'CHOOSE_CHANNEL', channelId: CHANNEL_A },
    { type: 'CHOOSE_CHANNEL', channelId: null },
    // Not connected (gone since the page loaded): refused by the guard.
    { type: 'CHOOSE_CHANNEL', channelId: NOT_OFFERED },
  ],
  CHOOSE_INVENTORY: [
    { type: 'CHOOSE_INVENTORY', inventoryId: INVENTORY_A },
    { type: 'CHOOSE_INVENTORY', inventoryId: NOT_OFFERED },
  ],
  ADD_ORIGIN: [
    { type: 'ADD_ORIGIN', origin: `${SITE}/` },
    { type: 'ADD_ORIGIN', origin: 'https://outra.example' },
    // Not a site's address: refused at the new site's field.
    { type: 'ADD_ORIGIN', origin: 'loja.example/produtos' },
  ],
  REMOVE_ORIGIN: [
    { type: 'REMOVE_ORIGIN', index: 0 },
    // Not in the list: refused by the guard.
    { type: 'REMOVE_ORIGIN', index: 5 },
  ],
  SET_COLOR: [
    { type: 'SET_COLOR', color: '#AA3300' },
    { type: 'SET_COLOR', color: 'blue' },
  ],
  SET_POSITION: [{ type: 'SET_POSITION', position: 'left' }],
  SET_GREETING: [{ type: 'SET_GREETING', lang: 'pt', text: 'Olá! Posso ajudar?' }],
  SET_HOURS: [
    // The working week the screen starts hours with.
    { type: 'SET_HOURS', openingHours: workingWeek },
    { type: 'SET_HOURS', openingHours: null },
  ],
  SET_FILTER: [{ type: 'SET_FILTER', enabled: false }],
  SET_DAILY_CAP: [
    { type: 'SET_DAILY_CAP', dailyCap: 50 },
    { type: 'SET_DAILY_CAP', dailyCap: 0 },
  ],
  CHECK_SITE: [
    { type: 'CHECK_SITE', url: PAGE },
    { type: 'CHECK_SITE', url: 'loja.example' },
  ],
  'xstate.done.actor.loadWidget': [{ type: 'xstate.done.actor.loadWidget', output: loaded }],
  'xstate.error.actor.loadWidget': [{ type: 'xstate.error.actor.loadWidget', error: { kind: 'unknown' } }],
  'xstate.done.actor.saveWidget': [{ type: 'xstate.done.actor.saveWidget', output: storedWidget }],
  'xstate.error.actor.saveWidget': saveFailures.map((error) => ({ type: 'xstate.error.actor.saveWidget', error })),
  'xstate.done.actor.checkSite': checkAnswers.map((output) => ({ type: 'xstate.done.actor.checkSite', output })),
  'xstate.error.actor.checkSite': checkFailures.map((error) => ({ type: 'xstate.error.actor.checkSite', error })),
};

/** What tells states apart: loaded, what the domain refuses, whether errors show, the failure, the sites listed, the check. */
export const abstractWidgetConfig = (context: WidgetConfigContext) => ({
  loaded: context.widget !== null,
  refusals: Object.keys(settingsErrorsOf(context.settings)).sort(),
  shown: Object.keys(context.fieldErrors).sort(),
  failure: context.failure?.kind ?? null,
  sites: context.settings.allowedOrigins.length,
  check: context.checkAnswer?.result ?? null,
  checkError: context.checkError,
});

export function widgetConfigTestModel() {
  return createTestModelFor(widgetConfigMachine, {
    samples: widgetConfigSamples,
    abstractContext: abstractWidgetConfig as (context: never) => unknown,
  });
}

export function widgetConfigPathName(events: EventObject[]): string {
  return events
    .map((e) => {
      const type = e.type.replace(/^xstate\./, '');
      if ('error' in e) {
        const failure = e.error as WidgetConfigFailure;
        return `${type}(${failure.kind}${failure.fields ? ' at fields' : ''})`;
      }
      if (type === 'done.actor.checkSite') return `${type}(${(e as EventObject & { output: SiteCheckAnswer }).output.result})`;
      if ('output' in e) return type;
      const payload = Object.entries(e)
        .filter(([key]) => key !== 'type')
        .map(([, value]) => (value === CHANNEL_A || value === INVENTORY_A ? 'A' : JSON.stringify(value)));
      return payload.length > 0 ? `${type}(${payload.join(', ')})` : type;
    })
    .join(' → ');
}
