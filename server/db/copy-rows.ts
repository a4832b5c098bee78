// Bulk writes through PostgreSQL's COPY: the rows in COPY's text format, sent by each driver's own
// COPY path (pg-copy-streams on PostgreSQL, PGlite's '/dev/blob'), in one transaction with a
// statement that runs after it and must find a row (else nothing is kept). The knowledge import
// writes its passages this way: a multi-row INSERT of the same rows costs far more than a COPY on
// PostgreSQL (bound parameters parsed and planned, Drizzle building each row's SQL), more than the
// import's budget over its COPY floor allows.
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { Db } from './database';
import { PgliteThread } from './pglite-thread-client';

/** A value of one column: SQL NULL, a number, text (as it is: JSON text for a jsonb column), or an object or array, written as JSON. */
export type CopyValue = string | number | null | object;

export type CopyRows = { table: string; columns: readonly string[]; rows: readonly (readonly CopyValue[])[] };

/** A statement in PostgreSQL's own numbered-parameter form ($1, $2…). */
export type RawStatement = { text: string; params: readonly unknown[] };

const quoteIdentifier = (name: string) => `"${name.replace(/"/g, '""')}"`;

// In COPY's text format a backslash starts an escape and tab/newline/carriage return delimit.
const SPECIAL = /[\\\t\n\r]/g;
const ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };

function field(value: CopyValue): string {
  if (value === null) return '\\N';
  const text = typeof value === 'string' ? value : typeof value === 'number' ? String(value) : JSON.stringify(value);
  return text.replace(SPECIAL, (special) => ESCAPES[special]!);
}

/** The rows as COPY … FROM's text format (tab-separated, one line per row). */
export function copyText(rows: CopyRows['rows']): string {
  let text = '';
  for (const row of rows) text += row.map(field).join('\t') + '\n';
  return text;
}

const copyStatement = ({ table, columns }: CopyRows, source: string) =>
  `COPY ${quoteIdentifier(table)} (${columns.map(quoteIdentifier).join(', ')}) FROM ${source}`;

/**
 * Copies `copy.rows` into `copy.table`, then runs `then`, all in one transaction; false (nothing
 * kept) when `then` returns no row. A failed COPY (a foreign key, a bad value) rolls the whole
 * transaction back and throws the database's error. `then` comes after the COPY so that two of
 * these writing beside each other copy at once: a row `then` updates stays locked only from there
 * to the commit.
 */
export async function copyRowsThen(db: Db, copy: CopyRows, then: RawStatement): Promise<boolean> {
  const client = (db as unknown as { $client: unknown }).$client;
  if (client instanceof PgliteThread) return copyOnPglite(client, copy, then);
  if (client instanceof pg.Pool) return copyOnPostgres(client, copy, then);
  throw new Error('copyRowsThen: the database is neither the PGlite thread nor a node-postgres pool');
}

async function copyOnPglite(client: PgliteThread, copy: CopyRows, then: RawStatement): Promise<boolean> {
  // One message: the thread runs the transaction from BEGIN to COMMIT without waiting on this one.
  return client.copyThen(copyStatement(copy, `'/dev/blob'`), copy.rows.length > 0 ? copyText(copy.rows) : '', {
    text: then.text,
    params: [...then.params],
  });
}

async function copyOnPostgres(pool: pg.Pool, copy: CopyRows, then: RawStatement): Promise<boolean> {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    await client.query('BEGIN');
    if (copy.rows.length > 0) {
      await pipeline(Readable.from([Buffer.from(copyText(copy.rows), 'utf8')]), client.query(copyFrom(copyStatement(copy, 'STDIN'))));
    }
    const found = await client.query(then.text, [...then.params]);
    if (found.rowCount === 0) {
      await client.query('ROLLBACK');
      return false;
    }
    await client.query('COMMIT');
    return true;
  } catch (error) {
    // A connection that cannot roll back is not handed back to the pool.
    await client.query('ROLLBACK').catch((rollbackError: Error) => (broken = rollbackError));
    throw error;
  } finally {
    client.release(broken);
  }
}
