// The dashboard: every figure's definition, written once (the tooltips show them), the
// ranges a merchant picks, the query and answer of GET /api/v1/dashboard, and the pure arithmetic
// both sides share — periods and their previous period, percentage change, days cut in a time zone,
// the month's cost and its projection. The server sums rollups with these rules; the SPA only shows.
// zod/mini, and no Lingui macros: the server imports this file (descriptors are plain objects).
import type { MessageDescriptor } from '@lingui/core';
import * as z from 'zod/mini';
import { currencies, mediaTypes, queryAllowanceBounds, type Currency, type MediaType, type PlanPrice, type QueryAllowance } from './plans';

/** The ranges of the range picker; every one but `custom` is counted back from today in the account's zone. */
export const dashboardRangeKinds = ['today', 'last_7_days', 'last_30_days', 'last_90_days', 'this_month', 'custom'] as const;
export type DashboardRangeKind = (typeof dashboardRangeKinds)[number];

/** The longest range the API sums (a year and a day: a leap year's whole year). */
export const DASHBOARD_MAX_DAYS = 366;

/** What each figure means, as its tooltip says it. Money is in minor units everywhere in the API. */
export const dashboardDefinitions = {
  accesses: /*i18n*/ {
    id: 'dashboard.definition.accesses',
    message: 'Accesses: how many times your catalog page was opened. Link previews made by WhatsApp and other bots are not counted.',
  },
  catalogsSent: /*i18n*/ {
    id: 'dashboard.definition.catalogs_sent',
    message: 'Catalogs sent: catalogs and product lists your AI bases sent to shoppers on WhatsApp.',
  },
  catalogEvolution: /*i18n*/ {
    id: 'dashboard.definition.catalog_evolution',
    message: 'Catalog evolution: catalogs sent and catalog accesses day by day over the period.',
  },
  convertedValue: /*i18n*/ {
    id: 'dashboard.definition.converted_value',
    message:
      "Converted value: the total of your store's orders that came from Catalyst carts or links, net of refunds. Cancelled orders and orders refunded in full are not counted. Orders count on the day they were placed.",
  },
  orders: /*i18n*/ {
    id: 'dashboard.definition.orders',
    message: 'Orders: orders that came from Catalyst carts or links, not cancelled and not refunded in full.',
  },
  averageTicket: /*i18n*/ {
    id: 'dashboard.definition.average_ticket',
    message: 'Average ticket: converted value divided by the number of orders.',
  },
  costPerCatalog: /*i18n*/ {
    id: 'dashboard.definition.cost_per_catalog',
    message:
      "Cost per catalog: the period's spend divided by the catalogs sent. The spend is your plan's monthly price shared out over the days of the period, plus the extra queries of the period at your plan's extra-query price.",
  },
  conversionRate: /*i18n*/ {
    id: 'dashboard.definition.conversion_rate',
    message: 'Conversion rate: orders divided by accesses.',
  },
  returnOnSpend: /*i18n*/ {
    id: 'dashboard.definition.return_on_spend',
    message: "Return on spend: converted value divided by the period's spend, when both are in the same currency.",
  },
  requests: /*i18n*/ {
    id: 'dashboard.definition.requests',
    message: 'Requests: messages your AI bases answered on WhatsApp. Each one counts once, however many times it was retried.',
  },
  mediaTypes: /*i18n*/ {
    id: 'dashboard.definition.media_types',
    message: 'Media types: the requests by what the shopper sent (text, image, file or voice), with their share of all requests.',
  },
  monthlyCost: /*i18n*/ {
    id: 'dashboard.definition.monthly_cost',
    message:
      "Monthly cost: your plan's price plus the queries beyond its monthly allowance at the plan's extra-query price, for the calendar month (UTC).",
  },
  allowanceUsed: /*i18n*/ {
    id: 'dashboard.definition.allowance_used',
    message: "Allowance used: the queries of this calendar month (UTC) against your plan's monthly allowance.",
  },
  messagesSent: /*i18n*/ {
    id: 'dashboard.definition.messages_sent',
    message:
      'WhatsApp messages sent: approved templates Catalyst sent first to shoppers who agreed (order notices, cart reminders, campaigns), by Meta category, on the day Meta took them. Post-sale notices are counted among them too.',
  },
  messageCost: /*i18n*/ {
    id: 'dashboard.definition.message_cost',
    message:
      "Meta's price: what Meta charges for these messages, by category and the shopper's country, from Meta's rate card in force on each message's day, in US dollars. Meta bills it to your WhatsApp Business Account, apart from your Catalyst plan.",
  },
  recoveredValue: /*i18n*/ {
    id: 'dashboard.definition.recovered_value',
    message:
      'Recovered value: the total of the orders that recovered abandoned checkouts, net of refunds; a cancelled order counts as zero. A checkout counts on the day its first WhatsApp reminder went.',
  },
  recoveryRate: /*i18n*/ {
    id: 'dashboard.definition.recovery_rate',
    message:
      'Recovery rate: checkouts recovered divided by checkouts reminded on WhatsApp. A checkout is recovered when an order comes from it (the checkout itself, its cart or its reminder’s link) within 7 days of a reminder. A checkout counts on the day its first reminder went.',
  },
  widgetViews: /*i18n*/ {
    id: 'dashboard.definition.widget_views',
    message:
      'Widget views: pages of your website that showed the Catalyst widget. Bots and the preview on the widget screen are not counted.',
  },
  widgetOpens: /*i18n*/ {
    id: 'dashboard.definition.widget_opens',
    message: "Widget opens: how many times shoppers opened the widget's panel on your website.",
  },
  widgetChats: /*i18n*/ {
    id: 'dashboard.definition.widget_chats',
    message: 'Widget chats: conversations shoppers began with your AI base in the widget.',
  },
  widgetSearches: /*i18n*/ {
    id: 'dashboard.definition.widget_searches',
    message: "Product finder searches: searches shoppers made with the widget's product finder (CATALYST FILTER).",
  },
  widgetWhatsappClicks: /*i18n*/ {
    id: 'dashboard.definition.widget_whatsapp_clicks',
    message: "Clicks to WhatsApp: how many times shoppers chose 'Continue on WhatsApp' in the widget (the link or its QR code).",
  },
  widgetHandoffs: /*i18n*/ {
    id: 'dashboard.definition.widget_handoffs',
    message:
      "WhatsApp conversations from the widget: shoppers who wrote to your number with the widget's code, so your AI base continued what was said on the website.",
  },
  widgetOrders: /*i18n*/ {
    id: 'dashboard.definition.widget_orders',
    message:
      "Orders from the widget: orders checked out from the widget's product links, and orders of shoppers whose WhatsApp conversation began with the widget's code, placed within 7 days of it. Cancelled orders are not counted.",
  },
  widgetValue: /*i18n*/ {
    id: 'dashboard.definition.widget_value',
    message: "Value from the widget: the total of the widget's orders, net of refunds for the orders from its links.",
  },
  projection: /*i18n*/ {
    id: 'dashboard.definition.projection',
    message: 'Projection: the queries and cost at the end of the month if the pace so far continues.',
  },
} as const satisfies Record<string, MessageDescriptor>;

