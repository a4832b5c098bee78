// /api/v1/contacts: the caller's contacts (shoppers by WhatsApp number), their tags and their consent —
// list, search and filter, add, read with the consent history, rename, tag, opt in or out, import a
// CSV, export a CSV — the account's tags with their counts, and its imports (each the list of the
// contacts its file named, which an audience may choose).
// Another account's id is a 404. Consent changes go through the store, where the shopper's own
// opt-out wins over the merchant's, an import's and the API's claims (domain/contact.ts).
import { Readable } from 'node:stream';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { apiErrorBodySchema } from '@/domain/api-error';
import {
  contactConsentChangeSchema,
  contactDetailSchema,
  contactIdParamsSchema,
  contactListQuerySchema,
  contactListSchema,
  contactSchema,
  updateContactSchema,
} from '@/domain/contact';
import { createContactSchema } from '@/domain/contact-phone';
import {
  CONTACT_IMPORTS_LISTED,
  contactImportIdParamsSchema,
  contactImportListSchema,
  contactImportRecordSchema,
} from '@/domain/contact-imports';
import { CONTACT_TAG_MAX, CONTACT_TAGS_MAX, contactTagCountListSchema } from '@/domain/contact-tags';
import {
  CONTACT_IMPORT_MAX_BYTES,
  CONTACT_IMPORT_MAX_ROWS,
  contactCsvColumns,
  contactCsvHeader,
  contactCsvLine,
  type ContactCsvOptions,
} from '@/domain/contact-csv';
import type { AccountStore } from '../accounts/account-store';
import { principalOf } from '../auth/bearer-auth';
import { contactImportIntake, type ContactImportRefusal } from '../contacts/contact-import-intake';
import { CONTACT_TAGS_LISTED, ContactRefusal, type ContactFilter, type ContactStore } from '../contacts/contact-store';
import { HttpError } from '../http/http-error';
import { FIREBASE_BEARER } from '../http/openapi';
import { API_PREFIX } from './api-prefix';

/** The row-addressed issues an import answers at most (the counts cover them all). */
export const CONTACT_IMPORT_ISSUES_SHOWN = 100;

/** POST /contacts/import's answer: what the file did, and the first issues, each at the cell to fix. */
export const contactImportResultSchema = z.object({
  rows: z.int(),
  created: z.int(),
  updated: z.int(),
  unchanged: z.int(),
  duplicates: z.int(),
  /** Rows not imported. */
  skipped: z.int(),
  /** Existing contacts whose consent the file's opt-ins could not change (the shopper's own opt-out, a later opt-out). */
  consentIgnored: z.int(),
  /** The import's record (GET /contacts/imports/{id}: the contacts it named); null when the file named none. */
  importId: z.nullable(z.uuid()),
  issueCount: z.int(),
  issues: z.array(
    z.object({
      row: z.int(),
      column: z.nullable(z.enum(contactCsvColumns)),
      /** The message's id (domain/contact.ts's contactValidation), for the screen to translate. */
      code: z.string(),
      message: z.string(),
    }),
  ),
});
export type ContactImportResult = z.infer<typeof contactImportResultSchema>;

/** GET /contacts/export.csv: the list's filters, and the delimiter (`semicolon` for Excel in Portuguese or Spanish). */
export const contactExportQuerySchema = z.extend(z.omit(contactListQuerySchema, { page: true }), {
  delimiter: z._default(z.enum(['comma', 'semicolon']), 'comma'),
});

const notFound = () => HttpError.notFound('No such contact.');

const refusals: Record<ContactRefusal['reason'], (error: ContactRefusal) => HttpError> = {
  not_found: notFound,
  contact_exists: (error) =>
    new HttpError(409, 'contact_exists', 'This number is one of your contacts already.', {
      ...(error.contactId ? { headers: { location: `${API_PREFIX}/contacts/${error.contactId}` } } : {}),
    }),
};

async function refusing<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (error instanceof ContactRefusal) throw refusals[error.reason](error);
    throw error;
  }
}

const megabytes = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;
const csvRefusal =
  (code: 'csv_empty' | 'csv_no_phone_column' | 'csv_too_many_rows' | 'csv_unreadable') =>
  (refusal: Extract<ContactImportRefusal, { reason: 'csv' }>) =>
    new HttpError(422, code, `${refusal.message.message}${refusal.row === null ? '' : ` (row ${refusal.row})`}`, {
      fields: { file: refusal.message.id },
    });
