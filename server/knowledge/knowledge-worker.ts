// The knowledge worker of one server process: a queue worker (../jobs/queue-worker.ts: claims,
// leases, retries with a back-off, hands jobs back on shutdown) whose jobs process an uploaded file
// or remove a deleted one's stored bytes. A file whose worker died on every attempt is failed.
import type { Db } from '../db/database';
import { queueWorker, type QueueWorker, type WorkerLog } from '../jobs/queue-worker';
import type { Job } from '../jobs/job-queue';
import { processKnowledgeFile } from './knowledge-processor';
import { PROCESS_FILE_QUEUE, REMOVE_FILE_QUEUE, type KnowledgeStore } from './knowledge-store';
import type { ObjectStore } from '../files/object-store';
import type { ExtractionLimits } from './extraction/run-extraction';

type Log = WorkerLog;

export type KnowledgeWorkerOptions = {
  db: Db;
  /** The process's knowledge store (../services.ts). */
  store: KnowledgeStore;
  /** The bucket the uploaded files are in. */
  files: ObjectStore;
  log: Log;
  /** Files processed at once by this process. */
  concurrency?: number;
  pollMs?: number;
  leaseMs?: number;
  limits?: ExtractionLimits;
  /**
   * Passages stored per batch. PGlite runs one statement at a time, in its own thread: a batch
   * holds the other statements while it is stored, not the server's requests, so its size trades
   * the import's speed against another screen's reads meanwhile. PostgreSQL works in its own
   * process: bigger batches cost fewer round trips and hold no one.
   */
  batchSize?: number;
  /**
   * Batches stored at once. PostgreSQL stores two batches in two backends, on two cores, while the
   * extraction thread reads the next. PGlite runs one statement at a time: with 2, the next batch
   * waits in its thread, made and sent while this one is stored, so no gap between them; the
   * thread lets a statement that came meanwhile go first (pglite-thread.ts), so another screen's
   * reads wait behind one batch, not two.
   */
  storesAtOnce?: number;
};

export type KnowledgeWorker = QueueWorker;

/**
 * An import leaves the server's heap full of its batches' garbage, which V8 gives back to the
 * system only after some seconds idle: a big file imported right after another then passes the
 * RSS budget while the first one's garbage is still held. So the import ends with a full
 * collection, when the server runs with --expose-gc (SERVER_NODE_FLAGS): once a file.
 */
function releaseImportGarbage() {
  (globalThis as { gc?: (options: { type: 'major'; execution: 'sync' }) => void }).gc?.({ type: 'major', execution: 'sync' });
}

export function knowledgeWorker({
  db,
  store,
  files,
  log,
  concurrency = 1,
  pollMs = 2_000,
  leaseMs = 60_000,
  limits,
  batchSize,
  storesAtOnce,
}: KnowledgeWorkerOptions): KnowledgeWorker {
  async function handle(job: Job, signal: AbortSignal): Promise<'done' | 'stopped'> {
    if (job.queue === REMOVE_FILE_QUEUE) {
      await files.remove(String(job.payload.storedPath));
      return 'done';
    }
    const fileId = String(job.payload.fileId);
    if (job.attempts > job.maxAttempts) {
      // Claimed again after its worker died each time (a crash, not a bad file we could name).
      log.warn({ fileId, attempts: job.attempts }, 'knowledge file given up after repeated attempts');
      await store.fail(fileId, 'processing_failed');
      return 'done';
    }
    try {
      return await processKnowledgeFile({ store, files, log, batchSize, storesAtOnce, ...(limits ? { limits } : {}) }, fileId, signal);
    } finally {
      releaseImportGarbage();
    }
  }

  return queueWorker({
    db,
    name: 'knowledge worker',
    queues: [PROCESS_FILE_QUEUE, REMOVE_FILE_QUEUE],
    log,
    concurrency,
    pollMs,
    leaseMs,
    handle,
    retryDelayMs: 5_000,
    onGiveUp: async (job) => {
      if (job.queue === PROCESS_FILE_QUEUE) await store.fail(String(job.payload.fileId), 'processing_failed');
    },
  });
}
