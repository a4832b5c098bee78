// A store for @fastify/rate-limit whose counts live in PostgreSQL, so a limit holds across every web
// process (N processes with the plugin's memory store would allow N times the limit). Each request
// is one statement: the client's row counted up, or started again when its window has ended. The
// client's address is kept only as a hash. Rows of windows long ended are swept now and then by the
// same requests, so the table stays the size of the last day's clients.
import { createHash } from 'node:crypto';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { rateLimitCounts } from './rate-limit-tables';

/** One request in this many also deletes the counts of windows that ended a day ago or more. */
const SWEEP_ONE_IN = 200;

const hashed = (key: string) => createHash('sha256').update(key).digest('base64url').slice(0, 22);

/** Counts one request of `key` in `scope`'s window of `windowMs`: the count so far and the ms left in the window. */
export async function countRequest(db: Db, scope: string, key: string, windowMs: number): Promise<{ current: number; ttl: number }> {
  const window = sql`${Math.round(windowMs)}::int * interval '1 millisecond'`;
  const ended = sql`${rateLimitCounts.windowStart} + ${window} <= now()`;
  const result = await db.execute(sql`
    insert into ${rateLimitCounts} (scope, client_key, window_start, count) values (${scope}, ${hashed(key)}, now(), 1)
    on conflict (scope, client_key) do update set
      count = case when ${ended} then 1 else ${rateLimitCounts.count} + 1 end,
      window_start = case when ${ended} then now() else ${rateLimitCounts.windowStart} end
    returning count as current, greatest(0, extract(epoch from (window_start + ${window} - now())) * 1000)::float8 as ttl`);
  if (Math.random() * SWEEP_ONE_IN < 1)
    await db.execute(sql`delete from ${rateLimitCounts} where ${rateLimitCounts.windowStart} < now() - interval '1 day' - ${window}`);
  const row = (result as unknown as { rows: { current: number; ttl: number }[] }).rows[0]!;
  return { current: Number(row.current), ttl: Math.ceil(Number(row.ttl)) };
}

/** The plugin's `store` option: counts of `scope` in `db`, shared by every process. */
export function sharedRateLimitStore(db: Db, scope: string): FastifyRateLimitStoreCtor {
  class SharedStore implements FastifyRateLimitStore {
    incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow?: number) {
      countRequest(db, scope, key, timeWindow ?? 60_000).then(
        (result) => callback(null, result),
        (error: Error) => callback(error),
      );
    }
    child() {
      return new SharedStore();
    }
  }
  return SharedStore as unknown as FastifyRateLimitStoreCtor;
}
