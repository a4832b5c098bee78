// One process's worker on the shared job queue (./job-queue.ts): claims due jobs of its
// queues up to `concurrency` at a time, renews their leases while they run, retries a job that
// threw with an exponential back-off until its attempts run out (then `onGiveUp`), and on
// shutdown aborts what runs and hands it back unpunished. It wakes on a nudge (work queued by this
// process, now or for a moment it names), when the queue's next job is due (asked of the database
// whenever a claim finds nothing more due, so a job due in a second is not left for the poll), and
// polls for jobs other processes queued. The knowledge import and the inventory sync
// are two of these, each with its own handler. A handler that must wait for a peer (a rate limit)
// throws RetryLater: the job goes back for that long, the attempt not counted.
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { Db } from '../db/database';
import { jobQueue, type Job } from './job-queue';
import type { SQL } from 'drizzle-orm';

/** The least a worker that found nothing due sleeps before it looks again (the jobs due meanwhile wait that long at most). */
const WAKE_GATHER_MS = 100;

export type WorkerLog = {
  info: (details: object, message: string) => void;
  warn: (details: object, message: string) => void;
  error: (details: object, message: string) => void;
};

/** Thrown by a handler: the job is not failing, a peer asked to wait `delayMs` (its rate limit); it is not an attempt. */
export class RetryLater extends Error {
  constructor(
    readonly delayMs: number,
    reason: string,
  ) {
    super(reason);
    this.name = 'RetryLater';
  }
}

/**
 * What a handler made of a job. `released`: the handler's own last statement handed it back already
 * (its `releaseSql`), the worker only wakes for it.
 */
export type JobOutcome = 'done' | 'stopped' | { againInMs: number; released?: boolean };

/** What a handler may put in its own last statement: the job handed back for `delayMs` (see JobOutcome's `released`). */
export type JobSettling = { releaseSql: (delayMs: number) => SQL };

export type QueueWorkerOptions = {
  db: Db;
  /** Names the worker in its log lines. */
  name: string;
  queues: readonly string[];
  log: WorkerLog;
  concurrency?: number;
  pollMs?: number;
  leaseMs?: number;
  /**
   * Runs a job: 'stopped' hands it back (the signal aborted), 'done' completes it, `{ againInMs }` keeps it
   * for another run that much later (work due later, not an attempt); a throw retries it.
   */
  handle: (job: Job, signal: AbortSignal, settling: JobSettling) => Promise<JobOutcome>;
  /** The job threw on its last attempt: record the failure where its owner will see it. */
  onGiveUp?: (job: Job, error: unknown) => Promise<void>;
  /** The first retry's delay; each next one doubles. */
  retryDelayMs?: number;
};

export type QueueWorker = {
  start: () => void;
  /**
   * Looks for work now (a job was just queued; of `queue`: a worker not serving it does nothing), or
   * `inMs` from now (a job was queued for then).
   */
  nudge: (queue?: string, inMs?: number) => void;
  /** Stops claiming, aborts the running jobs and hands them back to the queue. */
  stop: () => Promise<void>;
};

