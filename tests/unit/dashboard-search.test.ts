// The dashboard's range and filters in the URL: the route keeps the known keys' strings without zod
// (its validateSearch is in every page's first JS) and must lose nothing dashboardSearchSchema reads;
// whatever the URL says, the page gets a selection (invalid params fall back to the default, the
// last 30 days, unfiltered), and a selection's search is the shortest that reads back the same.
import { describe, expect, it } from 'vitest';
import { defaultSelection, type DashboardSelection } from '@/machines/dashboard';
import { dashboardSearchSchema, searchOf, selectionOf } from '@/src/features/dashboard/dashboard-search';
import { Route } from '@/src/routes/$lang/_app/dashboard';

const validate = Route.options.validateSearch as (search: Record<string, unknown>) => Record<string, unknown>;
const inventory = '00000000-0000-4000-8000-000000000031';
const aiBase = '00000000-0000-4000-8000-000000000032';
const channel = '00000000-0000-4000-8000-000000000033';

const inputs: Record<string, unknown>[] = [
  {},
  { range: 'last_7_days' },
  { range: 'custom', from: '2026-11-01', to: '2026-11-10' },
  { range: 'custom', from: '2026-11-10', to: '2026-11-01' },
  { range: 'custom', from: '2025-01-01', to: '2026-11-10' },
  { range: 'custom', from: '2026-02-30', to: '2026-03-02' },
  { range: 'custom' },
  { range: 'yesterday', inventory },
  { range: 7, from: 20261101, inventory: 42 },
  { range: ['today'], aiBase: { id: aiBase } },
  { inventory, aiBase, channel, other: 'dropped' },
  { inventory: 'not-a-uuid', channel },
  { range: null, to: undefined },
];

describe('the dashboard route search', () => {
  for (const input of inputs) {
    it(`keeps of ${JSON.stringify(input)} all the schema reads`, () => {
      const kept = validate(input);
      expect(Object.values(kept).every((value) => typeof value === 'string')).toBe(true);
      // (A key the URL had with nothing valid reads as undefined either way.)
      expect(dashboardSearchSchema.parse(kept)).toEqual(dashboardSearchSchema.parse(input));
      expect(selectionOf(kept)).toStrictEqual(selectionOf(input));
    });
  }
});

describe('the selection a search makes', () => {
  it('is the default for a plain /dashboard', () => {
    expect(selectionOf({})).toEqual(defaultSelection);
    expect(selectionOf(undefined)).toEqual(defaultSelection);
  });

  it('takes a range kind, a custom range in order and the filters that are ids', () => {
    expect(selectionOf({ range: 'this_month' })).toEqual({ ...defaultSelection, range: 'this_month' });
    expect(selectionOf({ range: 'custom', from: '2026-11-01', to: '2026-11-10', inventory, aiBase, channel })).toEqual({
      range: 'custom',
      custom: { from: '2026-11-01', to: '2026-11-10' },
      inventory,
      aiBase,
      channel,
    });
    // Days given without 'custom' are not a range.
    expect(selectionOf({ range: 'today', from: '2026-11-01', to: '2026-11-10' })).toEqual({ ...defaultSelection, range: 'today' });
  });

  it('falls back to the default for what is invalid, keeping what is valid', () => {
    expect(selectionOf({ range: 'yesterday', channel })).toEqual({ ...defaultSelection, channel });
    // Backwards, too long (367 days), not a day, missing an end: the last 30 days.
    for (const days of [
      { from: '2026-11-10', to: '2026-11-01' },
      { from: '2025-11-10', to: '2026-11-11' },
      { from: '2026-02-30', to: '2026-03-02' },
      { from: '2026-11-01' },
    ]) {
      expect(selectionOf({ range: 'custom', ...days, inventory })).toEqual({ ...defaultSelection, inventory });
    }
    // A year and a day (a leap year's whole year) is the longest range the API sums.
    expect(selectionOf({ range: 'custom', from: '2024-01-01', to: '2024-12-31' }).range).toBe('custom');
    expect(selectionOf({ inventory: 'not-a-uuid', aiBase: "'; drop table" })).toEqual(defaultSelection);
  });

  it('writes only what differs from the default, and reads it back the same', () => {
    const selections: DashboardSelection[] = [
      defaultSelection,
      { ...defaultSelection, range: 'last_90_days' },
      { ...defaultSelection, range: 'custom', custom: { from: '2026-11-01', to: '2026-11-10' }, inventory },
      { ...defaultSelection, aiBase, channel },
    ];
    expect(searchOf(defaultSelection)).toEqual({});
    expect(searchOf(selections[2]!)).toEqual({ range: 'custom', from: '2026-11-01', to: '2026-11-10', inventory });
    for (const selection of selections) expect(selectionOf(searchOf(selection))).toEqual(selection);
  });
});
