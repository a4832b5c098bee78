// The floor a knowledge import is measured against (npm run bench:ingest): the same file's passages
// written by one `COPY` into a table made like `passages` (its generated search column, its GIN and
// b-tree indexes), in the same database. The passages are read back from the import itself, so the
// floor writes exactly the rows the import wrote, without reading a file or running our code.
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import { pgliteStartParams } from '../server/db/database';

/** What an import writes; `id` and `search` are made by the table. */
const COLUMNS = 'base_id, file_id, uid, position, source_label, content, facts, language';
const CREATE = 'CREATE TABLE bench_copy_floor (LIKE passages INCLUDING DEFAULTS INCLUDING GENERATED INCLUDING IDENTITY INCLUDING INDEXES)';
const DROP = 'DROP TABLE IF EXISTS bench_copy_floor';
const exportOf = (fileId: string) =>
  `COPY (SELECT ${COLUMNS} FROM passages WHERE file_id = '${fileId.replace(/[^0-9a-f-]/g, '')}' ORDER BY position) TO`;

/** Seconds to COPY the file's passages on PostgreSQL (the server may still run: it is idle). */
export async function copyFloorPostgres(url: string, fileId: string): Promise<number> {
  const client = new pg.Client(url);
  await client.connect();
  try {
    const chunks: Buffer[] = [];
    const out = client.query(copyTo(`${exportOf(fileId)} STDOUT`));
    for await (const chunk of out) chunks.push(chunk as Buffer);
    await client.query(DROP);
    await client.query(CREATE);
    const started = performance.now();
    const into = client.query(copyFrom(`COPY bench_copy_floor (${COLUMNS}) FROM STDIN`));
    await new Promise<void>((resolve, reject) => {
      into.on('finish', resolve).on('error', reject);
      into.end(Buffer.concat(chunks));
    });
    const seconds = (performance.now() - started) / 1000;
    await client.query(DROP);
    return seconds;
  } finally {
    await client.end();
  }
}

/** Seconds to COPY each file's passages on PGlite, in the data dir a stopped server left. */
export async function copyFloorPglite(dataDir: string, fileIds: readonly string[]): Promise<number[]> {
  const db = await PGlite.create({
    dataDir: join(dataDir, 'pglite'),
    startParams: pgliteStartParams(),
  });
  try {
    const floors: number[] = [];
    for (const fileId of fileIds) {
      const exported = await db.query(`${exportOf(fileId)} '/dev/blob'`);
      await db.exec(`${DROP}; ${CREATE}`);
      const started = performance.now();
      await db.query(`COPY bench_copy_floor (${COLUMNS}) FROM '/dev/blob'`, [], { blob: exported.blob! });
      floors.push((performance.now() - started) / 1000);
      await db.exec(DROP);
    }
    return floors;
  } finally {
    await db.close();
  }
}
