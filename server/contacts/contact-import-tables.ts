// The contact imports an account made (a CSV file each: its name, when, what it did) and the contacts
// each one named, frozen when it ran: an audience may choose "the contacts of this import" (a static
// list), which no contact added later ever joins. Members go with their import or their contact.
// After a change: `npm run db:generate`, then commit the new migration in server/db/migrations/.
import { index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { accounts } from '../accounts/account-tables';
import { contacts } from './contact-tables';

/**
 * One import of a file that named at least one contact. `finished_at` is null while its batches run
 * (and for ever when the process died meanwhile): only finished imports are listed or chosen.
 */
export const contactImports = pgTable(
  'contact_imports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    uid: text('uid')
      .notNull()
      .references(() => accounts.uid, { onDelete: 'cascade' }),
    /** The uploaded file's name, as the merchant's computer gave it (cleaned, bounded). */
    fileName: text('file_name').notNull(),
    importedAt: timestamp('imported_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    rows: integer('rows').notNull().default(0),
    created: integer('created').notNull().default(0),
    updated: integer('updated').notNull().default(0),
    unchanged: integer('unchanged').notNull().default(0),
    skipped: integer('skipped').notNull().default(0),
    /** The contacts it named (its members) when it finished. */
    contacts: integer('contacts').notNull().default(0),
  },
  (table) => [index('contact_imports_uid_imported').on(table.uid, table.importedAt)],
);

/** The contacts one import named: made, changed or already there as the file had them. */
export const contactImportMembers = pgTable(
  'contact_import_members',
  {
    importId: uuid('import_id')
      .notNull()
      .references(() => contactImports.id, { onDelete: 'cascade' }),
    contactId: uuid('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
  },
  (table) => [
    primaryKey({ columns: [table.importId, table.contactId] }),
    // A contact's removal finds its memberships.
    index('contact_import_members_contact').on(table.contactId),
  ],
);
