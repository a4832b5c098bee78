// The dashboard's URL search params (`?range=custom&from=2026-11-01&to=2026-11-10&inventory=…`): the
// range and filters live there so a view can be shared and survives a reload. Read with zod: anything
// invalid falls back to the default (the last 30 days, no filter), never an error. The route keeps
// only the known keys' strings without zod (its validateSearch is in every page's first JS).
import * as z from 'zod/mini';
import { DASHBOARD_MAX_DAYS, dashboardRangeKinds, daysInRange, isIsoDay } from '@/domain/dashboard';
import { defaultSelection, filtersOf, type DashboardSelection } from '@/machines/dashboard';

/** The search as the route keeps it: the known keys, strings only. */
export type DashboardSearch = { range?: string; from?: string; to?: string; inventory?: string; aiBase?: string; channel?: string };

const day = z.string().check(z.refine((value) => isIsoDay(value) && value >= '1970-01-01' && value <= '9998-12-31'));
const id = z.catch(z.optional(z.uuid()), undefined);

/** Each param on its own: a bad one is dropped, the others kept. */
export const dashboardSearchSchema = z.object({
  range: z.catch(z.optional(z.enum(dashboardRangeKinds)), undefined),
  from: z.catch(z.optional(day), undefined),
  to: z.catch(z.optional(day), undefined),
  inventory: id,
  aiBase: id,
  channel: id,
});

/** What the search selects: a custom range needs both days, in order, at most DASHBOARD_MAX_DAYS apart; else the default range. */
export function selectionOf(search: unknown): DashboardSelection {
  const { range, from, to, inventory, aiBase, channel } = dashboardSearchSchema.parse(search ?? {});
  const filters = { inventory: inventory ?? null, aiBase: aiBase ?? null, channel: channel ?? null };
  if (range === 'custom') {
    const fits = from !== undefined && to !== undefined && from <= to && daysInRange(from, to) <= DASHBOARD_MAX_DAYS;
    return fits ? { range, custom: { from, to }, ...filters } : { ...defaultSelection, ...filters };
  }
  return { ...defaultSelection, range: range ?? defaultSelection.range, ...filters };
}

/** The search of a selection: only what differs from the default, so the plain dashboard stays `/dashboard`. */
export function searchOf(selection: DashboardSelection): DashboardSearch {
  return {
    ...(selection.range !== defaultSelection.range ? { range: selection.range } : {}),
    ...(selection.range === 'custom' && selection.custom ? selection.custom : {}),
    ...filtersOf(selection),
  };
}
