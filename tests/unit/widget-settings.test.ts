// The website widget's rules (domain/widget.ts): which addresses are sites (as the browser's Origin
// header names them), the refusals by field, the settings as stored, and the opening-hours clock on
// the account's zone — across midnight, on the day the hours began, and on a daylight-saving day.
import { describe, expect, test } from 'vitest';
import {
  defaultWidgetSettings,
  isWithinOpeningHours,
  normalizedWidgetSettings,
  widgetOrigin,
  widgetRefusals,
  widgetRefusalsOf,
  type OpeningHours,
  type WidgetSettings,
} from '@/domain/widget';

describe('a site’s address', () => {
  test.each([
    ['https://www.lojadaana.com.br', 'https://www.lojadaana.com.br'],
    ['https://WWW.LojaDaAna.com.br/', 'https://www.lojadaana.com.br'],
    ['  https://loja.com.br:443 ', 'https://loja.com.br'],
    ['https://loja.com.br:8443', 'https://loja.com.br:8443'],
    ['http://localhost:8080', 'http://localhost:8080'],
    ['http://127.0.0.1:5173/', 'http://127.0.0.1:5173'],
  ])('%s is the site %s', (text, origin) => expect(widgetOrigin(text)).toBe(origin));

  test.each([
    'http://loja.com.br', // http only on the merchant's own machine
    'ftp://loja.com.br',
    'https://loja.com.br/pagina',
    'https://loja.com.br/?utm=1',
    'https://loja.com.br/#topo',
    'https://ana:senha@loja.com.br',
    'loja.com.br',
    '',
    'javascript:alert(1)',
  ])('%s is no site', (text) => expect(widgetOrigin(text)).toBeNull());
});

const on = (changes: Partial<WidgetSettings> = {}): WidgetSettings => ({
  ...defaultWidgetSettings(),
  enabled: true,
  channelId: '00000000-0000-4000-8000-000000000001',
  allowedOrigins: ['https://loja.com.br'],
  ...changes,
});

describe('the refusals', () => {
  test('the ready-made settings hold, off; on, they need a number and a site', () => {
    expect(widgetRefusalsOf(defaultWidgetSettings())).toEqual({});
    expect(widgetRefusalsOf(on())).toEqual({});
    expect(widgetRefusalsOf({ ...defaultWidgetSettings(), enabled: true })).toEqual({
      channelId: widgetRefusals.channelMissing,
      allowedOrigins: widgetRefusals.originsMissing,
    });
  });

  test('each field’s first rule broken, at its path', () => {
    const fields = widgetRefusalsOf(
      on({
        allowedOrigins: ['https://loja.com.br', 'https://LOJA.com.br/', 'http://loja.com.br'],
        look: { color: '#12345', position: 'left' },
        greetings: { en: 'x'.repeat(301), pt: '😀'.repeat(300), es: '' },
        openingHours: { days: ['mon'], start: '9:00', end: '24:00' },
        dailyCap: 10_001,
      }),
    );
    expect(fields).toEqual({
      'allowedOrigins.1': widgetRefusals.originDuplicate,
      'allowedOrigins.2': widgetRefusals.originInvalid,
      'look.color': widgetRefusals.colorInvalid,
      // 300 emoji are 300 characters, not 600 code units.
      'greetings.en': widgetRefusals.greetingTooLong,
      'openingHours.start': widgetRefusals.hoursMalformed,
      'openingHours.end': widgetRefusals.hoursMalformed,
      dailyCap: widgetRefusals.dailyCapOutOfRange,
    });
    expect(widgetRefusalsOf(on({ allowedOrigins: Array.from({ length: 11 }, (_, i) => `https://loja${i}.com.br`) }))).toMatchObject({
      allowedOrigins: widgetRefusals.tooManyOrigins,
    });
    expect(widgetRefusalsOf(on({ openingHours: { days: [], start: '09:00', end: '09:00' } }))).toEqual({
      'openingHours.days': widgetRefusals.daysMissing,
      'openingHours.end': widgetRefusals.hoursEmpty,
    });
    expect(widgetRefusalsOf(on({ dailyCap: 1.5 }))).toEqual({ dailyCap: widgetRefusals.dailyCapOutOfRange });
  });

  test('stored as the browser names the sites, greetings trimmed, days in week order', () => {
    expect(
      normalizedWidgetSettings(
        on({
          allowedOrigins: ['https://WWW.Loja.com.br/'],
          greetings: { en: ' Hi ', pt: 'Oi', es: '' },
          openingHours: { days: ['sun', 'mon', 'sun'], start: '09:00', end: '18:00' },
        }),
      ),
    ).toMatchObject({
      allowedOrigins: ['https://www.loja.com.br'],
      greetings: { en: 'Hi', pt: 'Oi', es: '' },
      openingHours: { days: ['mon', 'sun'] },
    });
  });
});

