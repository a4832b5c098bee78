// The background work queue's one table (server/jobs/job-queue.ts claims from it).
// After a change: `npm run db:generate`, then commit the new migration in server/db/migrations/.
import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * The background job queue, shared by every server process: a worker claims a due job with
 * `FOR UPDATE SKIP LOCKED` and holds it by a lease (`locked_until`) it renews while it works; a
 * job whose worker died is claimed again when the lease runs out. Finished jobs are deleted. Jobs with
 * a `serial_key` run one at a time per key, oldest first.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    queue: text('queue').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    status: text('status').$type<'queued' | 'running'>().notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(3),
    runAfter: timestamp('run_after', { withTimezone: true }).notNull().defaultNow(),
    lockedBy: text('locked_by'),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    /**
     * Jobs that must run one at a time in the order they were queued (one shopper's messages to one
     * number) share a key: a job is claimed only once no older job of its key is left (job-queue.ts).
     */
    serialKey: text('serial_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // A claim reads each queue's due jobs in this order and stops at its count (server/jobs/job-queue.ts).
    index('jobs_due').on(table.queue, table.status, table.runAfter, table.id),
    // One sync per inventory at a time: another (Sync now, the hour's) is not queued while one is queued or running.
    uniqueIndex('jobs_one_sync_per_inventory')
      .on(sql`(${table.payload}->>'inventoryId')`)
      .where(sql`${table.queue} = 'inventory-sync'`),
    // One recovery job per checkout queued or running: a webhook's change finds the one there (server/checkouts/).
    uniqueIndex('jobs_one_recovery_per_checkout')
      .on(sql`(${table.payload}->>'checkoutId')`)
      .where(sql`${table.queue} = 'checkout-recovery'`),
    // One retention sweep queued or running at a time, whichever process's scheduler queued it.
    uniqueIndex('jobs_one_conversation_retention')
      .on(table.queue)
      .where(sql`${table.queue} = 'conversation-retention'`),
    // A campaign's queued sends, held while it is paused and spread again when it resumes (server/campaigns/).
    index('jobs_campaign')
      .on(sql`(${table.payload}->>'campaignId')`)
      .where(sql`${table.queue} = 'template-sends'`),
    // A claim asks whether an older job of the same key is left (job-queue.ts's claim).
    index('jobs_serial')
      .on(table.serialKey, table.id)
      .where(sql`${table.serialKey} is not null`),
    check('jobs_status_known', sql`${table.status} in ('queued', 'running')`),
  ],
);