/** The query's validation messages (ids in `error.fields`, as the other domains do). */
export const dashboardValidation = {
  dateInvalid: /*i18n*/ {
    id: 'dashboard.date_invalid',
    message: 'Enter a date as YYYY-MM-DD.',
  },
  rangeInvalid: /*i18n*/ {
    id: 'dashboard.range_invalid',
    message: 'The range must start on or before its end and span at most 366 days.',
  },
  timeZoneInvalid: /*i18n*/ {
    id: 'dashboard.time_zone_invalid',
    message: 'Choose a known time zone.',
  },
  idInvalid: /*i18n*/ {
    id: 'dashboard.id_invalid',
    message: 'This filter does not name a record.',
  },
} as const satisfies Record<string, MessageDescriptor>;

// ---------------------------------------------------------------------------------------------
// Days and time zones. A day is 'YYYY-MM-DD' in the account's zone; its instants are found with
// Intl (no library), so the SPA and the server cut the same days.
// ---------------------------------------------------------------------------------------------

const DAY_MS = 86_400_000;
const isoDay = /^\d{4}-\d{2}-\d{2}$/;

/** A real calendar day written as YYYY-MM-DD (not 2026-02-30). */
export function isIsoDay(value: string): boolean {
  if (!isoDay.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

const zoneFormats = new Map<string, Intl.DateTimeFormat>();
function zoneFormat(timeZone: string): Intl.DateTimeFormat {
  let format = zoneFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    zoneFormats.set(timeZone, format);
  }
  return format;
}

/** Whether the IANA zone is one this runtime knows ('America/Sao_Paulo', 'UTC'); offsets like '+03:00' are not zones. */
export function isTimeZone(value: string): boolean {
  if (value.length === 0 || value.length > 64 || !/^[A-Za-z][A-Za-z0-9_+\-/]*$/.test(value)) return false;
  try {
    zoneFormat(value);
    return true;
  } catch {
    return false;
  }
}

/** The zone's offset from UTC at `instant`, in minutes (São Paulo: -180). */
export function zoneOffsetMinutes(instant: Date, timeZone: string): number {
  const parts = Object.fromEntries(
    zoneFormat(timeZone)
      .formatToParts(instant)
      .map((part) => [part.type, part.value]),
  );
  const asUtc = Date.UTC(+parts.year!, +parts.month! - 1, +parts.day!, +parts.hour!, +parts.minute!, +parts.second!);
  return Math.round((asUtc - Math.floor(instant.getTime() / 1000) * 1000) / 60_000);
}

/** The day `instant` falls on in the zone. */
export function dayIn(instant: Date, timeZone: string): string {
  return new Date(instant.getTime() + zoneOffsetMinutes(instant, timeZone) * 60_000).toISOString().slice(0, 10);
}

/**
 * The instant the zone's `day` begins: its local midnight, or, where a DST jump skips midnight, the
 * first instant of the day. Found by halving minutes between two instants surely before and after
 * (every zone's offset lies within ±14 hours), so no offset arithmetic can land on the wrong side.
 */
export function dayStart(day: string, timeZone: string): Date {
  const midnight = Date.parse(`${day}T00:00:00Z`) / 60_000;
  let before = midnight - 15 * 60;
  let after = midnight + 15 * 60;
  while (after - before > 1) {
    const middle = Math.floor((before + after) / 2);
    if (dayIn(new Date(middle * 60_000), timeZone) < day) before = middle;
    else after = middle;
  }
  return new Date(after * 60_000);
}

/** The day after (or `days` after; negative goes back). */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** How many days from `from` to `to`, both counted. */
export function daysInRange(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;
}

/** Every day from `from` to `to`, in order. */
export function eachDay(from: string, to: string): string[] {
  const days: string[] = [];
  // One date stepped a day at a time: a page load walks 180 days several times.
  for (
    const date = new Date(`${from}T00:00:00Z`), end = Date.parse(`${to}T00:00:00Z`);
    date.getTime() <= end;
    date.setUTCDate(date.getUTCDate() + 1)
  )
    days.push(date.toISOString().slice(0, 10));
  return days;
}

export type DayRange = { from: string; to: string };

/** The instants a range of the zone's days covers: [start, end). */
export function rangeInstants({ from, to }: DayRange, timeZone: string): { start: Date; end: Date } {
  return {
    start: dayStart(from, timeZone),
    end: dayStart(addDays(to, 1), timeZone),
  };
}

/** The period of the same number of days just before `range`, which every figure is compared with. */
export function previousPeriod({ from, to }: DayRange): DayRange {
  const length = daysInRange(from, to);
  return { from: addDays(from, -length), to: addDays(from, -1) };
}

/** The days a range kind covers, counted back from `today` (the zone's today); `custom` takes the days given. */
export function rangeDays(kind: DashboardRangeKind, today: string, custom?: DayRange): DayRange {
  switch (kind) {
    case 'today':
      return { from: today, to: today };
    case 'last_7_days':
      return { from: addDays(today, -6), to: today };
    case 'last_30_days':
      return { from: addDays(today, -29), to: today };
    case 'last_90_days':
      return { from: addDays(today, -89), to: today };
    case 'this_month':
      return { from: `${today.slice(0, 8)}01`, to: today };
    case 'custom':
      return custom ?? { from: today, to: today };
  }
}

// ---------------------------------------------------------------------------------------------
// The figures' arithmetic.
// ---------------------------------------------------------------------------------------------

/** A change from the previous period: a percentage (one decimal), 'new' when there was nothing before, null when nothing either time. */
export type Change = number | 'new' | null;

export function percentChange(current: number | null, previous: number | null): Change {
  if (current === null || previous === null) return null;
  if (previous === 0) return current === 0 ? 0 : 'new';
  return Math.round(((current - previous) / Math.abs(previous)) * 1000) / 10;
}

/** A ratio, or null when the divisor is 0 (no figure rather than a division by zero). */
const ratio = (numerator: number, divisor: number): number | null => (divisor === 0 ? null : numerator / divisor);

/** Converted value ÷ orders, in minor units (rounded). */
export const averageTicket = (valueMinor: number, orders: number): number | null => {
  const value = ratio(valueMinor, orders);
  return value === null ? null : Math.round(value);
};

/** Orders ÷ accesses, as a fraction (0.25 is 25 %). */
export const conversionRate = (orders: number, accesses: number): number | null => ratio(orders, accesses);

/** Spend ÷ catalogs sent, in minor units (rounded). */
export const costPerCatalog = (spendMinor: number, catalogsSent: number): number | null => {
  const value = ratio(spendMinor, catalogsSent);
  return value === null ? null : Math.round(value);
};

/** Checkouts recovered ÷ checkouts reminded, as a fraction; null when none was reminded. */
export const recoveryRate = (recovered: number, reminded: number): number | null => ratio(recovered, reminded);

/** Converted value ÷ spend (2.5 is 2.5 times what was spent); null across currencies. */
export const returnOnSpend = (
  valueMinor: number,
  valueCurrency: string | null,
  spendMinor: number,
  spendCurrency: Currency,
): number | null => (valueCurrency !== spendCurrency ? null : ratio(valueMinor, spendMinor));

/** Queries past the allowance (an `up_to` cap); a `more_than` floor is agreed per contract and bills none here. */
export const extraQueries = (queries: number, allowance: QueryAllowance): number =>
  allowance.bound === 'up_to' ? Math.max(0, queries - allowance.count) : 0;

/** The month's cost: the plan's price plus the extra queries at the extra-query price (minor units). */
export const monthlyCostMinor = (queries: number, allowance: QueryAllowance, price: PlanPrice): number =>
  price.monthlyCents + extraQueries(queries, allowance) * price.extraQueryCents;

/** Days in the month of `day` (YYYY-MM-…). */
export function daysInMonth(day: string): number {
  const [year, month] = day.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/**
 * A period's spend: the plan's monthly price shared out over each day of the period by the days of
 * its month, plus the period's extra queries at the extra-query price (minor units, rounded).
 */
export function periodSpendMinor(range: DayRange, extraRequests: number, price: PlanPrice): number {
  const monthLengths = new Map<string, number>();
  const planShare = eachDay(range.from, range.to).reduce((sum, day) => {
    const month = day.slice(0, 7);
    let length = monthLengths.get(month);
    if (length === undefined) monthLengths.set(month, (length = daysInMonth(day)));
    return sum + price.monthlyCents / length;
  }, 0);
  return Math.round(planShare + extraRequests * price.extraQueryCents);
}

/**
 * The month's queries at its end if the pace so far continues: used ÷ the part of the month gone
 * (at least a day's worth, so the first hours do not project wildly) × the whole month.
 */
export function projectedQueries(used: number, now: Date): number {
  const start = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1);
  const end = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1);
  const gone = Math.max(now.getTime() - start, DAY_MS);
  return Math.round((used * (end - start)) / Math.min(gone, end - start));
}

