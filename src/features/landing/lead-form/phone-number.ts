import { isValidPhoneNumber, parsePhoneNumberFromString } from 'libphonenumber-js/min';
import type { PhoneCheck } from '@/domain/lead-requests';
import { phoneDefaultCountry, type PhoneReader } from '@/domain/lead-form-post';
import type { Locale } from '@/domain/locales';

/** A phone as typed, read in a country; undefined when it is not a valid number. The `min` metadata keeps this chunk small. */
export const readPhone: PhoneReader = (text, country) => {
  const parsed = parsePhoneNumberFromString(text.trim(), country);
  return parsed?.isValid() ? parsed.number : undefined;
};

/**
 * What was typed ("(11) 98765-4321", "+52 55 1234 5678") in E.164, read in the page's default
 * country; undefined when it is not a valid number.
 */
export function phoneToE164(text: string, locale: Locale): string | undefined {
  return readPhone(text, phoneDefaultCountry[locale]);
}

/** The check the shared schema runs on the E.164 number (the server passes the same one). */
export const isValidE164: PhoneCheck = (e164) => isValidPhoneNumber(e164);
