// The /checkouts screen's URL search params: the inventory shown (its figures, its list and its
// recovery flow; the first one when none is named), the period in days ending today, the list's
// status filter, search and page (`?inventory=<id>&days=90&status=recovered&q=4321&page=2`), and one
// checkout with its timeline shown instead of the list (`checkout=<id>`, the list's kept for the way back). Read with
// zod: an invalid param is dropped, never an error. The route keeps only the known keys without zod
// (its validateSearch is in every page's first JS).
import * as z from 'zod/mini';
import { checkoutStatuses, type CheckoutStatus } from '@/domain/checkout-recovery';

/** The periods offered, in days ending today. */
export const checkoutPeriods = [7, 30, 90] as const;
export type CheckoutPeriod = (typeof checkoutPeriods)[number];
export const DEFAULT_PERIOD: CheckoutPeriod = 30;

/** The search as the route keeps it: the known keys; numbers as numbers (the route reads `page=2` as one). */
export type CheckoutsSearch = { inventory?: string; days?: number; status?: string; q?: string; page?: number; checkout?: string };

export const checkoutsSearchSchema = z.object({
  inventory: z.catch(z.optional(z.uuid()), undefined),
  days: z.catch(z.optional(z.union(checkoutPeriods.map((days) => z.literal(days)))), undefined),
  status: z.catch(z.optional(z.enum(checkoutStatuses)), undefined),
  q: z.catch(z.optional(z.string().check(z.trim(), z.maxLength(64))), undefined),
  page: z.catch(z.optional(z.int().check(z.gte(1), z.lte(100_000))), undefined),
  // A list item's id: digits.
  checkout: z.catch(z.optional(z.string().check(z.regex(/^[1-9]\d{0,14}$/))), undefined),
});

/** What the screen shows: an inventory (null: the first of the account's), the period, the list's filter, one checkout or none. */
export type CheckoutsView = {
  inventoryId: string | null;
  days: CheckoutPeriod;
  status: CheckoutStatus | null;
  q: string;
  page: number;
  checkoutId: string | null;
};

export function checkoutsViewOf(search: unknown): CheckoutsView {
  const parsed = checkoutsSearchSchema.parse(search ?? {});
  return {
    inventoryId: parsed.inventory ?? null,
    days: (parsed.days as CheckoutPeriod | undefined) ?? DEFAULT_PERIOD,
    status: parsed.status ?? null,
    q: parsed.q ?? '',
    page: parsed.page ?? 1,
    checkoutId: parsed.checkout ?? null,
  };
}

/** The search of a view: only what differs from the plain screen, so it stays `/checkouts`. */
export function checkoutsSearch(view: CheckoutsView): CheckoutsSearch {
  return {
    ...(view.inventoryId ? { inventory: view.inventoryId } : {}),
    ...(view.days !== DEFAULT_PERIOD ? { days: view.days } : {}),
    ...(view.status ? { status: view.status } : {}),
    ...(view.q ? { q: view.q } : {}),
    ...(view.page > 1 ? { page: view.page } : {}),
    ...(view.checkoutId ? { checkout: view.checkoutId } : {}),
  };
}

const DAY_MS = 24 * 60 * 60_000;
const isoDate = (at: number) => new Date(at).toISOString().slice(0, 10);

/** The period's first and last days (UTC dates, as the API takes them), the last one being `today`'s. */
export function periodDates(days: number, today: Date): { from: string; to: string } {
  return { from: isoDate(today.getTime() - (days - 1) * DAY_MS), to: isoDate(today.getTime()) };
}

/** Whether the list is narrowed (its empty answer means 'none match', not 'none yet'). */
export const isNarrowed = (view: CheckoutsView) => view.status !== null || view.q !== '';
