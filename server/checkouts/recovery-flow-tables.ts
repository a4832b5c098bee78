// Checkout recovery's settings: each inventory's recovery flow (domain/checkout-recovery.ts), one row
// once the merchant saved it. After a change: `npm run db:generate`, then commit the new migration.
import { boolean, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { RecoveryFlow } from '@/domain/checkout-recovery';
import { accounts } from '../accounts/account-tables';
import { channels } from '../channels/channel-tables';
import { inventories } from '../inventories/inventory-tables';

/** An inventory's flow: on or off (and since when), the number, its steps, minimum and quiet hours. */
export const recoveryFlows = pgTable('recovery_flows', {
  inventoryId: uuid('inventory_id')
    .primaryKey()
    .references(() => inventories.id, { onDelete: 'cascade' }),
  uid: text('uid')
    .notNull()
    .references(() => accounts.uid, { onDelete: 'cascade' }),
  enabled: boolean('enabled').notNull(),
  /** When it was last switched on: checkouts left before are never messaged. */
  enabledAt: timestamp('enabled_at', { withTimezone: true }),
  /** A disconnected number leaves the flow without one (nothing is sent) rather than deleting it. */
  channelId: uuid('channel_id').references(() => channels.id, { onDelete: 'set null' }),
  /** The rest of the flow (steps, minimum, quiet hours), as domain/checkout-recovery.ts's schema holds it. */
  settings: jsonb('settings').$type<Pick<RecoveryFlow, 'steps' | 'minimumCartMinor' | 'quietHours'>>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
