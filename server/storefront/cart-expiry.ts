// Carts expire CART_EXPIRY_DAYS after they were made (domain/cart-items.ts): from then their page
// says so and offers no checkout (storefront-store.ts reads the age). A sweep, a job on the shared
// queue, deletes them EXPIRED_CART_KEPT_DAYS later, so an old link still says its cart expired
// rather than that it never was: a batch at a time, each inventory's oldest first through its
// (inventory_id, created_at) index, and a bounded number of batches a run (the next hour goes on).
// Details: docs/how-it-works.md, 'Cart expiry'.
import { sql } from 'drizzle-orm';
import { CART_EXPIRY_DAYS } from '@/domain/storefront';
import type { Db } from '../db/database';
import { jobQueue } from '../jobs/job-queue';
import { queueWorker, type QueueWorker, type WorkerLog } from '../jobs/queue-worker';
import { scheduledWorker } from '../jobs/scheduled-worker';
import { carts } from './storefront-tables';

export const CART_EXPIRY_QUEUE = 'cart-expiry';
/** How long an expired cart is kept (its page saying it expired) before the sweep deletes it. */
export const EXPIRED_CART_KEPT_DAYS = 60;
/** Carts deleted per statement, and statements per run at most. */
export const CART_SWEEP_BATCH_SIZE = 1_000;
export const CART_SWEEP_MAX_BATCHES = 20;

const DAY_MS = 86_400_000;

/**
 * One batch of carts made before `before` deleted; how many. The inventories holding carts are
 * walked through the index (a skip scan: one entry each), and each one's oldest carts read from it,
 * so a batch reads what it deletes whatever the table holds.
 */
async function deleteBatch(db: Db, before: Date, batchSize: number): Promise<number> {
  const result = await db.execute(sql`
    with recursive holders(inventory_id) as (
      (select ${carts.inventoryId} from ${carts} order by ${carts.inventoryId} limit 1)
      union all
      select (select c.inventory_id from ${carts} c where c.inventory_id > holders.inventory_id order by c.inventory_id limit 1)
      from holders where holders.inventory_id is not null
    )
    delete from ${carts} where ${carts.id} in (
      select oldest.id from holders cross join lateral (
        select c.id from ${carts} c
        where c.inventory_id = holders.inventory_id and c.created_at < ${before.toISOString()}::timestamptz
        order by c.created_at limit ${batchSize}
      ) as oldest
      limit ${batchSize})
    returning ${carts.id}`);
  return (result as unknown as { rows: unknown[] }).rows.length;
}

export type CartSweep = { deleted: number; batches: number };

/**
 * Deletes the carts expired more than EXPIRED_CART_KEPT_DAYS before `now`, batch by batch, until
 * none is left, `maxBatches` ran or `signal` aborts.
 */
export async function sweepExpiredCarts(
  db: Db,
  {
    now = new Date(),
    batchSize = CART_SWEEP_BATCH_SIZE,
    maxBatches = CART_SWEEP_MAX_BATCHES,
    signal,
  }: { now?: Date; batchSize?: number; maxBatches?: number; signal?: AbortSignal } = {},
): Promise<CartSweep> {
  const before = new Date(now.getTime() - (CART_EXPIRY_DAYS + EXPIRED_CART_KEPT_DAYS) * DAY_MS);
  const sweep: CartSweep = { deleted: 0, batches: 0 };
  for (let deleted = batchSize; deleted === batchSize && sweep.batches < maxBatches && !signal?.aborted;) {
    deleted = await deleteBatch(db, before, batchSize);
    sweep.deleted += deleted;
    sweep.batches += 1;
  }
  return sweep;
}

/** Queues a sweep unless one is queued or running; true when queued. */
export function enqueueCartSweep(db: Db): Promise<boolean> {
  return jobQueue(db).enqueueIfIdle(db, CART_EXPIRY_QUEUE, {});
}

export type CartExpiryWorkerOptions = {
  db: Db;
  log: WorkerLog;
  /** How often a sweep is queued. */
  scheduleEveryMs?: number;
  pollMs?: number;
  batchSize?: number;
  maxBatches?: number;
  now?: () => Date;
};

/** The sweep's queue worker and its scheduler, for one server process. */
export function cartExpiryWorker({
  db,
  log,
  scheduleEveryMs = 3_600_000,
  pollMs,
  batchSize,
  maxBatches,
  now = () => new Date(),
}: CartExpiryWorkerOptions): QueueWorker {
  const worker = queueWorker({
    db,
    name: 'cart expiry worker',
    queues: [CART_EXPIRY_QUEUE],
    log,
    ...(pollMs ? { pollMs } : {}),
    async handle(_job, signal) {
      const sweep = await sweepExpiredCarts(db, {
        now: now(),
        signal,
        ...(batchSize ? { batchSize } : {}),
        ...(maxBatches ? { maxBatches } : {}),
      });
      if (sweep.deleted > 0) log.info(sweep, 'cart expiry: expired carts deleted');
      return signal.aborted ? 'stopped' : 'done';
    },
  });
  return scheduledWorker(worker, { schedule: () => enqueueCartSweep(db), everyMs: scheduleEveryMs, log, name: 'cart expiry scheduler' });
}
