// A CSV import (POST /api/v1/contacts/import): the file and the merchant's statement about it as
// multipart/form-data, sent with XMLHttpRequest for its upload progress (fetch reports none over
// HTTP/1.1), and the API's answer read as the contact-import machine takes it: the counts, or the
// failure (the statement's or the file's refusal at its field, the connection, anything else).
// `contactImportActor` is the machine's `uploadContacts` on it.
import * as z from 'zod/mini';
import { contactCsvColumns, contactCsvMessages } from '@/domain/contact-csv';
import {
  contactImportFileErrors,
  type ContactImportFailure,
  type ContactImportReport,
  type ContactImportSummary,
  type UploadContactsInput,
} from '@/machines/contact-import';
import { ApiError } from '@/src/api/api-errors';
import { fromCallback, type EventObject } from 'xstate';

/** The API's answer (server/routes/contact-routes.ts's contactImportResultSchema, which src may not import). */
export const contactImportSummarySchema = z.object({
  rows: z.int(),
  created: z.int(),
  updated: z.int(),
  unchanged: z.int(),
  duplicates: z.int(),
  skipped: z.int(),
  consentIgnored: z.int(),
  issueCount: z.int(),
  issues: z.array(z.object({ row: z.int(), column: z.nullable(z.enum(contactCsvColumns)), code: z.string(), message: z.string() })),
}) satisfies z.ZodMiniType<ContactImportSummary>;

export type ContactImportUploadOptions = {
  /** From the runtime config: `/api/v1` or an absolute URL. */
  baseUrl: string;
  /** The signed-in user's Firebase ID token (as the ApiClient sends it). */
  getIdToken: () => Promise<string | null>;
};

/** The file's refusals the API answers without naming a field: said at the file. */
const fileRefusals: Partial<Record<string, string>> = {
  too_large: contactCsvMessages.tooLarge.id,
  unsupported_type: contactImportFileErrors.type,
  empty_file: contactCsvMessages.empty.id,
  no_file: contactImportFileErrors.required,
};

/** A refusal's fields by the form's field: `tags.1` (the second tag) is said at `tags`. */
const atFormFields = (fields: Record<string, string>) => {
  const shown: Record<string, string> = {};
  for (const [field, id] of Object.entries(fields)) shown[field.split('.')[0]!] ??= id;
  return shown;
};

/** What an answer of the API means for the machine. */
export function importReportOf(status: number, bodyText: string): ContactImportReport {
  if (status === 200) {
    try {
      const summary = contactImportSummarySchema.safeParse(JSON.parse(bodyText));
      if (summary.success) return { type: 'UPLOAD_DONE', summary: summary.data };
    } catch {
      // Not JSON: a failure to retry, below.
    }
    return { type: 'UPLOAD_FAILED', failure: { kind: 'unknown' } };
  }
  const error = ApiError.fromBody(status, bodyText);
  const atFile = fileRefusals[error.code];
  const failure: ContactImportFailure =
    status >= 400 && status < 500 && error.fields && Object.keys(error.fields).length > 0
      ? { kind: 'invalid', fields: atFormFields(error.fields) }
      : atFile
        ? { kind: 'invalid', fields: { file: atFile } }
        : { kind: 'unknown' };
  return { type: 'UPLOAD_FAILED', failure };
}

/**
 * Sends the file and its fields, reporting the share of the bytes sent, then the outcome. Never
 * throws: every end is a report. The returned function aborts the request (no report follows).
 */
export function uploadContactsCsv(
  { baseUrl, getIdToken }: ContactImportUploadOptions,
  { file, fields }: UploadContactsInput & { file: File },
  report: (event: ContactImportReport) => void,
): () => void {
  const request = new XMLHttpRequest();
  let aborted = false;
  const unreachable = () => report({ type: 'UPLOAD_FAILED', failure: { kind: 'unreachable' } });
  void getIdToken().then((token) => {
    if (aborted) return;
    request.open('POST', `${baseUrl.replace(/\/+$/, '')}/contacts/import`);
    request.setRequestHeader('Authorization', `Bearer ${token ?? ''}`);
    request.setRequestHeader('Accept', 'application/json');
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) report({ type: 'UPLOAD_PROGRESS', percent: (event.loaded / event.total) * 100 });
    };
    request.onload = () => report(importReportOf(request.status, request.responseText));
    request.onerror = unreachable;
    request.ontimeout = unreachable;
    const form = new FormData();
    // The statement first: the API reads the parts in either order, but a reader of the body sees what the file is.
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    form.append('file', file, file.name);
    request.send(form);
  }, unreachable);
  return () => {
    aborted = true;
    request.abort();
  };
}

/** The contact-import machine's `uploadContacts` on the real API; stopped (Cancel, the screen left), it aborts the request. */
export function contactImportActor(options: ContactImportUploadOptions) {
  return fromCallback<EventObject, UploadContactsInput>(({ input, sendBack }) =>
    // The machine's files are the Files the picker gave.
    uploadContactsCsv(options, { ...input, file: input.file as File }, sendBack),
  );
}
