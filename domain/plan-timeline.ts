// An account's plans over time (the changes server/accounts records, each with the instant it took
// effect) and the rules that price the past with the plan then in force, not today's:
// - a day of the dashboard (the account zone's day) is priced with the plan in force at its end: a
//   change counts from the day it was made, whole, so an upgrade at 3 p.m. prices that day at the new
//   plan, and today is always priced with the plan held now. Its extra queries (counted per day in the
//   rollups) are priced at that day's plan's extra-query price;
// - a calendar month (UTC, the month usage is counted by) is billed as an invoice would be: with the
//   plan in force when it closes — the plan held at its last instant, or now for the month under way —
//   its price, and its allowance for the extra queries. A plan changed mid-month bills the whole month.
// Before the first recorded change (days before the account existed), the first change's plan prices;
// an account without a recorded change is priced with its current plan throughout.
import { dayIn, daysInMonth, eachDay, type DayRange } from './dashboard';
import { plans, type Currency, type PlanId } from './plans';

/** The account's plan from `effectiveFrom` on, until the next change. */
export type PlanChange = { plan: PlanId; effectiveFrom: Date };

/** The plan in force at `instant`: the last change effective at or before it (`changes` oldest first). */
export function planAt(changes: readonly PlanChange[], instant: Date, current: PlanId): PlanId {
  let plan = changes[0]?.plan ?? current;
  for (const change of changes) if (change.effectiveFrom.getTime() <= instant.getTime()) plan = change.plan;
  return plan;
}

/** The plan each day of `range` is priced with: the one in force at the end of that day in the zone. */
export function planOfEachDay(changes: readonly PlanChange[], range: DayRange, timeZone: string, current: PlanId): Map<string, PlanId> {
  // A change effective before a day's end is one made on that day or earlier (days only grow with
  // instants), so each change is cut to its day once rather than each day's end found.
  const dated = changes.map((change) => ({ day: dayIn(change.effectiveFrom, timeZone), plan: change.plan }));
  let plan = dated[0]?.plan ?? current;
  let next = 0;
  const planOf = new Map<string, PlanId>();
  for (const day of eachDay(range.from, range.to)) {
    while (next < dated.length && dated[next]!.day <= day) plan = dated[next++]!.plan;
    planOf.set(day, plan);
  }
  return planOf;
}

/**
 * A period's spend with each day's plan: its monthly price shared out over the days of that day's
 * month, plus the day's extra queries at its extra-query price (minor units, rounded once). With one
 * plan throughout it is domain/dashboard.ts's `periodSpendMinor`, to the unit.
 */
export function periodSpendOverPlansMinor(
  range: DayRange,
  extraByDay: ReadonlyMap<string, number>,
  changes: readonly PlanChange[],
  timeZone: string,
  current: PlanId,
  currency: Currency,
): number {
  let planShare = 0;
  let extraCost = 0;
  for (const [day, plan] of planOfEachDay(changes, range, timeZone, current)) {
    const price = plans[plan].prices[currency];
    planShare += price.monthlyCents / daysInMonth(day);
    extraCost += (extraByDay.get(day) ?? 0) * price.extraQueryCents;
  }
  return Math.round(planShare + extraCost);
}

/** The plans the month under way and the month before are billed with (calendar months in UTC). */
export function monthPlans(changes: readonly PlanChange[], now: Date, current: PlanId): { thisMonth: PlanId; previousMonth: PlanId } {
  const monthStart = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1);
  return {
    thisMonth: planAt(changes, now, current),
    previousMonth: planAt(changes, new Date(monthStart - 1), current),
  };
}
