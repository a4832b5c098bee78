// A contact's number and country as a merchant reads them: the E.164 number in its international
// form (+55 11 98765 4321), the country by its name in the page's language, and the countries a
// number may be read in (every one libphonenumber-js knows), sorted by that name. Formatting needs
// only the small metadata ('min'); reading what a merchant types (domain/contact.ts) takes the full one.
import { getCountries, parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { localeTags, type Locale } from '@/domain/locales';
import { countryName } from '@/src/i18n/country-name';

/** The number in its international form; as stored when it cannot be read (a newer server's). */
export function formatContactPhone(phone: string): string {
  return parsePhoneNumberFromString(phone)?.formatInternational() ?? phone;
}

/** Every country a number is read in, as select options in `lang`, by name. */
export function countryOptions(lang: Locale): { value: string; label: string }[] {
  const collator = new Intl.Collator(localeTags[lang]);
  return getCountries()
    .map((code) => ({ value: code, label: countryName(lang, code) }))
    .sort((a, b) => collator.compare(a.label, b.label));
}

/** The country a merchant most likely types numbers of, by the page's language. */
export const defaultCountryOf: Record<Locale, string> = { pt: 'BR', en: 'US', es: 'ES' };
