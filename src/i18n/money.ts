// Money as the API keeps it (minor units and a currency code) in the page's language: BRL 12990 →
// "R$ 129,90" on /pt, "R$129.90" on /en. A currency's minor digits come from Intl (JPY has none,
// BHD three), as the server reads them. Shared by the inventory screens and the shopper's pages.
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
