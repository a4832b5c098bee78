// A CSV import of contacts on `/contacts`: the merchant chooses a file and states what the API asks
// about it (the country of numbers written without +, the language of rows that give none, the
// purposes the shoppers agreed to and, with purposes, where and how they agreed and when; tags for
// every contact of the file) in `editing`; the file is sent with its progress (`uploading`); the API's counts are shown (`done`).
// A refusal naming a field (the statement, the file as a whole) goes back to the form at that field;
// any other failure (the connection, the server) waits in `failed`, where Retry sends the same file
// again: the file is kept in the context until the merchant picks another or imports another.
// The upload is the named actor `uploadContacts` (supplied by src/ with `.provide()`): it reports
// UPLOAD_PROGRESS, then UPLOAD_DONE or UPLOAD_FAILED, and stops sending when stopped (CANCEL).
// Tags for the view: `editing`, `saving`, `failed`, `done`.
import { assertEvent, assign, fromCallback, setup, type EventObject } from 'xstate';
import { contactValidation, type ConsentPurpose } from '../domain/contact';
import { CONTACT_IMPORT_MAX_BYTES, contactCsvMessages, contactImportOptionsSchema, type ContactCsvColumn } from '../domain/contact-csv';
import { splitContactTags } from '../domain/contact-tags';
import type { Locale } from '../domain/locales';
import { failureOf } from './failure';

/** What the machine needs of a chosen file; a browser `File` is one (src's actor sends it). */
export type ContactImportFile = { readonly name: string; readonly size: number; readonly lastModified?: number };

/** The merchant's statement about the file, as the form holds it ('' when not given). */
export type ContactImportValues = {
  /** ISO 3166 alpha-2, the country of numbers written without +. */
  defaultCountry: string;
  /** '' : each number's country's language. */
  defaultLanguage: '' | Locale;
  /** None: the contacts are added without consent. */
  purposes: ConsentPurpose[];
  consentSource: string;
  /** A date (yyyy-mm-dd), as a date input gives it. */
  consentedAt: string;
  /** Tags every contact of the file gets, separated by commas ('': none). */
  tags: string;
};

/** The form's fields that can be in error: the statement's, and the file's. */
export type ContactImportField = keyof ContactImportValues | 'file';

/** The message ids of the file's own checks made here (src translates them; the others are domain/'s). */
export const contactImportFileErrors = {
  required: 'contact.import.file_required',
  type: 'contact.import.file_type',
} as const;

/** One row the API did not import, at the cell to fix (column null: the row as a whole). */
export type ContactImportIssue = { row: number; column: ContactCsvColumn | null; code: string; message: string };

/** What the import did (POST /contacts/import's answer). */
export type ContactImportSummary = {
  rows: number;
  created: number;
  updated: number;
  unchanged: number;
  duplicates: number;
  skipped: number;
  consentIgnored: number;
  issueCount: number;
  issues: ContactImportIssue[];
};

/**
 * Why an upload failed: `invalid`, the API refused a field (field → message id: the statement's
 * fields, or `file` for the file as a whole); the connection dropped (`unreachable`); anything else
 * (`unknown`). Only the first goes back to the form; the others are retried with the same file.
 */
export const contactImportFailureKinds = ['invalid', 'unreachable', 'unknown'] as const;
export type ContactImportFailureKind = (typeof contactImportFailureKinds)[number];
export type ContactImportFailure = { kind: ContactImportFailureKind; fields?: Record<string, string> };
export const contactImportFailureOf = (error: unknown) => failureOf<ContactImportFailure>(error, contactImportFailureKinds);

/** What the `uploadContacts` actor reports. */
export type ContactImportReport =
  | { type: 'UPLOAD_PROGRESS'; percent: number }
  | { type: 'UPLOAD_DONE'; summary: ContactImportSummary }
  | { type: 'UPLOAD_FAILED'; failure: ContactImportFailure };

export type ContactImportEvent =
  | { type: 'PICK_FILE'; file: ContactImportFile }
  | { type: 'CHANGE'; values: Partial<ContactImportValues> }
  | { type: 'SUBMIT' }
  | ContactImportReport
  /** While uploading: stop sending, back to the form (the file kept). */
  | { type: 'CANCEL' }
  /** From `failed`: the same file and statement again. */
  | { type: 'RETRY' }
  /** From `failed`: back to the form. */
  | { type: 'EDIT' }
  /** From `done`: a new file, the statement kept. */
  | { type: 'IMPORT_ANOTHER' };

