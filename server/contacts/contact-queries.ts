// What other areas ask of the contacts' tables inside their own transaction or statement: the
// sender's consent check (a scalar for its claim, or the contacts of a list of numbers), and a
// consent event recorded by number (Meta's error 131050 unsubscribes in the sender's transaction).
// The store (./contact-store.ts) writes consent through the same functions. Other areas never import
// contact-tables.ts (scripts/lint-area-tables.js).
import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql, type Placeholder, type SQL, type SQLWrapper } from 'drizzle-orm';
import {
  applyConsentEvent,
  consentHistoryRecords,
  consentPurposes,
  isShopperVoice,
  languageForCountry,
  type ConsentEffect,
  type ConsentEvent,
  type ConsentHistoryRecord,
  type ConsentPurpose,
  type ConsentSource,
  type ConsentStatus,
  type Contact,
  type ContactConsent,
  type PurposeConsent,
  noConsent,
} from '@/domain/contact';
import { readContactPhone } from '@/domain/contact-phone';
import type { Locale } from '@/domain/locales';
import type { Db } from '../db/database';
import { consentColumns, consentOfRow, contactColumns, contactView, type ContactRow } from './contact-rows';
import { contactConsentEvents, contacts } from './contact-tables';

/** A value of the caller's statement: a column, an expression or a prepared statement's placeholder. */
type Operand = SQLWrapper | Placeholder;

/** What a list of events does to a contact's consent, before anything is written. */
export type ConsentPlan = {
  consent: ContactConsent;
  /** The history rows to record: one per purpose each event named, replays left out. */
  records: ConsentHistoryRecord[];
  /** What the events did to each purpose they named (the last event's, when two named the same). */
  effects: Partial<Record<ConsentPurpose, ConsentEffect>>;
  /** Whether the consent differs from the one the events started from. */
  changed: boolean;
};

const samePurposeConsent = (a: PurposeConsent, b: PurposeConsent) =>
  a.status === b.status &&
  a.source === b.source &&
  (a.at === b.at || (a.at !== null && b.at !== null && Date.parse(a.at) === Date.parse(b.at)));

/**
 * An event that changes nothing and repeats what set the purpose (same source, same time): a
 * webhook's redelivery, the same file imported again. It leaves no history row.
 */
const isReplay = (current: PurposeConsent, record: ConsentHistoryRecord) =>
  record.effect === 'unchanged' &&
  current.source === record.source &&
  current.at !== null &&
  Date.parse(current.at) === Date.parse(record.at);

/** Applies `events` in order to `consent` with applyConsentEvent (domain/contact.ts holds the rules, opt-out winning among them). */
export function planConsentEvents(consent: ContactConsent, events: readonly ConsentEvent[], note: string | null = null): ConsentPlan {
  let current = consent;
  const records: ConsentHistoryRecord[] = [];
  const effects: Partial<Record<ConsentPurpose, ConsentEffect>> = {};
  for (const event of events) {
    const change = applyConsentEvent(current, event);
    const before = current;
    records.push(...consentHistoryRecords(event, change, note).filter((record) => !isReplay(before[record.purpose], record)));
    Object.assign(effects, change.effects);
    current = change.consent;
  }
  const changed = consentPurposes.some((purpose) => !samePurposeConsent(consent[purpose], current[purpose]));
  return { consent: current, records, effects, changed };
}

const recordKey = (contactId: string, record: Pick<ConsentHistoryRecord, 'purpose' | 'kind' | 'source' | 'at' | 'effect'>) =>
  [contactId, record.purpose, record.kind, record.source, Date.parse(record.at), record.effect].join(' ');

/**
 * The planned records without those the contacts' history holds already, the same in everything
 * but when they were recorded: the same file imported again, a webhook delivered twice, record no
 * second row of a claim their opt-out ignored.
 */
export async function withoutRecorded<Planned extends { contactId: string; records: ConsentHistoryRecord[] }>(
  tx: Db,
  planned: readonly Planned[],
): Promise<Planned[]> {
  const contactIds = [...new Set(planned.filter((plan) => plan.records.length > 0).map((plan) => plan.contactId))];
  if (contactIds.length === 0) return [...planned];
  const times = [...new Set(planned.flatMap((plan) => plan.records.map((record) => Date.parse(record.at))))].map((time) => new Date(time));
  const recorded = await tx
    .select({
      contactId: contactConsentEvents.contactId,
      purpose: contactConsentEvents.purpose,
      kind: contactConsentEvents.kind,
      source: contactConsentEvents.source,
      at: contactConsentEvents.at,
      effect: contactConsentEvents.effect,
    })
    .from(contactConsentEvents)
    .where(and(inArray(contactConsentEvents.contactId, contactIds), inArray(contactConsentEvents.at, times)));
  const seen = new Set(recorded.map((row) => recordKey(row.contactId, { ...row, at: row.at.toISOString() })));
  return planned.map((plan) => ({ ...plan, records: plan.records.filter((record) => !seen.has(recordKey(plan.contactId, record))) }));
}

