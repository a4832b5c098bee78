// The website widget's handoffs to WhatsApp (./widget-handoffs.ts): the code a page was handed for its
// visitor, and once a shopper's WhatsApp message carries it, the number and sender it was picked up
// on. The visitor id is kept only as the same hash its widget conversations keep.
// After a change: `npm run db:generate`, then commit the new migration in server/db/migrations/.
import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { accounts } from '../accounts/account-tables';
import { channels } from '../channels/channel-tables';

export const widgetHandoffs = pgTable(
  'widget_handoffs',
  {
    /** domain/widget-ref.ts: 6 letters of its alphabet, unique across accounts. */
    code: text('code').primaryKey(),
    uid: text('uid')
      .notNull()
      .references(() => accounts.uid, { onDelete: 'cascade' }),
    /** The hash widget_conversations.visitor_key holds: the site's conversation this one continues. */
    visitorKey: text('visitor_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** Set once a WhatsApp message to this number carried the code; a disconnected number takes them with it. */
    channelId: uuid('channel_id').references(() => channels.id, { onDelete: 'cascade' }),
    sender: text('sender'),
    pickedUpAt: timestamp('picked_up_at', { withTimezone: true }),
  },
  (table) => [
    index('widget_handoffs_visitor').on(table.uid, table.visitorKey),
    index('widget_handoffs_sender').on(table.channelId, table.sender),
    index('widget_handoffs_picked_up').on(table.uid, table.pickedUpAt),
  ],
);
