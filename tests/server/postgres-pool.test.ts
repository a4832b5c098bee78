// One process's PostgreSQL connections (DATABASE_POOL_MAX): the statement pool holds at most what
// the setting says, so a fleet of many processes can stay under the database's max_connections
// (docs/capacity.md). PostgreSQL only: PGlite has no connections.
import { sql } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { openDatabase } from '@/server/db/database';

const url = process.env.DATABASE_URL;

describe.skipIf(!url)('the statement pool on PostgreSQL', () => {
  /** The backends that answered eight statements sent at once, each holding its connection a moment. */
  async function backendsUsed(poolMax: number | undefined) {
    const database = await openDatabase({ kind: 'postgres', url: url!, ...(poolMax === undefined ? {} : { poolMax }) }, 'pool test');
    try {
      const answers = await Promise.all(
        Array.from({ length: 8 }, () => database.db.execute<{ pid: number }>(sql`select pg_backend_pid() as pid, pg_sleep(0.2)`)),
      );
      return new Set(answers.map((answer) => (answer as unknown as { rows: { pid: number }[] }).rows[0]!.pid)).size;
    } finally {
      await database.close();
    }
  }

  test('holds at most DATABASE_POOL_MAX connections: eight statements at once wait their turn on two', async () => {
    expect(await backendsUsed(2)).toBe(2);
  });

  test('by default holds up to twenty: eight statements at once run side by side', async () => {
    expect(await backendsUsed(undefined)).toBe(8);
  });
});
