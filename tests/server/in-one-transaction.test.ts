// Statements handed over as one transaction (server/db/in-one-transaction.ts), on the test database
// (PGlite through its thread, or PostgreSQL with DATABASE_URL): each statement's rows come back in
// order, a setting made local to the transaction holds for the statements after it and not beyond
// (passage search relies on both), and a refused statement keeps nothing of the ones before it.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { executeInOneTransaction } from '@/server/db/in-one-transaction';
import type { Db } from '@/server/db/database';
import { testDatabase } from './support/test-database';

const probe = sql.raw(`in_one_transaction_probe_${randomUUID().replace(/-/g, '').slice(0, 12)}`);
let db: Db;

beforeAll(async () => {
  ({ db } = await testDatabase());
  await db.execute(sql`create table ${probe} (id int primary key, note text)`);
});
afterAll(() => db?.execute(sql`drop table if exists ${probe}`));

const seqscan = async () =>
  ((await db.execute(sql`select current_setting('enable_seqscan') as v`)) as unknown as { rows: { v: string }[] }).rows[0]!.v;

test('each statement’s rows in order, with its parameters; a local setting holds inside and not after', async () => {
  const [set, inserted, read] = await executeInOneTransaction<{ v?: string; id?: number; note?: string }>(db, [
    sql`select set_config('enable_seqscan', 'off', true) as v`,
    sql`insert into ${probe} values (${1}, ${'it’s “quoted”'}) returning id`,
    sql`select current_setting('enable_seqscan') as v, (select note from ${probe} where id = ${1}) as note`,
  ]);
  expect(set).toEqual([{ v: 'off' }]);
  expect(inserted).toEqual([{ id: 1 }]);
  expect(read).toEqual([{ v: 'off', note: 'it’s “quoted”' }]);
  expect(await seqscan()).toBe('on');
});

test('a refused statement rolls back the ones before it and is thrown with its SQLSTATE', async () => {
  const refused = await executeInOneTransaction(db, [
    sql`insert into ${probe} values (${2}, ${'not kept'})`,
    sql`insert into ${probe} values (${1}, ${'a duplicate'})`,
  ]).catch((error: unknown) => error);
  // PostgreSQL's error itself, or as the cause of drizzle's (database-errors.ts reads either).
  expect(refused).toBeInstanceOf(Error);
  const { code, cause } = refused as { code?: string; cause?: { code?: string } };
  expect(code ?? cause?.code).toBe('23505');
  const rows = ((await db.execute(sql`select id from ${probe} order by id`)) as unknown as { rows: { id: number }[] }).rows;
  expect(rows).toEqual([{ id: 1 }]);
});
