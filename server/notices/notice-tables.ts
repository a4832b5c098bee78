// The post-sale notices' table: each inventory's settings (domain/order-notice.ts), one row once
// the merchant saved them. After a change: `npm run db:generate`, then commit the new migration.
import { jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { OrderNoticeSettings } from '@/domain/order-notice';
import { accounts } from '../accounts/account-tables';
import { channels } from '../channels/channel-tables';
import { inventories } from '../inventories/inventory-tables';

/** An inventory's notices: the number they go from and, per notice, on or off, its template and variables. */
export const orderNoticeSettings = pgTable('order_notice_settings', {
  inventoryId: uuid('inventory_id')
    .primaryKey()
    .references(() => inventories.id, { onDelete: 'cascade' }),
  uid: text('uid')
    .notNull()
    .references(() => accounts.uid, { onDelete: 'cascade' }),
  /** A disconnected number leaves the notices without one (nothing is sent) rather than deleting them. */
  channelId: uuid('channel_id').references(() => channels.id, { onDelete: 'set null' }),
  notices: jsonb('notices').$type<OrderNoticeSettings['notices']>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
