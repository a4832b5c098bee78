// Contacts in and out of CSV files: the import a merchant uploads (a header row; phone, name,
// language, country and tags columns; the consent source and date, and tags for every row, stated
// once for the whole file) read into contact drafts and row-addressed issues, and the export of
// contacts with their consent and tags.
// Runs in the browser (a preview before upload) and on the server alike, so it has its own small
// RFC 4180 reader and writer: csv-parse's and csv-stringify's entries need Node's Buffer, and their
// browser builds would weigh more than this whole screen.
// Row numbers are the spreadsheet's: the header is row 1, blank lines count.
import type { MessageDescriptor } from '@lingui/core';
import * as z from 'zod/mini';
import {
  consentPurposeListSchema,
  consentPurposes,
  contactNameSchema,
  contactValidation,
  contactValidationMessages,
  languageForCountry,
  type ConsentEvent,
  type ContactConsent,
} from './contact';
import { countryCodeSchema, isPhoneCountry, readContactPhone, type CountryCode } from './contact-phone';
import { CONTACT_TAGS_MAX, contactTagsSchema, mergedTags, splitContactTags } from './contact-tags';
import { localeSchema } from './locale-schema';
import { isLocale, type Locale } from './locales';
import { storableText } from './storable-values';
import { contactCsvMessages } from './contact-csv-messages';

/** Rows (besides the header and blank lines) one import takes; a longer file is refused whole. */
export const CONTACT_IMPORT_MAX_ROWS = 50_000;
/** The largest file one import takes (the upload answers 413 past it; the reader refuses past it in characters). */
export const CONTACT_IMPORT_MAX_BYTES = 10 * 1024 * 1024;

export const contactCsvColumns = ['phone', 'name', 'language', 'country', 'tags'] as const;
export type ContactCsvColumn = (typeof contactCsvColumns)[number];

export { contactCsvMessages, contactCsvMessagesById } from './contact-csv-messages';

export type ContactCsvRefusal = 'empty' | 'no_phone_column' | 'too_many_rows' | 'too_large' | 'unreadable' | 'consent_date_in_future';

// ---------------------------------------------------------------------------------------------
// Reading CSV.

class UnterminatedQuote extends Error {
  constructor(readonly row: number) {
    super(`Unterminated quote in row ${row}`);
  }
}

/**
 * The delimiter of a file: whichever of `,`, `;` and tab the first row (outside quotes) holds most of;
 * `,` when it holds none (a single column) or on a tie.
 */
export function detectCsvDelimiter(text: string): ',' | ';' | '\t' {
  const counts = { ',': 0, ';': 0, '\t': 0 };
  let quoted = false;
  for (let index = 0; index < text.length; index++) {
    const char = text[index];
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === '\n' || char === '\r')) break;
    else if (!quoted && (char === ',' || char === ';' || char === '\t')) counts[char]++;
  }
  if (counts[';'] > counts[','] && counts[';'] >= counts['\t']) return ';';
  if (counts['\t'] > counts[','] && counts['\t'] > counts[';']) return '\t';
  return ',';
}

/**
 * The records of CSV text, each with its row number. Quoted fields may hold delimiters, line breaks
 * and doubled quotes; a quote inside an unquoted field is text (`27" monitor`), as is what follows a
 * closing quote before the next delimiter. A quote never closed throws UnterminatedQuote.
 */
function* csvRecords(text: string, delimiter: string): Generator<{ row: number; cells: string[] }> {
  const length = text.length;
  let index = 0;
  let row = 0;
  while (index < length) {
    row++;
    const startRow = row;
    const cells: string[] = [];
    for (;;) {
      let cell = '';
      if (text[index] === '"') {
        index++;
        for (;;) {
          const quote = text.indexOf('"', index);
          if (quote === -1) throw new UnterminatedQuote(startRow);
          const part = text.slice(index, quote);
          cell += part;
          // Line breaks inside a quoted cell belong to the same spreadsheet row.
          index = quote + 1;
          if (text[index] === '"') {
            cell += '"';
            index++;
          } else break;
        }
      }
      let end = index;
      while (end < length && text[end] !== delimiter && text[end] !== '\n' && text[end] !== '\r') end++;
      cell += text.slice(index, end);
      cells.push(cell);
      index = end;
      if (text[index] === delimiter) {
        index++;
        continue;
      }
      break;
    }
    if (text[index] === '\r' && text[index + 1] === '\n') index += 2;
    else if (index < length) index++;
    yield { row: startRow, cells };
  }
}

