import { localeTags, type Locale } from '../../domain/locales';

// Numbers, currencies and dates always go through Intl for the active locale.
export function formatNumber(locale: Locale, value: number, options?: Intl.NumberFormatOptions): string {
  return new Intl.NumberFormat(localeTags[locale], options).format(value);
}

export function formatCurrency(locale: Locale, value: number, currency: string): string {
  return new Intl.NumberFormat(localeTags[locale], { style: 'currency', currency }).format(value);
}

export function formatDate(locale: Locale, value: Date | number, options?: Intl.DateTimeFormatOptions): string {
  return new Intl.DateTimeFormat(localeTags[locale], options ?? { dateStyle: 'medium' }).format(value);
}
