// The dashboard's arithmetic (domain/dashboard.ts) as the server sums by it and the SPA shows it:
// ranges and their previous period, percentage change ('new' after nothing), days cut in a time
// zone (half-hour offsets, DST changes, a midnight a DST jump skips), the query's validation, and
// the month's cost with its projection.
import { describe, expect, test } from 'vitest';
import {
  averageTicket,
  conversionRate,
  costPerCatalog,
  dashboardQuerySchema,
  dashboardValidation,
  dayIn,
  dayStart,
  eachDay,
  extraQueries,
  isIsoDay,
  isTimeZone,
  mediaShares,
  monthlyCostMinor,
  percentChange,
  periodSpendMinor,
  previousPeriod,
  projectedQueries,
  rangeDays,
  rangeInstants,
  returnOnSpend,
} from '@/domain/dashboard';
import { plans } from '@/domain/plans';

describe('ranges', () => {
  test('each kind counts back from today, both ends included', () => {
    expect(rangeDays('today', '2026-03-15')).toEqual({
      from: '2026-03-15',
      to: '2026-03-15',
    });
    expect(rangeDays('last_7_days', '2026-03-15')).toEqual({
      from: '2026-03-09',
      to: '2026-03-15',
    });
    expect(rangeDays('last_30_days', '2026-03-15')).toEqual({
      from: '2026-02-14',
      to: '2026-03-15',
    });
    expect(rangeDays('last_90_days', '2026-03-15')).toEqual({
      from: '2025-12-16',
      to: '2026-03-15',
    });
    expect(rangeDays('this_month', '2026-03-15')).toEqual({
      from: '2026-03-01',
      to: '2026-03-15',
    });
    expect(
      rangeDays('custom', '2026-03-15', {
        from: '2026-01-02',
        to: '2026-01-05',
      }),
    ).toEqual({ from: '2026-01-02', to: '2026-01-05' });
    expect(eachDay('2026-02-27', '2026-03-01')).toEqual(['2026-02-27', '2026-02-28', '2026-03-01']);
  });

  test('the previous period has the same number of days and ends the day before', () => {
    expect(previousPeriod({ from: '2026-03-09', to: '2026-03-15' })).toEqual({
      from: '2026-03-02',
      to: '2026-03-08',
    });
    expect(previousPeriod({ from: '2026-03-01', to: '2026-03-01' })).toEqual({
      from: '2026-02-28',
      to: '2026-02-28',
    });
    expect(previousPeriod({ from: '2024-03-01', to: '2024-03-31' })).toEqual({
      from: '2024-01-30',
      to: '2024-02-29',
    });
  });
});

describe('percentChange', () => {
  test("a percentage with one decimal; 'new' after nothing; 0 for nothing twice; null without a figure", () => {
    expect(percentChange(150, 100)).toBe(50);
    expect(percentChange(50, 100)).toBe(-50);
    expect(percentChange(1, 3)).toBe(-66.7);
    expect(percentChange(5, 0)).toBe('new');
    expect(percentChange(0, 0)).toBe(0);
    expect(percentChange(null, 4)).toBeNull();
    expect(percentChange(4, null)).toBeNull();
  });
});

