// The contact imports an account made, as the API lists them: each a static list of the contacts its
// file named (made, changed or already there), frozen when it ran, which an audience may choose
// (domain/audience.ts's `importId`). zod/mini, without the CSV reader: the campaigns screen loads it.
import * as z from 'zod/mini';

/** The imports GET /contacts/imports lists at most, newest first. */
export const CONTACT_IMPORTS_LISTED = 100;
/** The longest file name an import keeps. */
export const CONTACT_IMPORT_FILE_NAME_MAX = 200;

/** One import: its file, when it ran, what it did, and how many contacts it named. */
export const contactImportRecordSchema = z.object({
  id: z.uuid(),
  fileName: z.string(),
  importedAt: z.string(),
  rows: z.int(),
  created: z.int(),
  updated: z.int(),
  unchanged: z.int(),
  skipped: z.int(),
  /** The contacts the file named: the list an audience of this import starts from. */
  contacts: z.int(),
});
export type ContactImportRecord = z.infer<typeof contactImportRecordSchema>;

export const contactImportListSchema = z.object({ imports: z.array(contactImportRecordSchema) });
export type ContactImportList = z.infer<typeof contactImportListSchema>;

export const contactImportIdParamsSchema = z.strictObject({ id: z.uuid() });
