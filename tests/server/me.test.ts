import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { meResponseSchema } from '@/domain/account';
import { plans } from '@/domain/plans';
import { accountStore, monthStart } from '@/server/accounts/account-store';
import { accountMonthlyUsage, accounts } from '@/server/accounts/account-tables';
import { eq } from 'drizzle-orm';
import { createUser } from './support/emulator-users';
import { testDatabase } from './support/test-database';
import { call, startTestServer, type TestServer } from './support/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const me = (token: string) => call(`${server.url}/api/v1/me`, { token });

describe('GET /api/v1/me', () => {
  test('a verified user without an account gets one on the basic plan, with its limits and zero usage', async () => {
    const user = await createUser('me');
    const { db } = await testDatabase();
    expect(await db.select().from(accounts).where(eq(accounts.uid, user.uid))).toEqual([]);

    const answer = await me(user.idToken);

    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
    const body = meResponseSchema.parse(answer.body);
    expect(body).toEqual({
      uid: user.uid,
      email: user.email,
      plan: 'basic',
      limits: plans.basic.limits,
      usage: {
        month: new Date().toISOString().slice(0, 7),
        aiBases: 0,
        trainingsThisMonth: 0,
        queriesThisMonth: 0,
      },
      timeZone: null,
      createdAt: expect.any(String),
    });
    const [row] = await db.select().from(accounts).where(eq(accounts.uid, user.uid));
    expect(row).toMatchObject({
      uid: user.uid,
      email: user.email,
      plan: 'basic',
    });
  });

  test('later calls find the same account instead of creating another', async () => {
    const user = await createUser('me-again');
    const first = meResponseSchema.parse((await me(user.idToken)).body);
    const second = meResponseSchema.parse((await me(user.idToken)).body);
    expect(second).toEqual(first);
    const { db } = await testDatabase();
    expect(await db.select().from(accounts).where(eq(accounts.uid, user.uid))).toHaveLength(1);
  });

  test('concurrent first calls create exactly one account', async () => {
    const user = await createUser('me-race');
    const answers = await Promise.all(Array.from({ length: 8 }, () => me(user.idToken)));
    expect(answers.map((answer) => answer.status)).toEqual(Array(8).fill(200));
    const { db } = await testDatabase();
    expect(await db.select().from(accounts).where(eq(accounts.uid, user.uid))).toHaveLength(1);
  });

  test("the limits are the account's plan's", async () => {
    const user = await createUser('me-plan');
    await me(user.idToken);
    await accountStore((await testDatabase()).db).upsertPlan(user.uid, user.email, 'premium_plus');

    const body = meResponseSchema.parse((await me(user.idToken)).body);

    expect(body.plan).toBe('premium_plus');
    expect(body.limits).toEqual(plans.premium_plus.limits);
  });

  test("usage counts this month's row only", async () => {
    const user = await createUser('me-usage');
    await me(user.idToken);
    const { db } = await testDatabase();
    await db.insert(accountMonthlyUsage).values([
      { uid: user.uid, month: monthStart(), trainings: 3, queries: 41 },
      { uid: user.uid, month: '2001-01-01', trainings: 9, queries: 999 },
    ]);

    const body = meResponseSchema.parse((await me(user.idToken)).body);

    expect(body.usage).toMatchObject({
      trainingsThisMonth: 3,
      queriesThisMonth: 41,
    });
  });
});

describe('PUT /api/v1/me/time-zone', () => {
  const put = (token: string | undefined, body: unknown) =>
    call(`${server.url}/api/v1/me/time-zone`, {
      method: 'PUT',
      token,
      body: JSON.stringify(body),
      headers: { 'content-type': 'application/json' },
    });

  test('sets the zone /me reports; an unknown zone is refused naming the field, and nothing changes', async () => {
    const user = await createUser('me-zone');
    const set = await put(user.idToken, { timeZone: 'America/Sao_Paulo' });
    expect(set.status, set.text).toBe(200);
    expect(set.body).toEqual({ timeZone: 'America/Sao_Paulo' });
    expect(meResponseSchema.parse((await me(user.idToken)).body).timeZone).toBe('America/Sao_Paulo');

    for (const timeZone of ['Mars/Olympus', '+03:00', '']) {
      const refused = await put(user.idToken, { timeZone });
      expect(refused.status).toBe(400);
      expect((refused.body as { error: { fields: Record<string, string> } }).error.fields).toEqual({
        timeZone: 'dashboard.time_zone_invalid',
      });
    }
    expect(meResponseSchema.parse((await me(user.idToken)).body).timeZone).toBe('America/Sao_Paulo');
    expect((await put(undefined, { timeZone: 'UTC' })).status).toBe(401);
  });
});
