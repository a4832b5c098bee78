// Bulk writes through COPY (server/db/copy-rows.ts), on the test database (PGlite, or PostgreSQL
// with DATABASE_URL): every value comes back as it was written, whatever characters it holds; a
// statement after the COPY that finds nothing keeps nothing; a row the table refuses leaves nothing
// behind, not even that statement's change; two writes beside each other both land.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { copyRowsThen, copyText } from '@/server/db/copy-rows';
import { testDatabase } from './support/test-database';

// Its own tables, so the test needs nothing of the schema's and leaves nothing in it.
const suffix = randomUUID().replace(/-/g, '').slice(0, 12);
const probe = `copy_rows_probe_${suffix}`;
const counter = `copy_rows_counter_${suffix}`;

type ProbeRow = { label: string; note: string | null; data: unknown; n: number };

async function setup() {
  const { db } = await testDatabase();
  const select = async (): Promise<ProbeRow[]> => {
    const result = await db.execute(sql.raw(`SELECT label, note, data, n FROM ${probe} ORDER BY n`));
    return (result as unknown as { rows: ProbeRow[] }).rows;
  };
  const count = async (id: string): Promise<number> => {
    const result = await db.execute(sql.raw(`SELECT total FROM ${counter} WHERE id = '${id}'`));
    return Number((result as unknown as { rows: { total: number }[] }).rows[0]?.total);
  };
  const counting = (id: string, by: number) => ({
    text: `UPDATE ${counter} SET total = total + $1 WHERE id = $2 RETURNING id`,
    params: [by, id],
  });
  const copy = (rows: ProbeRow[]) => ({
    table: probe,
    columns: ['label', 'note', 'data', 'n'],
    rows: rows.map((row) => [row.label, row.note, row.data as object | null, row.n]),
  });
  return { db, select, count, counting, copy };
}

describe('copyRowsThen', () => {
  beforeAll(async () => {
    const { db } = await testDatabase();
    await db.execute(sql.raw(`CREATE TABLE ${probe} (label text NOT NULL, note text, data jsonb, n integer NOT NULL CHECK (n >= 0))`));
    await db.execute(sql.raw(`CREATE TABLE ${counter} (id text PRIMARY KEY, total integer NOT NULL)`));
  });
  afterAll(async () => {
    const { db } = await testDatabase();
    await db.execute(sql.raw(`DROP TABLE ${probe}, ${counter}`));
  });

  test('writes every value as it was, and runs the statement after it in the same transaction', async () => {
    const { db, select, count, counting, copy } = await setup();
    await db.execute(sql.raw(`INSERT INTO ${counter} VALUES ('a', 0)`));
    const rows: ProbeRow[] = [
      { label: 'tab\there, newline\nthere, return\r, backslash \\ and \\N and \\t', note: null, data: null, n: 1 },
      { label: 'Preço: R$ 299,23 — ação, niño, 日本, 😀', note: '\\N', data: { name: 'Caneca "Térmica"\t\n\\', prices: [1, 2.5] }, n: 2 },
      { label: '', note: '', data: ['a', 1, null, true], n: 3 },
      { label: 'null', note: 'NULL', data: [], n: 4 },
    ];
    expect(await copyRowsThen(db, copy(rows), counting('a', rows.length))).toBe(true);
    expect(await select()).toEqual(rows);
    expect(await count('a')).toBe(4);
  });

  test('a statement after the COPY that finds nothing keeps nothing', async () => {
    const { db, select, counting, copy } = await setup();
    const before = await select();
    expect(await copyRowsThen(db, copy([{ label: 'lost', note: null, data: null, n: 10 }]), counting('no such id', 1))).toBe(false);
    expect(await select()).toEqual(before);
  });

  test('a row the table refuses fails the whole write: no row, and the statement after it undone', async () => {
    const { db, select, count, counting, copy } = await setup();
    await db.execute(sql.raw(`INSERT INTO ${counter} VALUES ('b', 0)`));
    const before = await select();
    const rows = [
      { label: 'fine', note: null, data: null, n: 20 },
      { label: 'refused by the check', note: null, data: null, n: -1 },
    ];
    await expect(copyRowsThen(db, copy(rows), counting('b', 2))).rejects.toThrow(/check constraint/);
    expect(await select()).toEqual(before);
    expect(await count('b')).toBe(0);
    // The connection (or PGlite) is usable afterwards.
    expect(await copyRowsThen(db, copy([{ label: 'after', note: null, data: null, n: 21 }]), counting('b', 1))).toBe(true);
    expect(await count('b')).toBe(1);
  });

  test('writes beside each other, counting on the same row, all land', async () => {
    const { db, select, count, counting, copy } = await setup();
    await db.execute(sql.raw(`INSERT INTO ${counter} VALUES ('c', 0)`));
    const batches = [0, 1, 2, 3].map((batch) =>
      [0, 1, 2].map((index) => ({ label: `beside ${batch}.${index}`, note: null, data: null, n: 100 + batch * 3 + index })),
    );
    expect(await Promise.all(batches.map((rows) => copyRowsThen(db, copy(rows), counting('c', rows.length))))).toEqual([
      true,
      true,
      true,
      true,
    ]);
    expect((await select()).filter((row) => row.label.startsWith('beside'))).toEqual(batches.flat());
    expect(await count('c')).toBe(12);
  });
});

test('copyText escapes what COPY’s text format reads as delimiters, and writes NULL as \\N', () => {
  expect(copyText([['a\tb', null, 'c\\d\ne\rf', 7, { k: 'v' }]])).toBe('a\\tb\t\\N\tc\\\\d\\ne\\rf\t7\t{"k":"v"}\n');
});
