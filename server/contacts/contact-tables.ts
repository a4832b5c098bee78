// The shoppers an account knows by their WhatsApp number, with their tags and their consent per
// purpose, and the append-only history of every consent event recorded for them (domain/contact.ts
// has the rules; domain/contact-tags.ts how tags are normalised).
// After a change: `npm run db:generate`, then commit the new migration in server/db/migrations/.
import { sql, type SQL } from 'drizzle-orm';
import { bigint, check, customType, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import {
  consentEffects,
  consentPurposes,
  consentSources,
  consentStatuses,
  type ConsentEffect,
  type ConsentPurpose,
  type ConsentSource,
  type ConsentStatus,
} from '@/domain/contact';
import { locales, type Locale } from '@/domain/locales';
import { sqlList } from '../db/sql-list';
import { accounts } from '../accounts/account-tables';

/** A full-text search document; only ever computed by the database. */
const tsvector = customType<{ data: string; driverData: string }>({
  dataType: () => 'tsvector',
});

/**
 * The `search` column's expression: the name's words without accents (fold_accents, migration
 * 0008), and one lexeme naming the account ('uid:' and the md5 of its uid, hex: no quoting to get
 * wrong in a query): a name search asks the GIN index for both at once, so it reads only the
 * account's matches however many accounts share the table.
 */
const contactSearchDocument = sql`to_tsvector('simple'::regconfig, fold_accents(coalesce("name", ''))) || array_to_tsvector(array['uid:' || md5("uid")])`;

/** One purpose's status, source and time: all three unset (never asked), or a status with both. */
const purposeConsentKnown = (status: SQL, source: SQL, at: SQL) =>
  sql`(${status} = 'not_subscribed') = (${source} is null) and (${source} is null) = (${at} is null)`;

/**
 * Contacts, one account's each, one per number (E.164). Consent is kept per purpose as the state
 * applyConsentEvent computed: status, and the source and time of the event that set it (null when
 * never asked). Every write of it adds its events to contact_consent_events in the same transaction.
 */
export const contacts = pgTable(
  'contacts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    uid: text('uid')
      .notNull()
      .references(() => accounts.uid, { onDelete: 'cascade' }),
    /** E.164 (domain/contact.ts's readContactPhone): the contact itself, never changed. */
    phone: text('phone').notNull(),
    name: text('name'),
    language: text('language').$type<Locale>().notNull(),
    /** ISO 3166 alpha-2 of the number (its price and its default language). */
    country: text('country').notNull(),
    /** The merchant's labels, normalised and once each (domain/contact-tags.ts). */
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    utilityStatus: text('utility_status').$type<ConsentStatus>().notNull().default('not_subscribed'),
    utilitySource: text('utility_source').$type<ConsentSource>(),
    utilityAt: timestamp('utility_at', { withTimezone: true }),
    marketingStatus: text('marketing_status').$type<ConsentStatus>().notNull().default('not_subscribed'),
    marketingSource: text('marketing_source').$type<ConsentSource>(),
    marketingAt: timestamp('marketing_at', { withTimezone: true }),
    search: tsvector('search').notNull().generatedAlwaysAs(contactSearchDocument),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('contacts_uid_phone').on(table.uid, table.phone),
    // The list, newest first (read backwards), a page at a time; the export's pages.
    index('contacts_uid_created').on(table.uid, table.createdAt, table.id),
    index('contacts_search').using('gin', table.search),
    // The list filtered by a tag (`@>`) and an audience's tags rule (`&&`).
    index('contacts_tags').using('gin', table.tags),
    check('contacts_phone_e164', sql`${table.phone} ~ '^\\+[1-9][0-9]{6,14}$'`),
    check('contacts_country_code', sql`${table.country} ~ '^[A-Z]{2}$'`),
    check('contacts_language_known', sql`${table.language} in (${sqlList(locales)})`),
    check('contacts_utility_status_known', sql`${table.utilityStatus} in (${sqlList(consentStatuses)})`),
    check('contacts_utility_source_known', sql`${table.utilitySource} in (${sqlList(consentSources)})`),
    check(
      'contacts_utility_consent',
      purposeConsentKnown(sql`${table.utilityStatus}`, sql`${table.utilitySource}`, sql`${table.utilityAt}`),
    ),
    check('contacts_marketing_status_known', sql`${table.marketingStatus} in (${sqlList(consentStatuses)})`),
    check('contacts_marketing_source_known', sql`${table.marketingSource} in (${sqlList(consentSources)})`),
    check(
      'contacts_marketing_consent',
      purposeConsentKnown(sql`${table.marketingStatus}`, sql`${table.marketingSource}`, sql`${table.marketingAt}`),
    ),
  ],
);

/**
 * Every consent event recorded for a contact, one row per purpose it named, with what it did
 * (`effect`, ignored ones included: the history shows a claim that lost to the shopper's opt-out).
 * Append-only: rows are never updated; they go with their contact. `at` is when the event happened,
 * `recorded_at` when Catalyst learnt it. No foreign key on `uid`: the contact's cascade covers it.
 */
export const contactConsentEvents = pgTable(
  'contact_consent_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    contactId: uuid('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    uid: text('uid').notNull(),
    purpose: text('purpose').$type<ConsentPurpose>().notNull(),
    kind: text('kind').$type<'opt_in' | 'opt_out'>().notNull(),
    source: text('source').$type<ConsentSource>().notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    effect: text('effect').$type<ConsentEffect>().notNull(),
    note: text('note'),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // A contact's history, newest first (ids grow with each recording).
    index('contact_consent_events_contact').on(table.contactId, table.id),
    check('contact_consent_events_purpose_known', sql`${table.purpose} in (${sqlList(consentPurposes)})`),
    check('contact_consent_events_kind_known', sql`${table.kind} in ('opt_in', 'opt_out')`),
    check('contact_consent_events_source_known', sql`${table.source} in (${sqlList(consentSources)})`),
    check('contact_consent_events_effect_known', sql`${table.effect} in (${sqlList(consentEffects)})`),
  ],
);
