// Times on the merchant's screens name their zone (src/i18n/format.ts's formatDateTime): the
// dashboard counts its days in the account's zone, the inventory and channel screens show the
// browser's, and each says which it is, so two screens never disagree without saying so.
import { expect, test } from 'vitest';
import { formatDateTime } from '@/src/i18n/format';

const at = Date.parse('2026-11-27T13:32:00Z');

test("a moment in the page's language, its zone named after it", () => {
  // (ICU puts a plain or a narrow no-break space before AM, by version.)
  expect(formatDateTime('en', at, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'America/Sao_Paulo' })).toMatch(
    /^Nov 27, 2026, 10:32\sAM GMT-3$/,
  );
  expect(formatDateTime('pt', at, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'America/Sao_Paulo' })).toBe(
    '27 de nov. de 2026, 10:32 BRT',
  );
  expect(formatDateTime('es', at, { timeStyle: 'medium', timeZone: 'UTC' })).toBe('13:32:00 UTC');
});

test("without a zone given, the browser's, named", () => {
  const zone = new Intl.DateTimeFormat('en-US', { timeZoneName: 'short' })
    .formatToParts(at)
    .find((part) => part.type === 'timeZoneName')!.value;
  expect(formatDateTime('en', at)).toMatch(new RegExp(` ${zone.replace(/[+]/g, '\\+')}$`));
});