/** The upload's input: the file and the form fields the API reads beside it. */
export type UploadContactsInput = { file: ContactImportFile; fields: Record<string, string> };

export type ContactImportInput = { values?: Partial<ContactImportValues> };

export type ContactImportContext = {
  file: ContactImportFile | null;
  values: ContactImportValues;
  /** A submit was tried: the form's own errors show, and follow every change. */
  checked: boolean;
  /** The API's refusals by field, until that field changes. */
  serverErrors: Record<string, string>;
  /** Field → message id: what the form shows. */
  fieldErrors: Record<string, string>;
  /** 0–100: the share of the file sent. */
  progress: number;
  summary: ContactImportSummary | null;
  failure: ContactImportFailure | null;
};

export const emptyImportValues: ContactImportValues = {
  defaultCountry: '',
  defaultLanguage: '',
  purposes: [],
  consentSource: '',
  consentedAt: '',
  tags: '',
};

/** What a spreadsheet saves a CSV as (the API takes these names only). */
const CSV_NAME = /\.(csv|txt|tsv)$/i;

/** The form fields of the upload, as the API reads them: purposes comma-separated; the consent's only with purposes; tags if any. */
export function importFormFields(values: ContactImportValues): Record<string, string> {
  return {
    defaultCountry: values.defaultCountry.trim(),
    ...(values.defaultLanguage ? { defaultLanguage: values.defaultLanguage } : {}),
    ...(values.purposes.length > 0
      ? { purposes: values.purposes.join(','), consentSource: values.consentSource, consentedAt: values.consentedAt }
      : {}),
    ...(values.tags.trim() !== '' ? { tags: values.tags } : {}),
  };
}

/**
 * Field → message id of each rule the file and the statement break: the statement checked with the
 * API's own schema (contactImportOptionsSchema), the file's name and size with the API's limits.
 * A consent date in the future is the API's to say (it holds the clock).
 */
export function contactImportErrors(file: ContactImportFile | null, values: ContactImportValues): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!file) errors.file = contactImportFileErrors.required;
  else if (!CSV_NAME.test(file.name)) errors.file = contactImportFileErrors.type;
  else if (file.size > CONTACT_IMPORT_MAX_BYTES) errors.file = contactCsvMessages.tooLarge.id;
  else if (file.size === 0) errors.file = contactCsvMessages.empty.id;
  const consent = values.purposes.length > 0;
  // The schema's cross-field rules run only once its fields pass: said here too, so every error shows at once.
  if (consent && values.consentSource.trim() === '') errors.consentSource = contactValidation.consentSourceRequired.id;
  if (consent && values.consentedAt === '') errors.consentedAt = contactValidation.consentDateInvalid.id;
  const parsed = contactImportOptionsSchema.safeParse({
    defaultCountry: values.defaultCountry,
    ...(values.defaultLanguage ? { defaultLanguage: values.defaultLanguage } : {}),
    purposes: values.purposes,
    ...(consent ? { consentSource: values.consentSource } : {}),
    ...(consent && values.consentedAt ? { consentedAt: values.consentedAt } : {}),
    tags: splitContactTags(values.tags),
  });
  for (const issue of parsed.error?.issues ?? []) errors[String(issue.path[0] ?? 'file')] ??= issue.message;
  return errors;
}

const shownErrors = (context: Pick<ContactImportContext, 'file' | 'values' | 'checked' | 'serverErrors'>) => ({
  ...(context.checked ? contactImportErrors(context.file, context.values) : {}),
  ...context.serverErrors,
});

const without = (errors: Record<string, string>, fields: readonly string[]) =>
  Object.fromEntries(Object.entries(errors).filter(([field]) => !fields.includes(field)));

