// The contact imports' records (./contact-import-tables.ts): one started before its batches, its
// members written in each batch's transaction, its counts set when it finishes (or the record dropped
// when it fails); the account's finished imports listed and read; and, for an audience of one import,
// whether the account has it and the contacts it named as a subquery of the audience's condition.
import { and, desc, eq, isNotNull, sql, type SQL } from 'drizzle-orm';
import { withoutBidiControls } from '@/domain/bidi-controls';
import { CONTACT_IMPORT_FILE_NAME_MAX, CONTACT_IMPORTS_LISTED, type ContactImportRecord } from '@/domain/contact-imports';
import { withoutUnstorable } from '@/domain/storable-values';
import type { Db } from '../db/database';
import { contactImportMembers, contactImports } from './contact-import-tables';

/** What a finished import did (the store's counts, by contact). */
export type ContactImportTotals = Pick<ContactImportRecord, 'rows' | 'created' | 'updated' | 'unchanged' | 'skipped' | 'contacts'>;

/** A file name as an import keeps it: storable, without bidirectional controls, trimmed, bounded. */
export const importFileName = (name: string): string =>
  withoutBidiControls(withoutUnstorable(name)).trim().slice(0, CONTACT_IMPORT_FILE_NAME_MAX) || 'contacts.csv';

/** Records an import as started; its id, for its members. */
export async function startContactImport(db: Db, uid: string, fileName: string, at: Date): Promise<string> {
  const [made] = await db
    .insert(contactImports)
    .values({ uid, fileName: importFileName(fileName), importedAt: at })
    .returning({ id: contactImports.id });
  return made!.id;
}

/** The contacts of a batch as the import's members, in the batch's transaction. */
export async function addContactImportMembers(tx: Db, importId: string, contactIds: readonly string[]): Promise<void> {
  if (contactIds.length === 0) return;
  await tx
    .insert(contactImportMembers)
    .values(contactIds.map((contactId) => ({ importId, contactId })))
    .onConflictDoNothing();
}

export async function finishContactImport(db: Db, importId: string, totals: ContactImportTotals, at: Date): Promise<void> {
  await db
    .update(contactImports)
    .set({ ...totals, finishedAt: at })
    .where(eq(contactImports.id, importId));
}

/** An import that failed part way: its record and members go (the contacts it made stay, as imported). */
export async function dropContactImport(db: Db, importId: string): Promise<void> {
  await db.delete(contactImports).where(eq(contactImports.id, importId));
}

const recordColumns = {
  id: contactImports.id,
  fileName: contactImports.fileName,
  importedAt: contactImports.importedAt,
  rows: contactImports.rows,
  created: contactImports.created,
  updated: contactImports.updated,
  unchanged: contactImports.unchanged,
  skipped: contactImports.skipped,
  contacts: contactImports.contacts,
};
const recordOf = ({ importedAt, ...row }: { importedAt: Date } & Omit<ContactImportRecord, 'importedAt'>): ContactImportRecord => ({
  ...row,
  importedAt: importedAt.toISOString(),
});

const finished = (uid: string) => and(eq(contactImports.uid, uid), isNotNull(contactImports.finishedAt));

/** The account's finished imports, newest first, CONTACT_IMPORTS_LISTED at most. */
export async function listContactImports(db: Db, uid: string): Promise<ContactImportRecord[]> {
  const rows = await db
    .select(recordColumns)
    .from(contactImports)
    .where(finished(uid))
    .orderBy(desc(contactImports.importedAt), desc(contactImports.id))
    .limit(CONTACT_IMPORTS_LISTED);
  return rows.map(recordOf);
}

/** The account's finished import of that id; null when it has none. */
export async function contactImportOf(db: Db, uid: string, id: string): Promise<ContactImportRecord | null> {
  const [row] = await db
    .select(recordColumns)
    .from(contactImports)
    .where(and(finished(uid), eq(contactImports.id, id)));
  return row ? recordOf(row) : null;
}

/** The ids of the contacts the account's finished import `importId` named (none when it is not the account's). */
export const contactImportMembersSql = (uid: string, importId: string): SQL =>
  sql`select ${contactImportMembers.contactId} from ${contactImportMembers}
    join ${contactImports} on ${contactImports.id} = ${contactImportMembers.importId}
    where ${contactImportMembers.importId} = ${importId} and ${contactImports.uid} = ${uid} and ${contactImports.finishedAt} is not null`;
