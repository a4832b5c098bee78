// The time zone a shopper most likely lives in, read from their number's country and area code, so
// checkout recovery keeps its quiet hours in the shopper's night rather than the merchant's.
// A small table rather than libphonenumber-geo-carrier: that one reads data files at run time and
// its data is lossy where our shoppers live (Recife's mobiles placed on Fernando de Noronha, Pará
// placed on Manaus' clock, Portugal's mobiles given two zones).
// Approximate by design: a number tells where it was registered, not where its owner sleeps tonight.
// A reminder an hour off is acceptable; never sending one at night is the point. Where a country
// spans zones we cannot tell apart by the number (the US, Canada, Mexico) we answer nothing and the
// caller falls back to a zone it knows (the merchant's).
import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/max';

/** The zone of each country we place by the country alone (its areas below apart). */
export const countryTimeZones: Readonly<Partial<Record<CountryCode, string>>> = {
  BR: 'America/Sao_Paulo',
  PT: 'Europe/Lisbon',
  ES: 'Europe/Madrid',
  AR: 'America/Argentina/Buenos_Aires',
  CO: 'America/Bogota',
  PE: 'America/Lima',
  UY: 'America/Montevideo',
  PY: 'America/Asuncion',
  BO: 'America/La_Paz',
  CL: 'America/Santiago',
  EC: 'America/Guayaquil',
  VE: 'America/Caracas',
  GB: 'Europe/London',
  // They share +44 with Great Britain, and libphonenumber tells their ranges apart.
  GG: 'Europe/Guernsey',
  JE: 'Europe/Jersey',
  IM: 'Europe/Isle_of_Man',
  FR: 'Europe/Paris',
  DE: 'Europe/Berlin',
  IT: 'Europe/Rome',
  // It shares +39 with Italy.
  VA: 'Europe/Vatican',
};

/**
 * Areas whose zone is not their country's, by the first digits of the national number. Keys of one
 * country are never prefixes of each other. Mobiles carry no area outside Brazil (a Portuguese or
 * Spanish mobile may belong to an islander), so they take the country's zone.
 */
export const areaTimeZones: Readonly<Partial<Record<CountryCode, Readonly<Record<string, string>>>>> = {
  // Brazil: the DDD, the same for landlines and mobiles. DDDs not listed keep Brasília's time as
  // America/Sao_Paulo (the south and southeast, Goiás and the Federal District).
  BR: {
    '68': 'America/Rio_Branco', // Acre
    '65': 'America/Cuiaba', // Mato Grosso
    '66': 'America/Cuiaba',
    '67': 'America/Campo_Grande', // Mato Grosso do Sul
    '69': 'America/Porto_Velho', // Rondônia
    // Amazonas; a few towns of western Amazonas under 97 keep Acre's time, an hour off for them.
    '92': 'America/Manaus',
    '97': 'America/Manaus',
    '95': 'America/Boa_Vista', // Roraima
    '91': 'America/Belem', // Pará (east)
    '94': 'America/Belem',
    '93': 'America/Santarem', // Pará (west); Brasília's time, as the east of the state
    '96': 'America/Belem', // Amapá
    '63': 'America/Araguaina', // Tocantins
    '98': 'America/Fortaleza', // Maranhão
    '99': 'America/Fortaleza',
    '86': 'America/Fortaleza', // Piauí
    '89': 'America/Fortaleza',
    '85': 'America/Fortaleza', // Ceará
    '88': 'America/Fortaleza',
    '84': 'America/Fortaleza', // Rio Grande do Norte
    '83': 'America/Fortaleza', // Paraíba
    // Pernambuco; Fernando de Noronha shares 81 and is an hour ahead, too few shoppers to cost the state its zone.
    '81': 'America/Recife',
    '87': 'America/Recife',
    '82': 'America/Maceio', // Alagoas
    '79': 'America/Maceio', // Sergipe
    '71': 'America/Bahia', // Bahia
    '73': 'America/Bahia',
    '74': 'America/Bahia',
    '75': 'America/Bahia',
    '77': 'America/Bahia',
  },
  // Portugal: the islands' landlines.
  PT: {
    '291': 'Atlantic/Madeira',
    '292': 'Atlantic/Azores', // Horta
    '295': 'Atlantic/Azores', // Angra do Heroísmo
    '296': 'Atlantic/Azores', // Ponta Delgada
  },
  // Spain: the Canary Islands' landlines (Santa Cruz de Tenerife, Las Palmas).
  ES: {
    '922': 'Atlantic/Canary',
    '822': 'Atlantic/Canary',
    '928': 'Atlantic/Canary',
    '828': 'Atlantic/Canary',
  },
};

const NONE: readonly string[] = Object.freeze([]);

/**
 * The IANA zones the owner of `phoneE164` most likely lives in: one zone where the table places the
 * number, none where its country spans zones we cannot tell apart (US, Canada, Mexico), is not in
 * the table, or the text is not a valid number. A list so that a caller keeps working if a country
 * ever answers several candidates (quiet in every one of them).
 */
export function shopperTimeZones(phoneE164: string): readonly string[] {
  const parsed = parsePhoneNumberFromString(phoneE164);
  if (!parsed?.country || !parsed.isValid()) return NONE;
  const areas = areaTimeZones[parsed.country] ?? {};
  const area = Object.keys(areas).find((prefix) => parsed.nationalNumber.startsWith(prefix));
  const zone = area ? areas[area] : countryTimeZones[parsed.country];
  return zone ? [zone] : NONE;
}

/** The one zone to keep `phoneE164`'s quiet hours in: the number's, else `fallbackZone` (the merchant's). */
export function shopperTimeZone(phoneE164: string, fallbackZone: string): string {
  const zones = shopperTimeZones(phoneE164);
  return zones.length === 1 ? zones[0]! : fallbackZone;
}