export const contactImportMachine = setup({
  types: {
    input: {} as ContactImportInput,
    context: {} as ContactImportContext,
    events: {} as ContactImportEvent,
    tags: {} as 'editing' | 'saving' | 'failed' | 'done',
  },
  actors: {
    // POST /api/v1/contacts/import (multipart, with its progress), provided by src/features/contacts.
    uploadContacts: fromCallback<EventObject, UploadContactsInput>(() => {
      throw new Error('uploadContacts is not provided');
    }),
  },
  guards: {
    isReady: ({ context }) => Object.keys(contactImportErrors(context.file, context.values)).length === 0,
    isAtFields: ({ event }) => {
      assertEvent(event, 'UPLOAD_FAILED');
      const failure = contactImportFailureOf(event.failure);
      return failure.kind === 'invalid' && Object.keys(failure.fields ?? {}).length > 0;
    },
  },
  actions: {
    pickFile: assign(({ context, event }) => {
      assertEvent(event, 'PICK_FILE');
      const next = { ...context, file: event.file, serverErrors: without(context.serverErrors, ['file']) };
      return { file: next.file, serverErrors: next.serverErrors, fieldErrors: shownErrors(next) };
    }),
    change: assign(({ context, event }) => {
      assertEvent(event, 'CHANGE');
      const values = { ...context.values, ...event.values };
      const next = { ...context, values, serverErrors: without(context.serverErrors, Object.keys(event.values)) };
      return { values, serverErrors: next.serverErrors, fieldErrors: shownErrors(next) };
    }),
    check: assign(({ context }) => ({ checked: true, fieldErrors: shownErrors({ ...context, checked: true }) })),
    startUpload: assign({ progress: 0, failure: null, serverErrors: {} }),
    rememberProgress: assign(({ event }) => {
      assertEvent(event, 'UPLOAD_PROGRESS');
      return { progress: Math.min(100, Math.max(0, Math.round(event.percent))) };
    }),
    rememberSummary: assign(({ event }) => {
      assertEvent(event, 'UPLOAD_DONE');
      return { summary: event.summary, progress: 100 };
    }),
    showFailureAtFields: assign(({ context, event }) => {
      assertEvent(event, 'UPLOAD_FAILED');
      const serverErrors = contactImportFailureOf(event.failure).fields ?? {};
      return { serverErrors, fieldErrors: shownErrors({ ...context, serverErrors }) };
    }),
    rememberFailure: assign(({ event }) => {
      assertEvent(event, 'UPLOAD_FAILED');
      return { failure: contactImportFailureOf(event.failure) };
    }),
    clearFailure: assign({ failure: null }),
    // A new file for a new import; the statement is often the same.
    startAnother: assign({ file: null, summary: null, progress: 0, checked: false, serverErrors: {}, fieldErrors: {} }),
  },
}).createMachine({
  id: 'contactImport',
  context: ({ input }) => ({
    file: null,
    values: { ...emptyImportValues, ...input.values },
    checked: false,
    serverErrors: {},
    fieldErrors: {},
    progress: 0,
    summary: null,
    failure: null,
  }),
  initial: 'editing',
  states: {
    editing: {
      tags: 'editing',
      on: {
        PICK_FILE: { actions: 'pickFile' },
        CHANGE: { actions: 'change' },
        SUBMIT: [{ guard: 'isReady', target: 'uploading', actions: 'check' }, { actions: 'check' }],
      },
    },
    uploading: {
      tags: 'saving',
      entry: 'startUpload',
      invoke: {
        id: 'uploadContacts',
        src: 'uploadContacts',
        input: ({ context }) => ({ file: context.file!, fields: importFormFields(context.values) }),
      },
      on: {
        UPLOAD_PROGRESS: { actions: 'rememberProgress' },
        UPLOAD_DONE: { target: 'done', actions: 'rememberSummary' },
        UPLOAD_FAILED: [
          { guard: 'isAtFields', target: 'editing', actions: 'showFailureAtFields' },
          { target: 'failed', actions: 'rememberFailure' },
        ],
        // Leaving the state stops the actor: the request is aborted.
        CANCEL: 'editing',
      },
    },
    failed: {
      tags: 'failed',
      on: {
        RETRY: { target: 'uploading', actions: 'clearFailure' },
        EDIT: { target: 'editing', actions: 'clearFailure' },
      },
    },
    done: {
      tags: 'done',
      on: { IMPORT_ANOTHER: { target: 'editing', actions: 'startAnother' } },
    },
  },
});