/**
 * The text of an uploaded file's bytes as spreadsheets write them: UTF-8 (with or without a BOM),
 * UTF-16 with a BOM, else Windows-1252 (Excel's CSV on a Brazilian or Spanish Windows).
 */
export function decodeCsvBytes(bytes: Uint8Array): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes);
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

const folded = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .trim()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');

/** The header names each column is recognised by (folded: lower case, no accents, `_` for spaces). */
export const contactCsvHeaderNames: Record<ContactCsvColumn, readonly string[]> = {
  phone: [
    'phone',
    'phone_number',
    'mobile',
    'cell',
    'telephone',
    'whatsapp',
    'whatsapp_number',
    'telefone',
    'celular',
    'numero',
    'numero_de_telefone',
    'numero_whatsapp',
    'fone',
    'tel',
    'telefono',
    'numero_de_telefono',
    'movil',
  ],
  name: ['name', 'full_name', 'first_name', 'nome', 'nome_completo', 'primeiro_nome', 'nombre', 'nombre_completo', 'cliente', 'customer'],
  language: ['language', 'lang', 'locale', 'idioma', 'lingua'],
  country: ['country', 'country_code', 'pais', 'codigo_do_pais', 'codigo_de_pais'],
  tags: ['tags', 'tag', 'labels', 'label', 'etiquetas', 'etiqueta', 'marcadores'],
};

/** Which cell of a record holds each column (the first header that names it). */
function columnIndexes(header: string[]): Partial<Record<ContactCsvColumn, number>> {
  const indexes: Partial<Record<ContactCsvColumn, number>> = {};
  header.forEach((cell, index) => {
    const name = folded(cell.replace(/^\ufeff/, ''));
    for (const column of contactCsvColumns) {
      if (indexes[column] === undefined && contactCsvHeaderNames[column].includes(name)) indexes[column] = index;
    }
  });
  return indexes;
}

const languageNames: Record<string, Locale> = {
  portugues: 'pt',
  portuguese: 'pt',
  english: 'en',
  ingles: 'en',
  espanol: 'es',
  spanish: 'es',
  castellano: 'es',
  espanhol: 'es',
};

/** A language as a spreadsheet may hold it ('pt', 'pt-BR', 'es_MX', 'English', 'Español'); null: none of ours. */
export function readCsvLanguage(cell: string): Locale | null {
  const name = folded(cell);
  const tag = /^([a-z]{2})(?:_[a-z0-9]+)?$/.exec(name)?.[1];
  if (tag !== undefined && isLocale(tag)) return tag;
  return languageNames[name] ?? null;
}

