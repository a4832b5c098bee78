// The dashboard prices the past with the plan then in force: an account created on Basic and moved to
// Lite at a set instant (every clock injected) has its previous period priced at Basic and the current
// one at Lite over GET /api/v1/dashboard, and each month's cost billed with the plan it closed with.
// The history itself: creation and each change recorded, an unchanged plan not.
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { periodSpendMinor, type Dashboard } from '@/domain/dashboard';
import { plans } from '@/domain/plans';
import { accountStore } from '@/server/accounts/account-store';
import { planChanges } from '@/server/accounts/account-tables';
import { dashboardStore } from '@/server/dashboard/dashboard-store';
import { createUser, type TestUser } from './support/emulator-users';
import { testDatabase } from './support/test-database';
import { call, startTestServer, type TestServer } from './support/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const period = { from: '2026-03-08', to: '2026-03-14' };
const query = { ...period, tz: 'UTC', currency: 'USD' } as const;
const created = new Date('2026-02-01T10:00:00Z');
/** Mid-afternoon of the period's first day: that whole day is already priced at the new plan. */
const upgraded = new Date('2026-03-08T15:00:00Z');

describe('the dashboard over a change of plan', () => {
  let user: TestUser;
  beforeAll(async () => {
    user = await createUser('dashboard-plan-history');
    const accounts = accountStore((await testDatabase()).db);
    await accounts.findOrCreate(user.uid, user.email, created);
    await accounts.upsertPlan(user.uid, user.email, 'lite', upgraded);
    // Set again to what it is: nothing changes, nothing is recorded.
    await accounts.upsertPlan(user.uid, user.email, 'lite', new Date('2026-03-12T09:00:00Z'));
  });

  test('the history holds the creation and the change, not the repeated plan', async () => {
    const { db } = await testDatabase();
    const history = await db
      .select({ plan: planChanges.plan, effectiveFrom: planChanges.effectiveFrom })
      .from(planChanges)
      .where(eq(planChanges.uid, user.uid))
      .orderBy(asc(planChanges.effectiveFrom));
    expect(history).toEqual([
      { plan: 'basic', effectiveFrom: created },
      { plan: 'lite', effectiveFrom: upgraded },
    ]);
  });

  test('the previous period is priced with the old plan, the current one with the new', async () => {
    const answer = await call(`${server.url}/api/v1/dashboard?${new URLSearchParams(query)}`, { token: user.idToken });
    expect(answer.status, answer.text).toBe(200);
    const { range, spend } = answer.body as Dashboard;
    expect(range).toMatchObject({ previousFrom: '2026-03-01', previousTo: '2026-03-07' });
    expect(spend.current).toBe(periodSpendMinor(period, 0, plans.lite.prices.USD));
    expect(spend.previous).toBe(periodSpendMinor({ from: '2026-03-01', to: '2026-03-07' }, 0, plans.basic.prices.USD));
  });

  test('each month is billed with the plan in force when it closes', async () => {
    const store = dashboardStore((await testDatabase()).db);
    // In March: March on Lite (shown as the plan's price), February as it closed, on Basic.
    const march = (await store.dashboard(user.uid, query, new Date('2026-03-20T12:00:00Z'))).monthlyCost;
    expect(march).toMatchObject({
      month: '2026-03',
      planMinor: plans.lite.prices.USD.monthlyCents,
      extraQueryMinor: plans.lite.prices.USD.extraQueryCents,
      allowance: plans.lite.limits.queriesPerMonth,
      totalMinor: plans.lite.prices.USD.monthlyCents,
      previousTotalMinor: plans.basic.prices.USD.monthlyCents,
    });
    // In April, March closed on Lite: the change mid-March bills the whole month.
    const april = (await store.dashboard(user.uid, query, new Date('2026-04-05T12:00:00Z'))).monthlyCost;
    expect(april).toMatchObject({ month: '2026-04', previousTotalMinor: plans.lite.prices.USD.monthlyCents, change: 0 });
  });
});
