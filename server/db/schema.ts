// The database schema. After a change: `npm run db:generate`, then commit the new migration
// in server/db/migrations/ (applied at start on PGlite and PostgreSQL alike).
import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { AiBaseFunction, AiBaseLanguage, AiBaseStatus, Instructions, Refinement, VoiceTone } from '../../domain/ai-base';
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

/**
 * AI bases, one account's each. `version` counts saves; every saved state is also kept in
 * ai_base_versions, so a save can be reverted. `saved_steps` (0–3) is how far the wizard got.
 */
export const aiBases = pgTable(
  'ai_bases',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    uid: text('uid')
      .notNull()
      .references(() => accounts.uid, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    function: text('function').$type<AiBaseFunction>().notNull(),
    language: text('language').$type<AiBaseLanguage>().notNull(),
    voiceTone: text('voice_tone').$type<VoiceTone>().notNull(),
    personalized: boolean('personalized').notNull(),
    instructions: text('instructions').notNull().default(''),
    expectedInputs: text('expected_inputs').notNull().default(''),
    blockedTerms: jsonb('blocked_terms').$type<string[]>().notNull().default([]),
    creativity: integer('creativity').notNull(),
    model: text('model').notNull(),
    status: text('status').$type<AiBaseStatus>().notNull().default('training'),
    savedSteps: integer('saved_steps').notNull().default(1),
    channels: jsonb('channels').$type<string[]>().notNull().default(['whatsapp']),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('ai_bases_uid').on(table.uid, table.createdAt),
    check('ai_bases_status_known', sql`${table.status} in ('training', 'active', 'inactive')`),
    check('ai_bases_saved_steps_range', sql`${table.savedSteps} between 0 and 3`),
  ],
);

/** What a save wrote: the editable fields of an AI base at that version. */
export type AiBaseSnapshot = Instructions & Refinement & { savedSteps: number };

export const aiBaseVersions = pgTable(
  'ai_base_versions',
  {
    baseId: uuid('base_id')
      .notNull()
      .references(() => aiBases.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    snapshot: jsonb('snapshot').$type<AiBaseSnapshot>().notNull(),
    savedAt: timestamp('saved_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.baseId, table.version] })],
);
