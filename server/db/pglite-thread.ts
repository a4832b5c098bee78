// The PGlite thread: the embedded database runs here, not on the server's own thread. PGlite is
// PostgreSQL compiled to WebAssembly and runs each statement synchronously where it lives; on the
// server's thread every write held every request meanwhile (a storefront event batch, an import's
// COPY). Here it answers pglite-thread-client.ts's messages: statements, in PGlite's own order (its
// lock makes a statement outside a transaction wait until the open one ends), and transactions
// held open between a `begin` and an `end`. A text run again is prepared once (pglite-prepared.ts),
// and the tables are vacuumed and analyzed as autovacuum would, which PGlite lacks (pglite-maintenance.ts).
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { pgliteExtensions } from './pglite-extensions';
import { maintainEvery } from './pglite-maintenance';
import { preparedStatements } from './pglite-prepared';
import type { ThreadError, ThreadReply, ThreadRequest, ThreadStart } from './pglite-thread-protocol';

const start = workerData as ThreadStart;
const port = parentPort!;

const client = await PGlite.create({ dataDir: start.dataDir, startParams: start.startParams, extensions: pgliteExtensions });
// Drizzle's mapping expects these types as PostgreSQL writes them (see database.ts).
for (const type of start.textTypes) client.parsers[type] = (value: string) => value;
/** The texts the server runs again and again, prepared once (./pglite-prepared.ts). */
const statements = preparedStatements(client);

/**
 * How often the tables' counters are read for a vacuum or an analyze. PostgreSQL's autovacuum naps a
 * minute, but its clients' statements are planned anew; here a prepared statement keeps the plan made
 * while its tables were near empty (never looked at since) until an analyze replans it: a store's
 * burst of webhooks into a new database ran on such plans for up to half a minute (docs/benchmarks.md).
 */
const MAINTENANCE_EVERY_MS = 5_000;
// PGlite has no autovacuum: the thread does its work (./pglite-maintenance.ts). A failure is logged by its code.
const stopMaintenance = maintainEvery(client, MAINTENANCE_EVERY_MS, (error) =>
  console.error(`PGlite maintenance failed: ${(error as { code?: string }).code ?? (error as Error).name}`),
);

/** Thrown into a transaction's callback to end it with a rollback. */
const ROLLBACK = Symbol('rollback');

type Open = { tx: Transaction; end: (commit: boolean) => void };
const open = new Map<number, Open>();
/** Each open transaction's outcome: resolves once it has committed or rolled back. */
const outcomes = new Map<number, Promise<void>>();

function errorFields(error: unknown): ThreadError {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error), fields: {} };
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(error)) if (value === null || typeof value !== 'object') fields[key] = value;
  return { name: error.name, message: error.message, fields };
}

async function begin(txId: number) {
  let begun!: () => void;
  const started = new Promise<void>((resolve) => (begun = resolve));
  const outcome = client.transaction(
    (tx) =>
      new Promise<void>((resolve, reject) => {
        open.set(txId, { tx, end: (commit) => (commit ? resolve() : reject(ROLLBACK)) });
        begun();
      }),
  );
  outcomes.set(txId, outcome);
  try {
    // A transaction that could not begin rejects before its callback runs.
    await Promise.race([started, outcome]);
  } catch (error) {
    outcomes.delete(txId);
    throw error;
  }
}

async function end(txId: number, commit: boolean) {
  const entry = open.get(txId);
  const outcome = outcomes.get(txId);
  if (!entry || !outcome) throw new Error(`No open transaction ${txId}`);
  open.delete(txId);
  outcomes.delete(txId);
  entry.end(commit);
  try {
    await outcome;
  } catch (error) {
    if (error !== ROLLBACK) throw error;
  }
}

/** The statement after the COPY found nothing: the transaction is rolled back. */
const NOTHING_FOUND = Symbol('nothing found');

/**
 * A COPY and the statement after it, in one transaction that starts and ends here: no other
 * statement waits on a message from the server's thread between them.
 */
async function copyThen({ copy, blobText, then }: Extract<ThreadRequest, { op: 'copyThen' }>): Promise<boolean> {
  try {
    await client.transaction(async (tx) => {
      if (blobText.length > 0) await tx.query(copy, [], { blob: new Blob([blobText]) });
      if ((await tx.query(then.text, then.params)).rows.length === 0) throw NOTHING_FOUND;
    });
    return true;
  } catch (error) {
    if (error === NOTHING_FOUND) return false;
    throw error;
  }
}

/**
 * The COPYs one after another, each asked of PGlite only when the one before has ended: the server
 * may send the next batch early (its text made while this one is stored, no gap between them), yet a
 * statement that came meanwhile (another screen's read) still goes first, not behind two batches.
 */
let copies: Promise<unknown> = Promise.resolve();

/**
 * Statements in one transaction that starts and ends here, as copyThen's: each one's result. Run as
 * PGlite runs them, not prepared: such a list may set a planner setting for its transaction (passage
 * search's `enable_seqscan`), which the kept plan of a prepared statement would not follow.
 */
const inTransaction = ({ statements: list }: Extract<ThreadRequest, { op: 'statements' }>) =>
  client.transaction(async (tx) => {
    const results = [];
    for (const { text, params } of list) results.push(await tx.query(text, params));
    return results;
  });

async function answer(request: ThreadRequest): Promise<unknown> {
  switch (request.op) {
    case 'query': {
      const target = request.tx === undefined ? client : open.get(request.tx)?.tx;
      if (!target) throw new Error(`No open transaction ${request.tx}`);
      if (request.blobText !== undefined)
        return target.query(request.text, request.params, { rowMode: request.rowMode, blob: new Blob([request.blobText]) });
      const { text, params, rowMode } = request;
      const run = () => statements.query(text, params, { rowMode }, request.tx !== undefined);
      // PGlite's locks as its own query takes them: inside a transaction, only the query's.
      return request.tx === undefined
        ? client._runExclusiveTransaction(() => client._runExclusiveQuery(run))
        : client._runExclusiveQuery(run);
    }
    case 'copyThen': {
      // PGlite runs a statement without returning to this thread's event loop: the messages sent
      // meanwhile are read only once it has, so the next COPY waits that one turn (setImmediate).
      const copied = copies.then(() => new Promise((resolve) => setImmediate(resolve))).then(() => copyThen(request));
      copies = copied.catch(() => {});
      return copied;
    }
    case 'statements':
      return inTransaction(request);
    case 'begin':
      return begin(request.tx);
    case 'end':
      return end(request.tx, request.commit);
    case 'close':
      stopMaintenance();
      await client.close();
      return undefined;
  }
}

port.on('message', (request: ThreadRequest) => {
  answer(request).then(
    (value) => port.postMessage({ id: request.id, ok: true, value } satisfies ThreadReply),
    (error: unknown) => port.postMessage({ id: request.id, ok: false, error: errorFields(error) } satisfies ThreadReply),
  );
});
port.postMessage('ready');
