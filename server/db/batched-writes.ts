// Writes what the public pages report (shop pages' and the website widget's events) without making
// them wait: an item joins an in-memory batch and the answer goes at once; the batch is written by
// one `write` every `flushMs` or when `maxBatch` items have gathered, and on close. A batch the
// database refuses is kept and retried with the next one (up to `maxPending` items; past that the
// oldest are dropped and counted in the log, so a database outage cannot exhaust memory).
import type { FastifyBaseLogger } from 'fastify';

// Small, frequent batches: PGlite runs one statement at a time, so a big batch holds every other
// statement (the catalog page's reads among them) for as long as it takes to write.
export type BatchedWritesOptions = { flushMs?: number; maxBatch?: number; maxPending?: number; log?: FastifyBaseLogger; what?: string };

export function batchedWrites<T>(
  write: (batch: T[]) => Promise<void>,
  { flushMs = 250, maxBatch = 250, maxPending = 100_000, log, what = 'events' }: BatchedWritesOptions = {},
) {
  let pending: T[] = [];
  let writing: Promise<void> | null = null;
  let timer: NodeJS.Timeout | null = null;
  let closed = false;
  let lastFailed = false;

  async function writeBatch() {
    timer = null;
    if (pending.length === 0) return;
    const batch = pending.slice(0, maxBatch);
    pending = pending.slice(maxBatch);
    lastFailed = false;
    try {
      await write(batch);
    } catch (error) {
      // Kept for the next write: an item is lost only past maxPending.
      lastFailed = true;
      pending = [...batch, ...pending];
      const dropped = pending.length - maxPending;
      if (dropped > 0) pending = pending.slice(dropped);
      log?.error({ err: error, events: batch.length, dropped: Math.max(0, dropped) }, `${what} not written; retrying`);
      schedule();
      return;
    }
    // What gathered meanwhile: at once when a batch is full again, else after the interval.
    if (pending.length >= maxBatch) void flush();
    else if (pending.length > 0) schedule();
  }

  /** One write at a time, in order. */
  function flush(): Promise<void> {
    const next = (writing ?? Promise.resolve()).then(writeBatch);
    writing = next.finally(() => {
      if (writing === next) writing = null;
    });
    return next;
  }

  function schedule() {
    if (timer || closed) return;
    timer = setTimeout(() => void flush(), flushMs);
    timer.unref();
  }

  return {
    add(item: T) {
      pending.push(item);
      if (pending.length >= maxBatch) void flush();
      else schedule();
    },
    /** Writes what has gathered (tests, and close). */
    flush,
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      timer = null;
      // Every batch that gathered, until the database refuses one (those are logged).
      do await flush();
      while (pending.length > 0 && !lastFailed);
    },
    /** Items waiting to be written. */
    get pending() {
      return pending.length;
    },
  };
}
