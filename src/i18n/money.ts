// Money as the API keeps it (minor units and a currency code) in the page's language: BRL 12990 →
// "R$ 129,90" on /pt, "R$129.90" on /en. A currency's minor digits come from Intl (JPY has none,
// BHD three), as the server reads them. Shared by the inventory screens and the shopper's pages, and
// by the totals of what messages cost (micros, as the sender records Meta's prices).
import type { Locale } from '@/domain/locales';
import { formatCurrency } from './format';

const digitsByCurrency = new Map<string, number>();

/** How many minor digits a currency has (2 for a code Intl does not know). */
export function currencyDigits(currency: string): number {
  let digits = digitsByCurrency.get(currency);
  if (digits === undefined) {
    try {
      digits = new Intl.NumberFormat('en-US', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
    } catch {
      digits = 2;
    }
    digitsByCurrency.set(currency, digits);
  }
  return digits;
}

export function formatMinor(lang: Locale, minor: number, currency: string): string {
  const major = minor / 10 ** currencyDigits(currency);
  try {
    return formatCurrency(lang, major, currency);
  } catch {
    return `${major} ${currency}`; // a code Intl refuses: the amount and the code as they are
  }
}

/**
 * Micros (millionths of a currency's unit, as the sender records Meta's prices) as money to the
 * currency's own decimals: a total cost (62 500 USD micros → '$0.06'). A unit price that needs Meta's
 * finer decimals says so where it is shown; a total never does.
 */
export function formatMicros(lang: Locale, micros: number, currency: string): string {
  return formatMinor(lang, Math.round(micros / 10 ** (6 - currencyDigits(currency))), currency);
}
