// Contacts in the database: the shoppers an account knows by number, with the merchant's tags on them
// and their consent per purpose and its history. Every query is keyed by the caller's uid, so another account's id finds nothing
// (the routes answer 404). Consent only ever changes through applyConsentEvent (domain/contact.ts:
// the shopper's own opt-out wins over every claim), with the contact's row locked and each event's
// history rows written in the same transaction (./contact-queries.ts). Imports apply a parsed CSV
// (domain/contact-csv.ts) in batches, one transaction each, and record the import with the contacts
// it named (./contact-import-queries.ts: a static list an audience may choose); exports read pages
// for a streamed CSV.
// The WhatsApp side records opt-outs and opt-ins by number; the sender reads consent by number.
import { and, arrayContains, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { createHash } from 'node:crypto';
import type { ContactCsvImport, ContactDraft } from '@/domain/contact-csv';
import {
  consentChangeEvents,
  CONTACTS_PAGE_SIZE,
  noConsent,
  type ConsentEvent,
  type ConsentPurpose,
  type Contact,
  type ContactConsentChange,
  type ContactDetail,
  type ContactList,
  type ContactListQuery,
  type OptInSource,
  type OptOutSource,
  type UpdateContact,
} from '@/domain/contact';
import { type CreateContact } from '@/domain/contact-phone';
import { CONTACT_TAGS_MAX, mergedTags, type ContactTagCountList } from '@/domain/contact-tags';
import type { Locale } from '@/domain/locales';
import type { Db } from '../db/database';
import {
  consentByPhone,
  historyRows,
  planConsentEvents,
  recordConsentByPhone,
  recordConsentOfNewNumber,
  withoutRecorded,
  writeConsentEvents,
  type ConsentRecording,
  type ContactConsentView,
} from './contact-queries';
import {
  addContactImportMembers,
  contactImportOf,
  dropContactImport,
  finishContactImport,
  listContactImports,
  startContactImport,
} from './contact-import-queries';
import { consentColumns, consentOfRow, contactColumns, contactView, historyEntryView, type ContactRow } from './contact-rows';
import { contactConsentEvents, contacts } from './contact-tables';

/** Why a change was refused; the routes turn each into its HTTP answer. */
export class ContactRefusal extends Error {
  constructor(
    readonly reason: 'not_found' | 'contact_exists',
    /** contact_exists: the contact that has the number already (the caller's). */
    readonly contactId: string | null = null,
  ) {
    super(reason);
  }
}

/** The newest history entries a contact is read with. */
export const CONTACT_HISTORY_LIMIT = 100;
/** Contacts one import transaction writes. */
export const CONTACT_IMPORT_BATCH = 500;
/** Contacts one export page reads. */
export const CONTACT_EXPORT_PAGE = 1000;

/** Who changes consent through the API: the merchant's screen (`merchant`), or `api`. */
export type ClaimSource = 'merchant' | 'api';

/** What an import did, by contact (a number), besides the rows it could not take. */
export type ContactImportCounts = {
  /** Contact rows the file held (blank lines and the header aside). */
  rows: number;
  created: number;
  /** Contacts that were there, whose name or consent the file changed. */
  updated: number;
  /** Contacts that were there, left as they were. */
  unchanged: number;
  /** Rows that repeated an earlier row's number (merged into its contact). */
  duplicates: number;
  /** Rows not imported (see the parse's issues). */
  issues: number;
  /** Contacts whose consent kept a state the file's opt-in could not override (the shopper's own opt-out, a later opt-out). */
  consentIgnored: number;
  /** The import's record (the contacts it named, as a list); null when the file named none. */
  importId: string | null;
};

/** The list's and the export's filters. */
export type ContactFilter = Pick<ContactListQuery, 'q' | 'purpose' | 'status' | 'tag'>;

/** The account's tags GET /contacts/tags lists at most (the most used). */
export const CONTACT_TAGS_LISTED = 500;

export type ContactStoreOptions = {
  /** The clock of API changes (their consent events are dated now) and of every recording. */
  now?: () => Date;
};

const statusColumns = { utility: contacts.utilityStatus, marketing: contacts.marketingStatus } as const;

/** The account's lexeme in the search document (contact-tables.ts). */
const accountLexeme = (uid: string) => `'uid:${createHash('md5').update(uid, 'utf8').digest('hex')}'`;

/**
 * The search: digits (with the signs numbers are written with) find numbers holding them anywhere;
 * anything else finds names holding words that start with each word typed, accents aside, through
 * the GIN index of the account's names.
 */
function searchCondition(uid: string, q: string): SQL | undefined {
  if (q === '') return undefined;
  if (/\d/.test(q) && /^[\d\s+().-]+$/.test(q)) return sql`${contacts.phone} like ${`%${q.replace(/\D/g, '')}%`}`;
  const words = q.split(/[^\p{L}\p{N}]+/u).filter((word) => word !== '');
  if (words.length === 0) return sql`false`;
  // Words of letters and digits only: nothing in them is tsquery syntax.
  const query = words.map((word) => `'${word}':*`).join(' & ');
  return sql`${contacts.search} @@ (to_tsquery('simple', fold_accents(${query})) && ${accountLexeme(uid)}::tsquery)`;
}

function filterCondition(uid: string, { q, purpose, status, tag }: ContactFilter): SQL {
  const byStatus =
    status === undefined
      ? undefined
      : purpose !== undefined
        ? eq(statusColumns[purpose], status)
        : or(eq(contacts.utilityStatus, status), eq(contacts.marketingStatus, status));
  const byTag = tag === undefined ? undefined : arrayContains(contacts.tags, [tag]);
  return and(eq(contacts.uid, uid), searchCondition(uid, q), byStatus, byTag)!;
}

const newestFirst = [desc(contacts.createdAt), desc(contacts.id)];

/** A contact as an import found it, and what the file changes. */
type ImportUpdate = { row: ContactRow; name: string | null; tags: string[]; consent: ReturnType<typeof planConsentEvents>['consent'] };

const sameTags = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((tag, index) => tag === b[index]);

export function contactStore(db: Db, { now = () => new Date() }: ContactStoreOptions = {}) {
  const mine = (uid: string, id: string) => and(eq(contacts.uid, uid), eq(contacts.id, id));

  async function history(uid: string, id: string) {
    const rows = await db
      .select()
      .from(contactConsentEvents)
      .where(and(eq(contactConsentEvents.uid, uid), eq(contactConsentEvents.contactId, id)))
      .orderBy(desc(contactConsentEvents.id))
      .limit(CONTACT_HISTORY_LIMIT);
    return rows.map(historyEntryView);
  }

  async function detail(uid: string, id: string): Promise<ContactDetail | null> {
    const [row] = await db.select(contactColumns).from(contacts).where(mine(uid, id));
    return row ? { ...contactView(row), history: await history(uid, id) } : null;
  }

  /** A consent event by number: a new number's contact made with it in one statement, else under the contact's lock. */
  async function recordByPhone(
    uid: string,
    phone: string,
    event: ConsentEvent,
    options: { note?: string | null; language?: Locale } = {},
  ): Promise<ConsentRecording | null> {
    const at = now();
    return (
      (await recordConsentOfNewNumber(db, uid, phone, event, { ...options, now: at })) ??
      db.transaction((tx) => recordConsentByPhone(tx, uid, phone, event, { ...options, now: at }))
    );
  }

  async function found(uid: string, id: string): Promise<ContactDetail> {
    const contact = await detail(uid, id);
    if (!contact) throw new ContactRefusal('not_found');
    return contact;
  }

  /**
   * One import batch, in one transaction: new numbers made with the file's consent, known ones
   * updated, and every one of them a member of the import `importId`.
   */
  async function importBatch(
    uid: string,
    importId: string,
    drafts: readonly ContactDraft[],
    events: readonly ConsentEvent[],
    note: string | null,
  ): Promise<Pick<ContactImportCounts, 'created' | 'updated' | 'unchanged' | 'consentIgnored'>> {
    return db.transaction(async (tx) => {
      const at = now();
      const fresh = planConsentEvents(noConsent, events, note);
      const inserted = await tx
        .insert(contacts)
        .values(
          drafts.map((draft) => ({
            uid,
            phone: draft.phone,
            name: draft.name,
            language: draft.language,
            country: draft.country,
            tags: draft.tags,
            ...consentColumns(fresh.consent),
            createdAt: at,
            updatedAt: at,
          })),
        )
        .onConflictDoNothing({ target: [contacts.uid, contacts.phone] })
        .returning({ id: contacts.id, phone: contacts.phone });
      const history = inserted.flatMap((contact) => historyRows({ id: contact.id, uid }, fresh.records, at));

      const made = new Set(inserted.map((contact) => contact.phone));
      const known = new Map(drafts.filter((draft) => !made.has(draft.phone)).map((draft) => [draft.phone, draft]));
      const updates: ImportUpdate[] = [];
      let unchanged = 0;
      let consentIgnored = 0;
      let rows: ContactRow[] = [];
      if (known.size > 0) {
        rows = await tx
          .select(contactColumns)
          .from(contacts)
          .where(and(eq(contacts.uid, uid), inArray(contacts.phone, [...known.keys()])))
          .orderBy(contacts.phone)
          .for('update');
        const planned = await withoutRecorded(
          tx,
          rows.map((row) => ({ contactId: row.id, row, ...planConsentEvents(consentOfRow(row), events, note) })),
        );
        for (const { row, records, effects, changed, consent } of planned) {
          // The file's name replaces the one kept; its language does not (a file without a language
          // column gives every row the default one, which would overwrite the merchant's choice).
          // Its tags are added to the contact's, while there is room.
          const draft = known.get(row.phone)!;
          const name = draft.name ?? row.name;
          const tags = mergedTags(row.tags, draft.tags).slice(0, CONTACT_TAGS_MAX);
          history.push(...historyRows(row, records, at));
          if (Object.values(effects).some((effect) => effect.startsWith('ignored'))) consentIgnored++;
          if (changed || name !== row.name || !sameTags(tags, row.tags)) updates.push({ row, name, tags, consent });
          else unchanged++;
        }
      }
      if (updates.length > 0) await tx.execute(updateStatement(uid, updates, at));
      if (history.length > 0) await tx.insert(contactConsentEvents).values(history);
      await addContactImportMembers(tx, importId, [...inserted.map((contact) => contact.id), ...rows.map((row) => row.id)]);
      return { created: inserted.length, updated: updates.length, unchanged, consentIgnored };
    });
  }

  return {
    /** The store's clock: the routes date an import's check and an export's name by it too. */
    now,

    /** The caller's contacts matching the query, newest first, a page of CONTACTS_PAGE_SIZE, and how many match. */
    async list(uid: string, query: ContactListQuery): Promise<ContactList> {
      const where = filterCondition(uid, query);
      const [rows, [total]] = await Promise.all([
        db
          .select(contactColumns)
          .from(contacts)
          .where(where)
          .orderBy(...newestFirst)
          .limit(CONTACTS_PAGE_SIZE)
          .offset((query.page - 1) * CONTACTS_PAGE_SIZE),
        db
          .select({ count: sql<number>`count(*)`.mapWith(Number) })
          .from(contacts)
          .where(where),
      ]);
      return { contacts: rows.map(contactView), total: total?.count ?? 0, page: query.page, pageSize: CONTACTS_PAGE_SIZE };
    },

    /** The caller's contact with its newest CONTACT_HISTORY_LIMIT consent events, newest first; null when it is not theirs. */
    get: detail,

    /**
     * Adds a contact (the account exists first), with opt-ins for the purposes the merchant says the
     * shopper agreed to, dated now. Refused (`contact_exists`, naming it) when the number is a
     * contact already.
     */
    async create(
      uid: string,
      input: Omit<CreateContact, 'tags'> & { tags?: string[] },
      source: ClaimSource = 'merchant',
    ): Promise<ContactDetail> {
      const id = await db.transaction(async (tx) => {
        const at = now();
        const [row] = await tx
          .insert(contacts)
          .values({
            uid,
            phone: input.phone,
            name: input.name,
            language: input.language,
            country: input.country,
            tags: input.tags ?? [],
            createdAt: at,
            updatedAt: at,
          })
          .onConflictDoNothing({ target: [contacts.uid, contacts.phone] })
          .returning(contactColumns);
        if (!row) {
          const [existing] = await tx
            .select({ id: contacts.id })
            .from(contacts)
            .where(and(eq(contacts.uid, uid), eq(contacts.phone, input.phone)));
          throw new ContactRefusal('contact_exists', existing?.id ?? null);
        }
        const events = input.optIn.map((purpose): ConsentEvent => ({ kind: 'opt_in', purpose, source, at: at.toISOString() }));
        await writeConsentEvents(tx, row, events, { note: input.note, now: at });
        return row.id;
      });
      return found(uid, id);
    },

    /** A new name (null clears it), language or set of tags; the number never changes. */
    async update(uid: string, id: string, change: UpdateContact): Promise<Contact> {
      const set = {
        ...(change.name !== undefined ? { name: change.name } : {}),
        ...(change.language !== undefined ? { language: change.language } : {}),
        ...(change.tags !== undefined ? { tags: change.tags } : {}),
      };
      const [row] =
        Object.keys(set).length === 0
          ? await db.select(contactColumns).from(contacts).where(mine(uid, id))
          : await db
              .update(contacts)
              .set({ ...set, updatedAt: now() })
              .where(mine(uid, id))
              .returning(contactColumns);
      if (!row) throw new ContactRefusal('not_found');
      return contactView(row);
    },

    /**
     * The merchant (or an API caller) opts the contact in or out, dated now, with a note. Their
     * opt-in never undoes the shopper's own opt-out: the history records it as ignored.
     */
    async changeConsent(uid: string, id: string, change: ContactConsentChange, source: ClaimSource = 'merchant'): Promise<ContactDetail> {
      await db.transaction(async (tx) => {
        const [row] = await tx.select(contactColumns).from(contacts).where(mine(uid, id)).for('update');
        if (!row) throw new ContactRefusal('not_found');
        const at = now();
        await writeConsentEvents(tx, row, consentChangeEvents(change, source, at.toISOString()), { note: change.note ?? null, now: at });
      });
      return found(uid, id);
    },

    /**
     * Applies a parsed file (parseContactCsv): each number made a contact or, when it is one, given
     * the file's name and tags, and every contact given the file's opt-ins through applyConsentEvent
     * (the shopper's own opt-out stays). In batches of CONTACT_IMPORT_BATCH, each its own transaction:
     * a failure leaves the batches before it imported, and importing the file again finishes it.
     * Recorded as an import of `fileName` whose members are the contacts the file named, frozen now;
     * a failure drops that record (the next import of the file makes a whole one).
     */
    async importContacts(
      uid: string,
      parsed: Extract<ContactCsvImport, { ok: true }>,
      { fileName = 'contacts.csv' }: { fileName?: string } = {},
    ): Promise<ContactImportCounts> {
      const counts: ContactImportCounts = {
        rows: parsed.rowCount,
        created: 0,
        updated: 0,
        unchanged: 0,
        duplicates: parsed.duplicates.length,
        issues: new Set(parsed.issues.map((issue) => issue.row)).size,
        consentIgnored: 0,
        importId: null,
      };
      // In number order: two imports of one account lock the same contacts in the same order.
      const drafts = [...parsed.contacts].sort((a, b) => (a.phone < b.phone ? -1 : a.phone > b.phone ? 1 : 0));
      if (drafts.length === 0) return counts;
      const importId = await startContactImport(db, uid, fileName, now());
      try {
        for (let start = 0; start < drafts.length; start += CONTACT_IMPORT_BATCH) {
          const batch = await importBatch(
            uid,
            importId,
            drafts.slice(start, start + CONTACT_IMPORT_BATCH),
            parsed.consentEvents,
            parsed.consentNote,
          );
          counts.created += batch.created;
          counts.updated += batch.updated;
          counts.unchanged += batch.unchanged;
          counts.consentIgnored += batch.consentIgnored;
        }
      } catch (error) {
        await dropContactImport(db, importId).catch(() => undefined);
        throw error;
      }
      const { rows, created, updated, unchanged, issues: skipped } = counts;
      await finishContactImport(db, importId, { rows, created, updated, unchanged, skipped, contacts: drafts.length }, now());
      return { ...counts, importId };
    },

    /** The caller's finished imports, newest first (each a list an audience may choose). */
    imports: (uid: string) => listContactImports(db, uid),

    /** The caller's finished import of that id; null when it is not theirs (or not finished). */
    importOf: (uid: string, id: string) => contactImportOf(db, uid, id),

    /** The caller's tags, each with how many contacts have it: the most used first (then by name), CONTACT_TAGS_LISTED at most. */
    async tags(uid: string): Promise<ContactTagCountList> {
      const rows = await db.execute<{ tag: string; contacts: number }>(sql`select tag, count(*)::int as contacts
        from ${contacts}, unnest(${contacts.tags}) as tag
        where ${contacts.uid} = ${uid}
        group by tag order by count(*) desc, tag limit ${CONTACT_TAGS_LISTED}`);
      return { tags: (rows as unknown as { rows: { tag: string; contacts: number }[] }).rows };
    },

    /** The caller's contacts matching `filter`, newest first, in pages of `pageSize` (for a streamed export). */
    async *exportPages(uid: string, filter: ContactFilter, pageSize = CONTACT_EXPORT_PAGE): AsyncGenerator<Contact[]> {
      let after: { at: string; id: string } | null = null;
      for (;;) {
        const rows: (ContactRow & { cursorAt: string })[] = await db
          .select({ ...contactColumns, cursorAt: sql<string>`${contacts.createdAt}::text` })
          .from(contacts)
          .where(
            and(
              filterCondition(uid, filter),
              after ? sql`(${contacts.createdAt}, ${contacts.id}) < (${after.at}::timestamptz, ${after.id}::uuid)` : undefined,
            ),
          )
          .orderBy(...newestFirst)
          .limit(pageSize);
        if (rows.length === 0) return;
        yield rows.map(contactView);
        if (rows.length < pageSize) return;
        const last = rows[rows.length - 1]!;
        after = { at: last.cursorAt, id: last.id };
      }
    },

    /**
     * The shopper opted out (a stop word, Meta's preferences or error 131050, their conversation):
     * recorded at once for `purpose` (by default every purpose for a stop word or the conversation,
     * marketing for Meta's; the webhook names marketing for a stop word or the 'Stop promotions'
     * button, ../channels/conversation-consent.ts), the contact made when the number is none yet so
     * no later claim subscribes it. Null when the number is not valid, or is no contact and the source makes none.
     */
    recordOptOut(
      uid: string,
      phone: string,
      source: OptOutSource,
      at: string,
      options: { purpose?: ConsentPurpose | 'all'; note?: string | null; language?: Locale } = {},
    ): Promise<ConsentRecording | null> {
      const purpose = options.purpose ?? (source === 'meta_user_preferences' || source === 'meta_error_131050' ? 'marketing' : 'all');
      return recordByPhone(uid, phone, { kind: 'opt_out', purpose, source, at }, options);
    },

    /**
     * The shopper opted in to `purpose` (the conversation's button, the cart page's checkbox), the
     * contact made when the number is none yet; a claim (merchant, API, import) by number changes
     * only a contact there is. Null when nothing was recorded.
     */
    recordOptIn(
      uid: string,
      phone: string,
      purpose: ConsentPurpose,
      source: OptInSource,
      at: string,
      options: { note?: string | null; language?: Locale } = {},
    ): Promise<ConsentRecording | null> {
      return recordByPhone(uid, phone, { kind: 'opt_in', purpose, source, at }, options);
    },

    /** Meta's `user_preferences` resume for marketing: the shopper's own opt-in. */
    recordMarketingResume(uid: string, phone: string, at: string): Promise<ConsentRecording | null> {
      return recordByPhone(uid, phone, { kind: 'marketing_resume', at });
    },

    /** The caller's contacts among `phones` (E.164), by number, for the sender: absent numbers have no consent. */
    consentOf(uid: string, phones: readonly string[]): Promise<Map<string, ContactConsentView>> {
      return consentByPhone(db, uid, phones);
    },
  };
}

export type ContactStore = ReturnType<typeof contactStore>;

const iso = (date: Date | null) => (date === null ? null : date.toISOString());

/** A text[] of `values` (each its own parameter). */
const textArray = (values: readonly string[]): SQL =>
  values.length === 0
    ? sql`'{}'::text[]`
    : sql`array[${sql.join(
        values.map((value) => sql`${value}`),
        sql`, `,
      )}]::text[]`;

/** One statement updating an import batch's contacts (names, tags and consent) from a VALUES list. */
function updateStatement(uid: string, updates: readonly ImportUpdate[], at: Date): SQL {
  const values = sql.join(
    updates.map(({ row, name, tags, consent }) => {
      const columns = consentColumns(consent);
      return sql`(${row.id}::uuid, ${name}::text, ${textArray(tags)}, ${columns.utilityStatus}::text, ${columns.utilitySource}::text, ${iso(columns.utilityAt)}::timestamptz, ${columns.marketingStatus}::text, ${columns.marketingSource}::text, ${iso(columns.marketingAt)}::timestamptz)`;
    }),
    sql`, `,
  );
  return sql`update ${contacts} set
      "name" = v.name, "tags" = v.tags,
      "utility_status" = v.utility_status, "utility_source" = v.utility_source, "utility_at" = v.utility_at,
      "marketing_status" = v.marketing_status, "marketing_source" = v.marketing_source, "marketing_at" = v.marketing_at,
      "updated_at" = ${at.toISOString()}::timestamptz
    from (values ${values}) as v(id, name, tags, utility_status, utility_source, utility_at, marketing_status, marketing_source, marketing_at)
    where ${contacts.id} = v.id and ${contacts.uid} = ${uid}`;
}
