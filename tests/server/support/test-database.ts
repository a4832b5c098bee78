// One database for the whole server test run (vitest runs these files in one worker with shared
// modules): PostgreSQL when DATABASE_URL is set, else PGlite in a fresh DATA_DIR of the run,
// opened by the server's own code, lock included. Records never collide: every test makes its
// own users, so nothing is cleared between tests.
import { join } from 'node:path';
import { inject } from 'vitest';
import { openDatabase, type Database } from '@/server/db/database';

export type TestDatabase = Database & {
  /** The PGlite DATA_DIR this process owns; null on PostgreSQL. */
  dataDir: string | null;
};

let opening: Promise<TestDatabase> | null = null;

export function testDatabase(): Promise<TestDatabase> {
  opening ??= open();
  return opening;
}

async function open(): Promise<TestDatabase> {
  const url = process.env.DATABASE_URL;
  if (url) return { ...(await openDatabase({ kind: 'postgres', url }, 'server tests')), dataDir: null };
  const dataDir = join(inject('serverTestsScratch'), 'data'); // removed by global-setup.ts
  return { ...(await openDatabase({ kind: 'pglite', dataDir }, 'server tests')), dataDir };
}
