// Checkout recovery's 'send me a test': each test an account asked for, kept for the hour its limit
// counts them over (server/checkouts/recovery-test-send.ts), so every process agrees on the count.
// After a change: `npm run db:generate`, then commit the new migration.
import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { accounts } from '../accounts/account-tables';

/** One test handed to the sender: whose, its send key, and when (the limit's clock). */
export const recoveryTestRequests = pgTable(
  'recovery_test_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    uid: text('uid')
      .notNull()
      .references(() => accounts.uid, { onDelete: 'cascade' }),
    sendKey: text('send_key').notNull(),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('recovery_test_requests_uid_at').on(table.uid, table.requestedAt)],
);
