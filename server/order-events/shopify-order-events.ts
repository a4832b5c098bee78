// A store's orders as the events post-sale notices follow, worked out alike from Shopify's two
// shapes: the REST-style JSON of a webhook (`orders/create`, `fulfillments/create`,
// `fulfillments/update`) and an order as the Admin GraphQL poll reads it. Both give the same event
// the same key (`eventKeyOf`), so whichever brings it first records it and the other adds nothing.
// The shopper's number is read in E.164 with the shipping (else billing) address's country; what a
// payload lacks stays null (a fulfillment webhook names only its order's id: the recording copies the
// order's details from the order's own event).
import * as z from 'zod/mini';
import { isPhoneCountry, readContactPhone } from '@/domain/contact-phone';
import { WHATSAPP_UPDATES_ATTRIBUTE, type OrderEventKind } from '@/domain/order-event';
import { decimalToMinor } from '../inventories/store-reader';
import { RECOVERY_ATTRIBUTE, recoveryRefOf, refOfLandingSite } from '../checkouts/recovery-ref';

/** An event as recorded (server/order-events/order-event-tables.ts's order_events, less what the recording adds). */
export type OrderEventDraft = {
  kind: OrderEventKind;
  eventKey: string;
  shopifyOrderId: string;
  orderName: string | null;
  totalMinor: number | null;
  currency: string | null;
  statusPageUrl: string | null;
  customerPhone: string | null;
  customerFirstName: string | null;
  customerLocale: string | null;
  whatsappUpdatesPhone: string | null;
  shopifyFulfillmentId: string | null;
  fulfillmentStatus: string | null;
  shipmentStatus: string | null;
  trackingNumber: string | null;
  trackingUrl: string | null;
  trackingCompany: string | null;
  occurredAt: Date;
  /** The token of the checkout the order was placed from (an `orders/create` webhook's `checkout_token`): it completes that checkout. */
  checkoutToken?: string | null;
  /**
   * For an order's own event, what checkout recovery matches it by besides the token (server/checkouts/
   * recovered-orders.ts): the recovery ref of its landing page and of its recovery attribute, and the
   * discount codes it used. Absent: none.
   */
  recovery?: OrderRecoveryMarks;
};

/** What an order carries of a checkout's recovery. */
export type OrderRecoveryMarks = { referralRef: string | null; attributeRef: string | null; discountCodes: string[] };

/** The recovery ref of an order's attributes (`_catalyst_recovery`), or null. */
const attributeRefOf = (attributes: ReadonlyArray<{ key: string; value: unknown }>) => {
  const value = attributes.find((attribute) => attribute.key === RECOVERY_ATTRIBUTE)?.value;
  return typeof value === 'string' ? recoveryRefOf(value) : null;
};
/**
 * The discount codes an order used, as Shopify names them (trimmed, none empty), the first hundred
 * (more is no real order): a webhook's `discount_codes[].code`, a poll's or the sync's `discountCodes`.
 */
export const codesOf = (codes: ReadonlyArray<string | null | undefined>) =>
  codes.flatMap((code) => (text(code, 255) ? [text(code, 255)!] : [])).slice(0, 100);

/** The key two sources agree on: the order or fulfillment id, and for an update the second it was made. */
export function eventKeyOf(kind: OrderEventKind, id: string, updatedAt?: Date): string {
  return kind === 'fulfillment_updated' ? `${kind}:${id}:${Math.floor(updatedAt!.getTime() / 1000)}` : `${kind}:${id}`;
}

// --- Reading values (the store's checkouts, server/checkouts/, read theirs alike) ------------------

const TEXT_MAX = 2000;

/** Text as Shopify gave it, trimmed; null for none, empty or too long to be what it claims. */
export const text = (value: string | null | undefined, max = TEXT_MAX): string | null => {
  const trimmed = value?.trim();
  return trimmed && trimmed.length <= max ? trimmed : null;
};

