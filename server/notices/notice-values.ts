// What fills a notice's variables: each source's value for one order event, in the shopper's
// language (the total in the store's currency, written as the shopper reads money). A value the
// event lacks is empty, and the sender refuses the send for it (`variables_missing`), except the first
// name, which falls back to a word that greets anyone.
import type { Locale } from '@/domain/locales';
import type { NoticeValueSource } from '@/domain/order-notice';

/** The event's facts a notice may use. */
export type NoticeFacts = {
  orderName: string | null;
  totalMinor: number | null;
  currency: string | null;
  statusPageUrl: string | null;
  customerFirstName: string | null;
  trackingUrl: string | null;
  trackingNumber: string | null;
  trackingCompany: string | null;
};

const moneyLocales: Record<Locale, string> = { pt: 'pt-BR', en: 'en-US', es: 'es' };
/** Whom a greeting names when the order has no first name. */
const anyone: Record<Locale, string> = { pt: 'cliente', en: 'there', es: 'cliente' };

/** A total in minor units of `currency`, as the shopper's language writes money; null when it cannot be. */
export function formatTotal(totalMinor: number, currency: string, locale: Locale): string | null {
  try {
    const format = new Intl.NumberFormat(moneyLocales[locale], { style: 'currency', currency });
    const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
    return format.format(totalMinor / 10 ** digits);
  } catch {
    return null; // not a currency Intl knows
  }
}

/** The first word of a shopper's name, or a word that greets anyone. */
export const greetingName = (name: string | null, locale: Locale): string => name?.trim().split(/\s+/)[0] || anyone[locale];

export function noticeValue(source: NoticeValueSource, facts: NoticeFacts, storeName: string, locale: Locale): string {
  switch (source) {
    case 'first_name':
      return greetingName(facts.customerFirstName, locale);
    case 'order_number':
      return facts.orderName ?? '';
    case 'order_total':
      return facts.totalMinor !== null && facts.currency ? (formatTotal(facts.totalMinor, facts.currency, locale) ?? '') : '';
    case 'order_status_url':
      return facts.statusPageUrl ?? '';
    case 'store_name':
      return storeName;
    case 'tracking_url':
      return facts.trackingUrl ?? '';
    case 'tracking_number':
      return facts.trackingNumber ?? '';
    case 'carrier':
      return facts.trackingCompany ?? '';
  }
}

/** A template's variables filled from their sources. */
export function noticeVariables(
  mapping: Readonly<Record<string, NoticeValueSource>>,
  facts: NoticeFacts,
  storeName: string,
  locale: Locale,
): Record<string, string> {
  return Object.fromEntries(Object.entries(mapping).map(([variable, source]) => [variable, noticeValue(source, facts, storeName, locale)]));
}
