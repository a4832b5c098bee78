// The accounts area's tables: one account per Firebase user, and its metered use per month.
// After a change: `npm run db:generate`, then commit the new migration in server/db/migrations/.
import { sql } from 'drizzle-orm';
import { check, date, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { defaultPlanId, planIds, type PlanId } from '@/domain/plans';

/** One account per Firebase user (the uid); every other record belongs to one account. */
export const accounts = pgTable(
  'accounts',
  {
    uid: text('uid').primaryKey(),
    /** The email the token carried when last seen; for the admin list, Firebase stays the authority. */
    email: text('email'),
    plan: text('plan').$type<PlanId>().notNull().default(defaultPlanId),
    /**
     * The IANA zone the dashboard's days are cut in (null until set: the first dashboard load adopts
     * the browser's). Changing it recounts the account's rollups (server/dashboard/time-zone-change.ts).
     */
    timeZone: text('time_zone'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check('accounts_plan_known', sql`${table.plan} in (${sql.raw(planIds.map((id) => `'${id}'`).join(', '))})`)],
);

/** Counters of metered use per account and calendar month (UTC); rows appear with the first use. */
export const accountMonthlyUsage = pgTable(
  'account_monthly_usage',
  {
    uid: text('uid')
      .notNull()
      .references(() => accounts.uid, { onDelete: 'cascade' }),
    /** The month's first day. */
    month: date('month', { mode: 'string' }).notNull(),
    trainings: integer('trainings').notNull().default(0),
    queries: integer('queries').notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.uid, table.month] }),
    check('account_monthly_usage_first_day', sql`extract(day from ${table.month}) = 1`),
  ],
);
