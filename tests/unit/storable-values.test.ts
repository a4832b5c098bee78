// What PostgreSQL can hold, as every route's schemas check it (domain/storable-values.ts).
import { expect, test } from 'vitest';
import { isStorableDate, isStorableText, storableText, withoutUnstorable } from '@/domain/storable-values';

test('text with NUL or half of a surrogate pair cannot be stored; whole emoji and every script can', () => {
  for (const text of ['', 'Loja da Ana', 'ação', '日本語', 'שלום \u202e', 'emoji 😀 and 👩🏽‍💻', 'a\ud83d\ude00'])
    expect(isStorableText(text), text).toBe(true);
  for (const text of ['a\u0000b', '\u0000', 'a\ud800', '\ud800b', 'a\udc00', '\udc00\ud800', '😀'.slice(0, 1)])
    expect(isStorableText(text), JSON.stringify(text)).toBe(false);
});

test('withoutUnstorable drops NUL and halves of surrogate pairs, and keeps whole emoji', () => {
  expect(withoutUnstorable('pre\u0000ços \ud800😀\udc00.csv')).toBe('preços 😀.csv');
});

test('storableText refuses with the field its own error and nothing else, and stores NFC', () => {
  const name = storableText('name.unstorable');
  expect(name.safeParse('a\u0000b').error?.issues.map((issue) => issue.message)).toEqual(['name.unstorable']);
  expect(name.parse('Cafe\u0301')).toBe('Café');
});

test('dates within the years 1 to 9999 can be stored', () => {
  for (const date of ['0001-01-01T00:00:00Z', '2026-11-24T10:00:00-03:00', '9999-12-31T23:59:59Z'])
    expect(isStorableDate(date), date).toBe(true);
  for (const date of ['0000-01-01T00:00:00Z', '-000001-01-01T00:00:00Z', '+010000-01-01T00:00:00Z', 'not a date'])
    expect(isStorableDate(date), date).toBe(false);
});
