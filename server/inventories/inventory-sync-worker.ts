// The inventory sync worker of one server process: a queue worker (../jobs/queue-worker.ts) whose
// jobs sync one inventory each (./inventory-sync.ts), and a scheduler that, every minute, queues
// the hour's syncs that are due (each inventory at its own minute of the hour). Any number of
// processes may run one: the queue's claims and its one-sync-per-inventory index share the work.
import type { Db } from '../db/database';
import { queueWorker, type QueueWorker, type WorkerLog } from '../jobs/queue-worker';
import type { SecretBox } from '../secrets/secret-box';
import { enqueueDueSyncs, INVENTORY_SYNC_QUEUE, syncInventory } from './inventory-sync';
import type { MetaConfig } from './meta-catalog';
import { inventories } from './inventory-tables';
import { eq } from 'drizzle-orm';
import type { SyncTrigger } from '@/domain/inventory-sync';

export type InventorySyncWorkerOptions = {
  db: Db;
  log: WorkerLog;
  secrets: SecretBox;
  meta: MetaConfig;
  /** Inventories synced at once by this process. */
  concurrency?: number;
  /** How often the scheduler looks for due syncs. */
  scheduleEveryMs?: number;
  pollMs?: number;
  bulkThreshold?: number;
  /** How long a sync is held between renewals (every third of it); a dead worker's sync is taken over after it. */
  leaseMs?: number;
};

export function inventorySyncWorker({
  db,
  log,
  secrets,
  meta,
  concurrency = 2,
  scheduleEveryMs = 60_000,
  pollMs,
  bulkThreshold,
  leaseMs = 120_000,
}: InventorySyncWorkerOptions): QueueWorker {
  const worker = queueWorker({
    db,
    name: 'inventory sync worker',
    queues: [INVENTORY_SYNC_QUEUE],
    log,
    concurrency,
    ...(pollMs ? { pollMs } : {}),
    // A sync reads a whole store: long leases, renewed while it runs.
    leaseMs,
    handle: (job, signal) =>
      syncInventory(
        { db, secrets, meta, ...(bulkThreshold === undefined ? {} : { bulkThreshold }) },
        String(job.payload.inventoryId),
        job.payload.trigger as SyncTrigger,
        signal,
      ),
    onGiveUp: async (job) => {
      await db
        .update(inventories)
        .set({ syncStatus: 'failed' })
        .where(eq(inventories.id, String(job.payload.inventoryId)));
    },
  });
  let timer: NodeJS.Timeout | undefined;
  const schedule = async () => {
    try {
      if ((await enqueueDueSyncs(db)) > 0) worker.nudge();
    } catch (error) {
      log.error({ err: error }, 'inventory sync scheduler: queuing the due syncs failed');
    }
  };
  return {
    start() {
      worker.start();
      void schedule();
      timer ??= setInterval(() => void schedule(), scheduleEveryMs).unref();
    },
    nudge: worker.nudge,
    async stop() {
      clearInterval(timer);
      timer = undefined;
      await worker.stop();
    },
  };
}
