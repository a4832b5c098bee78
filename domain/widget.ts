// The website widget (issue 37): the AI base on the merchant's own site, in a chat panel that
// continues on WhatsApp. Its settings — one widget per account: on or off, the number whose active AI
// base answers (and whose WhatsApp conversation it continues in), the inventory its products and
// filter come from, the sites allowed to show it, its look, a greeting per language, opening hours in
// the account's zone and the daily cap of answers — with their refusals by field, the public settings
// a script on those sites reads, and the opening-hours clock. Every clock is an argument.
// zod/mini: the widget screen's chunk loads this.
import type { MessageDescriptor } from '@lingui/core';
import * as z from 'zod/mini';
import { clockMinutes } from './checkout-recovery';
import { zoneOffsetMinutes } from './dashboard';
import { locales, type Locale } from './locales';
import { storableText } from './storable-values';

export const WIDGET_ORIGINS_MAX = 10;
export const WIDGET_GREETING_MAX = 300;
/** Answers a day the widget gives at most unless the merchant sets it (a script cannot drain the plan's queries). */
export const WIDGET_DEFAULT_DAILY_CAP = 200;
export const WIDGET_DAILY_CAP_MAX = 10_000;
/** Bounds on what is parsed before the refusals look at it: no field holds more. */
const ORIGIN_TEXT_BOUND = 300;
const CLOCK_TEXT_BOUND = 20;

export const widgetPositions = ['right', 'left'] as const;
export type WidgetPosition = (typeof widgetPositions)[number];

/** Days of the week, Monday first, as opening hours name them. */
export const weekdays = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type Weekday = (typeof weekdays)[number];

/** When someone answers, on the account's clock: from `start` (included) to `end` (excluded), on `days`; 'HH:MM'. */
export const openingHoursSchema = z.object({
  days: z.array(z.enum(weekdays)).check(z.maxLength(weekdays.length)),
  start: z.string().check(z.maxLength(CLOCK_TEXT_BOUND)),
  end: z.string().check(z.maxLength(CLOCK_TEXT_BOUND)),
});
export type OpeningHours = z.infer<typeof openingHoursSchema>;

export const widgetLookSchema = z.object({
  /** The button's and the panel's header colour, '#RRGGBB'. */
  color: z.string().check(z.maxLength(20)),
  position: z.enum(widgetPositions),
});
export type WidgetLook = z.infer<typeof widgetLookSchema>;

/** PUT /widget: what the merchant sets. */
export const widgetSettingsSchema = z.object({
  enabled: z.boolean(),
  /** The connected number whose active AI base answers, and where 'Continue on WhatsApp' goes; null: none chosen. */
  channelId: z.nullable(z.uuid()),
  /** The inventory whose products the answers show and the filter searches; null: none. */
  inventoryId: z.nullable(z.uuid()),
  /** The sites allowed to show it, as origins ('https://loja.com.br'). */
  allowedOrigins: z.array(z.string().check(z.maxLength(ORIGIN_TEXT_BOUND))).check(z.maxLength(WIDGET_ORIGINS_MAX * 2)),
  look: widgetLookSchema,
  /** The panel's first words, per language ('' : the ready-made one). */
  greetings: z.object({
    en: storableText('widget.greeting_invalid'),
    pt: storableText('widget.greeting_invalid'),
    es: storableText('widget.greeting_invalid'),
  }),
  /** null: someone answers at any hour. */
  openingHours: z.nullable(openingHoursSchema),
  /** The product finder (CATALYST FILTER) in the panel. */
  filterEnabled: z.boolean(),
  /** Answers a day, at most. */
  dailyCap: z.int(),
});
export type WidgetSettings = z.infer<typeof widgetSettingsSchema>;

/** GET and PUT /widget: the settings with the widget's public id (its snippet's `data-catalyst`). */
export const widgetSchema = z.extend(widgetSettingsSchema, {
  publicId: z.string(),
  updatedAt: z.nullable(z.string()),
});
export type Widget = z.infer<typeof widgetSchema>;

/** A widget before the merchant saved one: off, nothing chosen, the ready-made greetings, open at any hour. */
export function defaultWidgetSettings(): WidgetSettings {
  return {
    enabled: false,
    channelId: null,
    inventoryId: null,
    allowedOrigins: [],
    look: { color: '#1F6FEB', position: 'right' },
    greetings: { en: '', pt: '', es: '' },
    openingHours: null,
    filterEnabled: true,
    dailyCap: WIDGET_DEFAULT_DAILY_CAP,
  };
}

