// The number a shopper gives on the cart page for order updates on WhatsApp: the country a number
// written without + is read in (the store's, as its currency tells, else the page's language's), and
// the reading itself (domain/contact.ts, as every contact's number is read). The page shows the same
// country it is read in. The number goes to the checkout as a cart attribute, never to a log or event.
import { getCountryCallingCode } from 'libphonenumber-js/max';
import { contactValidation } from '@/domain/contact';
import { readContactPhone, type CountryCode } from '@/domain/contact-phone';
import type { WhatsappUpdatesCountry, WhatsappUpdatesProblem } from '@/domain/cart-checkout-form';
import type { Locale } from '@/domain/locales';

/** Currencies of one country (or one that most of their shoppers are in). */
const currencyCountries: Record<string, CountryCode> = {
  BRL: 'BR',
  MXN: 'MX',
  ARS: 'AR',
  CLP: 'CL',
  COP: 'CO',
  PEN: 'PE',
  UYU: 'UY',
  PYG: 'PY',
  BOB: 'BO',
  GTQ: 'GT',
  HNL: 'HN',
  NIO: 'NI',
  CRC: 'CR',
  DOP: 'DO',
  USD: 'US',
  CAD: 'CA',
  GBP: 'GB',
  AOA: 'AO',
  MZN: 'MZ',
  CVE: 'CV',
};

/** The euro's country by the page's language. */
const euroCountries: Record<Locale, CountryCode> = { pt: 'PT', es: 'ES', en: 'IE' };

/** Without a store currency we know: the language's largest market. */
const languageCountries: Record<Locale, CountryCode> = { pt: 'BR', es: 'MX', en: 'US' };

/** The country a number without + is read in, for a store of `currency` and a page in `locale`. */
export function whatsappUpdatesCountry(currency: string | null, locale: Locale): CountryCode {
  if (currency === 'EUR') return euroCountries[locale];
  return (currency !== null ? currencyCountries[currency] : undefined) ?? languageCountries[locale];
}

/** The country and its calling code, as the cart page shows them beside the field. */
export function whatsappUpdatesCountryOf(currency: string | null, locale: Locale): WhatsappUpdatesCountry {
  const country = whatsappUpdatesCountry(currency, locale);
  return { country, callingCode: getCountryCallingCode(country) };
}

export type WhatsappUpdatesReading = { ok: true; phone: string } | { ok: false; problem: WhatsappUpdatesProblem; messageId: string };

/** The number as typed, read for a store of `currency` on a page in `locale`: E.164, or what is wrong with it. */
export function readWhatsappUpdatesPhone(text: string, currency: string | null, locale: Locale): WhatsappUpdatesReading {
  const reading = readContactPhone(text, whatsappUpdatesCountry(currency, locale));
  if (reading.ok) return { ok: true, phone: reading.phone };
  return { ok: false, problem: whatsappUpdatesProblemOf(reading.error.id), messageId: reading.error.id };
}

/** The problem a number's message id names (readContactPhone's, which the checkout API sends as the field's message). */
export function whatsappUpdatesProblemOf(messageId: string): WhatsappUpdatesProblem {
  return messageId === contactValidation.phoneRequired.id ? 'phone_required' : 'phone_invalid';
}