/** Each media type's share of the requests (fractions summing to 1; all 0 without requests). */
export function mediaShares(counts: Record<MediaType, number>): Record<MediaType, number> {
  const total = mediaTypes.reduce((sum, type) => sum + counts[type], 0);
  return Object.fromEntries(mediaTypes.map((type) => [type, total === 0 ? 0 : counts[type] / total])) as Record<MediaType, number>;
}

// ---------------------------------------------------------------------------------------------
// The API's query and answer.
// ---------------------------------------------------------------------------------------------

// Days from 1970 to 9998: every day of a range and the one after it stay storable instants.
const day = z.string().check(
  z.refine((value) => isIsoDay(value) && value >= '1970-01-01' && value <= '9998-12-31', {
    error: dashboardValidation.dateInvalid.id,
    abort: true,
  }),
);
const filterId = z.optional(z.uuid({ error: dashboardValidation.idInvalid.id }));

/** GET /api/v1/dashboard's search params (and the CSV's): the account zone's days, both counted, and the filters. */
export const dashboardQuerySchema = z
  .object({
    from: day,
    to: day,
    /** The caller's zone (the browser's): adopted as the account's when it has none; the days are cut in the account's. */
    tz: z.optional(
      z.string().check(
        z.refine(isTimeZone, {
          error: dashboardValidation.timeZoneInvalid.id,
          abort: true,
        }),
      ),
    ),
    inventory: filterId,
    aiBase: filterId,
    channel: filterId,
    /** The account's currency for the plan's prices (the page's: pt pays in BRL); USD when not said. */
    currency: z.optional(z.enum(currencies)),
  })
  .check(
    z.refine((query) => query.from <= query.to && daysInRange(query.from, query.to) <= DASHBOARD_MAX_DAYS, {
      error: dashboardValidation.rangeInvalid.id,
      path: ['to'],
    }),
  );
