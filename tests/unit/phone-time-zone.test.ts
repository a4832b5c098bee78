// The shopper's time zone from their number (domain/phone-time-zone.ts), as checkout recovery's quiet
// hours rely on it: every Brazilian DDD in its state's zone (and that zone on the state's clock),
// Portugal's and Spain's islands apart from the mainland, single-zone countries, and the caller's
// fallback wherever a number cannot be placed (multi-zone countries, unlisted ones, malformed text).
import { describe, expect, test } from 'vitest';
import { zoneOffsetMinutes } from '@/domain/dashboard';
import { areaTimeZones, countryTimeZones, shopperTimeZone, shopperTimeZones } from '@/domain/phone-time-zone';

const FALLBACK = 'Europe/Berlin';

// Every DDD in use, by state, as Anatel assigns them; written out here rather than read from the table.
const brazilianStates: { state: string; ddds: number[]; zone: string; offsetMinutes: number }[] = [
  { state: 'São Paulo', ddds: [11, 12, 13, 14, 15, 16, 17, 18, 19], zone: 'America/Sao_Paulo', offsetMinutes: -180 },
  { state: 'Rio de Janeiro', ddds: [21, 22, 24], zone: 'America/Sao_Paulo', offsetMinutes: -180 },
  { state: 'Espírito Santo', ddds: [27, 28], zone: 'America/Sao_Paulo', offsetMinutes: -180 },
  { state: 'Minas Gerais', ddds: [31, 32, 33, 34, 35, 37, 38], zone: 'America/Sao_Paulo', offsetMinutes: -180 },
  { state: 'Paraná', ddds: [41, 42, 43, 44, 45, 46], zone: 'America/Sao_Paulo', offsetMinutes: -180 },
  { state: 'Santa Catarina', ddds: [47, 48, 49], zone: 'America/Sao_Paulo', offsetMinutes: -180 },
  { state: 'Rio Grande do Sul', ddds: [51, 53, 54, 55], zone: 'America/Sao_Paulo', offsetMinutes: -180 },
  { state: 'Federal District and Goiás', ddds: [61, 62, 64], zone: 'America/Sao_Paulo', offsetMinutes: -180 },
  { state: 'Tocantins', ddds: [63], zone: 'America/Araguaina', offsetMinutes: -180 },
  { state: 'Mato Grosso', ddds: [65, 66], zone: 'America/Cuiaba', offsetMinutes: -240 },
  { state: 'Mato Grosso do Sul', ddds: [67], zone: 'America/Campo_Grande', offsetMinutes: -240 },
  { state: 'Acre', ddds: [68], zone: 'America/Rio_Branco', offsetMinutes: -300 },
  { state: 'Rondônia', ddds: [69], zone: 'America/Porto_Velho', offsetMinutes: -240 },
  { state: 'Bahia', ddds: [71, 73, 74, 75, 77], zone: 'America/Bahia', offsetMinutes: -180 },
  { state: 'Sergipe', ddds: [79], zone: 'America/Maceio', offsetMinutes: -180 },
  { state: 'Pernambuco', ddds: [81, 87], zone: 'America/Recife', offsetMinutes: -180 },
  { state: 'Alagoas', ddds: [82], zone: 'America/Maceio', offsetMinutes: -180 },
  { state: 'Paraíba', ddds: [83], zone: 'America/Fortaleza', offsetMinutes: -180 },
  { state: 'Rio Grande do Norte', ddds: [84], zone: 'America/Fortaleza', offsetMinutes: -180 },
  { state: 'Ceará', ddds: [85, 88], zone: 'America/Fortaleza', offsetMinutes: -180 },
  { state: 'Piauí', ddds: [86, 89], zone: 'America/Fortaleza', offsetMinutes: -180 },
  { state: 'Pará (east)', ddds: [91, 94], zone: 'America/Belem', offsetMinutes: -180 },
  { state: 'Pará (west)', ddds: [93], zone: 'America/Santarem', offsetMinutes: -180 },
  { state: 'Amazonas', ddds: [92, 97], zone: 'America/Manaus', offsetMinutes: -240 },
  { state: 'Roraima', ddds: [95], zone: 'America/Boa_Vista', offsetMinutes: -240 },
  { state: 'Amapá', ddds: [96], zone: 'America/Belem', offsetMinutes: -180 },
  { state: 'Maranhão', ddds: [98, 99], zone: 'America/Fortaleza', offsetMinutes: -180 },
];

// A date of the southern winter; Brazil no longer keeps summer time.
const JULY = new Date('2025-07-15T12:00:00Z');

describe('Brazil, by DDD', () => {
  test.each(brazilianStates)('$state: mobiles and landlines of DDD $ddds are in $zone', ({ ddds, zone }) => {
    for (const ddd of ddds) {
      expect(shopperTimeZones(`+55${ddd}991234567`), `mobile of DDD ${ddd}`).toEqual([zone]);
      expect(shopperTimeZones(`+55${ddd}32123456`), `landline of DDD ${ddd}`).toEqual([zone]);
      expect(shopperTimeZone(`+55${ddd}991234567`, FALLBACK)).toBe(zone);
    }
  });

  test.each(brazilianStates)("$state's zone keeps the state's clock", ({ zone, offsetMinutes }) => {
    expect(zoneOffsetMinutes(JULY, zone)).toBe(offsetMinutes);
  });

  test('Recife mobiles (81 98…, 81 99…) are on Recife time, not Fernando de Noronha', () => {
    expect(shopperTimeZones('+5581987654321')).toEqual(['America/Recife']);
    expect(shopperTimeZones('+5581998765432')).toEqual(['America/Recife']);
  });

  test('a DDD no state uses is not a number, so the fallback', () => {
    expect(shopperTimeZones('+5520991234567')).toEqual([]);
    expect(shopperTimeZone('+5520991234567', FALLBACK)).toBe(FALLBACK);
  });
});

