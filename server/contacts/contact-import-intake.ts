// A contact import, from the multipart request to the counts: one CSV file (held in memory: at most
// CONTACT_IMPORT_MAX_BYTES, past which the part is cut and refused) and the merchant's statement
// about it as form fields (contactImportOptionsSchema), read in either order; the file decoded as a
// spreadsheet wrote it, parsed (parseContactCsv) and applied by the store, recorded under the file's
// name (a list of the contacts it named). Each refusal is a typed value the route answers.
import type { Multipart } from '@fastify/multipart';
import type { MessageDescriptor } from '@lingui/core';
import type { FastifyRequest } from 'fastify';
import {
  contactImportOptionsSchema,
  decodeCsvBytes,
  parseContactCsv,
  type ContactCsvImport,
  type ContactCsvRefusal,
} from '@/domain/contact-csv';
import { isMalformedMultipart } from '../knowledge/upload-part-checks';
import type { ContactImportCounts, ContactStore } from './contact-store';

/** Why an import was refused; the route answers each with its status and code. */
export type ContactImportRefusal =
  | { reason: 'not_multipart' }
  | { reason: 'malformed_multipart' }
  | { reason: 'no_file' }
  | { reason: 'unsupported_type' }
  | { reason: 'too_large' }
  | { reason: 'empty_file' }
  | { reason: 'too_many_files' }
  | { reason: 'too_many_fields' }
  /** The form's fields, by name: each field's message id (or 'Unknown field'). */
  | { reason: 'invalid_options'; fields: Record<string, string> }
  /** The file as a whole (parseContactCsv's refusal), with the row it stopped at. */
  | {
      reason: 'csv';
      refusal: Exclude<ContactCsvRefusal, 'too_large' | 'consent_date_in_future'>;
      message: MessageDescriptor;
      row: number | null;
    };

export type ContactImportOutcome =
  { ok: true; counts: ContactImportCounts; parsed: Extract<ContactCsvImport, { ok: true }> } | { ok: false; refusal: ContactImportRefusal };

/** The request as the intake reads it: multipart or not, and its parts. */
export type ContactImportRequest = Pick<FastifyRequest, 'isMultipart' | 'parts'>;

/** What a spreadsheet saves a CSV as: `.csv`, or `.txt` / `.tsv` for tab-separated text. */
const CSV_NAME = /\.(csv|txt|tsv)$/i;

const refused = (refusal: ContactImportRefusal): ContactImportOutcome => ({ ok: false, refusal });

/** A list field's values, repeated or separated by `separators`, blanks dropped. */
const listOf = (values: readonly string[], separators: RegExp) =>
  values
    .flatMap((value) => value.split(separators))
    .map((value) => value.trim())
    .filter((value) => value !== '');

/**
 * The form's fields as the options schema reads them: `purposes` repeated or comma-separated, `tags`
 * repeated or separated by commas or semicolons, an empty optional field absent.
 */
function optionsInput(fields: Map<string, string[]>): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  for (const [name, values] of fields) {
    if (name === 'purposes') {
      input.purposes = listOf(values, /,/);
    } else if (name === 'tags') {
      input.tags = listOf(values, /[,;]/);
    } else if (values.length > 1) {
      input[name] = values;
    } else if (values[0] !== '' || name === 'defaultCountry') {
      input[name] = values[0];
    }
  }
  return input;
}

/** The form's refusal by field, as the API's validation errors name them. */
function fieldsOf(issues: readonly { path: readonly PropertyKey[]; code: string; message: string; keys?: readonly string[] }[]) {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    if (issue.code === 'unrecognized_keys' && issue.keys) {
      for (const key of issue.keys) fields[key] = 'Unknown field';
    } else {
      fields[issue.path.map(String).join('.') || 'request'] ??= issue.message;
    }
  }
  return fields;
}

const multipartCode = (error: unknown) => (error as { code?: unknown }).code;

export function contactImportIntake({ store, now = () => new Date() }: { store: ContactStore; now?: () => Date }) {
  return {
    /** Reads the request's file and fields and imports the file into the caller's contacts (the account exists first). */
    async receive(request: ContactImportRequest, uid: string): Promise<ContactImportOutcome> {
      if (!request.isMultipart()) return refused({ reason: 'not_multipart' });
      const fields = new Map<string, string[]>();
      let file: Buffer | null = null;
      let fileName = '';
      let refusal: ContactImportRefusal | null = null;
      try {
        for await (const part of request.parts() as AsyncIterableIterator<Multipart>) {
          if (part.type === 'field') {
            if (part.valueTruncated) refusal ??= { reason: 'invalid_options', fields: { [part.fieldname]: 'Too long' } };
            fields.set(part.fieldname, [...(fields.get(part.fieldname) ?? []), String(part.value)]);
            continue;
          }
          // Every part is read to its end, refused or not: the request is answered once it has arrived.
          const bytes = await part.toBuffer().catch((error: unknown) => {
            if (multipartCode(error) === 'FST_REQ_FILE_TOO_LARGE') return null;
            throw error;
          });
          if (file !== null) refusal ??= { reason: 'too_many_files' };
          else if (bytes === null || part.file.truncated) refusal ??= { reason: 'too_large' };
          else if (!CSV_NAME.test(part.filename)) refusal ??= { reason: 'unsupported_type' };
          else {
            file = bytes;
            fileName = part.filename;
          }
        }
      } catch (error) {
        const code = multipartCode(error);
        if (code === 'FST_FILES_LIMIT') return refused({ reason: 'too_many_files' });
        if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') return refused({ reason: 'too_many_fields' });
        if (isMalformedMultipart(error)) return refused({ reason: 'malformed_multipart' });
        throw error;
      }
      if (refusal) return refused(refusal);
      if (file === null) return refused({ reason: 'no_file' });
      if (file.length === 0) return refused({ reason: 'empty_file' });

      const options = contactImportOptionsSchema.safeParse(optionsInput(fields));
      if (!options.success) return refused({ reason: 'invalid_options', fields: fieldsOf(options.error.issues) });
      const parsed = parseContactCsv(decodeCsvBytes(file), options.data, now());
      if (!parsed.ok) {
        if (parsed.refusal === 'too_large') return refused({ reason: 'too_large' });
        if (parsed.refusal === 'consent_date_in_future') {
          return refused({ reason: 'invalid_options', fields: { consentedAt: parsed.message.id } });
        }
        return refused({ reason: 'csv', refusal: parsed.refusal, message: parsed.message, row: parsed.row });
      }
      return { ok: true, counts: await store.importContacts(uid, parsed, { fileName }), parsed };
    },
  };
}

export type ContactImportIntake = ReturnType<typeof contactImportIntake>;
