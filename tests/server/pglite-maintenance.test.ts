// PGlite's autovacuum, done by the PGlite thread (server/db/pglite-maintenance.ts): a table past
// autovacuum's default thresholds is vacuumed or analyzed, one below them is left alone, and what it
// did shows in PostgreSQL's own counters, analyzed from a small sample.
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { dueMaintenance, maintain, runMaintenance } from '@/server/db/pglite-maintenance';

const counters = (over: Partial<Parameters<typeof dueMaintenance>[0][number]>) => ({
  table: 't',
  reltuples: -1,
  deadRows: 0,
  insertedSinceVacuum: 0,
  modifiedSinceAnalyze: 0,
  ...over,
});

test('autovacuum’s default thresholds decide what is due', () => {
  // Never looked at: 50 changed rows analyze it; 1,000 inserted vacuum it.
  expect(dueMaintenance([counters({ modifiedSinceAnalyze: 50 })])).toEqual([]);
  expect(dueMaintenance([counters({ modifiedSinceAnalyze: 51 })])).toEqual([{ table: 't', vacuum: false, analyze: true }]);
  expect(dueMaintenance([counters({ insertedSinceVacuum: 1_001, modifiedSinceAnalyze: 1_001 })])).toEqual([
    { table: 't', vacuum: true, analyze: true },
  ]);
  // 10,000 rows: dead rows past 50 + 20 %, changes past 50 + 10 %.
  const big = { reltuples: 10_000 };
  expect(dueMaintenance([counters({ ...big, deadRows: 2_050, modifiedSinceAnalyze: 1_050 })])).toEqual([]);
  expect(dueMaintenance([counters({ ...big, deadRows: 2_051 })])).toEqual([{ table: 't', vacuum: true, analyze: false }]);
  expect(dueMaintenance([counters({ ...big, modifiedSinceAnalyze: 1_051 })])).toEqual([{ table: 't', vacuum: false, analyze: true }]);
  expect(dueMaintenance([counters({ ...big, insertedSinceVacuum: 3_001 })])).toEqual([{ table: 't', vacuum: true, analyze: false }]);
});

let client: PGlite;
beforeAll(async () => {
  client = await PGlite.create();
  await client.exec(`create table busy (id int primary key, v int); create table quiet (id int primary key)`);
});
afterAll(() => client?.close());

test('a table past the thresholds is vacuumed and analyzed; a quiet one is left alone', async () => {
  await client.query(`insert into busy select n, n from generate_series(1, 3000) as n`);
  await client.query(`insert into quiet values (1), (2)`);
  const steps = await maintain(client);
  expect(steps).toEqual([{ table: 'busy', vacuum: true, analyze: true }]);
  const stats = await client.query<{ relname: string; analyzed: boolean; vacuumed: boolean; reltuples: number }>(
    `select s.relname, s.last_analyze is not null as analyzed, s.last_vacuum is not null as vacuumed, c.reltuples::float8 as reltuples
      from pg_stat_user_tables s join pg_class c on c.oid = s.relid order by s.relname`,
  );
  expect(stats.rows).toEqual([
    { relname: 'busy', analyzed: true, vacuumed: true, reltuples: 3000 },
    { relname: 'quiet', analyzed: false, vacuumed: false, reltuples: -1 },
  ]);
  // Analyzed with the small statistics target: a histogram of 10 buckets, not PostgreSQL's 100.
  const histogram = await client.query<{ bounds: number }>(
    `select array_length(histogram_bounds::text::int[], 1) as bounds from pg_stats where tablename = 'busy' and attname = 'v'`,
  );
  expect(histogram.rows).toEqual([{ bounds: 11 }]);
  // Nothing is due again until enough changes.
  expect(await maintain(client)).toEqual([]);
  // 400 of 3,000 rows changed: past 50 + 10 % for an analyze, not 50 + 20 % for a vacuum.
  await client.query(`update busy set v = v + 1 where id <= 400`);
  expect(await maintain(client)).toEqual([{ table: 'busy', vacuum: false, analyze: true }]);
});

test('a table gone before its analyze: the round fails, and the session is not left in its transaction', async () => {
  await expect(runMaintenance(client, { table: 'gone', vacuum: false, analyze: true })).rejects.toMatchObject({ code: '42P01' });
  expect((await client.query<{ n: number }>('select 1 as n')).rows).toEqual([{ n: 1 }]);
  await expect(runMaintenance(client, { table: 'gone', vacuum: true, analyze: false })).rejects.toMatchObject({ code: '42P01' });
  expect((await client.query<{ n: number }>('select 2 as n')).rows).toEqual([{ n: 2 }]);
});
