// One process's worker of the template sender's queue: runs each send's job (template-sender.ts
// decides; a wait comes back as RetryLater and the queue holds the job that long). Sends are mostly
// waiting on Meta, so several run at once; the number's throughput is paced in PostgreSQL, not here.
import { queueWorker, type QueueWorker, type WorkerLog } from '../jobs/queue-worker';
import type { Db } from '../db/database';
import { TEMPLATE_SEND_QUEUE, type TemplateSender } from './template-sender';

export type TemplateSendWorkerOptions = {
  db: Db;
  log: WorkerLog;
  sender: TemplateSender;
  concurrency?: number;
  pollMs?: number;
  leaseMs?: number;
};

/** Sends that may wait on Meta at once in one process. */
export const TEMPLATE_SEND_CONCURRENCY = 16;

export function templateSendWorker({
  db,
  log,
  sender,
  concurrency = TEMPLATE_SEND_CONCURRENCY,
  pollMs,
  leaseMs,
}: TemplateSendWorkerOptions): QueueWorker {
  return queueWorker({
    db,
    name: 'template-sends',
    queues: [TEMPLATE_SEND_QUEUE],
    log,
    concurrency,
    ...(pollMs === undefined ? {} : { pollMs }),
    ...(leaseMs === undefined ? {} : { leaseMs }),
    handle: (job) => sender.handle(job),
    // Our own failure, ten times over: the send ends, recorded, rather than staying queued unseen.
    onGiveUp: (job) => sender.gaveUp(String(job.payload.sendId ?? '')),
  });
}