/** An http(s) URL, else null. */
export const link = (value: string | null | undefined): string | null => {
  const candidate = text(value);
  if (!candidate) return null;
  try {
    const url = new URL(candidate);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
};

/** The first of `phones` that reads as a number (in `country` when it has no `+`), in E.164. */
export function e164(phones: ReadonlyArray<string | null | undefined>, country: string | null | undefined): string | null {
  const code = country?.trim().toUpperCase();
  const defaultCountry = code && isPhoneCountry(code) ? code : undefined;
  for (const phone of phones) {
    if (!phone?.trim()) continue;
    const reading = readContactPhone(phone, defaultCountry);
    if (reading.ok) return reading.phone;
  }
  return null;
}

export const minorOf = (amount: string | null | undefined, currency: string | null): number | null => {
  if (!amount || !currency) return null;
  try {
    return decimalToMinor(amount, currency);
  } catch {
    return null;
  }
};

/** A time Shopify wrote (with an offset or Z); null when it is not one. */
export const timeOf = (value: string | null | undefined): Date | null => {
  const at = value ? new Date(value) : null;
  return at && Number.isFinite(at.getTime()) ? at : null;
};

/** The numeric id of a Shopify id: a gid's tail, or a number within JavaScript's exact integers. */
export function numericIdOf(id: string | number | null | undefined): string | null {
  if (typeof id === 'number') return Number.isSafeInteger(id) && id > 0 ? String(id) : null;
  const match = /^(?:gid:\/\/shopify\/\w+\/)?(\d{1,20})$/.exec(id ?? '');
  return match ? match[1]! : null;
}

/** `#1042.1` → `#1042`: a fulfillment's name is its order's and a number. */
const orderNameOfFulfillment = (name: string | null | undefined) => text(name?.replace(/\.\d+$/, ''));

// --- Webhooks (REST-style JSON) -----------------------------------------------------------------------

export const nullableText = () => z.optional(z.nullable(z.string()));
export const restId = z.union([z.number(), z.string()]);
export const restAddressSchema = z.object({ first_name: nullableText(), phone: nullableText(), country_code: nullableText() });

/** The fields of an `orders/create` payload an event reads (the rest is ignored). */
export const restOrderSchema = z.object({
  id: restId,
  admin_graphql_api_id: nullableText(),
  name: z.string(),
  created_at: z.string(),
  total_price: nullableText(),
  currency: nullableText(),
  order_status_url: nullableText(),
  customer_locale: nullableText(),
  phone: nullableText(),
  checkout_token: nullableText(),
  /** The shopper's landing page, its path and query (`/?ref=…`): the visit's referral code is its `ref`. */
  landing_site: nullableText(),
  discount_codes: z.optional(z.nullable(z.array(z.object({ code: nullableText() })))),
  note_attributes: z.optional(z.nullable(z.array(z.object({ name: z.string(), value: z.optional(z.nullable(z.unknown())) })))),
  shipping_address: z.optional(z.nullable(restAddressSchema)),
  billing_address: z.optional(z.nullable(restAddressSchema)),
});
export type RestOrder = z.infer<typeof restOrderSchema>;

/** The fields of a `fulfillments/create` or `/update` payload an event reads. */
export const restFulfillmentSchema = z.object({
  id: restId,
  admin_graphql_api_id: nullableText(),
  order_id: restId,
  name: nullableText(),
  status: nullableText(),
  shipment_status: nullableText(),
  created_at: z.string(),
  updated_at: z.string(),
  tracking_company: nullableText(),
  tracking_number: nullableText(),
  tracking_url: nullableText(),
  destination: z.optional(z.nullable(restAddressSchema)),
});
export type RestFulfillment = z.infer<typeof restFulfillmentSchema>;

/** The `orders/create` payload's event; null when it names no order id or time it can be keyed by. */
export function orderCreatedFromWebhook(order: RestOrder): OrderEventDraft | null {
  const orderId = numericIdOf(order.admin_graphql_api_id) ?? numericIdOf(order.id);
  const occurredAt = timeOf(order.created_at);
  if (!orderId || !occurredAt) return null;
  const country = order.shipping_address?.country_code ?? order.billing_address?.country_code;
  const currency = text(order.currency, 3);
  const attribute = order.note_attributes?.find((entry) => entry.name === WHATSAPP_UPDATES_ATTRIBUTE)?.value;
  return {
    kind: 'order_created',
    eventKey: eventKeyOf('order_created', orderId),
    shopifyOrderId: orderId,
    orderName: text(order.name, 100),
    totalMinor: minorOf(order.total_price, currency),
    currency,
    statusPageUrl: link(order.order_status_url),
    customerPhone: e164([order.phone, order.shipping_address?.phone, order.billing_address?.phone], country),
    customerFirstName: text(order.shipping_address?.first_name ?? order.billing_address?.first_name, 100),
    customerLocale: text(order.customer_locale, 35),
    whatsappUpdatesPhone: typeof attribute === 'string' ? e164([attribute], country) : null,
    ...noFulfillment,
    occurredAt,
    checkoutToken: text(order.checkout_token, 100),
    recovery: {
      referralRef: refOfLandingSite(order.landing_site),
      attributeRef: attributeRefOf((order.note_attributes ?? []).map(({ name, value }) => ({ key: name, value }))),
      discountCodes: codesOf((order.discount_codes ?? []).map((discount) => discount.code)),
    },
  };
}

const noFulfillment = {
  shopifyFulfillmentId: null,
  fulfillmentStatus: null,
  shipmentStatus: null,
  trackingNumber: null,
  trackingUrl: null,
  trackingCompany: null,
} as const;

/** A fulfillment webhook's event (`fulfillment_created` or `_updated`); null when it lacks an id or time. */
export function fulfillmentFromWebhook(
  kind: 'fulfillment_created' | 'fulfillment_updated',
  fulfillment: RestFulfillment,
): OrderEventDraft | null {
  const fulfillmentId = numericIdOf(fulfillment.admin_graphql_api_id) ?? numericIdOf(fulfillment.id);
  const orderId = numericIdOf(fulfillment.order_id);
  const createdAt = timeOf(fulfillment.created_at);
  const updatedAt = timeOf(fulfillment.updated_at);
  if (!fulfillmentId || !orderId || !createdAt || !updatedAt) return null;
  const destination = fulfillment.destination;
  return {
    kind,
    eventKey: eventKeyOf(kind, fulfillmentId, updatedAt),
    shopifyOrderId: orderId,
    orderName: orderNameOfFulfillment(fulfillment.name),
    totalMinor: null,
    currency: null,
    statusPageUrl: null,
    customerPhone: e164([destination?.phone], destination?.country_code),
    customerFirstName: text(destination?.first_name, 100),
    customerLocale: null,
    whatsappUpdatesPhone: null,
    shopifyFulfillmentId: fulfillmentId,
    fulfillmentStatus: text(fulfillment.status?.toLowerCase(), 40),
    shipmentStatus: text(fulfillment.shipment_status?.toLowerCase(), 40),
    trackingNumber: text(fulfillment.tracking_number, 200),
    trackingUrl: link(fulfillment.tracking_url),
    trackingCompany: text(fulfillment.tracking_company, 200),
    occurredAt: kind === 'fulfillment_created' ? createdAt : updatedAt,
  };
}

// --- Polling (Admin GraphQL) ------------------------------------------------------------------------

/**
 * Orders a page: an order here costs about 6 points (the order, its two addresses, its attributes,
 * its fulfillments and their tracking; money and the discount codes, a list of strings, are free), so
 * 100 ask some 600 of the bucket.
 */
export const ORDER_EVENTS_PER_PAGE = 100;
/** Fulfillments read per order: more than an order has in practice. */
const FULFILLMENTS_PER_ORDER = 20;

/** The orders updated since the poll's start, with what their events carry. */
export const ORDER_EVENTS_QUERY = `query CatalystOrderEvents($first: Int!, $after: String, $query: String) {
  orders(first: $first, after: $after, query: $query, sortKey: UPDATED_AT) {
    pageInfo { hasNextPage endCursor }
    nodes {
      id name createdAt updatedAt phone customerLocale statusPageUrl discountCodes
      totalPriceSet { shopMoney { amount currencyCode } }
      customAttributes { key value }
      customerJourneySummary { lastVisit { referralCode } }
      shippingAddress { firstName phone countryCodeV2 }
      billingAddress { firstName phone countryCodeV2 }
      fulfillments(first: ${FULFILLMENTS_PER_ORDER}) {
        id name status displayStatus createdAt updatedAt
        trackingInfo(first: 1) { company number url }
      }
    }
  }
}`;

type PolledAddress = { firstName: string | null; phone: string | null; countryCodeV2: string | null } | null;
/** An order as ORDER_EVENTS_QUERY reads it. */
export type PolledOrder = {
  id: string;
  name: string;
  createdAt: string;
  updatedAt: string;
  phone: string | null;
  customerLocale: string | null;
  statusPageUrl: string | null;
  totalPriceSet: { shopMoney: { amount: string; currencyCode: string } };
  customAttributes: { key: string; value: string | null }[];
  /** The visit's referral code: a reminder's way back names the recovery's ref (server/checkouts/recovery-ref.ts). */
  customerJourneySummary?: { lastVisit: { referralCode: string | null } | null } | null;
  /** The discount codes it used (a reminder's counts as used); absent: none. */
  discountCodes?: readonly (string | null)[] | null;
  shippingAddress: PolledAddress;
  billingAddress: PolledAddress;
  fulfillments: {
    id: string;
    name: string;
    status: string;
    displayStatus: string | null;
    createdAt: string;
    updatedAt: string;
    trackingInfo: { company: string | null; number: string | null; url: string | null }[];
  }[];
};

/** The carrier's statuses among GraphQL's display statuses: REST's shipment_status, in capitals. */
const SHIPMENT_STATUSES = new Set([
  'ATTEMPTED_DELIVERY',
  'CARRIER_PICKED_UP',
  'CONFIRMED',
  'DELIVERED',
  'FAILURE',
  'IN_TRANSIT',
  'LABEL_PRINTED',
  'LABEL_PURCHASED',
  'OUT_FOR_DELIVERY',
  'PICKED_UP',
  'READY_FOR_PICKUP',
]);

/**
 * The events of a polled order that happened after `since`: its creation, each fulfillment's
 * creation, and each fulfillment's last update (when it came after its creation). An older order
 * updated now (a refund, a shipment) brings only what is new.
 */
export function eventsFromPolledOrder(order: PolledOrder, since: Date): OrderEventDraft[] {
  const orderId = numericIdOf(order.id);
  if (!orderId) return [];
  const country = order.shippingAddress?.countryCodeV2 ?? order.billingAddress?.countryCodeV2;
  const { amount, currencyCode } = order.totalPriceSet.shopMoney;
  const attribute = order.customAttributes.find((entry) => entry.key === WHATSAPP_UPDATES_ATTRIBUTE)?.value;
  const ofOrder = {
    shopifyOrderId: orderId,
    orderName: text(order.name, 100),
    totalMinor: minorOf(amount, currencyCode),
    currency: text(currencyCode, 3),
    statusPageUrl: link(order.statusPageUrl),
    customerPhone: e164([order.phone, order.shippingAddress?.phone, order.billingAddress?.phone], country),
    customerFirstName: text(order.shippingAddress?.firstName ?? order.billingAddress?.firstName, 100),
    customerLocale: text(order.customerLocale, 35),
    whatsappUpdatesPhone: attribute ? e164([attribute], country) : null,
  };
  const events: OrderEventDraft[] = [];
  const createdAt = timeOf(order.createdAt);
  if (createdAt && createdAt > since)
    events.push({
      kind: 'order_created',
      eventKey: eventKeyOf('order_created', orderId),
      ...ofOrder,
      ...noFulfillment,
      occurredAt: createdAt,
      // GraphQL gives no landing site: the visit's referral code is the ref.
      recovery: {
        referralRef: recoveryRefOf(order.customerJourneySummary?.lastVisit?.referralCode),
        attributeRef: attributeRefOf(order.customAttributes),
        discountCodes: codesOf(order.discountCodes ?? []),
      },
    });
  for (const fulfillment of order.fulfillments) {
    const fulfillmentId = numericIdOf(fulfillment.id);
    const created = timeOf(fulfillment.createdAt);
    const updated = timeOf(fulfillment.updatedAt);
    if (!fulfillmentId || !created || !updated) continue;
    const [tracking] = fulfillment.trackingInfo;
    const display = fulfillment.displayStatus?.toUpperCase();
    const ofFulfillment = {
      ...ofOrder,
      shopifyFulfillmentId: fulfillmentId,
      fulfillmentStatus: text(fulfillment.status.toLowerCase(), 40),
      shipmentStatus: display && SHIPMENT_STATUSES.has(display) ? display.toLowerCase() : null,
      trackingNumber: text(tracking?.number, 200),
      trackingUrl: link(tracking?.url),
      trackingCompany: text(tracking?.company, 200),
    };
    if (created > since)
      events.push({
        kind: 'fulfillment_created',
        eventKey: eventKeyOf('fulfillment_created', fulfillmentId),
        ...ofFulfillment,
        occurredAt: created,
      });
    if (updated > since && updated.getTime() > created.getTime())
      events.push({
        kind: 'fulfillment_updated',
        eventKey: eventKeyOf('fulfillment_updated', fulfillmentId, updated),
        ...ofFulfillment,
        occurredAt: updated,
      });
  }
  return events;
}
