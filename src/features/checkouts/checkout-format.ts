// How the Checkouts screen writes its values in the page's language: money in minor units of its
// currency, the recovery rate as a percentage ('—' when none was reminded: there is no rate yet).
import type { Locale } from '@/domain/locales';
import { formatCurrency, formatNumber } from '@/src/i18n/format';

/** Minor units of a currency (2 decimals: the store currencies Catalyst reads) as money. */
export const formatMinor = (lang: Locale, minor: number, currency: string) => formatCurrency(lang, minor / 100, currency);

export const formatRate = (lang: Locale, rate: number | null) =>
  rate === null ? '—' : formatNumber(lang, rate, { style: 'percent', maximumFractionDigits: 1 });
