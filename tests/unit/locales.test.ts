import { describe, expect, it } from 'vitest';
import { pickLocale } from '@/domain/locales';
import { swapLocaleInPath } from '@/src/i18n/locale-path';
import { formatCurrency, formatDate, formatNumber } from '@/src/i18n/format';

describe('pickLocale', () => {
  it('prefers the cookie', () => expect(pickLocale('es', ['pt-BR'])).toBe('es'));
  it("falls back to the browser's first supported language", () => expect(pickLocale(undefined, ['de-DE', 'pt-BR', 'en'])).toBe('pt'));
  it('ignores an unknown cookie value', () => expect(pickLocale('xx', ['es-AR'])).toBe('es'));
  it('defaults to English', () => expect(pickLocale(undefined, ['de', 'fr-FR'])).toBe('en'));
});

describe('swapLocaleInPath', () => {
  it('keeps the page', () => expect(swapLocaleInPath('/en/ia-base/12/activate', 'pt')).toBe('/pt/ia-base/12/activate'));
  it('keeps the landing page', () => expect(swapLocaleInPath('/en/', 'es')).toBe('/es/'));
  it('handles a bare language segment', () => expect(swapLocaleInPath('/en', 'es')).toBe('/es/'));
});

describe('Intl formatting per locale', () => {
  it('formats numbers', () => {
    expect(formatNumber('en', 1749.5)).toBe('1,749.5');
    expect(formatNumber('pt', 1749.5)).toBe('1.749,5');
  });
  it('formats currencies', () => {
    expect(formatCurrency('en', 349, 'USD')).toBe('$349.00');
    expect(formatCurrency('pt', 699, 'BRL')).toBe('R$\u00a0699,00');
  });
  it('formats dates', () => {
    const date = new Date(Date.UTC(2026, 10, 21, 12));
    expect(formatDate('en', date, { dateStyle: 'long', timeZone: 'UTC' })).toBe('November 21, 2026');
    expect(formatDate('es', date, { dateStyle: 'long', timeZone: 'UTC' })).toBe('21 de noviembre de 2026');
  });
});
