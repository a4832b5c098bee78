// The accounts area's tables: one account per Firebase user, its plan's history, and its metered use
// per month.
// After a change: `npm run db:generate`, then commit the new migration in server/db/migrations/.
import { sql } from 'drizzle-orm';
import { bigint, check, date, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
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

/**
 * Every plan an account has had, with the instant it took effect: one row when the account is created
 * and one per change of plan (server/accounts/account-store.ts, in the same transaction as the
 * account's row), none when a plan is set to what it already was. The dashboard prices each past day
 * and month with the plan then in force (domain/plan-timeline.ts). Accounts that existed before the
 * history was kept start it at their creation (migration 0030).
 */
export const planChanges = pgTable(
  'plan_changes',
  {
    // Breaks ties between changes recorded at the same instant: the later row is the later change.
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    uid: text('uid')
      .notNull()
      .references(() => accounts.uid, { onDelete: 'cascade' }),
    plan: text('plan').$type<PlanId>().notNull(),
    effectiveFrom: timestamp('effective_from', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('plan_changes_uid').on(table.uid, table.effectiveFrom),
    check('plan_changes_plan_known', sql`${table.plan} in (${sql.raw(planIds.map((id) => `'${id}'`).join(', '))})`),
  ],
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
