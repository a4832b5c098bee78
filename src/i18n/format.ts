import { localeTags, type Locale } from '@/domain/locales';

// Numbers, currencies and dates always go through Intl for the active locale.
export function formatNumber(locale: Locale, value: number, options?: Intl.NumberFormatOptions): string {
  return new Intl.NumberFormat(localeTags[locale], options).format(value);
}

/**
 * A fraction as a percentage with one decimal (0.125 → '12.5%', '12,5%' in Portuguese; 1 → '100.0%'):
 * every rate and share of the app, and the change of a figure from the previous period's.
 */
export function formatPercent(locale: Locale, fraction: number): string {
  return formatNumber(locale, fraction, { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 1 });
}

export function formatCurrency(locale: Locale, value: number, currency: string): string {
  return new Intl.NumberFormat(localeTags[locale], { style: 'currency', currency }).format(value);
}

export function formatDate(locale: Locale, value: Date | number, options?: Intl.DateTimeFormatOptions): string {
  return new Intl.DateTimeFormat(localeTags[locale], options ?? { dateStyle: 'medium' }).format(value);
}

/**
 * A moment (a date and time) in the browser's zone (or `options.timeZone`), the zone named after it
 * ('Nov 27, 2026, 10:32 AM GMT-3'): a screen beside the dashboard, whose days are the account's
 * zone, says which zone it shows.
 */
export function formatDateTime(
  locale: Locale,
  value: Date | number,
  options: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' },
): string {
  // dateStyle and timeStyle do not combine with timeZoneName: the zone's name is asked apart.
  const zone = new Intl.DateTimeFormat(localeTags[locale], { timeZoneName: 'short', timeZone: options.timeZone })
    .formatToParts(value)
    .find((part) => part.type === 'timeZoneName')?.value;
  const moment = formatDate(locale, value, options);
  return zone ? `${moment} ${zone}` : moment;
}
