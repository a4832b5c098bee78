// The request counters every server process shares (./shared-rate-limit.ts): one row per scope and
// client, its window's start and the requests counted in it.
// After a change: `npm run db:generate`, then commit the new migration in server/db/migrations/.
import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

export const rateLimitCounts = pgTable(
  'rate_limit_counts',
  {
    /** Which limit: the lead forms', say. */
    scope: text('scope').notNull(),
    /** The client, hashed (its address is not kept). */
    clientKey: text('client_key').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    count: integer('count').notNull(),
  },
  (table) => [primaryKey({ columns: [table.scope, table.clientKey] }), index('rate_limit_counts_window').on(table.windowStart)],
);
