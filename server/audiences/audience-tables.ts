// The audiences an account saved: a name and rules over its contacts (domain/audience.ts), counted
// afresh whenever they are read, since contacts and their consent change.
// After a change: `npm run db:generate`, then commit the new migration in server/db/migrations/.
import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { AudienceRules } from '@/domain/audience';
import { accounts } from '../accounts/account-tables';

export const audiences = pgTable(
  'audiences',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    uid: text('uid')
      .notNull()
      .references(() => accounts.uid, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    rules: jsonb('rules').$type<AudienceRules>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('audiences_uid_created').on(table.uid, table.createdAt)],
);