export function queueWorker({
  db,
  name,
  queues,
  log,
  concurrency = 1,
  pollMs = 2_000,
  leaseMs = 60_000,
  handle,
  onGiveUp,
  retryDelayMs = 2_500,
}: QueueWorkerOptions): QueueWorker {
  const workerId = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const queue = jobQueue(db);
  const running = new Map<number, { abort: AbortController; done: Promise<void> }>();
  let stopped = true;
  let claiming = false;
  let claimAgain = false;
  // The last claim found fewer due jobs than it had room for, and nothing was queued here since: a
  // job ending claims again only after a nudge (or the poll, for other processes' and delayed jobs).
  let drained = false;
  let timer: NodeJS.Timeout | undefined;
  // The earliest moment a job this worker handed back is due again, when sooner than the poll.
  let wake: { at: number; timer: NodeJS.Timeout } | undefined;

  function schedule() {
    clearTimeout(timer);
    if (!stopped) timer = setTimeout(() => void claim(true), pollMs).unref();
  }

  /**
   * A job due in `delayMs` (handed back, queued for later, or the queue's next as the database said) is
   * claimed then, not at the next poll (a reminder due in a second would otherwise wait for the poll
   * too). Only the earliest such moment is kept; a claim that finds nothing more due asks for the next.
   */
  function wakeIn(delayMs: number) {
    if (stopped || delayMs >= pollMs) return;
    const at = Date.now() + delayMs;
    if (wake && wake.at <= at) return;
    if (wake) clearTimeout(wake.timer);
    wake = {
      at,
      timer: setTimeout(() => {
        wake = undefined;
        void claim(true);
      }, delayMs).unref(),
    };
  }

  /** Fills the free slots with due jobs; `look`: even when the last claim found the queue drained. */
  async function claim(look = false) {
    if (stopped) return;
    if (look) drained = false;
    if (drained) return;
    if (claiming) {
      claimAgain = true;
      return;
    }
    claiming = true;
    try {
      while (!stopped && running.size < concurrency) {
        const room = concurrency - running.size;
        const jobs = await queue.claimSome(queues, workerId, leaseMs, room);
        jobs.forEach(run);
        if (jobs.length < room) {
          drained = !claimAgain;
          // Nothing more due now: sleep until the next job is (one index lookup per queue), and claim
          // those due just after it with it: under a steady stream, a claim and a look per few jobs.
          if (drained) {
            const inMs = await queue.nextDueInMs(queues);
            if (inMs !== null) wakeIn(Math.max(inMs, WAKE_GATHER_MS));
          }
          break;
        }
      }
    } catch (error) {
      if (!stopped) log.error({ err: error }, `${name}: claiming a job failed`);
    } finally {
      claiming = false;
    }
    if (claimAgain) {
      claimAgain = false;
      void claim(true);
    } else schedule();
  }

  function run(job: Job) {
    const abort = new AbortController();
    const renewal = setInterval(() => {
      void queue.renew(job.id, workerId, leaseMs).then(
        (mine) => mine || abort.abort(),
        () => {},
      );
    }, leaseMs / 3);
    const done = handle(job, abort.signal, { releaseSql: (delayMs) => queue.releaseSql(job.id, workerId, delayMs) })
      .then(
        async (outcome) => {
          if (outcome === 'stopped') await queue.release(job.id, workerId, { refundAttempt: true });
          else if (outcome === 'done') await queue.complete(job.id, workerId);
          else {
            if (!outcome.released) await queue.release(job.id, workerId, { delayMs: outcome.againInMs, refundAttempt: true });
            wakeIn(outcome.againInMs);
          }
        },
        async (error: unknown) => {
          if (error instanceof RetryLater) {
            log.info({ job: job.id, queue: job.queue, reason: error.message, delayMs: error.delayMs }, `${name}: a job waits for a peer`);
            await queue.release(job.id, workerId, { delayMs: error.delayMs, refundAttempt: true, error: error.message });
            wakeIn(error.delayMs);
            return;
          }
          log.error({ err: error, job: job.id, queue: job.queue, attempt: job.attempts }, `${name}: a job failed; it will be retried`);
          if (job.attempts >= job.maxAttempts) {
            await onGiveUp?.(job, error);
            await queue.complete(job.id, workerId);
          } else {
            await queue.release(job.id, workerId, { delayMs: retryDelayMs * 2 ** job.attempts, error: String(error) });
          }
        },
      )
      .catch((error: unknown) => {
        if (!stopped) log.error({ err: error, job: job.id }, `${name}: settling a job failed (its lease will run out)`);
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
      void claim(true);
    },
    nudge(queue, inMs) {
      if (queue !== undefined && !queues.includes(queue)) return;
      if (inMs !== undefined && inMs > 0) wakeIn(inMs);
      else void claim(true);
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      if (wake) clearTimeout(wake.timer);
      wake = undefined;
      for (const job of running.values()) job.abort.abort();
      await Promise.all([...running.values()].map((job) => job.done));
    },
  };
}
