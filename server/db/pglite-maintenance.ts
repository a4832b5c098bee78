// PGlite's autovacuum, done by the PGlite thread (./pglite-thread.ts). PGlite runs PostgreSQL as one
// backend with no autovacuum worker: a table is never analyzed, so the planner guesses from its size
// alone (and a plan prepared while a table was small, ./pglite-prepared.ts, is kept as it grows), and
// dead rows are never reclaimed (the job queue churns its rows on every claim). Every so often the
// thread reads the tables' counters and vacuums or analyzes those past autovacuum's own default
// thresholds, one table at a time, each a statement like any other (it waits for an open transaction).
import type { PGlite } from '@electric-sql/pglite';

/** A table's counters as `pg_stat_user_tables` and `pg_class` keep them. */
export type TableCounters = {
  table: string;
  /** Rows PostgreSQL counted when it last looked (-1 or 0: never). */
  reltuples: number;
  deadRows: number;
  insertedSinceVacuum: number;
  modifiedSinceAnalyze: number;
};

export type MaintenanceStep = { table: string; vacuum: boolean; analyze: boolean };

/** autovacuum's defaults (PostgreSQL's `autovacuum_*_threshold` and `_scale_factor` settings). */
const VACUUM = { threshold: 50, scale: 0.2 };
const INSERT_VACUUM = { threshold: 1_000, scale: 0.2 };
const ANALYZE = { threshold: 50, scale: 0.1 };

/** What autovacuum would do now to each table, by its counters. */
export function dueMaintenance(tables: readonly TableCounters[]): MaintenanceStep[] {
  return tables.flatMap(({ table, reltuples, deadRows, insertedSinceVacuum, modifiedSinceAnalyze }) => {
    const rows = Math.max(0, reltuples);
    const vacuum =
      deadRows > VACUUM.threshold + VACUUM.scale * rows || insertedSinceVacuum > INSERT_VACUUM.threshold + INSERT_VACUUM.scale * rows;
    const analyze = modifiedSinceAnalyze > ANALYZE.threshold + ANALYZE.scale * rows;
    return vacuum || analyze ? [{ table, vacuum, analyze }] : [];
  });
}

const COUNTERS = `select c.relname as "table", c.reltuples::float8 as reltuples, s.n_dead_tup::int8 as "deadRows",
  s.n_ins_since_vacuum::int8 as "insertedSinceVacuum", s.n_mod_since_analyze::int8 as "modifiedSinceAnalyze"
  from pg_stat_user_tables s join pg_class c on c.oid = s.relid where s.schemaname = 'public'`;

/** The statistics target of the maintenance's analyze (PostgreSQL's default is 100). */
const STATISTICS_TARGET = 10;

const quoted = (table: string) => `"${table.replaceAll('"', '""')}"`;

type Client = Pick<PGlite, 'query' | 'exec' | 'transaction'>;

/**
 * One table's vacuum and analyze. The analyze runs in a transaction of its own, which PGlite rolls
 * back if it fails (a table dropped since its counters were read): the session is never left inside it.
 */
export async function runMaintenance(client: Client, { table, vacuum, analyze }: MaintenanceStep): Promise<void> {
  if (vacuum) await client.exec(`vacuum ${quoted(table)}`);
  // The rows an analyze samples (300 × the statistics target) stay in the WebAssembly memory's pages
  // once read, which the process keeps resident: a sample of 3,000 rows, not PostgreSQL's 30,000.
  if (analyze)
    await client.transaction(async (tx) => {
      await tx.exec(`set local default_statistics_target = ${STATISTICS_TARGET}`);
      await tx.exec(`analyze ${quoted(table)}`);
    });
}

/** Reads the counters and does what is due; answers what it did. */
export async function maintain(client: Client): Promise<MaintenanceStep[]> {
  // The backend flushes its pending counts between statements at most once a second: now, before they are read.
  await client.query('select pg_stat_force_next_flush()');
  const counters = await client.query<Record<keyof TableCounters, string | number>>(COUNTERS);
  const steps = dueMaintenance(
    counters.rows.map((row) => ({
      table: String(row.table),
      reltuples: Number(row.reltuples),
      deadRows: Number(row.deadRows),
      insertedSinceVacuum: Number(row.insertedSinceVacuum),
      modifiedSinceAnalyze: Number(row.modifiedSinceAnalyze),
    })),
  );
  for (const step of steps) await runMaintenance(client, step);
  return steps;
}

/**
 * Maintains the database every `everyMs` until stopped; one round at a time. A failed round is
 * reported and the next one tries again.
 */
export function maintainEvery(client: Client, everyMs: number, onError: (error: unknown) => void): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    maintain(client)
      .catch(onError)
      .finally(() => (running = false));
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
