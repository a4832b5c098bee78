// Setting an account's time zone (PUT /api/v1/me/time-zone, and the first dashboard load, which
// adopts the browser's): the zone is stored and the account's rollups recounted from its raw events
// in the new zone (migration 0020's dashboard_recount, and 0052's dashboard_recount_widget), in one transaction. The event tables are
// locked against writes meanwhile (SHARE mode: in-flight writers finish first, new ones wait a few
// milliseconds), so no event is summed in the old zone after the recount read it.
import { sql } from 'drizzle-orm';
import type { Db } from '../db/database';

/** PostgreSQL does not know the zone (its tz database can differ from the runtime's Intl). */
export class UnknownTimeZone extends Error {
  constructor() {
    super('Unknown time zone.');
    this.name = 'UnknownTimeZone';
  }
}

const codeOf = (error: unknown): string | undefined =>
  error instanceof Error ? (((error as { code?: unknown }).code as string | undefined) ?? codeOf(error.cause)) : undefined;

/** Stores `zone` as the account's and recounts its rollups; a deadlock with a writer is retried. */
export async function changeTimeZone(db: Db, uid: string, zone: string, attempts = 3): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await db.transaction(async (tx) => {
        await tx.execute(sql`lock table storefront_events, ai_requests, attributed_orders, store_checkouts, widget_events in share mode`);
        // Refused here (22023) rather than by the triggers of every later event.
        await tx.execute(sql`select now() at time zone ${zone}`);
        await tx.execute(sql`update accounts set time_zone = ${zone}, updated_at = now() where uid = ${uid}`);
        await tx.execute(sql`select dashboard_recount(${uid})`);
        await tx.execute(sql`select dashboard_recount_widget(${uid})`);
      });
      return;
    } catch (error) {
      const code = codeOf(error);
      if (code === '22023') throw new UnknownTimeZone();
      if (code !== '40P01' || attempt >= attempts) throw error;
    }
  }
}
