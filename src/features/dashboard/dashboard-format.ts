// The dashboard's figures as text in the page's language, through Intl: counts, money (minor units in
// a currency), rates and shares as percentages, returns as a multiple, and a change from the previous
// period (its direction and its percentage, one decimal). Pure: the components add the words.
import type { Change } from '@/domain/dashboard';
import type { Locale } from '@/domain/locales';
import { formatDate, formatNumber, formatPercent } from '@/src/i18n/format';
import { formatMinor } from '@/src/i18n/money';

/** How a figure's number reads. */
export type FigureKind = 'count' | 'money' | 'percent' | 'multiple';

/** A figure's text, or null when there is no figure (a division by zero, money across currencies). */
export function formatFigure(lang: Locale, kind: FigureKind, value: number | null, currency?: string | null): string | null {
  if (value === null) return null;
  switch (kind) {
    case 'count':
      return formatNumber(lang, value);
    case 'money':
      return currency ? formatMinor(lang, value, currency) : formatNumber(lang, value);
    case 'percent':
      return formatPercent(lang, value);
    case 'multiple':
      return formatNumber(lang, value, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  }
}

/** What a change from the previous period shows: up or down by a percentage, none, or new; null shows nothing. */
export type ChangeShown = { direction: 'up' | 'down'; percent: string } | { direction: 'same' | 'new' } | null;

export function changeShown(lang: Locale, change: Change | undefined): ChangeShown {
  if (change === null || change === undefined) return null;
  if (change === 'new') return { direction: 'new' };
  if (change === 0) return { direction: 'same' };
  return { direction: change > 0 ? 'up' : 'down', percent: formatPercent(lang, Math.abs(change) / 100) };
}

/** A day of the API (YYYY-MM-DD) as the page's language writes it ('Nov 26, 2026', '26 de nov. de 2026'). */
export function formatDay(lang: Locale, day: string): string {
  return formatDate(lang, Date.parse(`${day}T00:00:00Z`), { dateStyle: 'medium', timeZone: 'UTC' });
}

/** A month of the API (YYYY-MM) in the page's language ('November 2026', 'novembro de 2026'). */
export function formatMonth(lang: Locale, month: string): string {
  return formatDate(lang, Date.parse(`${month}-01T00:00:00Z`), { month: 'long', year: 'numeric', timeZone: 'UTC' });
}

/** A range of days of the API as the page's language writes its ends. */
export const formatRange = (lang: Locale, range: { from: string; to: string }) => ({
  from: formatDay(lang, range.from),
  to: formatDay(lang, range.to),
});