describe('Portugal and Spain: islands apart from the mainland', () => {
  test.each([
    ['+351213456789', 'Europe/Lisbon', 'a Lisbon landline'],
    ['+351912345678', 'Europe/Lisbon', 'a mobile (no area: the mainland, not two zones)'],
    ['+351291123456', 'Atlantic/Madeira', 'a Madeira landline'],
    ['+351292123456', 'Atlantic/Azores', 'a Faial (Horta) landline'],
    ['+351295123456', 'Atlantic/Azores', 'a Terceira (Angra) landline'],
    ['+351296123456', 'Atlantic/Azores', 'a São Miguel (Ponta Delgada) landline'],
    ['+34912345678', 'Europe/Madrid', 'a Madrid landline'],
    ['+34612345678', 'Europe/Madrid', 'a mobile'],
    ['+34922123456', 'Atlantic/Canary', 'a Tenerife landline'],
    ['+34822123456', 'Atlantic/Canary', 'a Tenerife landline of the newer range'],
    ['+34928123456', 'Atlantic/Canary', 'a Gran Canaria landline'],
    ['+34828123456', 'Atlantic/Canary', 'a Gran Canaria landline of the newer range'],
  ])('%s (%s: %s)', (phone, zone) => {
    expect(shopperTimeZones(phone)).toEqual([zone]);
    expect(shopperTimeZone(phone, FALLBACK)).toBe(zone);
  });

  test('the islands keep another clock than the mainland', () => {
    expect(zoneOffsetMinutes(JULY, 'Atlantic/Azores')).toBe(zoneOffsetMinutes(JULY, 'Europe/Lisbon') - 60);
    expect(zoneOffsetMinutes(JULY, 'Atlantic/Canary')).toBe(zoneOffsetMinutes(JULY, 'Europe/Madrid') - 60);
  });
});

describe('single-zone countries', () => {
  test.each([
    ['+5491123456789', 'America/Argentina/Buenos_Aires'],
    ['+573211234567', 'America/Bogota'],
    ['+51912345678', 'America/Lima'],
    ['+59894231234', 'America/Montevideo'],
    ['+595961456789', 'America/Asuncion'],
    ['+59171234567', 'America/La_Paz'],
    ['+56221234567', 'America/Santiago'],
    ['+593991234567', 'America/Guayaquil'],
    ['+584121234567', 'America/Caracas'],
    ['+447400123456', 'Europe/London'],
    ['+33612345678', 'Europe/Paris'],
    ['+4915123456789', 'Europe/Berlin'],
    ['+393123456789', 'Europe/Rome'],
  ])('%s is in %s', (phone, zone) => {
    expect(shopperTimeZones(phone)).toEqual([zone]);
    expect(shopperTimeZone(phone, 'America/Sao_Paulo')).toBe(zone);
  });

  test('a +44 number of Jersey is placed too, not left to the fallback', () => {
    expect(shopperTimeZone('+441534123456', FALLBACK)).toBe('Europe/Jersey');
  });
});

describe('numbers we cannot place: the fallback', () => {
  test.each([
    ['+14155552671', 'the United States'],
    ['+15062345678', 'Canada'],
    ['+525512345678', 'Mexico'],
    ['+819012345678', 'a country not in the table (Japan)'],
  ])('%s (%s)', (phone) => {
    expect(shopperTimeZones(phone)).toEqual([]);
    expect(shopperTimeZone(phone, FALLBACK)).toBe(FALLBACK);
    expect(shopperTimeZone(phone, 'America/Sao_Paulo')).toBe('America/Sao_Paulo');
  });

  test.each([
    ['', 'empty'],
    ['not a phone', 'text'],
    ['5511991234567', 'no +'],
    ['+5511', 'too short'],
    ['+55119912345678901234', 'too long'],
    ['+80012345678', 'no country (+800)'],
  ])('%j (%s)', (text) => {
    expect(shopperTimeZones(text)).toEqual([]);
    expect(shopperTimeZone(text, FALLBACK)).toBe(FALLBACK);
  });
});

describe('the table', () => {
  const zones = [...Object.values(countryTimeZones), ...Object.values(areaTimeZones).flatMap((areas) => Object.values(areas))];

  test.each([...new Set(zones)])('%s is an IANA zone this runtime knows', (zone) => {
    expect(() => new Intl.DateTimeFormat('en', { timeZone: zone })).not.toThrow();
  });

  test("a country's area prefixes are digits and never prefixes of each other, so one area matches", () => {
    for (const areas of Object.values(areaTimeZones)) {
      const prefixes = Object.keys(areas);
      for (const prefix of prefixes) {
        expect(prefix).toMatch(/^\d+$/);
        expect(prefixes.filter((other) => other !== prefix && other.startsWith(prefix))).toEqual([]);
      }
    }
  });

  test('a country with areas has a zone of its own for the rest of its numbers', () => {
    for (const country of Object.keys(areaTimeZones)) expect(countryTimeZones, country).toHaveProperty(country);
  });
});
