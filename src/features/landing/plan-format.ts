import { localeTags, type Locale } from '@/domain/locales';
import { planPrice, type Plan } from '@/domain/plans';

// Formatters are built once per locale (and currency): constructing an Intl formatter costs about
// a millisecond on a phone, and the plans table needs some forty values. (src/i18n/format.ts
// builds one per call; this is the same formatting, kept.)
const formatters = new Map<string, Intl.NumberFormat | Intl.ListFormat>();

function cached<T extends Intl.NumberFormat | Intl.ListFormat>(key: string, create: () => T): T {
  let formatter = formatters.get(key) as T | undefined;
  if (!formatter) {
    formatter = create();
    formatters.set(key, formatter);
  }
  return formatter;
}

/** Plan prices are minor units (cents); the page shows them in its locale's currency. */
export function planPrices(plan: Plan, locale: Locale) {
  const { currency, monthlyCents, extraQueryCents } = planPrice(plan.id, locale);
  const money = cached(`${locale}:${currency}`, () => new Intl.NumberFormat(localeTags[locale], { style: 'currency', currency }));
  return { monthly: money.format(monthlyCents / 100), extraQuery: money.format(extraQueryCents / 100) };
}

export function planCount(locale: Locale, count: number): string {
  return cached(`${locale}:number`, () => new Intl.NumberFormat(localeTags[locale])).format(count);
}

/** "Text, Vision and File" in the page's language. */
export function planList(locale: Locale, items: string[]): string {
  return cached(`${locale}:list`, () => new Intl.ListFormat(localeTags[locale], { type: 'conjunction' })).format(items);
}
