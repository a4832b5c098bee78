// The dashboard's figures as text (src/features/dashboard/dashboard-format.ts) in the page's language:
// counts, money in its currency from minor units, rates with one decimal, a return as a multiple, days
// and months, and what a change from the previous period shows.
import { describe, expect, it } from 'vitest';
import { changeShown, formatDay, formatFigure, formatMonth } from '@/src/features/dashboard/dashboard-format';
import { formatPercent } from '@/src/i18n/format';

// Intl separates a currency and its amount with a no-break space in some languages.
const plain = (text: string | null) => text?.replace(/\u00a0|\u202f/g, ' ');

describe('figures', () => {
  it('counts with the language’s grouping', () => {
    expect(formatFigure('en', 'count', 1234567)).toBe('1,234,567');
    expect(plain(formatFigure('pt', 'count', 1234567))).toBe('1.234.567');
    expect(plain(formatFigure('es', 'count', 1234567))).toBe('1.234.567');
  });

  it('money from minor units in its currency', () => {
    expect(formatFigure('en', 'money', 1_299_000, 'BRL')).toBe('R$12,990.00');
    expect(plain(formatFigure('pt', 'money', 1_299_000, 'BRL'))).toBe('R$ 12.990,00');
    expect(plain(formatFigure('es', 'money', 727, 'USD'))).toBe('7,27 US$');
    expect(formatFigure('en', 'money', 727, 'USD')).toBe('$7.27');
  });

  it('rates as percentages with one decimal, returns as a multiple', () => {
    expect(formatFigure('en', 'percent', 10 / 1234)).toBe('0.8%');
    expect(plain(formatFigure('pt', 'percent', 0.125))).toBe('12,5%');
    expect(formatFigure('en', 'multiple', 2.456)).toBe('2.5');
    expect(formatFigure('pt', 'multiple', 3)).toBe('3,0');
  });

  it('no figure is null, whatever its kind', () => {
    for (const kind of ['count', 'money', 'percent', 'multiple'] as const) expect(formatFigure('en', kind, null, 'USD')).toBeNull();
  });
});

describe('changes from the previous period', () => {
  it('up or down by the percentage’s size, one decimal', () => {
    expect(changeShown('en', 12.5)).toEqual({ direction: 'up', percent: '12.5%' });
    expect(changeShown('en', -20)).toEqual({ direction: 'down', percent: '20.0%' });
    expect(changeShown('pt', -3.4)).toEqual({ direction: 'down', percent: '3,4%' });
    expect(formatPercent('en', 12.34 / 100)).toBe('12.3%');
  });

  it("'new' where the previous period had nothing, no change at 0, nothing without a figure", () => {
    expect(changeShown('en', 'new')).toEqual({ direction: 'new' });
    expect(changeShown('en', 0)).toEqual({ direction: 'same' });
    expect(changeShown('en', null)).toBeNull();
    expect(changeShown('en', undefined)).toBeNull();
  });
});

describe('days and months', () => {
  it('a day of the API is that calendar day in every language (no zone shifts it)', () => {
    expect(formatDay('en', '2026-11-01')).toBe('Nov 1, 2026');
    expect(formatDay('pt', '2026-11-01')).toBe('1 de nov. de 2026');
    expect(formatMonth('en', '2026-11')).toBe('November 2026');
    expect(formatMonth('es', '2026-01')).toBe('enero de 2026');
  });
});