describe('the opening hours, on the account’s clock', () => {
  const weekdaysNineToSix: OpeningHours = { days: ['mon', 'tue', 'wed', 'thu', 'fri'], start: '09:00', end: '18:00' };
  const SP = 'America/Sao_Paulo';

  test('none set: someone answers at any hour', () => {
    expect(isWithinOpeningHours(null, new Date('2026-12-06T03:00:00Z'), SP)).toBe(true);
  });

  test('from the start (included) to the end (excluded), on the days listed, in the zone', () => {
    // Wednesday 2 December 2026 in São Paulo (UTC−3).
    expect(isWithinOpeningHours(weekdaysNineToSix, new Date('2026-12-02T12:00:00Z'), SP)).toBe(true); // 09:00
    expect(isWithinOpeningHours(weekdaysNineToSix, new Date('2026-12-02T11:59:00Z'), SP)).toBe(false); // 08:59
    expect(isWithinOpeningHours(weekdaysNineToSix, new Date('2026-12-02T20:59:00Z'), SP)).toBe(true); // 17:59
    expect(isWithinOpeningHours(weekdaysNineToSix, new Date('2026-12-02T21:00:00Z'), SP)).toBe(false); // 18:00
    // Saturday at noon.
    expect(isWithinOpeningHours(weekdaysNineToSix, new Date('2026-12-05T15:00:00Z'), SP)).toBe(false);
    // Friday 23:00 in São Paulo is already Saturday in UTC: the zone's day counts.
    expect(isWithinOpeningHours({ ...weekdaysNineToSix, end: '23:30' }, new Date('2026-12-05T02:00:00Z'), SP)).toBe(true);
  });

  test('hours past midnight belong to the day they began', () => {
    const lateFriday: OpeningHours = { days: ['fri'], start: '20:00', end: '02:00' };
    // Friday 4 December 21:00 and Saturday 01:00 in São Paulo: open; Saturday 21:00 and Friday 01:00: closed.
    expect(isWithinOpeningHours(lateFriday, new Date('2026-12-05T00:00:00Z'), SP)).toBe(true);
    expect(isWithinOpeningHours(lateFriday, new Date('2026-12-05T04:00:00Z'), SP)).toBe(true);
    expect(isWithinOpeningHours(lateFriday, new Date('2026-12-06T00:00:00Z'), SP)).toBe(false);
    expect(isWithinOpeningHours(lateFriday, new Date('2026-12-04T04:00:00Z'), SP)).toBe(false);
  });

  test('a daylight-saving zone keeps its wall clock', () => {
    const NY = 'America/New_York';
    // 09:30 in New York: UTC−5 in December, UTC−4 in July.
    expect(isWithinOpeningHours(weekdaysNineToSix, new Date('2026-12-02T14:30:00Z'), NY)).toBe(true);
    expect(isWithinOpeningHours(weekdaysNineToSix, new Date('2026-07-01T13:30:00Z'), NY)).toBe(true);
    expect(isWithinOpeningHours(weekdaysNineToSix, new Date('2026-07-01T12:30:00Z'), NY)).toBe(false);
  });
});
