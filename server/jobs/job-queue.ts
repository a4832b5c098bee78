// A job queue on PostgreSQL (the `jobs` table), shared by every server process on the database:
// a worker claims the next due job with `FOR UPDATE SKIP LOCKED`, so two never take the same,
// and holds it by a lease it renews while working. A job whose worker died (lease run out) is
// claimed again; each claim counts an attempt. Done jobs are deleted. Works alike on PGlite.
// Generic: a job names its queue; a worker claims from the queues it serves.
import { createHash } from 'node:crypto';
import { and, eq, inArray, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { Db } from '../db/database';
import { sqlList } from '../db/sql-list';
import { jobs } from './job-tables';

export type Job = { id: number; queue: string; payload: Record<string, unknown>; attempts: number; maxAttempts: number };

/**
 * A statement queuing a job of `queue` for each row of `rows` (a select of one jsonb column,
 * `payload`, in the jobs' order), answering their ids: a data-modifying CTE for a statement that
 * records work and queues it at once (atomic without a transaction around it; on PGlite every
 * statement, BEGIN and COMMIT included, is the server's own thread's time). `skipDuplicates`: a
 * row a unique index refuses (one sync queued per inventory) is skipped, not an error. `delayMs`:
 * the jobs are due that long from now; `dueAtColumn`: each row says when its job is due instead (a
 * timestamptz column `due_at`). `serialKeyColumn`: each row names its job's serial key (a text column
 * `serial_key`: jobs of one key run one at a time, in this order). Answers the jobs' ids and due
 * times (`run_after`).
 */
export const enqueueRows = (
  queue: string,
  rows: SQL,
  { maxAttempts = 3, skipDuplicates = false, delayMs = 0, dueAtColumn = false, serialKeyColumn = false } = {},
): SQL =>
  sql`insert into ${jobs} (queue, payload, max_attempts, run_after, serial_key) select ${queue}, queued_rows.payload, ${maxAttempts}::int, ${
    dueAtColumn ? sql`queued_rows.due_at` : sql`now() + ${Math.max(0, Math.round(delayMs))}::int * interval '1 millisecond'`
  }, ${serialKeyColumn ? sql`queued_rows.serial_key` : sql`null`} from (${rows}) as queued_rows${
    skipDuplicates ? sql` on conflict do nothing` : sql``
  } returning id, run_after`;

/**
 * A statement making the queued jobs of `queue` whose payload's `key` is among `ids` (a select of one
 * bigint column, `id`) due now: work that waited for a time learnt something that cannot wait. The key
 * is compared as the payload's text, so a queue with a unique index on it (one job per checkout) finds
 * them by that index, not by reading every waiting job; queue and key (names of our code) are literals, so
 * the planner matches them to the index.
 */
export const wakeJobsSql = (queue: string, key: string, ids: SQL): SQL =>
  sql`update ${jobs} set run_after = now() where ${jobs.queue} = ${sqlList([queue])} and ${jobs.status} = 'queued'
    and ${jobs.payload}->>${sqlList([key])} in (select woken_ids.id::text from (${ids}) as woken_ids) and ${jobs.runAfter} > now()
    returning ${jobs.id}`;

/**
 * A statement holding the queued jobs of `queue` whose payload's `key` is `value` (due never, until
 * rescheduled): work of something paused. Jobs a worker holds now are not touched (their handler
 * looks at what paused them). Answers their ids.
 */
export const holdJobsSql = (queue: string, key: string, value: string): SQL =>
  sql`update ${jobs} set run_after = 'infinity' where ${jobs.queue} = ${sqlList([queue])} and ${jobs.status} = 'queued'
    and ${jobs.payload}->>${sqlList([key])} = ${value} returning ${jobs.id}`;

/**
 * The queued jobs of `queue` whose payload's `key` is `value`: each one's id by its payload's `itemKey`
 * (what a caller reschedules them by, with rescheduleJobsSql).
 */
export async function queuedJobIds(db: Db, queue: string, key: string, value: string, itemKey: string): Promise<Map<string, number>> {
  const result = await db.execute<{ id: number; item: string }>(
    sql`select ${jobs.id} as id, ${jobs.payload}->>${sqlList([itemKey])} as item from ${jobs}
      where ${jobs.queue} = ${sqlList([queue])} and ${jobs.status} = 'queued' and ${jobs.payload}->>${sqlList([key])} = ${value}`,
  );
  return new Map((result as unknown as { rows: { id: number | string; item: string }[] }).rows.map((row) => [row.item, Number(row.id)]));
}

/** A statement making each queued job of `due` (id and when, by its id: a key lookup each) due then. Answers their ids. */
export const rescheduleJobsSql = (due: readonly { id: number; dueAt: string }[]): SQL =>
  sql`update ${jobs} set run_after = due_rows.due_at
    from jsonb_to_recordset(${JSON.stringify(due.map((row) => ({ id: row.id, due_at: row.dueAt })))}::jsonb) as due_rows(id bigint, due_at timestamptz)
    where ${jobs.id} = due_rows.id and ${jobs.status} = 'queued' returning ${jobs.id}`;

/** A statement deleting the queued jobs of `queue` whose payload's `key` is `value`: work no longer wanted. */
export const dropJobsSql = (queue: string, key: string, value: string): SQL =>
  sql`delete from ${jobs} where ${jobs.queue} = ${sqlList([queue])} and ${jobs.status} = 'queued'
    and ${jobs.payload}->>${sqlList([key])} = ${value} returning ${jobs.id}`;

/** A value of a statement built once (a prepared statement's placeholder) or for one job. */
type Operand<T> = T | Placeholder;

/**
 * What a job handed back to its queue gets: due `delayMs` from now, its attempt refunded when
 * `refundAttempt` (work due later, a peer's wait, a stop), `error` noted when one is given. The prepared
 * `release` and a handler's own `releaseSql` are both this.
 */
const handedBack = (delayMs: Operand<number>, refundAttempt: Operand<boolean>, error: Operand<string> | null) => ({
  status: 'queued' as const,
  lockedBy: null,
  lockedUntil: null,
  runAfter: sql`now() + ${delayMs}::integer * interval '1 millisecond'`,
  attempts: sql`case when ${refundAttempt}::boolean then greatest(${jobs.attempts} - 1, 0) else ${jobs.attempts} end`,
  lastError: sql`coalesce(${error}::text, ${jobs.lastError})`,
});
/** The job `id` while `workerId` holds it (a job whose lease ran out and was claimed again is not). */
const held = (id: Operand<number>, workerId: Operand<string>) => and(eq(jobs.id, id), eq(jobs.lockedBy, workerId));

export function jobQueue(db: Db) {
  /**
   * The claim of a set of queues, built once (a worker claims after every job it ends); named by its
   * queues (PostgreSQL's prepared statement). Each queue's due jobs and its jobs whose lease ran out are
   * two index-ordered branches of at most `count` rows each, merged: a claim reads a few index entries
   * whatever the backlog (one `or` over every queued row sorted the whole backlog on each claim).
   */
  const claimStatement = (queues: readonly string[], key: string) => {
    const count = sql.placeholder('count');
    // A job with a serial key waits while an older one of its queue and key is queued or running (finished jobs are deleted).
    const firstOfItsKey = sql`${jobs.serialKey} is null or not exists (select 1 from ${jobs} as older
      where older.serial_key = ${jobs.serialKey} and older.queue = ${jobs.queue} and older.id < ${jobs.id})`;
    const branches = queues.flatMap((queue) => [
      sql`select ${jobs.id}, ${jobs.runAfter} from ${jobs}
        where ${jobs.queue} = ${queue} and ${jobs.status} = 'queued' and ${jobs.runAfter} <= now() and (${firstOfItsKey})
        order by ${jobs.runAfter}, ${jobs.id} limit ${count} for update skip locked`,
      sql`select ${jobs.id}, ${jobs.runAfter} from ${jobs}
        where ${jobs.queue} = ${queue} and ${jobs.status} = 'running' and ${jobs.lockedUntil} < now()
        order by ${jobs.runAfter}, ${jobs.id} limit ${count} for update skip locked`,
    ]);
    // A locking select may not be a branch of a union itself, only a subquery in one's from.
    const merged = sql.join(
      branches.map((branch, position) => sql`select * from (${branch}) as ${sql.raw(`branch_${position}`)}`),
      sql` union all `,
    );
    const due = sql`select due.id from (${merged}) as due order by due.run_after, due.id limit ${count}`;
    return (
      db
        .update(jobs)
        .set({
          status: 'running',
          attempts: sql`${jobs.attempts} + 1`,
          lockedBy: sql`${sql.placeholder('workerId')}`,
          lockedUntil: sql`now() + ${sql.placeholder('leaseMs')}::integer * interval '1 millisecond'`,
        })
        // `id = any(array(subquery))`, not `in`: an InitPlan, run once; a semi-join may rescan the
        // locking subquery (the PostgreSQL docs' queue idiom is `id = (subquery)`, this is its form for
        // several rows). A row a branch locked but the merge left out is free again when it ends.
        .where(sql`${jobs.id} = any(array(${due}))`)
        .returning({
          id: jobs.id,
          queue: jobs.queue,
          payload: jobs.payload,
          attempts: jobs.attempts,
          maxAttempts: jobs.maxAttempts,
          runAfter: jobs.runAfter,
        })
        .prepare(`jobs_claim_${createHash('sha256').update(key).digest('hex').slice(0, 16)}`)
    );
  };
  const claims = new Map<string, ReturnType<typeof claimStatement>>();
  /**
   * How long until a job of these queues is due or a worker's lease on one runs out, in the database's
   * own clock (0 when one is already: it came due, or its lease ran out, since the claim looked); built
   * once per set of queues. Each moment is one index lookup per queue.
   */
  const nextDueStatement = (queues: readonly string[], key: string) => {
    const moments = queues.flatMap((queue) => [
      sql`(select min(${jobs.runAfter}) from ${jobs} where ${jobs.queue} = ${queue} and ${jobs.status} = 'queued')`,
      sql`(select min(${jobs.lockedUntil}) from ${jobs} where ${jobs.queue} = ${queue} and ${jobs.status} = 'running')`,
    ]);
    return db
      .select({ inMs: sql<number | null>`(extract(epoch from least(${sql.join(moments, sql`, `)}) - now()) * 1000)::float8` })
      .from(sql`(select 1) as one`)
      .prepare(`jobs_next_due_${createHash('sha256').update(key).digest('hex').slice(0, 16)}`);
  };
  const nextDues = new Map<string, ReturnType<typeof nextDueStatement>>();
  const complete = db
    .delete(jobs)
    .where(held(sql.placeholder('id'), sql.placeholder('workerId')))
    .prepare('jobs_complete');
  /** After claims, the queue's most frequent write (work due later, a peer's wait, a stop): built once. */
  const release = db
    .update(jobs)
    .set(handedBack(sql.placeholder('delayMs'), sql.placeholder('refundAttempt'), sql.placeholder('error')))
    .where(held(sql.placeholder('id'), sql.placeholder('workerId')))
    .prepare('jobs_release');

  return {
    /** Adds a job, inside the caller's transaction when `tx` is one. */
    async enqueue(tx: Db, queue: string, payload: Record<string, unknown>, { maxAttempts = 3 } = {}): Promise<void> {
      await tx.insert(jobs).values({ queue, payload, maxAttempts });
    },

    /**
     * Adds a job unless a unique index says one like it is queued or running already (the
     * inventory sync's one per inventory); true when added.
     */
    async enqueueOnce(tx: Db, queue: string, payload: Record<string, unknown>, { maxAttempts = 3 } = {}): Promise<boolean> {
      const added = await tx.insert(jobs).values({ queue, payload, maxAttempts }).onConflictDoNothing().returning({ id: jobs.id });
      return added.length > 0;
    },

    /**
     * Adds a job unless one of `queue` is queued or running already, for a sweep whose queue has no
     * unique index of its own; true when added. Two processes asking at the same instant may both add
     * one: the work must bear running twice.
     */
    async enqueueIfIdle(tx: Db, queue: string, payload: Record<string, unknown>, { maxAttempts = 3 } = {}): Promise<boolean> {
      const added = await tx.execute(sql`insert into ${jobs} (queue, payload, max_attempts)
        select ${queue}, ${JSON.stringify(payload)}::jsonb, ${maxAttempts}::int
        where not exists (select 1 from ${jobs} where ${jobs.queue} = ${queue})
        returning id`);
      return (added as unknown as { rows: unknown[] }).rows.length > 0;
    },

    /** The next due job of these queues, now leased to `workerId` for `leaseMs`; null when none is due. */
    async claim(queues: readonly string[], workerId: string, leaseMs: number): Promise<Job | null> {
      const [job] = await this.claimSome(queues, workerId, leaseMs, 1);
      return job ?? null;
    },

    /**
     * Up to `count` due jobs of these queues, oldest first, each leased to `workerId` for `leaseMs`:
     * one statement for a worker's free slots (on PGlite every statement is the server's own
     * thread's time: claiming one by one was a fifth of a WhatsApp reply's).
     */
    async claimSome(queues: readonly string[], workerId: string, leaseMs: number, count: number): Promise<Job[]> {
      const key = queues.join('\n');
      let claim = claims.get(key);
      if (!claim) claims.set(key, (claim = claimStatement(queues, key)));
      const claimed = await claim.execute({ count, workerId, leaseMs });
      // Oldest first, as the subquery chose them (an UPDATE's rows come back in no set order).
      return claimed
        .sort((a, b) => a.runAfter.getTime() - b.runAfter.getTime() || a.id - b.id)
        .map(({ runAfter: _runAfter, ...job }) => job);
    },

    /**
     * Milliseconds until the next job of these queues is due, or a lease on one runs out (its worker
     * may have died); 0 when one is already; null when there is none. A worker that found nothing due
     * sleeps until then (a job due between its claim and this look is not left for the poll).
     */
    async nextDueInMs(queues: readonly string[]): Promise<number | null> {
      const key = queues.join('\n');
      let nextDue = nextDues.get(key);
      if (!nextDue) nextDues.set(key, (nextDue = nextDueStatement(queues, key)));
      const [row] = await nextDue.execute();
      return row?.inMs == null ? null : Math.max(0, Number(row.inMs));
    },

    /**
     * Hands back every job marked running: for a process that alone owns its database (PGlite), at its
     * start, when no worker can still hold one (a process killed mid-job left them until their lease ran
     * out). The attempt they were in stays counted. Of `queues` alone when given. How many went back.
     */
    async releaseAllRunning(queues?: readonly string[]): Promise<number> {
      const released = await db
        .update(jobs)
        .set({ status: 'queued', lockedBy: null, lockedUntil: null })
        .where(and(eq(jobs.status, 'running'), queues ? inArray(jobs.queue, [...queues]) : undefined))
        .returning({ id: jobs.id });
      return released.length;
    },

    /** Extends the lease; false when the job is no longer this worker's. */
    async renew(id: number, workerId: string, leaseMs: number): Promise<boolean> {
      const renewed = await db
        .update(jobs)
        .set({ lockedUntil: sql`now() + ${leaseMs}::integer * interval '1 millisecond'` })
        .where(held(id, workerId))
        .returning({ id: jobs.id });
      return renewed.length > 0;
    },

    async complete(id: number, workerId: string): Promise<void> {
      await complete.execute({ id, workerId });
    },

    /**
     * Puts the job back in the queue after `delayMs`. `refundAttempt`: the worker stopped (a
     * server shutting down), the job did not fail, so the attempt does not count.
     */
    async release(
      id: number,
      workerId: string,
      { delayMs = 0, error, refundAttempt = false }: { delayMs?: number; error?: string; refundAttempt?: boolean } = {},
    ) {
      await release.execute({ id, workerId, delayMs, refundAttempt, error: error === undefined ? null : error.slice(0, 2000) });
    },

    /**
     * A statement handing the job back for `delayMs` (work due later, not an attempt), as `release` does:
     * for a handler to put in its own last statement (a data-modifying CTE), so its write and the job's
     * next time are kept together, in one round trip instead of two.
     */
    releaseSql(id: number, workerId: string, delayMs: number): SQL {
      return db
        .update(jobs)
        .set(handedBack(Math.max(0, Math.round(delayMs)), true, null))
        .where(held(id, workerId))
        .returning({ id: jobs.id })
        .getSQL();
    },
  };
}

export type JobQueue = ReturnType<typeof jobQueue>;