export type DashboardQuery = z.infer<typeof dashboardQuerySchema>;

/** A figure of the period, the same of the previous period, and the change between them. */
export const comparedSchema = z.object({
  current: z.nullable(z.number()),
  previous: z.nullable(z.number()),
  change: z.nullable(z.union([z.number(), z.literal('new')])),
});
export type Compared = z.infer<typeof comparedSchema>;

export function compared(current: number | null, previous: number | null): Compared {
  return { current, previous, change: percentChange(current, previous) };
}

/** One day of the period, for the charts and their tables. */
export const dashboardDaySchema = z.object({
  day: z.string(),
  accesses: z.int(),
  catalogsSent: z.int(),
  orders: z.int(),
  convertedValueMinor: z.int(),
  requests: z.int(),
  mediaTypes: z.record(z.enum(mediaTypes), z.int()),
});
export type DashboardDay = z.infer<typeof dashboardDaySchema>;

const catalogPointSchema = z.object({
  day: z.string(),
  catalogsSent: z.int(),
  accesses: z.int(),
});

export const monthlyCostSchema = z.object({
  /** The calendar month (UTC) as YYYY-MM, the one usage is counted by. */
  month: z.string(),
  currency: z.enum(currencies),
  planMinor: z.int(),
  extraQueryMinor: z.int(),
  allowance: z.object({ bound: z.enum(queryAllowanceBounds), count: z.int() }),
  queriesUsed: z.int(),
  extraQueries: z.int(),
  totalMinor: z.int(),
  projectedQueries: z.int(),
  projectedTotalMinor: z.int(),
  /** Last month's total, the cost's previous-period value. */
  previousTotalMinor: z.int(),
  change: z.nullable(z.union([z.number(), z.literal('new')])),
});