const csvRefusals = {
  empty: csvRefusal('csv_empty'),
  no_phone_column: csvRefusal('csv_no_phone_column'),
  too_many_rows: csvRefusal('csv_too_many_rows'),
  unreadable: csvRefusal('csv_unreadable'),
};

/** Each refused import's answer: a new reason does not compile until it has one. */
const importRefusals: { [R in ContactImportRefusal as R['reason']]: (refusal: R) => HttpError } = {
  not_multipart: () => new HttpError(415, 'unsupported_media_type', 'Send the file as multipart/form-data.'),
  malformed_multipart: () =>
    new HttpError(400, 'malformed_multipart', 'The multipart body is malformed: send the file and the fields as multipart/form-data.'),
  no_file: () => new HttpError(400, 'no_file', 'The form holds no file.'),
  unsupported_type: () => new HttpError(415, 'unsupported_type', 'Import a CSV file (.csv, or .txt / .tsv for tab-separated text).'),
  too_large: () => new HttpError(413, 'too_large', `The file is larger than the ${megabytes(CONTACT_IMPORT_MAX_BYTES)} limit.`),
  empty_file: () => new HttpError(400, 'empty_file', 'The file is empty.'),
  too_many_files: () => new HttpError(400, 'too_many_files', 'Send one file per import: this form holds more than one.'),
  too_many_fields: () => new HttpError(400, 'too_many_fields', 'The form holds more fields than an import takes.'),
  invalid_options: ({ fields }) => new HttpError(400, 'validation_failed', 'The import’s fields are not valid.', { fields }),
  csv: (refusal) => csvRefusals[refusal.refusal](refusal),
};
const importRefusal = (refusal: ContactImportRefusal) =>
  (importRefusals[refusal.reason] as (refusal: ContactImportRefusal) => HttpError)(refusal);

/** The export's file name: the day's date, so a second export does not read as the first. */
const exportFileName = (now: Date) => `catalyst-contacts-${now.toISOString().slice(0, 10)}.csv`;

/** The export, a page of contacts at a time: the BOM and header first, then each page's lines. */
async function* exportLines(pages: AsyncIterable<Parameters<typeof contactCsvLine>[0][]>, options: ContactCsvOptions) {
  yield `\ufeff${contactCsvHeader(options)}`;
  for await (const page of pages) yield page.map((contact) => contactCsvLine(contact, options)).join('');
}

const errors = { 400: apiErrorBodySchema, 401: apiErrorBodySchema, 404: apiErrorBodySchema };
const security = [{ [FIREBASE_BEARER]: [] }];
const tags = ['Contacts'];
const TAGS =
  `Tags: at most ${CONTACT_TAGS_MAX} a contact, each up to ${CONTACT_TAG_MAX} characters without commas or semicolons; ` +
  'kept trimmed, with runs of spaces made one, in lower case, once each (`VIP` and `vip ` are one tag).';
const OPT_OUT_WINS =
  'An opt-in never undoes the shopper’s own opt-out (a stop word, their conversation, Meta’s preferences): it is recorded in ' +
  'the history as ignored. An opt-out always applies at once.';

export type ContactRouteOptions = { accounts: AccountStore; store: ContactStore };

