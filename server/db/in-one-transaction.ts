// Statements run in order in one transaction, handed over at once: on PGlite one message to its
// thread (pglite-thread.ts), which runs BEGIN…COMMIT without waiting on the server's thread between
// them. An interactive transaction there costs a round trip to the thread per statement, and holds
// PGlite for every other statement meanwhile: passage search's `set_config` + search took four.
// On PostgreSQL, a transaction on one pooled connection.
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from './database';
import { PgliteThread } from './pglite-thread-client';

const dialect = new PgDialect();

/** Each statement's rows, in order; the first that fails rolls all back and is thrown. */
export async function executeInOneTransaction<Row = Record<string, unknown>>(db: Db, statements: readonly SQL[]): Promise<Row[][]> {
  const client = (db as unknown as { $client: unknown }).$client;
  if (client instanceof PgliteThread) {
    const results = await client.inTransaction(
      statements.map((statement) => {
        const { sql, params } = dialect.sqlToQuery(statement);
        return { text: sql, params };
      }),
    );
    return results.map((result) => result.rows as Row[]);
  }
  return db.transaction(async (tx) => {
    const rows: Row[][] = [];
    for (const statement of statements) rows.push(((await tx.execute(statement)) as unknown as { rows: Row[] }).rows);
    return rows;
  });
}