/** A cell an export neutralised for spreadsheets (`'=…`) as it was. */
const unneutralised = (cell: string) => (/^'[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell);

// ---------------------------------------------------------------------------------------------
// The import.

/**
 * What the merchant states with a file: the country of numbers written without `+`, the language of
 * rows that give none (absent: each number's country's), the purposes the shoppers agreed to (none:
 * the contacts are added without consent), and, when there are purposes, where and how they agreed
 * (recorded with each opt-in) and when (a date, taken as its first moment in UTC, or a date and time);
 * and tags every contact of the file gets, besides its row's.
 */
export const contactImportOptionsSchema = z
  .strictObject({
    defaultCountry: countryCodeSchema,
    defaultLanguage: z.optional(localeSchema),
    purposes: z._default(consentPurposeListSchema, []),
    consentSource: z._default(
      storableText(contactValidation.unstorable.id).check(z.trim(), z.maxLength(500, { error: contactValidation.noteTooLong.id })),
      '',
    ),
    consentedAt: z.optional(z.union([z.iso.date(), z.iso.datetime({ offset: true })], { error: contactValidation.consentDateInvalid.id })),
    tags: z._default(contactTagsSchema, []),
  })
  .check(
    z.superRefine((options, context) => {
      if (options.purposes.length === 0) return;
      if (options.consentSource === '')
        context.addIssue({ code: 'custom', message: contactValidation.consentSourceRequired.id, path: ['consentSource'], input: '' });
      if (options.consentedAt === undefined)
        context.addIssue({ code: 'custom', message: contactValidation.consentDateInvalid.id, path: ['consentedAt'], input: undefined });
    }),
  );
export type ContactImportOptionsInput = z.input<typeof contactImportOptionsSchema>;
export type ContactImportOptions = z.output<typeof contactImportOptionsSchema>;

/** A contact as a file gives it: its number, country and language, its name if any, its tags, and the rows it came from. */
export type ContactDraft = { phone: string; country: CountryCode; name: string | null; language: Locale; tags: string[]; rows: number[] };

/** Why a row was not imported, at the cell to fix (null: the row as a whole). */
export type ContactCsvIssue = { row: number; column: ContactCsvColumn | null; message: MessageDescriptor };

export type ContactCsvImport =
  | {
      ok: true;
      /** One per number, in the order each first appears. */
      contacts: ContactDraft[];
      /** Rows not imported, each issue at its cell, in row order. */
      issues: ContactCsvIssue[];
      /** Rows that repeat a number of an earlier row (`of`), merged into its contact. */
      duplicates: { row: number; of: number }[];
      /** Contact rows read (blank lines and the header aside). */
      rowCount: number;
      /** The opt-ins to apply to every contact (applyConsentEvent), and the note each records. */
      consentEvents: ConsentEvent[];
      consentNote: string | null;
    }
  | { ok: false; refusal: ContactCsvRefusal; message: MessageDescriptor; row: number | null };

/** The start of the day (UTC) of a date, or the date and time as given, in ISO form. */
const consentInstant = (at: string) => new Date(/^\d{4}-\d{2}-\d{2}$/.test(at) ? `${at}T00:00:00.000Z` : at).toISOString();

const messageOf = (id: string): MessageDescriptor => contactValidationMessages.get(id) ?? contactValidation.unstorable;

/**
 * A merchant's file read into contacts: rows with a valid number become drafts (numbers written
 * without `+` read in the row's country column, else `options.defaultCountry`; tagged with the tags
 * of its cell, split at `,` and `;`, and `options.tags`), rows that repeat a number merge into the
 * first (a later row fills a name or language the first lacked; it never replaces one; its tags are
 * added while there is room), and every other row is an issue at the cell to fix. The whole file is refused when
 * it cannot be read, has no phone column, is past CONTACT_IMPORT_MAX_ROWS rows or
 * CONTACT_IMPORT_MAX_BYTES, or states a consent date later than `now`.
 */
export function parseContactCsv(text: string, options: ContactImportOptions, now: Date): ContactCsvImport {
  const refuse = (refusal: ContactCsvRefusal, message: MessageDescriptor, row: number | null = null) =>
    ({ ok: false, refusal, message, row }) as const;
  if (text.length > CONTACT_IMPORT_MAX_BYTES) return refuse('too_large', contactCsvMessages.tooLarge);
  let consentEvents: ConsentEvent[] = [];
  if (options.purposes.length > 0 && options.consentedAt !== undefined) {
    const at = consentInstant(options.consentedAt);
    if (Date.parse(at) > now.getTime()) return refuse('consent_date_in_future', contactValidation.consentDateInFuture);
    consentEvents = options.purposes.map((purpose) => ({ kind: 'opt_in', purpose, source: 'csv_import', at }));
  }

  const body = text.replace(/^\ufeff/, '');
  const delimiter = detectCsvDelimiter(body);
  const drafts = new Map<string, ContactDraft & { languageGiven: boolean }>();
  const issues: ContactCsvIssue[] = [];
  const duplicates: { row: number; of: number }[] = [];
  let columns: Partial<Record<ContactCsvColumn, number>> | null = null;
  let rowCount = 0;
  try {
    for (const { row, cells } of csvRecords(body, delimiter)) {
      if (cells.every((cell) => cell.trim() === '')) continue;
      if (columns === null) {
        columns = columnIndexes(cells);
        if (columns.phone === undefined) return refuse('no_phone_column', contactCsvMessages.noPhoneColumn, row);
        continue;
      }
      rowCount++;
      if (rowCount > CONTACT_IMPORT_MAX_ROWS) return refuse('too_many_rows', contactCsvMessages.tooManyRows, row);
      const cellOf = (column: ContactCsvColumn) => {
        const index = columns?.[column];
        return index === undefined ? '' : unneutralised(cells[index] ?? '').trim();
      };
      const rowIssues: ContactCsvIssue[] = [];

      const countryCell = cellOf('country').toUpperCase();
      const rowCountry = countryCell === '' ? undefined : isPhoneCountry(countryCell) ? countryCell : null;
      if (rowCountry === null) rowIssues.push({ row, column: 'country', message: contactValidation.countryInvalid });
      const phone = readContactPhone(cellOf('phone'), rowCountry ?? options.defaultCountry);
      if (!phone.ok) rowIssues.push({ row, column: 'phone', message: phone.error });

      const languageCell = cellOf('language');
      const language = languageCell === '' ? undefined : readCsvLanguage(languageCell);
      if (language === null) rowIssues.push({ row, column: 'language', message: contactValidation.languageInvalid });

      const name = contactNameSchema.safeParse(cellOf('name'));
      if (!name.success) rowIssues.push({ row, column: 'name', message: messageOf(name.error.issues[0]?.message ?? '') });

      const tags = contactTagsSchema.safeParse(mergedTags(splitContactTags(cellOf('tags')), options.tags));
      if (!tags.success) rowIssues.push({ row, column: 'tags', message: messageOf(tags.error.issues[0]?.message ?? '') });

      if (rowIssues.length > 0 || !phone.ok || !name.success || language === null || !tags.success) {
        issues.push(...rowIssues);
        continue;
      }
      const existing = drafts.get(phone.phone);
      if (existing) {
        duplicates.push({ row, of: existing.rows[0]! });
        existing.rows.push(row);
        existing.name ??= name.data;
        existing.tags = mergedTags(existing.tags, tags.data).slice(0, CONTACT_TAGS_MAX);
        if (!existing.languageGiven && language !== undefined) Object.assign(existing, { language, languageGiven: true });
        continue;
      }
      drafts.set(phone.phone, {
        phone: phone.phone,
        country: phone.country,
        name: name.data,
        language: language ?? options.defaultLanguage ?? languageForCountry(phone.country),
        languageGiven: language !== undefined,
        tags: tags.data,
        rows: [row],
      });
    }
  } catch (error) {
    if (error instanceof UnterminatedQuote) return refuse('unreadable', contactCsvMessages.unreadable, error.row);
    throw error;
  }
  if (columns === null || rowCount === 0) return refuse('empty', contactCsvMessages.empty);
  return {
    ok: true,
    contacts: [...drafts.values()].map(({ languageGiven: _, ...draft }) => draft),
    issues,
    duplicates,
    rowCount,
    consentEvents,
    consentNote: consentEvents.length > 0 ? options.consentSource : null,
  };
}

// ---------------------------------------------------------------------------------------------
// The export.

/** The export's columns: the contact, its consent per purpose, then its tags (last, where files made before tags had none). */
export const contactCsvExportColumns = [
  'phone',
  'name',
  'language',
  'country',
  ...consentPurposes.flatMap((purpose) => [`${purpose}_status`, `${purpose}_source`, `${purpose}_at`] as const),
  'tags',
] as const;

/** What an exported row needs of a contact (the API's contact fits). */
export type ContactCsvRecord = {
  phone: string;
  name: string | null;
  language: string;
  country: string;
  tags: readonly string[];
  consent: ContactConsent;
};

export type ContactCsvOptions = {
  /** `;` for spreadsheets of locales that write decimals with a comma (Excel in Portuguese or Spanish). */
  delimiter?: ',' | ';';
};

/**
 * A cell a spreadsheet would run as a formula (`=`, `+`, `-`, `@`, tab or carriage return first)
 * with a leading apostrophe, as OWASP advises; an E.164 number (`+5511…`) is left as it is: digits
 * after a sign cannot form a formula. The import takes the apostrophe off again.
 */
export function neutraliseCsvCell(text: string): string {
  if (/^\+\d{1,15}$/.test(text)) return text;
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

const quoted = (cell: string, delimiter: string) =>
  cell.includes(delimiter) || /["\r\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell;

const csvLine = (cells: readonly string[], delimiter: string) =>
  `${cells.map((cell) => quoted(neutraliseCsvCell(cell), delimiter)).join(delimiter)}\r\n`;

/** The export's header line (CRLF-ended), for a server that streams rows. */
export const contactCsvHeader = ({ delimiter = ',' }: ContactCsvOptions = {}) => csvLine(contactCsvExportColumns, delimiter);

/** One contact's line (CRLF-ended). */
export function contactCsvLine(contact: ContactCsvRecord, { delimiter = ',' }: ContactCsvOptions = {}): string {
  const consent = consentPurposes.flatMap((purpose) => {
    const { status, source, at } = contact.consent[purpose];
    return [status, source ?? '', at ?? ''];
  });
  // Tags joined by `, `: the import splits a cell at commas and semicolons.
  return csvLine([contact.phone, contact.name ?? '', contact.language, contact.country, ...consent, contact.tags.join(', ')], delimiter);
}

/**
 * Contacts as a CSV file: a UTF-8 BOM (Excel then reads accents right), the header, one CRLF-ended
 * line per contact, every cell neutralised for spreadsheets and quoted when it needs to be.
 */
export function contactsCsv(contacts: Iterable<ContactCsvRecord>, options: ContactCsvOptions = {}): string {
  let csv = `\ufeff${contactCsvHeader(options)}`;
  for (const contact of contacts) csv += contactCsvLine(contact, options);
  return csv;
}