/** The greeting shown when the merchant wrote none. */
export const readyMadeGreetings: Record<Locale, string> = {
  en: 'Hi! How can I help you find what you are looking for?',
  pt: 'Olá! Como posso ajudar você a encontrar o que procura?',
  es: '¡Hola! ¿Cómo puedo ayudarte a encontrar lo que buscas?',
};

// ---------------------------------------------------------------------------------------------
// Refusals, by field: `channelId`, `inventoryId`, `allowedOrigins`, `allowedOrigins.<i>`,
// `look.color`, `greetings.<lang>`, `openingHours.days`, `openingHours.start`, `openingHours.end`,
// `dailyCap` (i from 0).

export const widgetRefusals = {
  channelMissing: /*i18n*/ { id: 'widget.channel_missing', message: 'Choose the WhatsApp number whose AI base answers on your site.' },
  originsMissing: /*i18n*/ { id: 'widget.origins_missing', message: 'Add the address of at least one site that shows the widget.' },
  tooManyOrigins: /*i18n*/ { id: 'widget.too_many_origins', message: 'List at most 10 sites.' },
  originInvalid: /*i18n*/ {
    id: 'widget.origin_invalid',
    message: 'Enter a site’s address as https:// and its domain, such as https://www.mystore.com, without a path.',
  },
  originDuplicate: /*i18n*/ { id: 'widget.origin_duplicate', message: 'This site is listed already.' },
  colorInvalid: /*i18n*/ { id: 'widget.color_invalid', message: 'Enter a colour as # and six hexadecimal digits, such as #1F6FEB.' },
  greetingTooLong: /*i18n*/ { id: 'widget.greeting_too_long', message: 'Keep a greeting to 300 characters.' },
  greetingInvalid: /*i18n*/ { id: 'widget.greeting_invalid', message: 'This greeting has characters that cannot be stored.' },
  daysMissing: /*i18n*/ { id: 'widget.days_missing', message: 'Choose at least one day with opening hours.' },
  hoursMalformed: /*i18n*/ { id: 'widget.hours_malformed', message: 'Enter a time as HH:MM, from 00:00 to 23:59.' },
  hoursEmpty: /*i18n*/ { id: 'widget.hours_empty', message: 'Opening hours end at another time than they start.' },
  dailyCapOutOfRange: /*i18n*/ { id: 'widget.daily_cap_out_of_range', message: 'Allow from 1 to 10,000 answers a day.' },
  // The server's, once it has looked the number and the inventory up.
  channelUnknown: /*i18n*/ { id: 'widget.channel_unknown', message: 'This WhatsApp number is not connected to your account.' },
  inventoryUnknown: /*i18n*/ { id: 'widget.inventory_unknown', message: 'This inventory is not one of yours.' },
} as const satisfies Record<string, MessageDescriptor>;

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * A site's address as the browser's Origin header names it ('https://loja.com.br', lowercase, no
 * default port, no path); null when it is not one: another scheme, a path, a query, credentials.
 * http only for loopback (a merchant trying the widget on their own machine).
 */
export function widgetOrigin(text: string): string | null {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return null;
  }
  const secure = url.protocol === 'https:';
  if (!secure && !(url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname))) return null;
  if (url.username || url.password || url.search || url.hash || (url.pathname !== '/' && url.pathname !== '')) return null;
  // `new URL` lowercases the host and drops a default port; a trailing '/' is no path.
  if (!/^[a-z][a-z0-9+.-]*:\/\/[^/]+\/?$/i.test(text.trim())) return null;
  return url.origin;
}

