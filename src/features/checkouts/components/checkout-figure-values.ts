// How the Checkouts screen's figures compare with the previous period's, and how the money figures
// not kept in a store's currency read: the messages' cost (USD micros, as the sender records Meta's
// price; a total, so to the dollar's two decimals as the app writes money) and the return on it as a
// multiple. Pure: the figures' view adds the words.
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { MESSAGE_COST_CURRENCY, type RecoveredValue, type ReturnWithheld } from '@/domain/checkout-list';
import { percentChange } from '@/domain/dashboard';
import type { Locale } from '@/domain/locales';
import { formatNumber, formatPercent } from '@/src/i18n/format';
import { formatMicros } from '@/src/i18n/money';

/** USD micros (millionths of a dollar) as the total in dollars and cents ('$0.06' for 62 500). */
export const formatCostMicros = (lang: Locale, micros: number) => formatMicros(lang, micros, MESSAGE_COST_CURRENCY);

/** A return on cost as a multiple with one decimal ('12.5×'). */
export const formatMultiple = (lang: Locale, multiple: number) =>
  `${formatNumber(lang, multiple, { minimumFractionDigits: 1, maximumFractionDigits: 1 })}×`;

/** Why a period shows no return, said under its dash. */
export const returnWithheldTexts: Record<ReturnWithheld, MessageDescriptor> = {
  no_cost: msg`Nothing was spent on reminders in this period.`,
  several_currencies: msg`The recovered value is in several currencies.`,
  other_currency: msg`The recovered value is not in US dollars, and no exchange rate is assumed.`,
};

/** A change worth an arrow: up or down by a percentage of the previous figure; null for none, no change or nothing before. */
export type FigureChange = { direction: 'up' | 'down'; percent: string } | null;

/** The change from `previous` to `current`; null when either is no figure, they are equal, or the previous one was 0. */
export function figureChange(lang: Locale, current: number | null, previous: number | null): FigureChange {
  const change = percentChange(current, previous);
  if (typeof change !== 'number' || change === 0) return null;
  return {
    direction: change > 0 ? 'up' : 'down',
    percent: formatPercent(lang, Math.abs(change) / 100),
  };
}

/** A recovered value as one amount of one currency (none: 0 of any); null when it spans several. */
function oneAmount(value: RecoveredValue): { currency: string | null; totalMinor: number } | null {
  const amounts = value.filter((entry) => entry.totalMinor !== 0);
  if (amounts.length > 1) return null;
  return amounts[0] ?? { currency: null, totalMinor: 0 };
}

/** The change of the recovered value: only between amounts of one same currency (no exchange rate is assumed). */
export function valueChange(lang: Locale, current: RecoveredValue, previous: RecoveredValue): FigureChange {
  const now = oneAmount(current);
  const before = oneAmount(previous);
  if (!now || !before || (now.currency && before.currency && now.currency !== before.currency)) return null;
  return figureChange(lang, now.totalMinor, before.totalMinor);
}
