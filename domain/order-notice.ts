// Post-sale notices: per inventory, the merchant switches on the order confirmation and the shipping
// update, picks the approved template each sends (from the number that sends them) and says what fills
// each of its variables — a value of the order (its number, total, status page), of its shipment
// (tracking link and number, carrier), the shopper's first name or the store's name. Shared by the
// settings screen, the API that checks them, and the worker that turns a store's order events into
// template sends (server/notices/).
import * as z from 'zod/mini';
import type { MessageDescriptor } from '@lingui/core';

export const orderNoticeKinds = ['order_confirmation', 'shipping_update'] as const;
export type OrderNoticeKind = (typeof orderNoticeKinds)[number];

/** What fills a variable. The wire values: add to them, never rename one. */
export const noticeValueSources = [
  'first_name',
  'order_number',
  'order_total',
  'order_status_url',
  'store_name',
  'tracking_url',
  'tracking_number',
  'carrier',
] as const;
export type NoticeValueSource = (typeof noticeValueSources)[number];

/** The values only a shipment has: the order confirmation cannot use them. */
export const shipmentValueSources: readonly NoticeValueSource[] = ['tracking_url', 'tracking_number', 'carrier'];

/** The sources a notice may use. */
export const valueSourcesOf = (kind: OrderNoticeKind): readonly NoticeValueSource[] =>
  kind === 'shipping_update' ? noticeValueSources : noticeValueSources.filter((source) => !shipmentValueSources.includes(source));

/**
 * The source a variable is filled from when the merchant has not said (the ready-made templates'
 * variables carry these names); null: the merchant must choose.
 */
export function defaultValueSource(variable: string, kind: OrderNoticeKind): NoticeValueSource | null {
  const known: Record<string, NoticeValueSource> = {
    first_name: 'first_name',
    name: 'first_name',
    order_number: 'order_number',
    order_total: 'order_total',
    total: 'order_total',
    order_status_url: 'order_status_url',
    store_name: 'store_name',
    tracking_url: 'tracking_url',
    tracking_number: 'tracking_number',
    carrier: 'carrier',
  };
  const source = known[variable];
  return source && valueSourcesOf(kind).includes(source) ? source : null;
}

const TEMPLATE_NAME_MAX = 512;
const VARIABLE_NAME_MAX = 64;

export const noticeSettingSchema = z.object({
  enabled: z.boolean(),
  /** The template's name on the sending number's WhatsApp Business Account; null: none picked yet. */
  templateName: z.nullable(z.string().check(z.minLength(1), z.maxLength(TEMPLATE_NAME_MAX))),
  /** Each of the template's variables and what fills it. */
  variables: z.record(z.string().check(z.minLength(1), z.maxLength(VARIABLE_NAME_MAX)), z.enum(noticeValueSources)),
});
export type NoticeSetting = z.infer<typeof noticeSettingSchema>;

export const orderNoticeSettingsSchema = z.object({
  /** The connected number the notices go from; null: none chosen (nothing is sent). */
  channelId: z.nullable(z.uuid()),
  notices: z.object({ order_confirmation: noticeSettingSchema, shipping_update: noticeSettingSchema }),
});
export type OrderNoticeSettings = z.infer<typeof orderNoticeSettingsSchema>;

/** An inventory's settings before the merchant saved any: both notices off. */
export const noOrderNotices: OrderNoticeSettings = {
  channelId: null,
  notices: {
    order_confirmation: { enabled: false, templateName: null, variables: {} },
    shipping_update: { enabled: false, templateName: null, variables: {} },
  },
};

/** Why the settings are refused, at their field (`notices.<kind>.templateName`, `notices.<kind>.variables.<name>`, `channelId`). */
export const orderNoticeRefusals = {
  channelMissing: /*i18n*/ { id: 'notices.channel_missing', message: 'Choose the WhatsApp number the notices go from.' },
  channelUnknown: /*i18n*/ { id: 'notices.channel_unknown', message: 'This WhatsApp number is not connected to your account.' },
  templateMissing: /*i18n*/ { id: 'notices.template_missing', message: 'Choose the template this notice sends.' },
  templateUnknown: /*i18n*/ {
    id: 'notices.template_unknown',
    message: 'This number has no template of that name. Refresh its templates, or submit one first.',
  },
  templateNotApproved: /*i18n*/ {
    id: 'notices.template_not_approved',
    message: 'Meta has not approved this template in any language yet: it can be chosen once it is approved.',
  },
  templateMarketing: /*i18n*/ {
    id: 'notices.template_marketing',
    message: 'A notice needs a Utility template: shoppers agree to order updates, not to offers.',
  },
  variableUnmapped: /*i18n*/ { id: 'notices.variable_unmapped', message: 'Choose what fills this variable.' },
  variableUnknown: /*i18n*/ { id: 'notices.variable_unknown', message: 'The template has no variable of this name.' },
  sourceUnavailable: /*i18n*/ {
    id: 'notices.source_unavailable',
    message: 'An order confirmation has no shipment yet: tracking and carrier are for the shipping update.',
  },
} as const satisfies Record<string, MessageDescriptor>;

/** What a notice's send is for, one per order (confirmation) or per shipment and tracking number (shipping update). */
export function noticeSendKey(
  kind: OrderNoticeKind,
  inventoryId: string,
  event: { shopifyOrderId: string; shopifyFulfillmentId: string | null; trackingNumber: string | null; trackingUrl: string | null },
): string {
  if (kind === 'order_confirmation') return `notice:order_confirmation:${inventoryId}:${event.shopifyOrderId}`;
  return `notice:shipping_update:${inventoryId}:${event.shopifyFulfillmentId ?? event.shopifyOrderId}:${event.trackingNumber ?? event.trackingUrl ?? ''}`;
}