/** What the submitted settings break, one refusal per field (the first rule broken); empty: they hold. */
export function widgetRefusalsOf(settings: WidgetSettings): Record<string, MessageDescriptor> {
  const r = widgetRefusals;
  const fields: Record<string, MessageDescriptor> = {};
  if (settings.enabled && settings.channelId === null) fields.channelId = r.channelMissing;
  if (settings.allowedOrigins.length > WIDGET_ORIGINS_MAX) fields.allowedOrigins = r.tooManyOrigins;
  else if (settings.enabled && settings.allowedOrigins.length === 0) fields.allowedOrigins = r.originsMissing;
  const seen = new Set<string>();
  settings.allowedOrigins.forEach((text, index) => {
    const origin = widgetOrigin(text);
    if (origin === null) fields[`allowedOrigins.${index}`] = r.originInvalid;
    else if (seen.has(origin)) fields[`allowedOrigins.${index}`] = r.originDuplicate;
    else seen.add(origin);
  });
  if (!/^#[0-9a-f]{6}$/i.test(settings.look.color)) fields['look.color'] = r.colorInvalid;
  for (const lang of locales)
    if ([...settings.greetings[lang]].length > WIDGET_GREETING_MAX) fields[`greetings.${lang}`] = r.greetingTooLong;
  const hours = settings.openingHours;
  if (hours) {
    if (hours.days.length === 0) fields['openingHours.days'] = r.daysMissing;
    const start = clockMinutes(hours.start);
    const end = clockMinutes(hours.end);
    if (start === null) fields['openingHours.start'] = r.hoursMalformed;
    if (end === null) fields['openingHours.end'] = r.hoursMalformed;
    else if (start !== null && start === end) fields['openingHours.end'] = r.hoursEmpty;
  }
  if (!Number.isInteger(settings.dailyCap) || settings.dailyCap < 1 || settings.dailyCap > WIDGET_DAILY_CAP_MAX)
    fields.dailyCap = r.dailyCapOutOfRange;
  return fields;
}

/** The settings as they are stored: each origin as the Origin header names it, the days in week order, once each. */
export function normalizedWidgetSettings(settings: WidgetSettings): WidgetSettings {
  const hours = settings.openingHours;
  return {
    ...settings,
    allowedOrigins: settings.allowedOrigins.map((text) => widgetOrigin(text) ?? text),
    greetings: { en: settings.greetings.en.trim(), pt: settings.greetings.pt.trim(), es: settings.greetings.es.trim() },
    openingHours: hours ? { ...hours, days: weekdays.filter((day) => hours.days.includes(day)) } : null,
  };
}

// ---------------------------------------------------------------------------------------------
// The opening-hours clock.

const MINUTE_MS = 60_000;

/** The weekday and minutes since midnight of `instant` on `timeZone`'s clock. */
function wallClock(instant: Date, timeZone: string): { day: Weekday; minutes: number } {
  const local = new Date(instant.getTime() + zoneOffsetMinutes(instant, timeZone) * MINUTE_MS);
  // getUTCDay: 0 is Sunday; weekdays start on Monday.
  return { day: weekdays[(local.getUTCDay() + 6) % 7]!, minutes: local.getUTCHours() * 60 + local.getUTCMinutes() };
}

/**
 * Whether someone answers at `instant` on `timeZone`'s clock. Hours that end before they start run
 * past midnight: the part after midnight belongs to the day they started on.
 */
export function isWithinOpeningHours(hours: OpeningHours | null, instant: Date, timeZone: string): boolean {
  if (hours === null) return true;
  const start = clockMinutes(hours.start);
  const end = clockMinutes(hours.end);
  if (start === null || end === null || start === end) return false;
  const { day, minutes } = wallClock(instant, timeZone);
  const previous = weekdays[(weekdays.indexOf(day) + 6) % 7]!;
  if (start < end) return hours.days.includes(day) && minutes >= start && minutes < end;
  return (hours.days.includes(day) && minutes >= start) || (hours.days.includes(previous) && minutes < end);
}

// ---------------------------------------------------------------------------------------------
// What a script on an allowed site reads (GET /api/v1/widget-sites/{public id}): nothing private.

export const publicWidgetSchema = z.object({
  publicId: z.string(),
  look: widgetLookSchema,
  /** The greeting in each language, the ready-made one where the merchant wrote none. */
  greetings: z.object({ en: z.string(), pt: z.string(), es: z.string() }),
  /** Whether someone answers now; outside the hours the message still goes, and the panel says when they do. */
  open: z.boolean(),
  openingHours: z.nullable(openingHoursSchema),
  /** The WhatsApp number the conversation continues on, digits only (wa.me's form). */
  whatsappNumber: z.string(),
  /** Where 'Continue on WhatsApp' goes: the number's click-to-chat address (wa.me's; the demo's simulated shopper), `text=` to add. */
  whatsappLink: z.string(),
  /** The inventory's public id when the filter is on (the storefront API's catalog); null: no filter. */
  filterCatalogId: z.nullable(z.string()),
  /** The `ref` its links to the catalog and cart pages carry: what they sell counts as the widget's. */
  linkRef: z.string(),
});
export type PublicWidget = z.infer<typeof publicWidgetSchema>;
