// Conversations are kept for their channel's retention: a sweep, a job on the shared queue, deletes
// the shoppers' older messages (their replies with them) and stale qualifier inputs, and the website
// widget's conversations and visitor codes (../widgets/widget-retention.ts), a batch at a time; what
// the dashboard counts stays. Details: docs/how-it-works.md, 'Retention'.
import { sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { channels, whatsappInboundMessages } from './channel-tables';
import { jobQueue } from '../jobs/job-queue';
import { whatsappConversationInputs } from './whatsapp-reply-tables';
import { queueWorker, type QueueWorker, type WorkerLog } from '../jobs/queue-worker';
import { scheduledWorker } from '../jobs/scheduled-worker';
import { deleteExpiredWidgetConversations, deleteExpiredWidgetHandoffs } from '../widgets/widget-retention';

export const CONVERSATION_RETENTION_QUEUE = 'conversation-retention';
/** Rows deleted per statement. */
export const RETENTION_BATCH_SIZE = 1_000;

export type RetentionSweep = { messages: number; inputs: number; widgetConversations: number; widgetHandoffs: number };

const rowsOf = (result: unknown) => (result as { rows: unknown[] }).rows.length;

/** One batch of expired messages deleted (with their replies); how many. */
async function deleteMessages(db: Db, now: Date, batchSize: number): Promise<number> {
  const result = await db.execute(sql`
    delete from ${whatsappInboundMessages} where id in (
      select m.id from ${whatsappInboundMessages} m join ${channels} c on c.id = m.channel_id
      where m.received_at < ${now.toISOString()}::timestamptz - make_interval(days => c.retention_days)
      limit ${batchSize})
    returning id`);
  return rowsOf(result);
}

/** One batch of expired collected inputs deleted; how many. */
async function deleteInputs(db: Db, now: Date, batchSize: number): Promise<number> {
  const result = await db.execute(sql`
    delete from ${whatsappConversationInputs} where (channel_id, sender, name) in (
      select i.channel_id, i.sender, i.name from ${whatsappConversationInputs} i join ${channels} c on c.id = i.channel_id
      where i.updated_at < ${now.toISOString()}::timestamptz - make_interval(days => c.retention_days)
      limit ${batchSize})
    returning channel_id`);
  return rowsOf(result);
}

/** Deletes every expired conversation row, batch by batch, until none is left or `signal` aborts. */
export async function sweepConversations(
  db: Db,
  { now = new Date(), batchSize = RETENTION_BATCH_SIZE, signal }: { now?: Date; batchSize?: number; signal?: AbortSignal } = {},
): Promise<RetentionSweep> {
  const swept: RetentionSweep = { messages: 0, inputs: 0, widgetConversations: 0, widgetHandoffs: 0 };
  const sweeps: [keyof RetentionSweep, typeof deleteMessages][] = [
    ['messages', deleteMessages],
    ['inputs', deleteInputs],
    ['widgetConversations', deleteExpiredWidgetConversations],
    ['widgetHandoffs', deleteExpiredWidgetHandoffs],
  ];
  for (const [counted, deleteBatch] of sweeps)
    for (let deleted = batchSize; deleted === batchSize && !signal?.aborted;) {
      deleted = await deleteBatch(db, now, batchSize);
      swept[counted] += deleted;
    }
  return swept;
}

/** Queues a sweep unless one is queued or running; true when queued. */
export async function enqueueRetentionSweep(db: Db): Promise<boolean> {
  return jobQueue(db).enqueueOnce(db, CONVERSATION_RETENTION_QUEUE, {});
}

export type RetentionWorkerOptions = {
  db: Db;
  log: WorkerLog;
  /** How often a sweep is queued (hourly: a day's messages never wait long past their retention). */
  scheduleEveryMs?: number;
  pollMs?: number;
  batchSize?: number;
  now?: () => Date;
};

/** The sweep's queue worker and its scheduler, for one server process. */
export function conversationRetentionWorker({
  db,
  log,
  scheduleEveryMs = 3_600_000,
  pollMs,
  batchSize,
  now = () => new Date(),
}: RetentionWorkerOptions): QueueWorker {
  const worker = queueWorker({
    db,
    name: 'conversation retention worker',
    queues: [CONVERSATION_RETENTION_QUEUE],
    log,
    ...(pollMs ? { pollMs } : {}),
    async handle(_job, signal) {
      const swept = await sweepConversations(db, {
        now: now(),
        signal,
        ...(batchSize ? { batchSize } : {}),
      });
      if (Object.values(swept).some((count) => count > 0)) log.info(swept, 'conversation retention: expired rows deleted');
      // Aborted midway: handed back, the next claim goes on where this one stopped.
      return signal.aborted ? 'stopped' : 'done';
    },
  });
  return scheduledWorker(worker, {
    schedule: () => enqueueRetentionSweep(db),
    everyMs: scheduleEveryMs,
    log,
    name: 'conversation retention scheduler',
  });
}
