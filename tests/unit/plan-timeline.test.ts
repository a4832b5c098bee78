// The plan timeline's rules (domain/plan-timeline.ts): each dashboard day priced with the plan in force
// at its end in the account's zone, its extra queries at that plan's price, and each calendar month
// billed with the plan in force when it closes.
import { describe, expect, test } from 'vitest';
import { periodSpendMinor } from '@/domain/dashboard';
import { monthPlans, periodSpendOverPlansMinor, planAt, planOfEachDay, type PlanChange } from '@/domain/plan-timeline';
import { plans } from '@/domain/plans';

const basic = plans.basic.prices.USD;
const lite = plans.lite.prices.USD;
const change = (plan: PlanChange['plan'], at: string): PlanChange => ({ plan, effectiveFrom: new Date(at) });
/** Basic since January, Lite from 15:00 UTC on 10 March. */
const upgraded = [change('basic', '2026-01-05T09:00:00Z'), change('lite', '2026-03-10T15:00:00Z')];
const noExtra = new Map<string, number>();

describe('planOfEachDay', () => {
  test('a change prices the whole day it was made on, and every day after', () => {
    const days = planOfEachDay(upgraded, { from: '2026-03-08', to: '2026-03-12' }, 'UTC', 'lite');
    expect([...days]).toEqual([
      ['2026-03-08', 'basic'],
      ['2026-03-09', 'basic'],
      ['2026-03-10', 'lite'],
      ['2026-03-11', 'lite'],
      ['2026-03-12', 'lite'],
    ]);
  });

  test("cuts the change's day in the account's zone", () => {
    // 01:00 UTC on the 10th is still the 9th in São Paulo (UTC-3): the 9th is already Lite there.
    const late = [change('basic', '2026-01-05T09:00:00Z'), change('lite', '2026-03-10T01:00:00Z')];
    const range = { from: '2026-03-09', to: '2026-03-10' };
    expect(planOfEachDay(late, range, 'America/Sao_Paulo', 'lite').get('2026-03-09')).toBe('lite');
    expect(planOfEachDay(late, range, 'UTC', 'lite').get('2026-03-09')).toBe('basic');
  });

  test('days before the first change take its plan; no change at all takes the current plan', () => {
    const range = { from: '2025-12-30', to: '2026-01-01' };
    expect(new Set(planOfEachDay(upgraded, range, 'UTC', 'lite').values())).toEqual(new Set(['basic']));
    expect(new Set(planOfEachDay([], range, 'UTC', 'start').values())).toEqual(new Set(['start']));
  });

  test('of two changes on one day, the later one prices it', () => {
    const twice = [
      change('basic', '2026-03-01T00:00:00Z'),
      change('start', '2026-03-05T08:00:00Z'),
      change('lite', '2026-03-05T20:00:00Z'),
    ];
    expect(planOfEachDay(twice, { from: '2026-03-05', to: '2026-03-05' }, 'UTC', 'lite').get('2026-03-05')).toBe('lite');
  });
});

describe('periodSpendOverPlansMinor', () => {
  test('a change mid-period: the days before at the old price, from its day on at the new one', () => {
    const spend = periodSpendOverPlansMinor({ from: '2026-03-08', to: '2026-03-14' }, noExtra, upgraded, 'UTC', 'lite', 'USD');
    expect(spend).toBe(Math.round((2 * basic.monthlyCents) / 31 + (5 * lite.monthlyCents) / 31));
  });

  test("extra queries are priced at their own day's plan", () => {
    const extra = new Map([
      ['2026-03-09', 10],
      ['2026-03-11', 4],
    ]);
    const spend = periodSpendOverPlansMinor({ from: '2026-03-09', to: '2026-03-11' }, extra, upgraded, 'UTC', 'lite', 'USD');
    expect(spend).toBe(
      Math.round(basic.monthlyCents / 31 + (2 * lite.monthlyCents) / 31 + 10 * basic.extraQueryCents + 4 * lite.extraQueryCents),
    );
  });

  test('a change before the period prices all of it with the new plan, as periodSpendMinor does', () => {
    const range = { from: '2026-04-01', to: '2026-04-30' };
    const extra = new Map([['2026-04-02', 7]]);
    expect(periodSpendOverPlansMinor(range, extra, upgraded, 'UTC', 'basic', 'USD')).toBe(periodSpendMinor(range, 7, lite));
    expect(periodSpendOverPlansMinor(range, extra, upgraded, 'UTC', 'basic', 'USD')).toBe(lite.monthlyCents + 7 * lite.extraQueryCents);
  });

  test("a period spanning months shares each plan's price over its own day's month", () => {
    // 27 Feb – 2 Mar 2026: two of February's 28 days at Basic, then March 1st at Basic and the 2nd at Start.
    const changes = [change('basic', '2026-01-01T00:00:00Z'), change('start', '2026-03-02T10:00:00Z')];
    const spend = periodSpendOverPlansMinor({ from: '2026-02-27', to: '2026-03-02' }, noExtra, changes, 'UTC', 'start', 'BRL');
    const [basicBrl, startBrl] = [plans.basic.prices.BRL.monthlyCents, plans.start.prices.BRL.monthlyCents];
    expect(spend).toBe(Math.round((2 * basicBrl) / 28 + basicBrl / 31 + startBrl / 31));
  });

  test('no recorded change: the current plan throughout, to the unit of periodSpendMinor', () => {
    const range = { from: '2026-02-27', to: '2026-03-02' };
    const extra = new Map([
      ['2026-02-28', 3],
      ['2026-03-01', 2],
    ]);
    expect(periodSpendOverPlansMinor(range, extra, [], 'UTC', 'premium_plus', 'BRL')).toBe(
      periodSpendMinor(range, 5, plans.premium_plus.prices.BRL),
    );
  });
});

describe('the months billed', () => {
  test('the month under way is billed with the plan held now, the previous one with the plan it closed with', () => {
    expect(monthPlans(upgraded, new Date('2026-03-20T12:00:00Z'), 'lite')).toEqual({ thisMonth: 'lite', previousMonth: 'basic' });
    // A change mid-March bills all of March with it: April's previous month is Lite.
    expect(monthPlans(upgraded, new Date('2026-04-02T00:00:00Z'), 'lite')).toEqual({ thisMonth: 'lite', previousMonth: 'lite' });
  });

  test('a change at the first instant of a month belongs to that month, not the one before', () => {
    const atMidnight = [change('basic', '2026-01-01T00:00:00Z'), change('lite', '2026-03-01T00:00:00Z')];
    expect(monthPlans(atMidnight, new Date('2026-03-01T00:00:00Z'), 'lite')).toEqual({ thisMonth: 'lite', previousMonth: 'basic' });
  });

  test('without recorded changes both months take the current plan', () => {
    expect(monthPlans([], new Date('2026-03-20T12:00:00Z'), 'enterprise')).toEqual({
      thisMonth: 'enterprise',
      previousMonth: 'enterprise',
    });
  });

  test('planAt: the last change effective at or before the instant', () => {
    expect(planAt(upgraded, new Date('2026-03-10T14:59:59.999Z'), 'lite')).toBe('basic');
    expect(planAt(upgraded, new Date('2026-03-10T15:00:00Z'), 'basic')).toBe('lite');
  });
});
