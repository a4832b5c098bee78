// The contact-import test model, derived mechanically from the production machine, with sample
// payloads where its guards and assignments read data: the files a merchant picks (a CSV, a
// spreadsheet the API does not take), the statement as it is filled in (a purpose without its source
// and date, then with them), and the upload's reports (progress, the counts, a refusal at a field, a
// dropped connection, a server error). The statement is abstracted to what tells the flow's states
// apart (the purposes, whether the source is given, the errors shown).
import type { EventObject } from 'xstate';
import {
  contactImportMachine,
  type ContactImportContext,
  type ContactImportFailure,
  type ContactImportFile,
  type ContactImportInput,
  type ContactImportSummary,
} from '@/machines/contact-import';
import { createTestModelFor, type EventSamples, type TestModel } from './model-harness';

export const importInput: ContactImportInput = { values: { defaultCountry: 'BR' } };

/** The files picked: one the API takes, and one it does not (checked here before sending). */
export const pickedFiles = {
  csv: { name: 'clientes.csv', size: 2048, lastModified: 1_700_000_000_000 },
  spreadsheet: { name: 'clientes.xlsx', size: 4096, lastModified: 1_700_000_000_000 },
} satisfies Record<string, ContactImportFile>;

export const consentStatement = { consentSource: 'Caixa “Quero receber avisos” no checkout do site', consentedAt: '2026-03-01' };

export const importSummary: ContactImportSummary = {
  rows: 4,
  created: 2,
  updated: 1,
  unchanged: 0,
  duplicates: 1,
  skipped: 1,
  consentIgnored: 0,
  issueCount: 1,
  issues: [{ row: 5, column: 'phone', code: 'contact.phone_invalid', message: 'This is not a valid phone number.' }],
};

/** Every way an upload fails: the API refusing a field (back to the form), the connection, the server. */
export const uploadFailures: ContactImportFailure[] = [
  { kind: 'invalid', fields: { consentedAt: 'contact.consent_date_in_future' } },
  { kind: 'unreachable' },
  { kind: 'unknown' },
];

export const contactImportSamples: EventSamples = {
  PICK_FILE: [
    { type: 'PICK_FILE', file: pickedFiles.csv },
    { type: 'PICK_FILE', file: pickedFiles.spreadsheet },
  ],
  CHANGE: [
    { type: 'CHANGE', values: { purposes: ['utility'] } },
    { type: 'CHANGE', values: consentStatement },
  ],
  UPLOAD_PROGRESS: [{ type: 'UPLOAD_PROGRESS', percent: 50 }],
  UPLOAD_DONE: [{ type: 'UPLOAD_DONE', summary: importSummary }],
  UPLOAD_FAILED: uploadFailures.map((failure) => ({ type: 'UPLOAD_FAILED', failure })),
};

/** What tells the import's states apart: the file, the purposes, whether the statement is complete, what is shown. */
export const abstractImport = (context: ContactImportContext) => ({
  file: context.file?.name ?? null,
  purposes: context.values.purposes,
  stated: context.values.consentSource !== '' && context.values.consentedAt !== '',
  checked: context.checked,
  shown: Object.keys(context.fieldErrors).sort(),
  progress: context.progress,
  summary: context.summary !== null,
  failure: context.failure?.kind ?? null,
});

export function contactImportTestModel(): TestModel {
  return createTestModelFor(contactImportMachine, {
    input: importInput,
    samples: contactImportSamples,
    abstractContext: abstractImport as (context: never) => unknown,
  });
}

export function contactImportPathName(events: EventObject[]): string {
  return events
    .map((event) => {
      if (event.type === 'PICK_FILE') return `PICK_FILE(${(event as EventObject & { file: ContactImportFile }).file.name})`;
      if (event.type === 'CHANGE') return `CHANGE(${Object.keys((event as EventObject & { values: object }).values).join(',')})`;
      if (event.type === 'UPLOAD_FAILED')
        return `UPLOAD_FAILED(${(event as EventObject & { failure: ContactImportFailure }).failure.kind})`;
      return event.type;
    })
    .join(' → ');
}
