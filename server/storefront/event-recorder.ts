// Records what shoppers do on the public pages (storefront_events) without making them wait, in
// batches (../db/batched-writes.ts: one statement a batch, a refused batch retried with the next).
// An event of an inventory deleted meanwhile is dropped, not allowed to fail its batch.
import { sql } from 'drizzle-orm';
import type { Locale } from '@/domain/locales';
import type { StorefrontEventKind } from '@/domain/storefront';
import { batchedWrites, type BatchedWritesOptions } from '../db/batched-writes';
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

export type EventRecorderOptions = Omit<BatchedWritesOptions, 'what'>;

type Pending = Required<Omit<StorefrontEvent, 'cartId' | 'ref'>> & { cartId: string | null; ref: string | null };

export function eventRecorder(db: Db, options: EventRecorderOptions = {}) {
  const batches = batchedWrites<Pending>(
    async (batch) => {
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
    },
    { ...options, what: 'storefront events' },
  );

  return {
    record(event: StorefrontEvent) {
      batches.add({
        ...event,
        cartId: event.cartId ?? null,
        ref: event.ref ?? null,
        whatsappUpdates: event.whatsappUpdates ?? false,
        occurredAt: event.occurredAt ?? new Date(),
      });
    },
    /** Writes what has gathered (tests, and close). */
    flush: batches.flush,
    close: batches.close,
    /** Events waiting to be written. */
    get pending() {
      return batches.pending;
    },
  };
}

export type EventRecorder = ReturnType<typeof eventRecorder>;
