// The knowledge worker of one server process: claims knowledge jobs from the shared queue (any
// number of processes may run one), processes files one or a few at a time, renews its leases,
// retries its own errors with a back-off, and on shutdown hands unfinished jobs back unpunished.
// It wakes on a nudge (an upload in this process) and polls for jobs other processes queued.
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { Db } from '../db/database';
import { jobQueue, type Job } from './job-queue';
import { processKnowledgeFile } from './knowledge-processor';
import { knowledgeStore, PROCESS_FILE_QUEUE, REMOVE_FILE_QUEUE } from './knowledge-store';
import { removeStoredFile } from './upload-storage';
import type { ExtractionLimits } from './extraction/run-extraction';

type Log = {
  info: (details: object, message: string) => void;
  warn: (details: object, message: string) => void;
  error: (details: object, message: string) => void;
};

export type KnowledgeWorkerOptions = {
  db: Db;
  dataDir: string;
  log: Log;
  /** Files processed at once by this process. */
  concurrency?: number;
  pollMs?: number;
  leaseMs?: number;
  limits?: ExtractionLimits;
  /**
   * Passages stored per batch. PGlite stores a batch in the server's own thread: 250 held every
   * request ~110 ms (another screen's reads during a 20 MB import: p50 78 ms), 100 ~40 ms (p50
   * 18 ms) for ~20 % more import time. PostgreSQL works in its own process: bigger batches cost
   * fewer round trips and hold no one (npm run bench:ingest).
   */
  batchSize?: number;
  /**
   * Batches stored at once. PGlite has one thread: 1. PostgreSQL stores two batches in two
   * backends, on two cores, while the extraction thread reads the next (npm run bench:ingest).
   */
  storesAtOnce?: number;
};

export type KnowledgeWorker = {
  start: () => void;
  /** Looks for work now (a job was just queued). */
  nudge: () => void;
  /** Stops claiming, aborts the running jobs and hands them back to the queue. */
  stop: () => Promise<void>;
};

export function knowledgeWorker({ db, dataDir, log, concurrency = 1, pollMs = 2_000, leaseMs = 60_000, limits, batchSize, storesAtOnce }: KnowledgeWorkerOptions): KnowledgeWorker {
  const workerId = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const queue = jobQueue(db);
  const store = knowledgeStore(db);
  const running = new Map<number, { abort: AbortController; done: Promise<void> }>();
  let stopped = true;
  let claiming = false;
  let claimAgain = false;
  let timer: NodeJS.Timeout | undefined;

  function schedule() {
    clearTimeout(timer);
    if (!stopped) timer = setTimeout(() => void claim(), pollMs).unref();
  }

  async function claim() {
    if (stopped) return;
    if (claiming) {
      claimAgain = true;
      return;
    }
    claiming = true;
    try {
      while (!stopped && running.size < concurrency) {
        const job = await queue.claim([PROCESS_FILE_QUEUE, REMOVE_FILE_QUEUE], workerId, leaseMs);
        if (!job) break;
        run(job);
      }
    } catch (error) {
      if (!stopped) log.error({ err: error }, 'knowledge worker: claiming a job failed');
    } finally {
      claiming = false;
    }
    if (claimAgain) {
      claimAgain = false;
      void claim();
    } else schedule();
  }

  async function handle(job: Job, signal: AbortSignal): Promise<'done' | 'stopped'> {
    if (job.queue === REMOVE_FILE_QUEUE) {
      await removeStoredFile(dataDir, String(job.payload.storedPath));
      return 'done';
    }
    const fileId = String(job.payload.fileId);
    if (job.attempts > job.maxAttempts) {
      // Claimed again after its worker died each time (a crash, not a bad file we could name).
      log.warn({ fileId, attempts: job.attempts }, 'knowledge file given up after repeated attempts');
      await store.fail(fileId, 'processing_failed');
      return 'done';
    }
    return processKnowledgeFile({ store, dataDir, log, batchSize, storesAtOnce, ...(limits ? { limits } : {}) }, fileId, signal);
  }

  function run(job: Job) {
    const abort = new AbortController();
    const renewal = setInterval(() => {
      void queue.renew(job.id, workerId, leaseMs).then(
        (mine) => mine || abort.abort(),
        () => {},
      );
    }, leaseMs / 3);
    const done = handle(job, abort.signal)
      .then(
        async (outcome) => {
          if (outcome === 'stopped') await queue.release(job.id, workerId, { refundAttempt: true });
          else await queue.complete(job.id, workerId);
        },
        async (error: unknown) => {
          log.error({ err: error, job: job.id, queue: job.queue, attempt: job.attempts }, 'knowledge job failed; it will be retried');
          if (job.attempts >= job.maxAttempts) {
            if (job.queue === PROCESS_FILE_QUEUE) await store.fail(String(job.payload.fileId), 'processing_failed');
            await queue.complete(job.id, workerId);
          } else {
            await queue.release(job.id, workerId, { delayMs: 5_000 * 2 ** job.attempts, error: String(error) });
          }
        },
      )
      .catch((error: unknown) => {
        if (!stopped) log.error({ err: error, job: job.id }, 'knowledge worker: settling a job failed (its lease will run out)');
      })
      .finally(() => {
        clearInterval(renewal);
        running.delete(job.id);
        void claim();
      });
    running.set(job.id, { abort, done });
  }

  return {
    start() {
      if (!stopped) return;
      stopped = false;
      void claim();
    },
    nudge() {
      void claim();
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      for (const job of running.values()) job.abort.abort();
      await Promise.all([...running.values()].map((job) => job.done));
    },
  };
}
