// The database schema. After a change: `npm run db:generate`, then commit the new migration
// in server/db/migrations/ (applied at start on PGlite and PostgreSQL alike).
import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { LeadRequestKind, SalesPlatform, StoreSegment } from '../../domain/lead-requests';
import type { Locale } from '../../domain/locales';
import { defaultPlanId, planIds, type PlanId } from '../../domain/plans';

/** One account per Firebase user (the uid); every other record belongs to one account. */
export const accounts = pgTable(
  'accounts',
  {
    uid: text('uid').primaryKey(),
    /** The email the token carried when last seen; for the admin list, Firebase stays the authority. */
    email: text('email'),
    plan: text('plan').$type<PlanId>().notNull().default(defaultPlanId),
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
  (table) => [primaryKey({ columns: [table.uid, table.month] }), check('account_monthly_usage_first_day', sql`extract(day from ${table.month}) = 1`)],
);

/**
 * The landing page's contact and material requests (public forms, no account). A repeated
 * identical request is one row: `fingerprint` is a hash of what was sent, and a repeat only
 * counts up `submissions` and moves `last_submitted_at`.
 */
export const leadRequests = pgTable(
  'lead_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').$type<LeadRequestKind>().notNull(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    /** E.164. */
    phone: text('phone').notNull(),
    position: text('position').notNull(),
    segment: text('segment').$type<StoreSegment>(),
    website: text('website').notNull(),
    platform: text('platform').$type<SalesPlatform>().notNull(),
    privacyConsent: boolean('privacy_consent').notNull(),
    whatsappConsent: boolean('whatsapp_consent').notNull(),
    /** The language of the page the request came from (and to answer in). */
    locale: text('locale').$type<Locale>().notNull(),
    fingerprint: text('fingerprint').notNull(),
    submissions: integer('submissions').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSubmittedAt: timestamp('last_submitted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('lead_requests_kind_fingerprint').on(table.kind, table.fingerprint),
    index('lead_requests_created_at').on(table.createdAt),
    check('lead_requests_kind_known', sql`${table.kind} in ('contact', 'material')`),
    check('lead_requests_privacy_consent_given', sql`${table.privacyConsent}`),
  ],
);
