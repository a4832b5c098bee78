// The order-notices test model, derived mechanically from the production machine (model-harness.ts)
// with sample payloads where its guards and actions need data: what the screen loads (nothing saved,
// or the confirmation saved on), the number, switch, template and source a merchant chooses (and ones
// the guards refuse: a number not connected, a template no number offers, a source the confirmation
// has not), the server's answer to a save and its refusals (at fields, without any, the inventory
// gone, anything else). The context is abstracted to the settings, the fields refused and the failure.
import type { EventObject } from 'xstate';
import { noOrderNotices, orderNoticeRefusals, type OrderNoticeSettings } from '@/domain/order-notice';
import {
  orderNoticesMachine,
  type LoadedOrderNotices,
  type NoticeNumberChoice,
  type OrderNoticesContext,
  type OrderNoticesFailure,
} from '@/machines/order-notices';
import { createTestModelFor, type EventSamples } from './model-harness';

export const INVENTORY_ID = '00000000-0000-4000-8000-000000000041';
export const NUMBER_A = '00000000-0000-4000-8000-000000000042';
export const NUMBER_B = '00000000-0000-4000-8000-000000000043';

/** A number with the ready-made confirmation and shipping templates approved. */
export const numberA: NoticeNumberChoice = {
  channelId: NUMBER_A,
  displayPhoneNumber: '+55 11 93456-7890',
  verifiedName: 'Loja Ana',
  templates: [
    { name: 'order_confirmation', variables: ['first_name', 'order_number', 'order_total', 'order_status_url'] },
    { name: 'order_shipped', variables: ['first_name', 'order_number', 'carrier', 'tracking_url'] },
  ],
};
/** A number with other templates: one without variables, one whose variable has no obvious source. */
export const numberB: NoticeNumberChoice = {
  channelId: NUMBER_B,
  displayPhoneNumber: '+55 21 99371-9371',
  verifiedName: 'Loja Bia',
  templates: [
    { name: 'hello_world', variables: [] },
    { name: 'pedido_recebido', variables: ['codigo', 'first_name'] },
  ],
};

/** The confirmation as a merchant saved it before: on, the ready-made template, two variables mapped (the rest by default). */
export const savedSettings: OrderNoticeSettings = {
  channelId: NUMBER_A,
  notices: {
    order_confirmation: {
      enabled: true,
      templateName: 'order_confirmation',
      variables: { first_name: 'first_name', order_number: 'order_number' },
    },
    shipping_update: { enabled: false, templateName: null, variables: {} },
  },
};

export const loads: LoadedOrderNotices[] = [
  { settings: noOrderNotices, numbers: [numberA, numberB] },
  { settings: savedSettings, numbers: [numberA, numberB] },
];

/** What the server answers a save with (the settings as stored). */
export const storedSettings: OrderNoticeSettings = {
  ...savedSettings,
  notices: {
    ...savedSettings.notices,
    order_confirmation: {
      ...savedSettings.notices.order_confirmation,
      variables: {
        first_name: 'first_name',
        order_number: 'order_number',
        order_total: 'order_total',
        order_status_url: 'order_status_url',
      },
    },
  },
};

export const saveFailures: OrderNoticesFailure[] = [
  { kind: 'refused', fields: { channelId: orderNoticeRefusals.channelMissing.id } },
  { kind: 'refused' },
  { kind: 'not_found' },
  { kind: 'unknown' },
];

const confirmation = 'order_confirmation' as const;

export const orderNoticesSamples: EventSamples = {
  CHOOSE_NUMBER: [
    { type: 'CHOOSE_NUMBER', channelId: NUMBER_A },
    { type: 'CHOOSE_NUMBER', channelId: NUMBER_B },
    { type: 'CHOOSE_NUMBER', channelId: null },
    // Not connected (gone since the page loaded): refused by the guard.
    { type: 'CHOOSE_NUMBER', channelId: '00000000-0000-4000-8000-000000000044' },
  ],
  SWITCH: [
    { type: 'SWITCH', kind: confirmation, enabled: true },
    { type: 'SWITCH', kind: confirmation, enabled: false },
  ],
  CHOOSE_TEMPLATE: [
    { type: 'CHOOSE_TEMPLATE', kind: confirmation, templateName: 'order_confirmation' },
    { type: 'CHOOSE_TEMPLATE', kind: confirmation, templateName: null },
    // Not one of the numbers' templates: refused by the guard.
    { type: 'CHOOSE_TEMPLATE', kind: confirmation, templateName: 'pedido_recebido' },
  ],
  CHOOSE_SOURCE: [
    { type: 'CHOOSE_SOURCE', kind: confirmation, variable: 'order_total', source: 'order_number' },
    { type: 'CHOOSE_SOURCE', kind: confirmation, variable: 'order_total', source: null },
    // Not a source of the confirmation: refused by the guard.
    { type: 'CHOOSE_SOURCE', kind: confirmation, variable: 'order_total', source: 'tracking_url' },
  ],
  'xstate.done.actor.loadNotices': loads.map((output) => ({ type: 'xstate.done.actor.loadNotices', output })),
  'xstate.error.actor.loadNotices': [{ type: 'xstate.error.actor.loadNotices', error: { kind: 'unknown' } }],
  'xstate.done.actor.saveNotices': [{ type: 'xstate.done.actor.saveNotices', output: storedSettings }],
  'xstate.error.actor.saveNotices': saveFailures.map((error) => ({ type: 'xstate.error.actor.saveNotices', error })),
};

/** What tells states apart: the settings as chosen, the fields refused, the failure's kind (the numbers are as loaded, one list). */
export const abstractOrderNotices = (context: OrderNoticesContext) => ({
  loaded: context.numbers.length > 0,
  settings: context.settings,
  refused: Object.keys(context.fieldErrors).sort(),
  failure: context.failure?.kind ?? null,
});

export function orderNoticesTestModel() {
  return createTestModelFor(orderNoticesMachine, {
    input: { inventoryId: INVENTORY_ID },
    samples: orderNoticesSamples,
    abstractContext: abstractOrderNotices as (context: never) => unknown,
  });
}

export function orderNoticesPathName(events: EventObject[]): string {
  return events
    .map((e) => {
      const type = e.type.replace(/^xstate\./, '');
      if ('error' in e) {
        const failure = e.error as OrderNoticesFailure;
        return `${type}(${failure.kind}${failure.fields ? ' at fields' : ''})`;
      }
      if (type === 'done.actor.loadNotices') {
        const { settings, numbers } = (e as EventObject & { output: LoadedOrderNotices }).output;
        return `${type}(${settings.channelId ? 'saved' : 'nothing saved'}, ${numbers.length} numbers)`;
      }
      if ('output' in e) return type;
      const payload = Object.entries(e)
        .filter(([key]) => key !== 'type')
        .map(([, value]) => (value === NUMBER_A ? 'A' : value === NUMBER_B ? 'B' : JSON.stringify(value)));
      return payload.length > 0 ? `${type}(${payload.join(', ')})` : type;
    })
    .join(' → ');
}
