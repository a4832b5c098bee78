// The landing page's contact and material requests.
// After a change: `npm run db:generate`, then commit the new migration in server/db/migrations/.
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { LeadRequestKind, SalesPlatform, StoreSegment } from '@/domain/lead-requests';
import type { Locale } from '@/domain/locales';

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