describe('days in a time zone', () => {
  test('an instant falls on the day of the zone', () => {
    const instant = new Date('2026-03-10T02:30:00Z');
    expect(dayIn(instant, 'UTC')).toBe('2026-03-10');
    expect(dayIn(instant, 'America/Sao_Paulo')).toBe('2026-03-09');
    expect(dayIn(new Date('2026-03-09T18:40:00Z'), 'Asia/Kolkata')).toBe('2026-03-10');
  });

  test('a day starts at its local midnight, whatever the offset', () => {
    expect(dayStart('2026-03-10', 'UTC').toISOString()).toBe('2026-03-10T00:00:00.000Z');
    expect(dayStart('2026-03-10', 'America/Sao_Paulo').toISOString()).toBe('2026-03-10T03:00:00.000Z');
    expect(dayStart('2026-03-10', 'Asia/Kolkata').toISOString()).toBe('2026-03-09T18:30:00.000Z');
    expect(dayStart('2026-03-10', 'Asia/Kathmandu').toISOString()).toBe('2026-03-09T18:15:00.000Z');
  });

  test('DST: a 23-hour day, and a midnight the jump skips starts the day at the jump', () => {
    // New York springs forward on 8 March 2026 at 02:00: the day lasts 23 hours.
    const { start, end } = rangeInstants({ from: '2026-03-08', to: '2026-03-08' }, 'America/New_York');
    expect(start.toISOString()).toBe('2026-03-08T05:00:00.000Z');
    expect((end.getTime() - start.getTime()) / 3_600_000).toBe(23);
    // São Paulo sprang forward at midnight on 4 November 2018: 00:00 never happened, the day began at 01:00 (-02).
    expect(dayStart('2018-11-04', 'America/Sao_Paulo').toISOString()).toBe('2018-11-04T03:00:00.000Z');
    expect(dayIn(dayStart('2018-11-04', 'America/Sao_Paulo'), 'America/Sao_Paulo')).toBe('2018-11-04');
  });

  test('zones are IANA names the runtime knows', () => {
    expect(isTimeZone('America/Sao_Paulo')).toBe(true);
    expect(isTimeZone('UTC')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
    expect(isTimeZone('+03:00')).toBe(false);
    expect(isTimeZone('')).toBe(false);
  });
});

describe('dashboardQuerySchema', () => {
  const valid = {
    from: '2026-03-01',
    to: '2026-03-31',
    tz: 'America/Sao_Paulo',
  };

  test('takes days, a zone and optional ids', () => {
    expect(dashboardQuerySchema.safeParse(valid).success).toBe(true);
    expect(
      dashboardQuerySchema.safeParse({
        ...valid,
        inventory: '0e6f1f3c-94b5-4bd6-8d53-3f3f1bb2a2c1',
        currency: 'BRL',
      }).success,
    ).toBe(true);
  });

  test('refuses a date that is not one, a zone it does not know, a range backwards or over 366 days, an id that is not one', () => {
    const messageOf = (query: object) => dashboardQuerySchema.safeParse(query).error?.issues[0]?.message;
    expect(isIsoDay('2026-02-30')).toBe(false);
    expect(messageOf({ ...valid, from: '2026-02-30' })).toBe(dashboardValidation.dateInvalid.id);
    expect(messageOf({ ...valid, to: '9999-12-31' })).toBe(dashboardValidation.dateInvalid.id);
    expect(messageOf({ ...valid, tz: 'Europe/Atlantis' })).toBe(dashboardValidation.timeZoneInvalid.id);
    expect(messageOf({ ...valid, from: '2026-04-01' })).toBe(dashboardValidation.rangeInvalid.id);
    expect(messageOf({ ...valid, from: '2025-01-01' })).toBe(dashboardValidation.rangeInvalid.id);
    expect(messageOf({ ...valid, channel: 'abc' })).toBe(dashboardValidation.idInvalid.id);
  });
});

describe('figures', () => {
  test('ratios are null when their divisor is 0', () => {
    expect(averageTicket(10_000, 3)).toBe(3333);
    expect(averageTicket(10_000, 0)).toBeNull();
    expect(conversionRate(1, 4)).toBe(0.25);
    expect(conversionRate(1, 0)).toBeNull();
    expect(costPerCatalog(1_000, 3)).toBe(333);
    expect(costPerCatalog(1_000, 0)).toBeNull();
    expect(returnOnSpend(30_000, 'BRL', 10_000, 'BRL')).toBe(3);
    expect(returnOnSpend(30_000, 'USD', 10_000, 'BRL')).toBeNull();
    expect(mediaShares({ text: 3, vision: 1, file: 0, voice: 0 })).toEqual({
      text: 0.75,
      vision: 0.25,
      file: 0,
      voice: 0,
    });
    expect(mediaShares({ text: 0, vision: 0, file: 0, voice: 0 })).toEqual({
      text: 0,
      vision: 0,
      file: 0,
      voice: 0,
    });
  });

  test("the month's cost is the plan's price plus the queries past the allowance at the extra price", () => {
    const basic = plans.basic;
    expect(extraQueries(812, basic.limits.queriesPerMonth)).toBe(0);
    expect(extraQueries(1_200, basic.limits.queriesPerMonth)).toBe(200);
    expect(monthlyCostMinor(1_200, basic.limits.queriesPerMonth, basic.prices.USD)).toBe(349_00 + 200 * 88);
    expect(monthlyCostMinor(1_200, basic.limits.queriesPerMonth, basic.prices.BRL)).toBe(699_00 + 200 * 175);
    // Enterprise's 'more than 20,000' is a floor agreed per contract: nothing billed as extra here.
    expect(extraQueries(50_000, plans.enterprise.limits.queriesPerMonth)).toBe(0);
  });

  test("a period's spend shares the plan's price over its days, by each month's length, plus its extra queries", () => {
    const price = plans.basic.prices.USD;
    expect(periodSpendMinor({ from: '2026-03-01', to: '2026-03-31' }, 0, price)).toBe(349_00);
    expect(periodSpendMinor({ from: '2026-02-28', to: '2026-03-01' }, 10, price)).toBe(Math.round(349_00 / 28 + 349_00 / 31 + 10 * 88));
  });

  test("the projection carries the month's pace to its end, from at least a day's worth", () => {
    // 10 days of 30 gone in April with 300 queries: 900 at the end.
    expect(projectedQueries(300, new Date('2026-04-11T00:00:00Z'))).toBe(900);
    // An hour into the month counts as a day.
    expect(projectedQueries(10, new Date('2026-04-01T01:00:00Z'))).toBe(300);
  });
});
