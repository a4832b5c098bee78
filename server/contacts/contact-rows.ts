// A contact row as the area reads it (every column but the search document) and as the API shows it,
// and its consent to and from its columns: shared by the store (./contact-store.ts) and what other
// areas compose (./contact-queries.ts).
import type { ConsentHistoryEntry, Contact, ContactConsent, PurposeConsent } from '@/domain/contact';
import { contacts, type contactConsentEvents } from './contact-tables';

/** The columns a contact is read with: all but `search`, which only the database reads. */
export const contactColumns = {
  id: contacts.id,
  uid: contacts.uid,
  phone: contacts.phone,
  name: contacts.name,
  language: contacts.language,
  country: contacts.country,
  tags: contacts.tags,
  utilityStatus: contacts.utilityStatus,
  utilitySource: contacts.utilitySource,
  utilityAt: contacts.utilityAt,
  marketingStatus: contacts.marketingStatus,
  marketingSource: contacts.marketingSource,
  marketingAt: contacts.marketingAt,
  createdAt: contacts.createdAt,
  updatedAt: contacts.updatedAt,
};

export type ContactRow = Omit<typeof contacts.$inferSelect, 'search'>;

export function consentOfRow(row: ContactRow): ContactConsent {
  return {
    utility: { status: row.utilityStatus, source: row.utilitySource, at: row.utilityAt?.toISOString() ?? null },
    marketing: { status: row.marketingStatus, source: row.marketingSource, at: row.marketingAt?.toISOString() ?? null },
  };
}

const timeOf = (consent: PurposeConsent) => (consent.at === null ? null : new Date(consent.at));

/** The consent as the row's columns. */
export function consentColumns(consent: ContactConsent) {
  return {
    utilityStatus: consent.utility.status,
    utilitySource: consent.utility.source,
    utilityAt: timeOf(consent.utility),
    marketingStatus: consent.marketing.status,
    marketingSource: consent.marketing.source,
    marketingAt: timeOf(consent.marketing),
  };
}

export function contactView(row: ContactRow): Contact {
  return {
    id: row.id,
    phone: row.phone,
    country: row.country,
    name: row.name,
    language: row.language,
    tags: row.tags,
    consent: consentOfRow(row),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function historyEntryView(row: typeof contactConsentEvents.$inferSelect): ConsentHistoryEntry {
  return {
    id: String(row.id),
    purpose: row.purpose,
    kind: row.kind,
    source: row.source,
    at: row.at.toISOString(),
    effect: row.effect,
    note: row.note,
    recordedAt: row.recordedAt.toISOString(),
  };
}
