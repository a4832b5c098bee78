// The website widget's settings (domain/widget.ts): one row per account once the merchant saved them,
// or once its public id was first asked for (the snippet names it before anything is saved).
// After a change: `npm run db:generate`, then commit the new migration in server/db/migrations/.
import { boolean, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { WidgetSettings } from '@/domain/widget';
import { accounts } from '../accounts/account-tables';
import { channels } from '../channels/channel-tables';
import { inventories } from '../inventories/inventory-tables';

export const widgets = pgTable(
  'widgets',
  {
    uid: text('uid')
      .primaryKey()
      .references(() => accounts.uid, { onDelete: 'cascade' }),
    /** What the snippet's `data-catalyst` names: random, never the account's id. */
    publicId: text('public_id').notNull(),
    enabled: boolean('enabled').notNull().default(false),
    /** A disconnected number or a deleted inventory leaves the widget without one rather than deleting it. */
    channelId: uuid('channel_id').references(() => channels.id, { onDelete: 'set null' }),
    inventoryId: uuid('inventory_id').references(() => inventories.id, { onDelete: 'set null' }),
    /** Origins as the Origin header names them ('https://loja.com.br'). */
    allowedOrigins: text('allowed_origins').array().notNull().default([]),
    dailyCap: integer('daily_cap').notNull(),
    /** The rest (look, greetings, opening hours, filter), as domain/widget.ts's schema holds it. */
    settings: jsonb('settings').$type<Pick<WidgetSettings, 'look' | 'greetings' | 'openingHours' | 'filterEnabled'>>().notNull(),
    /** null: never saved (only its public id was handed out). */
    updatedAt: timestamp('updated_at', { withTimezone: true }),
  },
  (table) => [uniqueIndex('widgets_public_id').on(table.publicId)],
);