/** The history rows of a plan, for one contact. */
export const historyRows = (contact: { id: string; uid: string }, records: readonly ConsentHistoryRecord[], recordedAt: Date) =>
  records.map((record) => ({
    contactId: contact.id,
    uid: contact.uid,
    purpose: record.purpose,
    kind: record.kind,
    source: record.source,
    at: new Date(record.at),
    effect: record.effect,
    note: record.note,
    recordedAt,
  }));

/**
 * Applies `events` to a contact the caller's transaction has locked (`row`, as read under the lock):
 * writes the consent that results and its history rows. The contact as it is now, and the plan.
 */
export async function writeConsentEvents(
  tx: Db,
  row: ContactRow,
  events: readonly ConsentEvent[],
  { note = null, now }: { note?: string | null; now: Date },
): Promise<{ row: ContactRow; plan: ConsentPlan }> {
  const planned = planConsentEvents(consentOfRow(row), events, note);
  const [kept] = await withoutRecorded(tx, [{ contactId: row.id, records: planned.records }]);
  const plan = { ...planned, records: kept!.records };
  if (plan.records.length > 0) await tx.insert(contactConsentEvents).values(historyRows(row, plan.records, now));
  if (!plan.changed) return { row, plan };
  const [written] = await tx
    .update(contacts)
    .set({ ...consentColumns(plan.consent), updatedAt: now })
    .where(and(eq(contacts.uid, row.uid), eq(contacts.id, row.id)))
    .returning(contactColumns);
  return { row: written!, plan };
}

/** What recording an event by number did: the contact as it is now, whether this made it, and the event's effects. */
export type ConsentRecording = {
  contact: Contact;
  created: boolean;
  effects: Partial<Record<ConsentPurpose, ConsentEffect>>;
};

/**
 * Whether an event of this source makes the contact when the number is not one yet: the shopper
 * acted (their conversation, a stop word, Meta's preferences, their own checkbox on the cart page or
 * at the store's checkout). A merchant's, an import's or the API's claim about a number nobody added
 * changes nothing.
 */
export const createsContact = (source: ConsentSource) => isShopperVoice(source) || source === 'cart_page' || source === 'store_checkout';

const sourceOf = (event: ConsentEvent): ConsentSource => (event.kind === 'marketing_resume' ? 'meta_user_preferences' : event.source);

/** A recording's note, the language of a contact it makes (else its country's), and the time it is recorded at. */
type RecordingOptions = { note?: string | null; language?: Locale; now: Date };

/**
 * Records a consent event of the number `phone` (E.164) of the account, in the caller's
 * transaction: the contact's row locked, made first when the event's source makes contacts
 * (createsContact; its language `language`, else its country's), the event applied and its history
 * written. Null when the number is not valid, or is no contact and the source makes none.
 */
