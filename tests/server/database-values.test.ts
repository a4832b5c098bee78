// Values as the server's code reads them from the database, whichever it is: drizzle maps timestamps
// to Dates through the query builder and leaves dates, timestamps, intervals and their arrays as
// PostgreSQL writes them through `execute`, in a transaction too. On PGlite those parsers are the
// PGlite thread's defaults (server/db/pglite-thread.ts): functions cannot cross to it.
import { eq, sql } from 'drizzle-orm';
import { expect, test } from 'vitest';
import { accountMonthlyUsage, accounts } from '@/server/accounts/account-tables';
import { testDatabase } from './support/test-database';

const ISO_TIMESTAMP = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}/;

test('the query builder answers Dates for timestamps and text for dates; execute answers all of them as text', async () => {
  const { db } = await testDatabase();
  const uid = `values-${Date.now()}-${Math.random().toString(36).slice(2)}`;
  await db.insert(accounts).values({ uid });
  await db.insert(accountMonthlyUsage).values({ uid, month: '2026-03-01', queries: 2 });

  const [account] = await db.select({ createdAt: accounts.createdAt }).from(accounts).where(eq(accounts.uid, uid));
  expect(account!.createdAt).toBeInstanceOf(Date);
  const [usage] = await db.select({ month: accountMonthlyUsage.month }).from(accountMonthlyUsage).where(eq(accountMonthlyUsage.uid, uid));
  expect(usage!.month).toBe('2026-03-01');

  const raw = async (on: typeof db) =>
    (
      (await on.execute(
        sql`select created_at as at, date '2026-03-01' as day, interval '90 minutes' as span, array[created_at] as ats, array[date '2026-03-01'] as days
            from ${accounts} where uid = ${uid}`,
      )) as unknown as { rows: Record<string, unknown>[] }
    ).rows[0]!;
  for (const row of [await raw(db), await db.transaction((tx) => raw(tx))]) {
    expect(row.at).toMatch(ISO_TIMESTAMP);
    expect(row.day).toBe('2026-03-01');
    expect(row.span).toBe('01:30:00');
    expect(row.ats).toMatch(/^\{"?\d{4}-\d{2}-\d{2}/);
    expect(row.days).toBe('{2026-03-01}');
  }
  // Inside a transaction the builder maps as outside it.
  const [inside] = await db.transaction((tx) => tx.select({ createdAt: accounts.createdAt }).from(accounts).where(eq(accounts.uid, uid)));
  expect(inside!.createdAt).toEqual(account!.createdAt);
});
