// Records what shoppers do on the public pages (storefront_events) without making them wait: an
// event joins an in-memory batch and the answer goes at once; the batch is written as one
// statement every `flushMs` or when `maxBatch` events have gathered, and on close. A batch the
// database refuses is kept and retried with the next one (up to `maxPending` events; past that
// the oldest are dropped and counted in the log, so a database outage cannot exhaust memory). An
// event of an inventory deleted meanwhile is dropped, not allowed to fail its batch.
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Locale } from '@/domain/locales';
import type { StorefrontEventKind } from '@/domain/storefront';
import type { Db } from '../db/database';
import { inventoryExistsSql } from '../inventories/inventory-queries';
import { storefrontEvents } from './storefront-tables';

export type StorefrontEvent = {
  inventoryId: string;
  kind: StorefrontEventKind;
  locale: Locale;
  visitorId: string;
  cartId?: string | null;
  /** A checkout with 'Send me order updates on WhatsApp' ticked (the flag only: never the number). */
  whatsappUpdates?: boolean;
  /** The `ref` of the link the page was opened from. */
  ref?: string | null;
  occurredAt?: Date;
};

// Small, frequent batches: PGlite runs one statement at a time, so a big batch holds every other
// statement (the catalog page's reads among them) for as long as it takes to write.
export type EventRecorderOptions = { flushMs?: number; maxBatch?: number; maxPending?: number; log?: FastifyBaseLogger };

export function eventRecorder(db: Db, { flushMs = 250, maxBatch = 250, maxPending = 100_000, log }: EventRecorderOptions = {}) {
  let pending: Array<Required<Omit<StorefrontEvent, 'cartId' | 'ref'>> & { cartId: string | null; ref: string | null }> = [];
  let writing: Promise<void> | null = null;
  let timer: NodeJS.Timeout | null = null;
  let closed = false;
  let lastFailed = false;

  async function write() {
    timer = null;
    if (pending.length === 0) return;
    const batch = pending.slice(0, maxBatch);
    pending = pending.slice(maxBatch);
    lastFailed = false;
    try {
      await db.execute(sql`
        insert into ${storefrontEvents} (inventory_id, kind, locale, visitor_id, cart_id, whatsapp_updates, ref, occurred_at)
        select (e->>'i')::uuid, e->>'k', e->>'l', e->>'v', e->>'c', (e->>'w')::boolean, e->>'r', (e->>'t')::timestamptz
        from jsonb_array_elements(${JSON.stringify(
          batch.map((event) => ({
            i: event.inventoryId,
            k: event.kind,
            l: event.locale,
            v: event.visitorId,
            c: event.cartId,
            w: event.whatsappUpdates,
            r: event.ref,
            t: event.occurredAt.toISOString(),
          })),
        )}::jsonb) as e
        -- An inventory deleted while its pages were open (the route remembers ids a minute) must not fail the batch.
        where ${inventoryExistsSql(sql`(e->>'i')::uuid`)}`);
    } catch (error) {
      // Kept for the next write: an event is lost only past maxPending.
      lastFailed = true;
      pending = [...batch, ...pending];
      const dropped = pending.length - maxPending;
      if (dropped > 0) pending = pending.slice(dropped);
      log?.error({ err: error, events: batch.length, dropped: Math.max(0, dropped) }, 'storefront events not written; retrying');
      schedule();
      return;
    }
    // What gathered meanwhile: at once when a batch is full again, else after the interval.
    if (pending.length >= maxBatch) void flush();
    else if (pending.length > 0) schedule();
  }

  /** One write at a time, in order. */
  function flush(): Promise<void> {
    const next = (writing ?? Promise.resolve()).then(write);
    writing = next.finally(() => {
      if (writing === next) writing = null;
    });
    return next;
  }

  function schedule() {
    if (timer || closed) return;
    timer = setTimeout(() => void flush(), flushMs);
    timer.unref();
  }

  return {
    record(event: StorefrontEvent) {
      pending.push({
        ...event,
        cartId: event.cartId ?? null,
        ref: event.ref ?? null,
        whatsappUpdates: event.whatsappUpdates ?? false,
        occurredAt: event.occurredAt ?? new Date(),
      });
      if (pending.length >= maxBatch) void flush();
      else schedule();
    },
    /** Writes what has gathered (tests, and close). */
    flush,
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      timer = null;
      // Every batch that gathered, until the database refuses one (those are logged).
      do await flush();
      while (pending.length > 0 && !lastFailed);
    },
    /** Events waiting to be written. */
    get pending() {
      return pending.length;
    },
  };
}

export type EventRecorder = ReturnType<typeof eventRecorder>;
