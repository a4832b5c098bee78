// Records what the website widget's pages report (widget_events: a view, the panel opened, a finder
// search, a click to WhatsApp), and the chats its route begins, without making them wait, in batches
// as the shop pages' events are (../db/batched-writes.ts). An account deleted meanwhile drops its
// events rather than failing a batch.
import { sql } from 'drizzle-orm';
import type { WidgetEventKind } from '@/domain/widget-events';
import { batchedWrites, type BatchedWritesOptions } from '../db/batched-writes';
import type { Db } from '../db/database';
import { widgetEvents } from './widget-event-tables';

export type WidgetEvent = { uid: string; kind: WidgetEventKind; channelId: string | null; occurredAt?: Date };

export function widgetEventRecorder(db: Db, options: Omit<BatchedWritesOptions, 'what'> = {}) {
  const batches = batchedWrites<Required<WidgetEvent>>(
    async (batch) => {
      await db.execute(sql`
      insert into ${widgetEvents} (uid, kind, channel_id, occurred_at)
      select e->>'u', e->>'k', (e->>'c')::uuid, (e->>'t')::timestamptz
      from jsonb_array_elements(${JSON.stringify(
        batch.map((event) => ({ u: event.uid, k: event.kind, c: event.channelId, t: event.occurredAt.toISOString() })),
      )}::jsonb) as e
      where exists (select 1 from accounts where accounts.uid = e->>'u')`);
    },
    { ...options, what: 'widget events' },
  );

  return {
    record(event: WidgetEvent) {
      batches.add({ ...event, occurredAt: event.occurredAt ?? new Date() });
    },
    flush: batches.flush,
    close: batches.close,
    get pending() {
      return batches.pending;
    },
  };
}

export type WidgetEventRecorder = ReturnType<typeof widgetEventRecorder>;