export async function registerContactRoutes(app: FastifyInstance, { accounts, store }: ContactRouteOptions) {
  // The store's clock dates the import's check (a consent date past it is refused) and the export's name.
  const { now } = store;
  // The import's form, in a scope of its own: one file, a few short fields.
  await app.register(async (scope) => {
    await scope.register(multipart, {
      throwFileSizeLimit: false,
      limits: { fileSize: CONTACT_IMPORT_MAX_BYTES, files: 1, fields: 10, fieldSize: 4096, parts: 11, headerPairs: 100 },
    });
    const api = scope.withTypeProvider<ZodTypeProvider>();
    const intake = contactImportIntake({ store, now });

    api.post(
      '/contacts/import',
      {
        schema: {
          summary: 'Import contacts from a CSV file (multipart/form-data: the file and the merchant’s statement about it)',
          description: [
            `One CSV file (\`,\`, \`;\` or tab; UTF-8, UTF-16 or Windows-1252) of up to ${megabytes(CONTACT_IMPORT_MAX_BYTES)} and`,
            `${CONTACT_IMPORT_MAX_ROWS.toLocaleString('en')} rows: a header row naming a phone column, and name, language, country`,
            'and tags columns if it has them (a tags cell: tags separated by `,` or `;`). Form fields: `defaultCountry` (of numbers',
            'written without +), `defaultLanguage`, `purposes` (`utility`, `marketing`; repeated or comma-separated; none: the contacts',
            'are added without consent) and, with purposes, `consentSource` (where and how the shoppers agreed) and `consentedAt` (a',
            'date, or a date and time); `tags` (repeated, or separated by `,` or `;`), given to every contact of the file. Each number',
            'becomes a contact or, when it is one, takes the file’s name and its tags beside those it has (while it has fewer than',
            `${CONTACT_TAGS_MAX}); the purposes are opt-ins of source \`csv_import\`. ${TAGS}`,
            'The import is recorded (`importId`) with the contacts the file named, made, changed or already there: a list an',
            'audience may choose (its rule `importId`), which no contact added later joins.',
            `${OPT_OUT_WINS} Answers the counts and the first ${CONTACT_IMPORT_ISSUES_SHOWN} rows not imported, each at its cell.`,
            'Refusals: 413 `too_large`; 415 `unsupported_type` or `unsupported_media_type`; 400 `no_file`, `empty_file`, `too_many_files`,',
            '`too_many_fields`, `malformed_multipart`, `validation_failed` (the fields, a consent date in the future); 422 `csv_empty`,',
            '`csv_no_phone_column`, `csv_too_many_rows`, `csv_unreadable` (the message id in `fields.file`).',
          ].join(' '),
          consumes: ['multipart/form-data'],
          tags,
          security,
          response: {
            200: contactImportResultSchema,
            401: apiErrorBodySchema,
            413: apiErrorBodySchema,
            415: apiErrorBodySchema,
            422: apiErrorBodySchema,
            400: apiErrorBodySchema,
          },
        },
      },
      async (request) => {
        const { uid, email } = principalOf(request);
        await accounts.findOrCreate(uid, email); // contacts belong to the account: it exists first
        const outcome = await intake.receive(request, uid);
        if (!outcome.ok) throw importRefusal(outcome.refusal);
        const { counts, parsed } = outcome;
        return {
          rows: counts.rows,
          created: counts.created,
          updated: counts.updated,
          unchanged: counts.unchanged,
          duplicates: counts.duplicates,
          skipped: counts.issues,
          consentIgnored: counts.consentIgnored,
          importId: counts.importId,
          issueCount: parsed.issues.length,
          issues: parsed.issues.slice(0, CONTACT_IMPORT_ISSUES_SHOWN).map((issue) => ({
            row: issue.row,
            column: issue.column,
            code: issue.message.id,
            message: issue.message.message ?? issue.message.id,
          })),
        };
      },
    );
  });

  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/contacts',
    {
      schema: {
        summary: "The caller's contacts, newest first, a page at a time; searched by number or name, filtered by consent or tag",
        description:
          '`q`: digits find numbers holding them anywhere; words find names with words starting with them (accents aside). ' +
          '`status` filters on `purpose`’s status, or on either purpose’s when no purpose is given. `tag`: contacts with this ' +
          'tag (normalised as tags are kept). `total` counts every match.',
        tags,
        security,
        querystring: contactListQuerySchema,
        response: { 200: contactListSchema, 400: apiErrorBodySchema, 401: apiErrorBodySchema },
      },
    },
    async (request) => store.list(principalOf(request).uid, request.query),
  );

  api.post(
    '/contacts',
    {
      schema: {
        summary: 'Add a contact: a WhatsApp number, its name, language and tags, and the purposes the shopper agreed to',
        description:
          'The number is read in `country` when it has no + (the contact gets the number’s own country). `optIn` records an opt-in ' +
          'per purpose, of source `merchant`, dated now, with `note`. 409 `contact_exists` when the number is a contact already ' +
          `(its \`location\` in the header). ${TAGS}`,
        tags,
        security,
        body: createContactSchema,
        response: { 201: contactDetailSchema, 409: apiErrorBodySchema, ...errors },
      },
    },
    async (request, reply) => {
      const { uid, email } = principalOf(request);
      await accounts.findOrCreate(uid, email);
      const created = await refusing(store.create(uid, request.body));
      return reply
        .code(201)
        .header('location', `${request.url.split('?')[0]}/${created.id}`)
        .send(created);
    },
  );

  api.get(
    '/contacts/export.csv',
    {
      schema: {
        summary: "The caller's contacts matching the list's filters as CSV, with their consent per purpose",
        description:
          'Streamed, newest first: a UTF-8 BOM, a header row, one row per contact (phone, name, language, country, each ' +
          'purpose’s status, source and time, and its tags separated by `, `). Cells a spreadsheet would run as a formula start with an apostrophe, which the ' +
          'import takes off again. `delimiter=semicolon` for Excel in Portuguese or Spanish.',
        tags,
        security,
        // No response schema: the body is text/csv (the refusals are the JSON errors above).
        querystring: contactExportQuerySchema,
      },
    },
    async (request, reply) => {
      const { uid } = principalOf(request);
      const { delimiter, ...filter } = request.query;
      const options: ContactCsvOptions = { delimiter: delimiter === 'semicolon' ? ';' : ',' };
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${exportFileName(now())}"`)
        .header('cache-control', 'private, no-store')
        .send(Readable.from(exportLines(store.exportPages(uid, filter satisfies ContactFilter), options)));
    },
  );

  api.get(
    '/contacts/tags',
    {
      schema: {
        summary: "The caller's tags, each with how many contacts have it, the most used first",
        description: `Ties by name; the ${CONTACT_TAGS_LISTED} most used at most. ${TAGS}`,
        tags,
        security,
        response: { 200: contactTagCountListSchema, 401: apiErrorBodySchema },
      },
    },
    async (request) => store.tags(principalOf(request).uid),
  );

  api.get(
    '/contacts/imports',
    {
      schema: {
        summary: "The caller's contact imports, newest first: each file's name, time, counts and the contacts it named",
        description: `The ${CONTACT_IMPORTS_LISTED} newest at most. An audience's rule \`importId\` chooses the contacts one named.`,
        tags,
        security,
        response: { 200: contactImportListSchema, 401: apiErrorBodySchema },
      },
    },
    async (request) => ({ imports: await store.imports(principalOf(request).uid) }),
  );

  api.get(
    '/contacts/imports/:id',
    {
      schema: {
        summary: 'One contact import: its file’s name, time, counts and how many contacts it named',
        tags,
        security,
        params: contactImportIdParamsSchema,
        response: { 200: contactImportRecordSchema, ...errors },
      },
    },
    async (request) => {
      const record = await store.importOf(principalOf(request).uid, request.params.id);
      if (!record) throw HttpError.notFound('No such contact import.');
      return record;
    },
  );

  api.get(
    '/contacts/:id',
    {
      schema: {
        summary: 'One contact with its consent history, newest first (each event with what it did)',
        tags,
        security,
        params: contactIdParamsSchema,
        response: { 200: contactDetailSchema, ...errors },
      },
    },
    async (request) => {
      const contact = await store.get(principalOf(request).uid, request.params.id);
      if (!contact) throw notFound();
      return contact;
    },
  );

  api.patch(
    '/contacts/:id',
    {
      schema: {
        summary: 'Rename a contact (null or empty clears the name), change its language or its tags; the number never changes',
        description: `\`tags\` replaces the contact’s tags (\`[]\` clears them). ${TAGS}`,
        tags,
        security,
        params: contactIdParamsSchema,
        body: updateContactSchema,
        response: { 200: contactSchema, ...errors },
      },
    },
    async (request) => refusing(store.update(principalOf(request).uid, request.params.id, request.body)),
  );

  api.post(
    '/contacts/:id/consent',
    {
      schema: {
        summary: 'Opt a contact in or out of a purpose (or `all`), with a note of why; answers the contact with its history',
        description: `Recorded as the merchant’s, dated now. ${OPT_OUT_WINS}`,
        tags,
        security,
        params: contactIdParamsSchema,
        body: contactConsentChangeSchema,
        response: { 200: contactDetailSchema, ...errors },
      },
    },
    async (request) => refusing(store.changeConsent(principalOf(request).uid, request.params.id, request.body)),
  );
}
