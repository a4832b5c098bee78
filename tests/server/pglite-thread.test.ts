// The PGlite thread (server/db/pglite-thread*.ts), which runs the embedded database beside the
// server's requests: what the server's code relies on from PGlite's own client holds across the
// thread. A refusal keeps PostgreSQL's SQLSTATE and constraint (database-errors.ts reads them); a
// transaction keeps all or nothing and its caller gets its own error back; a statement outside an
// open transaction waits for it to end rather than slipping into it; a statement sent while a COPY
// runs goes before the COPY sent ahead of it; a stopped thread refuses at once.
import { types } from '@electric-sql/pglite';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { PgliteThread } from '@/server/db/pglite-thread-client';
import { pgliteStartParams } from '@/server/db/database';

let thread: PgliteThread;

beforeAll(async () => {
  thread = await PgliteThread.start({ dataDir: undefined, startParams: pgliteStartParams() }, [types.TIMESTAMPTZ]);
  await thread.query('create table probe (id int primary key, note text)');
});
afterAll(() => thread?.close());

const count = async () => Number((await thread.query<{ n: number }>('select count(*)::int as n from probe')).rows[0]!.n);

test('a refusal crosses with its SQLSTATE, constraint and message; rows come back in the mode asked', async () => {
  await thread.query('insert into probe values ($1, $2)', [1, 'one']);
  await expect(thread.query('insert into probe values ($1, $2)', [1, 'again'])).rejects.toMatchObject({
    code: '23505',
    constraint: 'probe_pkey',
    message: expect.stringContaining('duplicate key'),
  });
  expect((await thread.query('select id, note from probe where id = 1', [], { rowMode: 'array' })).rows).toEqual([[1, 'one']]);
  // The types the thread was given keep PostgreSQL's text; the others are parsed as PGlite does.
  const [row] = (await thread.query<{ at: unknown; n: unknown }>(`select timestamptz '2026-03-01 10:00+00' as at, 2::int8 as n`)).rows;
  expect(row).toEqual({ at: '2026-03-01 10:00:00+00', n: 2 });
  await thread.query('delete from probe');
});

test('a transaction keeps all or nothing, and its caller gets the callback’s own error', async () => {
  await thread.transaction(async (tx) => {
    await tx.query('insert into probe values (10, $1)', ['kept']);
    await tx.query('insert into probe values (11, $1)', ['kept too']);
  });
  expect(await count()).toBe(2);

  const mine = new Error('the caller’s reason');
  await expect(
    thread.transaction(async (tx) => {
      await tx.query('insert into probe values (12, $1)', ['not kept']);
      throw mine;
    }),
  ).rejects.toBe(mine);
  // A statement the database refused inside it: the transaction is rolled back as a whole.
  await expect(
    thread.transaction(async (tx) => {
      await tx.query('insert into probe values (13, $1)', ['not kept']);
      await tx.query('insert into probe values (10, $1)', ['a duplicate']);
    }),
  ).rejects.toMatchObject({ code: '23505' });
  expect(await count()).toBe(2);
  await thread.query('delete from probe');
});

test('a statement outside an open transaction waits for it to end, then sees what it committed', async () => {
  const order: string[] = [];
  let letGo!: () => void;
  const held = new Promise<void>((resolve) => (letGo = resolve));
  const transaction = thread.transaction(async (tx) => {
    await tx.query('insert into probe values (20, $1)', ['inside']);
    await held;
    order.push('commit');
  });
  // Begun and written: the outside statement is sent while the transaction is open.
  await new Promise((resolve) => setTimeout(resolve, 50));
  const outside = count().then((n) => (order.push('outside'), n));
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(order).toEqual([]);
  letGo();
  await transaction;
  expect(await outside).toBe(1);
  expect(order).toEqual(['commit', 'outside']);
  await thread.query('delete from probe');
});

test('COPY from a blob lands inside a transaction', async () => {
  await thread.transaction(async (tx) => {
    await tx.query(`copy probe (id, note) from '/dev/blob'`, [], { blob: new Blob(['30\ttab\\tinside\n31\t\\N\n']) });
  });
  expect((await thread.query('select id, note from probe order by id')).rows).toEqual([
    { id: 30, note: 'tab\tinside' },
    { id: 31, note: null },
  ]);
  await thread.query('delete from probe');
});

test('a statement sent while one COPY runs goes before the COPY sent ahead of it (an import’s next batch)', async () => {
  await thread.query('create table bulk (n int, note text)');
  const rows = Array.from({ length: 50_000 }, (_, n) => `${n}\tnote ${n}\n`).join('');
  const order: string[] = [];
  const copy = (name: string) =>
    thread.copyThen(`copy bulk (n, note) from '/dev/blob'`, rows, { text: 'select 1', params: [] }).then(() => order.push(name));
  await Promise.all([copy('first batch'), copy('second batch'), count().then(() => order.push('read'))]);
  // The batches in the order sent; the read never behind both.
  expect(order.filter((name) => name !== 'read')).toEqual(['first batch', 'second batch']);
  expect(order.indexOf('read')).toBeLessThan(order.indexOf('second batch'));
  expect((await thread.query<{ n: number }>('select count(*)::int as n from bulk')).rows[0]!.n).toBe(100_000);
});

test('a stopped thread refuses every statement at once, with why', async () => {
  const other = await PgliteThread.start({ dataDir: undefined, startParams: pgliteStartParams() }, []);
  await other.close();
  await expect(other.query('select 1')).rejects.toThrow(/PGlite thread stopped/);
});