/** What exists to count from: the action cards and 'configure first' notices read these. */
export const dashboardSourcesSchema = z.object({
  inventories: z.int(),
  configuredInventories: z.int(),
  aiBases: z.int(),
  aiBasesInConfiguration: z.int(),
  channels: z.int(),
});

export const dashboardSchema = z.object({
  range: z.object({
    from: z.string(),
    to: z.string(),
    /** The zone the days were cut in: the account's. */
    tz: z.string(),
    previousFrom: z.string(),
    previousTo: z.string(),
  }),
  currency: z.enum(currencies),
  /** The currency of the converted value (the store's), null without orders. */
  convertedCurrency: z.nullable(z.string()),
  accesses: comparedSchema,
  catalogsSent: comparedSchema,
  catalogEvolution: z.object({
    current: z.array(catalogPointSchema),
    previous: z.array(catalogPointSchema),
  }),
  convertedValue: comparedSchema,
  orders: comparedSchema,
  averageTicket: comparedSchema,
  spend: comparedSchema,
  costPerCatalog: comparedSchema,
  conversionRate: comparedSchema,
  returnOnSpend: comparedSchema,
  requests: comparedSchema,
  /** Template messages Catalyst sent first in the period: by category, Meta's price of them (USD micros), and the post-sale notices among them. */
  messages: z.object({
    utility: comparedSchema,
    marketing: comparedSchema,
    costMicros: comparedSchema,
    noticesSent: comparedSchema,
  }),
  /**
   * Checkout recovery, each checkout on the day its first reminder went: checkouts reminded, those
   * recovered, the recovery rate between them, the recovered orders' value (net of refunds, in
   * `currency`: the store's, null without any) and the checkouts' discount codes those orders used.
   */
  recovery: z.object({
    reminded: comparedSchema,
    recovered: comparedSchema,
    rate: comparedSchema,
    valueMinor: comparedSchema,
    discountsUsed: comparedSchema,
    currency: z.nullable(z.string()),
  }),
  /**
   * The website widget: pages shown on, panels opened, chats begun, finder searches, clicks to
   * WhatsApp, WhatsApp conversations begun with its code; and the orders it brought with their value
   * (in `currency`, the store's; null without any), counted only while the widget counts anything.
   */
  widget: z.object({
    views: comparedSchema,
    opens: comparedSchema,
    chats: comparedSchema,
    searches: comparedSchema,
    whatsappClicks: comparedSchema,
    handoffs: comparedSchema,
    orders: comparedSchema,
    valueMinor: comparedSchema,
    currency: z.nullable(z.string()),
  }),
  mediaTypes: z.record(z.enum(mediaTypes), z.extend(comparedSchema, { share: z.number() })),
  monthlyCost: monthlyCostSchema,
  days: z.array(dashboardDaySchema),
  sources: dashboardSourcesSchema,
});
export type Dashboard = z.infer<typeof dashboardSchema>;
