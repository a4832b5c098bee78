// The PGlite thread's prepared statements (server/db/pglite-prepared.ts): a text the server runs
// again is bound and executed under a name of its own instead of parsed and planned anew. What the
// server's code relies on from PGlite's own `query` holds for it: the same rows, in the mode asked,
// values serialized by their parameters' types, affected rows counted, a refusal with its SQLSTATE
// that leaves the session usable, a table altered under a prepared text, and a bounded number of
// statements kept.
import { PGlite, type QueryOptions } from '@electric-sql/pglite';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { preparedStatements, type PreparedStatements } from '@/server/db/pglite-prepared';

let client: PGlite;
let statements: PreparedStatements;

beforeAll(async () => {
  client = await PGlite.create();
  await client.exec(`create table probe (id int primary key, note text, doc jsonb, at timestamptz, tags text[])`);
});
afterAll(() => client?.close());

/** As the PGlite thread runs a statement outside a transaction: under both of PGlite's locks. */
const run = <T>(text: string, params: unknown[] = [], options?: QueryOptions) =>
  client._runExclusiveTransaction(() => client._runExclusiveQuery(() => statements.query<T>(text, params, options, false)));

test('a text run again answers as PGlite’s own query does, prepared once', async () => {
  statements = preparedStatements(client, { capacity: 10 });
  const insert = 'insert into probe (id, note, doc, at, tags) values ($1, $2, $3, $4, $5)';
  const values = (id: number) => [id, `note ${id}`, { id, nested: [id] }, new Date(Date.UTC(2026, 0, id)), ['a', `b${id}`]];
  for (const id of [1, 2, 3]) expect((await run(insert, values(id))).affectedRows).toBe(1);
  expect(statements.size()).toBe(1);

  const select = 'select id, note, doc, at, tags from probe where id = $1';
  for (const id of [1, 2, 3]) {
    const mine = await run(select, [id]);
    const pglites = await client.query(select, [id]);
    expect(mine.rows).toEqual(pglites.rows);
    expect(mine.fields).toEqual(pglites.fields);
    expect(mine.rows[0]).toMatchObject({ id, doc: { id, nested: [id] }, at: new Date(Date.UTC(2026, 0, id)), tags: ['a', `b${id}`] });
  }
  expect(statements.size()).toBe(2);
  expect((await run(select, [2], { rowMode: 'array' })).rows).toEqual((await client.query(select, [2], { rowMode: 'array' })).rows);
  // A null, and an update's count of rows.
  expect((await run('update probe set note = $1 where id <= $2', [null, 2])).affectedRows).toBe(2);
  expect((await run('update probe set note = $1 where id <= $2', ['again', 3])).affectedRows).toBe(3);
  expect((await run('select count(*)::int as n from probe where note = $1', ['again'])).rows).toEqual([{ n: 3 }]);
  await client.exec('delete from probe');
});

test('a refusal keeps its SQLSTATE and constraint, and the session goes on', async () => {
  statements = preparedStatements(client, { capacity: 10 });
  const insert = 'insert into probe (id, note) values ($1, $2)';
  await run(insert, [1, 'one']);
  await run(insert, [2, 'two']); // prepared now
  await expect(run(insert, [1, 'again'])).rejects.toMatchObject({ code: '23505', constraint: 'probe_pkey' });
  await expect(run(insert, [2, 'again'])).rejects.toMatchObject({ code: '23505' });
  expect((await run(insert, [3, 'three'])).affectedRows).toBe(1);
  // A text PostgreSQL cannot parse, the first time and the second.
  await expect(run('selec id from probe where id = $1', [1])).rejects.toMatchObject({ code: '42601' });
  await expect(run('selec id from probe where id = $1', [1])).rejects.toMatchObject({ code: '42601' });
  expect((await run('select note from probe where id = $1', [3])).rows).toEqual([{ note: 'three' }]);
  await client.exec('delete from probe');
});

test('a statement stays prepared through a rolled-back transaction', async () => {
  statements = preparedStatements(client, { capacity: 10 });
  const insert = 'insert into probe (id, note) values ($1, $2)';
  await run(insert, [1, 'one']);
  await run(insert, [2, 'two']);
  await expect(
    client.transaction(async () => {
      await client._runExclusiveQuery(() => statements.query(insert, [3, 'not kept'], undefined, true));
      await client._runExclusiveQuery(() => statements.query(insert, [1, 'a duplicate'], undefined, true));
    }),
  ).rejects.toMatchObject({ code: '23505' });
  expect((await run(insert, [4, 'four'])).affectedRows).toBe(1);
  expect((await run('select id from probe order by id', [])).rows).toEqual([{ id: 1 }, { id: 2 }, { id: 4 }]);
  await client.exec('delete from probe');
});

test('a table altered under a prepared text: its next run answers the new columns', async () => {
  statements = preparedStatements(client, { capacity: 10 });
  await client.exec(`create table altered (id int primary key)`);
  await client.exec(`insert into altered values (1)`);
  const select = 'select * from altered where id = $1';
  await run(select, [1]);
  expect((await run(select, [1])).rows).toEqual([{ id: 1 }]);
  await client.exec(`alter table altered add column note text default 'added'`);
  expect((await run(select, [1])).rows).toEqual([{ id: 1, note: 'added' }]);
  expect((await run(select, [1])).rows).toEqual([{ id: 1, note: 'added' }]);
  // Altered again, then run inside a transaction: PostgreSQL's refusal aborts it and reaches the caller,
  // and the next run outside prepares the text afresh.
  await client.exec(`alter table altered add column more int default 7`);
  await expect(
    client.transaction(() => client._runExclusiveQuery(() => statements.query(select, [1], undefined, true))),
  ).rejects.toMatchObject({ code: '0A000' });
  expect((await run(select, [1])).rows).toEqual([{ id: 1, note: 'added', more: 7 }]);
});

test('no more statements are kept than its capacity; a closed one is prepared again when it comes back', async () => {
  await client.exec('deallocate all');
  statements = preparedStatements(client, { capacity: 2 });
  const texts = [1, 2, 3].map((n) => `select ${n}::int + $1::int as n`);
  for (let round = 0; round < 3; round++)
    for (const [index, text] of texts.entries()) {
      expect((await run(text, [10])).rows).toEqual([{ n: index + 11 }]);
      expect(statements.size()).toBeLessThanOrEqual(2);
    }
  expect(statements.size()).toBe(2);
  // PostgreSQL holds no more of them than the client keeps.
  const held = await client.query<{ n: number }>(`select count(*)::int as n from pg_prepared_statements where name like 'catalyst_%'`);
  expect(held.rows[0]!.n).toBe(2);
});
