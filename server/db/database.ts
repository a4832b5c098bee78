// Opens the database the environment names and brings its schema up to date: PGlite in
// DATA_DIR by default (one owning process, see data-dir-lock.ts), PostgreSQL with DATABASE_URL.
// Both run the same SQL migrations from server/db/migrations.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite, types } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { acquireDataDirLock } from './data-dir-lock';
import { PgliteThread } from './pglite-thread-client';
import { POSTGRES_POOL_MAX } from './postgres-pool';

// The tables are each area's (server/<area>/*-tables.ts); queries name them, so the handle needs no schema.
export type Db = PgDatabase<PgQueryResultHKT>;

export type DatabaseTarget =
  /** `poolMax`: the most connections the statements hold (DATABASE_POOL_MAX; default POSTGRES_POOL_MAX). */
  | { kind: 'postgres'; url: string; poolMax?: number }
  /** `dataDir: null` keeps the database in memory (tests). */
  | { kind: 'pglite'; dataDir: string | null };

export type Database = {
  kind: DatabaseTarget['kind'];
  db: Db;
  /** For logs: where the data lives, without credentials. */
  description: string;
  /** Resolves when the database answers and holds every migration of this build (/readyz); throws otherwise. */
  ping: () => Promise<void>;
  close: () => Promise<void>;
};

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/** How many migrations this build has (drizzle's journal beside them). */
const buildMigrations = (JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] })
  .entries.length;

/** Throws unless the database has every migration of this build (a newer build's may be there too). */
async function checkMigrations(count: () => Promise<number>): Promise<void> {
  const applied = await count();
  if (applied < buildMigrations) throw new Error(`the database has ${applied} of this build's ${buildMigrations} migrations`);
}

const APPLIED_MIGRATIONS = 'select count(*)::int as n from drizzle.__drizzle_migrations';

/**
 * PGlite's buffer cache lives in the server process (its WebAssembly memory, all of it resident
 * from the start): PostgreSQL's default 128 MB puts a big import over its RSS budget. A small cache
 * leaves search as fast: the operating system's page cache still holds the table (8 MB slowed a
 * campaign's planning). PGlite serves one session: 5 connections' shared memory, not 100's. A new
 * WAL segment is not filled with zeros first: PGlite writes it from its one thread, and every
 * statement waited the tens of milliseconds that took, once per 16 MB of WAL (a webhook burst's
 * slowest answers).
 */
const PGLITE_SETTINGS = ['shared_buffers=16MB', 'max_connections=5', 'wal_init_zero=off'];

/** PGlite's start parameters with our settings: the server's, and any tool that opens its data dir. */
export const pgliteStartParams = () => [...PGlite.defaultStartParams, ...PGLITE_SETTINGS.flatMap((setting) => ['-c', setting])];

/**
 * What drizzle's PGlite session passes as `parsers` with every statement: timestamps, dates,
 * intervals and their arrays (and numeric[]) kept as PostgreSQL writes them, for drizzle's own
 * mapping. Functions cannot cross to the PGlite thread: they are its client's defaults there, and a
 * statement's parsers may name only these (pglite-thread-client.ts).
 */
const DRIZZLE_TEXT_TYPES = [types.TIMESTAMP, types.TIMESTAMPTZ, types.INTERVAL, types.DATE, 1231, 1115, 1185, 1187, 1182];

/** `purpose` names the owner in the PGlite lock file, for the refusal message another process prints. */
export async function openDatabase(target: DatabaseTarget, purpose: string): Promise<Database> {
  return target.kind === 'postgres' ? openPostgres(target.url, target.poolMax) : openPglite(target.dataDir, purpose);
}

async function openPglite(dataDir: string | null, purpose: string): Promise<Database> {
  const lock = dataDir === null ? null : await acquireDataDirLock(dataDir, purpose);
  try {
    const client = await PgliteThread.start(
      { dataDir: dataDir === null ? undefined : join(dataDir, 'pglite'), startParams: pgliteStartParams() },
      DRIZZLE_TEXT_TYPES,
    );
    // Drizzle's PGlite session uses query and transaction alone, which the thread's client offers.
    const db = drizzlePglite(client as unknown as PGlite);
    await migratePglite(db, { migrationsFolder });
    return {
      kind: 'pglite',
      db: db as unknown as Db,
      description: dataDir === null ? 'PGlite in memory' : `PGlite in ${resolve(dataDir, 'pglite')}`,
      ping: () => checkMigrations(async () => (await client.query<{ n: number }>(APPLIED_MIGRATIONS)).rows[0]!.n),
      close: async () => {
        try {
          await client.close();
        } finally {
          lock?.release();
        }
      },
    };
  } catch (error) {
    lock?.release();
    throw error;
  }
}

// Any number of server processes may share PostgreSQL; they take turns migrating.
const MIGRATION_LOCK_KEY = 7_300_442_001;

async function openPostgres(url: string, poolMax = POSTGRES_POOL_MAX): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolMax, allowExitOnIdle: true });
  try {
    const client = await pool.connect();
    try {
      await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
      await migratePg(drizzlePg(client), { migrationsFolder });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
      client.release();
    }
  } catch (error) {
    await pool.end();
    throw error;
  }
  const db = drizzlePg(pool);
  const where = new URL(url);
  return {
    kind: 'postgres',
    db: db as unknown as Db,
    description: `PostgreSQL at ${where.hostname}:${where.port || 5432}${where.pathname}`,
    ping: () => checkMigrations(async () => Number((await db.execute<{ n: number }>(sql.raw(APPLIED_MIGRATIONS))).rows[0]!.n)),
    close: () => pool.end(),
  };
}