export async function recordConsentByPhone(
  tx: Db,
  uid: string,
  phone: string,
  event: ConsentEvent,
  { note = null, language, now }: RecordingOptions,
): Promise<ConsentRecording | null> {
  const reading = readContactPhone(phone);
  if (!reading.ok) return null;
  let created = false;
  if (createsContact(sourceOf(event))) {
    const inserted = await tx
      .insert(contacts)
      .values({
        uid,
        phone: reading.phone,
        country: reading.country,
        language: language ?? languageForCountry(reading.country),
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing({ target: [contacts.uid, contacts.phone] })
      .returning({ id: contacts.id });
    created = inserted.length > 0;
  }
  const [row] = await tx
    .select(contactColumns)
    .from(contacts)
    .where(and(eq(contacts.uid, uid), eq(contacts.phone, reading.phone)))
    .for('update');
  if (!row) return null;
  const written = await writeConsentEvents(tx, row, [event], { note, now });
  return { contact: contactView(written.row), created, effects: written.plan.effects };
}

/**
 * Records a consent event of a number that is no contact of the account yet, when the event's source
 * makes contacts: the contact made with the event applied, and its history, in one statement and no
 * transaction (a shopper's first checkout or message: the usual case, and the one a busy store makes
 * most). Null when the number is not valid, the source makes no contact, or the number is a contact
 * already (made a moment before, too): the caller then records it as recordConsentByPhone does.
 */
export async function recordConsentOfNewNumber(
  db: Db,
  uid: string,
  phone: string,
  event: ConsentEvent,
  { note = null, language, now }: RecordingOptions,
): Promise<ConsentRecording | null> {
  const reading = readContactPhone(phone);
  if (!reading.ok || !createsContact(sourceOf(event))) return null;
  const plan = planConsentEvents(noConsent, [event], note);
  const row: ContactRow = {
    id: randomUUID(),
    uid,
    phone: reading.phone,
    name: null,
    language: language ?? languageForCountry(reading.country),
    country: reading.country,
    tags: [],
    ...consentColumns(plan.consent),
    createdAt: now,
    updatedAt: now,
  };
  const made = db
    .insert(contacts)
    .values(row)
    .onConflictDoNothing({ target: [contacts.uid, contacts.phone] })
    .returning({ id: contacts.id });
  const records = sql.join(
    historyRows(row, plan.records, now).map(
      (record) =>
        sql`(${record.purpose}::text, ${record.kind}::text, ${record.source}::text, ${record.at.toISOString()}::timestamptz, ${record.effect}::text, ${record.note}::text)`,
    ),
    sql`, `,
  );
  const history =
    plan.records.length === 0
      ? sql``
      : sql`, history as (insert into ${contactConsentEvents} (contact_id, uid, purpose, kind, source, at, effect, note, recorded_at)
          select made.id, ${uid}, r.purpose, r.kind, r.source, r.at, r.effect, r.note, ${now.toISOString()}::timestamptz
          from made cross join (values ${records}) as r(purpose, kind, source, at, effect, note))`;
  const result = await db.execute(sql`with made as (${made.getSQL()})${history} select count(*)::int as made from made`);
  if ((result as unknown as { rows: { made: number }[] }).rows[0]?.made !== 1) return null;
  return { contact: contactView(row), created: true, effects: plan.effects };
}

/** What the sender needs of a contact: whom, in which language, priced by which country, with which consent. */
export type ContactConsentView = Pick<Contact, 'id' | 'phone' | 'language' | 'country' | 'consent'>;

const LOOKUP_CHUNK = 1000;

/** The account's contacts among `phones` (E.164), by number; a number that is no contact is absent (it has no consent). */
export async function consentByPhone(db: Db, uid: string, phones: readonly string[]): Promise<Map<string, ContactConsentView>> {
  const found = new Map<string, ContactConsentView>();
  const unique = [...new Set(phones)];
  for (let start = 0; start < unique.length; start += LOOKUP_CHUNK) {
    const rows = await db
      .select(contactColumns)
      .from(contacts)
      .where(and(eq(contacts.uid, uid), inArray(contacts.phone, unique.slice(start, start + LOOKUP_CHUNK))));
    for (const row of rows) {
      const { id, phone, language, country, consent } = contactView(row);
      found.set(phone, { id, phone, language, country, consent });
    }
  }
  return found;
}

const statusColumn = { utility: contacts.utilityStatus, marketing: contacts.marketingStatus } as const;

/** A contact's language and consent statuses, as checkout recovery decides by them (null: no contact, so no consent). */
export type ContactStatuses = { language: Locale; utility: ConsentStatus; marketing: ConsentStatus };

/**
 * The account's number as a contact (ContactStatuses as jsonb, null when it is none), a scalar for the
 * caller's statement: the recovery worker reads it with the rest of a run's facts.
 */
export const contactStatusesSql = (uid: Operand, phone: Operand): SQL<ContactStatuses | null> =>
  sql<ContactStatuses | null>`(select jsonb_build_object('language', ${contacts.language}, 'utility', ${contacts.utilityStatus},
    'marketing', ${contacts.marketingStatus}) from ${contacts} where ${contacts.uid} = ${uid} and ${contacts.phone} = ${phone})`;

/**
 * Whether the account's number is subscribed to `purpose`, as a scalar for the caller's statement
 * (false when it is no contact): the sender checks it in the statement that claims a send, so an
 * opt-out recorded a moment before is seen.
 */
export const subscribedSql = (uid: Operand, phone: Operand, purpose: ConsentPurpose): SQL<boolean> =>
  sql<boolean>`exists (select 1 from ${contacts} where ${contacts.uid} = ${uid} and ${contacts.phone} = ${phone} and ${statusColumn[purpose]} = 'subscribed')`;
