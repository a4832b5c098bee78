// What happened on the account's website widget (domain/widget-events.ts), append-only: the kind, the
// number the widget hands over to and when; nothing of the visitor. The dashboard's rollups count it
// (migration 0052's trigger), as they count the shop pages' storefront_events.
// After a change: `npm run db:generate`, then commit the new migration in server/db/migrations/.
import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { widgetEventKinds, type WidgetEventKind } from '@/domain/widget-events';
import { accounts } from '../accounts/account-tables';
import { sqlList } from '../db/sql-list';

export const widgetEvents = pgTable(
  'widget_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    uid: text('uid')
      .notNull()
      .references(() => accounts.uid, { onDelete: 'cascade' }),
    kind: text('kind').$type<WidgetEventKind>().notNull(),
    /** The number the widget handed over to then (its AI base answered). No foreign key: events are append-only. */
    channelId: uuid('channel_id'),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('widget_events_account').on(table.uid, table.occurredAt),
    check('widget_events_kind_known', sql`${table.kind} in (${sqlList(widgetEventKinds)})`),
  ],
);
