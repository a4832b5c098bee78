// The campaigns screens' money in the page's language: the estimated cost (USD micros, to 2–4
// decimals: one message costs cents or less), an amount in minor units of a store's currency, the
// return on cost as a multiple. Country names: src/i18n/country-name.ts.
import type { Locale } from '@/domain/locales';
import { formatNumber } from '@/src/i18n/format';
import { formatMinor } from '@/src/i18n/money';

/** USD micros as dollars with 2 to 4 decimals ('$0.0625', '$12.50'). */
export function formatUsdMicros(lang: Locale, micros: number): string {
  return formatNumber(lang, micros / 1_000_000, {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: 2,
    maximumFractionDigits: 4,
  });
}

export const formatMoneyMinor = (lang: Locale, minor: number, currency: string) => formatMinor(lang, minor, currency);

/** A return on cost as a multiple with one decimal ('12.5×'). */
export const formatReturn = (lang: Locale, multiple: number) =>
  `${formatNumber(lang, multiple, { minimumFractionDigits: 1, maximumFractionDigits: 1 })}×`;
