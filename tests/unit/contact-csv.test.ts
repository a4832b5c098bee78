// Contacts in and out of CSV (domain/contact-csv.ts), as the import and export of the contacts
// screen rely on it: files with either delimiter, a BOM, quoted cells and the encodings spreadsheets
// write; each bad row addressed by its spreadsheet row and column; numbers repeated in a file merged;
// the row and size limits refused whole; the consent the merchant states turned into opt-ins; and an
// export that no spreadsheet runs as a formula and that imports back as it was.
import { describe, expect, test } from 'vitest';
import { applyConsentEvent, contactValidation, noConsent, type ContactConsent } from '@/domain/contact';
import {
  CONTACT_IMPORT_MAX_BYTES,
  CONTACT_IMPORT_MAX_ROWS,
  contactCsvHeader,
  contactCsvLine,
  contactCsvMessages,
  contactImportOptionsSchema,
  contactsCsv,
  decodeCsvBytes,
  detectCsvDelimiter,
  neutraliseCsvCell,
  parseContactCsv,
  readCsvLanguage,
  type ContactCsvImport,
  type ContactCsvRecord,
  type ContactImportOptionsInput,
} from '@/domain/contact-csv';

const NOW = new Date('2025-05-01T12:00:00.000Z');
const options = (input: Partial<ContactImportOptionsInput> = {}) => contactImportOptionsSchema.parse({ defaultCountry: 'BR', ...input });

/** The import of `text` read with Brazil as the default country, as an accepted import (fails the test otherwise). */
function accepted(text: string, input: Partial<ContactImportOptionsInput> = {}) {
  const result = parseContactCsv(text, options(input), NOW);
  if (!result.ok) throw new Error(`refused: ${result.refusal}`);
  return result;
}

const refusalOf = (result: ContactCsvImport) => (result.ok ? null : { refusal: result.refusal, row: result.row, id: result.message.id });

describe('reading a file', () => {
  test('a comma-separated file with a header gives one draft per row, in order', () => {
    const result = accepted('phone,name,language\n(11) 98765-4321,Maria,pt\n+1 415 555 2671,John,en\n');
    expect(result.contacts).toEqual([
      { phone: '+5511987654321', country: 'BR', name: 'Maria', language: 'pt', tags: [], rows: [2] },
      { phone: '+14155552671', country: 'US', name: 'John', language: 'en', tags: [], rows: [3] },
    ]);
    expect(result).toMatchObject({ issues: [], duplicates: [], rowCount: 2 });
  });

  test("a semicolon file with Excel's BOM, CRLF lines and Portuguese headers reads the same", () => {
    const result = accepted('\ufeffTelefone;Nome;Idioma;País\r\n11 98765-4321;José da Silva;Português;BR\r\n612 34 56 78;Lucía;es;es\r\n');
    expect(result.contacts).toEqual([
      { phone: '+5511987654321', country: 'BR', name: 'José da Silva', language: 'pt', tags: [], rows: [2] },
      { phone: '+34612345678', country: 'ES', name: 'Lucía', language: 'es', tags: [], rows: [3] },
    ]);
  });

  test('quoted cells keep delimiters, line breaks and doubled quotes; a line break inside one is the same row', () => {
    const text = 'name,phone\n"Silva, Maria",11987654321\n"Ana ""Aninha""\nSouza",11912345678\nBeto 27" TV,11923456789\n';
    const result = accepted(text);
    expect(result.contacts.map(({ name, rows }) => ({ name, rows }))).toEqual([
      { name: 'Silva, Maria', rows: [2] },
      { name: 'Ana "Aninha"\nSouza', rows: [3] },
      { name: 'Beto 27" TV', rows: [4] },
    ]);
  });

  test('a tab-separated file, and the delimiter chosen by the header row', () => {
    expect(accepted('phone\tname\n11987654321\tMaria, a Silva\n').contacts[0]?.name).toBe('Maria, a Silva');
    expect(detectCsvDelimiter('telefone;nome\n1,2;3')).toBe(';');
    expect(detectCsvDelimiter('"a;b",c\n')).toBe(',');
    expect(detectCsvDelimiter('phone\n')).toBe(',');
  });

  test('a language is read as a spreadsheet holds it; none given is the number’s country’s, or the file’s default', () => {
    expect(
      ['pt', 'PT-BR', 'pt_BR', 'Português', 'english', 'en-US', 'Español', 'es-MX', 'castellano', 'fr', 'xx'].map(readCsvLanguage),
    ).toEqual(['pt', 'pt', 'pt', 'pt', 'en', 'en', 'es', 'es', 'es', null, null]);
    const text = 'phone\n11987654321\n+52 55 1234 5678\n+1 415 555 2671\n';
    expect(accepted(text).contacts.map((contact) => contact.language)).toEqual(['pt', 'es', 'en']);
    expect(accepted(text, { defaultLanguage: 'en' }).contacts.map((contact) => contact.language)).toEqual(['en', 'en', 'en']);
  });

  test('a national number is read in its row’s country, else the file’s; a number with + in its own', () => {
    const text = 'phone,country\n612 34 56 78,ES\n55 1234 5678,mx\n(11) 98765-4321,\n+1 415 555 2671,BR\n';
    expect(accepted(text).contacts.map(({ phone, country }) => `${phone} ${country}`)).toEqual([
      '+34612345678 ES',
      '+525512345678 MX',
      '+5511987654321 BR',
      '+14155552671 US',
    ]);
  });

  test('each bad row is an issue at its spreadsheet row and column; blank lines count as rows', () => {
    const text = [
      'phone;name;language;country',
      '11 98765-4321;Maria;pt;',
      '',
      '123;Ana;pt;',
      ';Sem número;;',
      '11 91234-5678;Beto;klingon;ZZ',
      `11 92345-6789;${'n'.repeat(121)};;`,
      ';;;',
      '11 93456-7890;Carla;es;',
    ].join('\n');
    const result = accepted(text);
    expect(result.issues).toEqual([
      { row: 4, column: 'phone', message: contactValidation.phoneInvalid },
      { row: 5, column: 'phone', message: contactValidation.phoneRequired },
      { row: 6, column: 'country', message: contactValidation.countryInvalid },
      { row: 6, column: 'language', message: contactValidation.languageInvalid },
      { row: 7, column: 'name', message: contactValidation.nameTooLong },
    ]);
    expect(result.contacts.map((contact) => contact.rows)).toEqual([[2], [9]]);
    expect(result.rowCount).toBe(6);
  });

  test('a number repeated in the file, in any form, merges into its first row; later rows only fill what it lacked', () => {
    const text = [
      'phone,name,language',
      '(11) 98765-4321,,',
      '+55 11 98765-4321,Maria,es',
      '5511987654321,Mariana,en',
      '11 91234-5678,Beto,pt',
      '011 91234-5678,Roberto,en',
    ].join('\n');
    const result = accepted(text);
    expect(result.contacts).toEqual([
      { phone: '+5511987654321', country: 'BR', name: 'Maria', language: 'es', tags: [], rows: [2, 3, 4] },
      { phone: '+5511912345678', country: 'BR', name: 'Beto', language: 'pt', tags: [], rows: [5, 6] },
    ]);
    expect(result.duplicates).toEqual([
      { row: 3, of: 2 },
      { row: 4, of: 2 },
      { row: 6, of: 5 },
    ]);
    expect(result.rowCount).toBe(5);
  });

  test('the bytes spreadsheets write are read as text: UTF-8 with or without BOM, UTF-16 with BOM, else Windows-1252', () => {
    const text = 'nome;telefone\nJoão;11987654321\n';
    const utf8 = new TextEncoder().encode(text);
    expect(decodeCsvBytes(utf8)).toBe(text);
    expect(decodeCsvBytes(new Uint8Array([0xef, 0xbb, 0xbf, ...utf8]))).toBe(text);
    const utf16 = new Uint8Array(2 + text.length * 2);
    utf16.set([0xff, 0xfe]);
    for (let index = 0; index < text.length; index++) utf16.set([text.charCodeAt(index), 0], 2 + index * 2);
    expect(decodeCsvBytes(utf16)).toBe(text);
    const windows1252 = Uint8Array.from(text, (char) => char.charCodeAt(0));
    expect(decodeCsvBytes(windows1252)).toBe(text);
    expect(accepted(decodeCsvBytes(windows1252)).contacts[0]?.name).toBe('João');
  });
});

describe('refusing a file', () => {
  test('a file without contacts, or without a phone column, is refused whole', () => {
    expect(refusalOf(parseContactCsv('', options(), NOW))).toEqual({ refusal: 'empty', row: null, id: contactCsvMessages.empty.id });
    expect(refusalOf(parseContactCsv('\ufeffphone;name\r\n\r\n;;\r\n', options(), NOW))).toMatchObject({ refusal: 'empty' });
    expect(refusalOf(parseContactCsv('\nname,email\nMaria,maria@example.com\n', options(), NOW))).toEqual({
      refusal: 'no_phone_column',
      row: 2,
      id: contactCsvMessages.noPhoneColumn.id,
    });
  });

  test('a quote never closed refuses the file at the row it opens', () => {
    expect(refusalOf(parseContactCsv('phone,name\n11987654321,Maria\n11912345678,"Ana\n', options(), NOW))).toEqual({
      refusal: 'unreadable',
      row: 3,
      id: contactCsvMessages.unreadable.id,
    });
  });

  test(`${CONTACT_IMPORT_MAX_ROWS} rows are taken; one more refuses the file at that row`, () => {
    const rows = Array.from({ length: CONTACT_IMPORT_MAX_ROWS }, (_, index) => `+5511${String(910_000_000 + index)}`);
    const atLimit = accepted(`phone\n${rows.join('\n')}\n`);
    expect(atLimit.rowCount).toBe(CONTACT_IMPORT_MAX_ROWS);
    expect(atLimit.contacts).toHaveLength(CONTACT_IMPORT_MAX_ROWS);
    const overLimit = parseContactCsv(`phone\n${rows.join('\n')}\n+5511987654321\n`, options(), NOW);
    expect(refusalOf(overLimit)).toEqual({
      refusal: 'too_many_rows',
      row: CONTACT_IMPORT_MAX_ROWS + 2,
      id: contactCsvMessages.tooManyRows.id,
    });
  });

  test('the refusals state the limits in force', () => {
    expect(contactCsvMessages.tooManyRows.message).toContain(CONTACT_IMPORT_MAX_ROWS.toLocaleString('en'));
    expect(contactCsvMessages.tooLarge.message).toContain(`${CONTACT_IMPORT_MAX_BYTES / 1024 / 1024} MB`);
  });

  test('a text past the size limit is refused before it is read', () => {
    const text = `phone,name\n11987654321,${'x'.repeat(CONTACT_IMPORT_MAX_BYTES)}\n`;
    expect(refusalOf(parseContactCsv(text, options(), NOW))).toEqual({
      refusal: 'too_large',
      row: null,
      id: contactCsvMessages.tooLarge.id,
    });
  });
});

describe('the consent stated for a file', () => {
  test('without purposes the contacts come without consent', () => {
    expect(accepted('phone\n11987654321\n')).toMatchObject({ consentEvents: [], consentNote: null });
  });

  test('purposes need a source and a date, at the field', () => {
    const result = contactImportOptionsSchema.safeParse({ defaultCountry: 'BR', purposes: ['utility'] });
    expect(result.success ? [] : result.error.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['consentSource', contactValidation.consentSourceRequired.id],
      ['consentedAt', contactValidation.consentDateInvalid.id],
    ]);
    expect(
      contactImportOptionsSchema.safeParse({
        defaultCountry: 'BR',
        purposes: ['utility'],
        consentSource: 'Loja',
        consentedAt: '31/03/2025',
      }).success,
    ).toBe(false);
    expect(contactImportOptionsSchema.safeParse({ defaultCountry: 'Brasil' }).success).toBe(false);
  });

  test('a date is taken at its first moment (UTC); the events are csv_import opt-ins with the source as their note', () => {
    const result = accepted('phone\n11987654321\n', {
      purposes: ['marketing', 'utility'],
      consentSource: ' Checkbox on the checkout of loja.example ',
      consentedAt: '2025-03-31',
    });
    expect(result.consentEvents).toEqual([
      { kind: 'opt_in', purpose: 'utility', source: 'csv_import', at: '2025-03-31T00:00:00.000Z' },
      { kind: 'opt_in', purpose: 'marketing', source: 'csv_import', at: '2025-03-31T00:00:00.000Z' },
    ]);
    expect(result.consentNote).toBe('Checkbox on the checkout of loja.example');
    const withTime = accepted('phone\n11987654321\n', {
      purposes: ['utility'],
      consentSource: 'Loja',
      consentedAt: '2025-03-31T18:30:00-03:00',
    });
    expect(withTime.consentEvents[0]?.at).toBe('2025-03-31T21:30:00.000Z');
  });

  test('a consent date after now refuses the file; today is fine', () => {
    const future = options({ purposes: ['utility'], consentSource: 'Loja', consentedAt: '2025-05-02' });
    expect(refusalOf(parseContactCsv('phone\n11987654321\n', future, NOW))).toEqual({
      refusal: 'consent_date_in_future',
      row: null,
      id: contactValidation.consentDateInFuture.id,
    });
    expect(
      accepted('phone\n11987654321\n', { purposes: ['utility'], consentSource: 'Loja', consentedAt: '2025-05-01' }).consentEvents,
    ).toHaveLength(1);
  });

  test("an import's opt-in never undoes the shopper's own opt-out", () => {
    const { consentEvents } = accepted('phone\n11987654321\n', { purposes: ['utility'], consentSource: 'Loja', consentedAt: '2025-04-30' });
    const stopped: ContactConsent = {
      ...noConsent,
      utility: { status: 'unsubscribed', source: 'stop_word', at: '2025-01-01T00:00:00.000Z' },
    };
    expect(applyConsentEvent(stopped, consentEvents[0]!).effects).toEqual({ utility: 'ignored_shopper_opt_out' });
  });
});

const contact = (name: string | null, phone = '+5511987654321', tags: string[] = []): ContactCsvRecord => ({
  phone,
  name,
  language: 'pt',
  country: 'BR',
  tags,
  consent: {
    utility: { status: 'subscribed', source: 'cart_page', at: '2025-04-01T10:00:00.000Z' },
    marketing: { status: 'not_subscribed', source: null, at: null },
  },
});

describe('exporting contacts', () => {
  test('a BOM, the header, then one CRLF line per contact with its consent', () => {
    expect(contactsCsv([contact('Maria')])).toBe(
      '\ufeffphone,name,language,country,utility_status,utility_source,utility_at,marketing_status,marketing_source,marketing_at,tags\r\n' +
        '+5511987654321,Maria,pt,BR,subscribed,cart_page,2025-04-01T10:00:00.000Z,not_subscribed,,,\r\n',
    );
    expect(contactsCsv([])).toBe(`\ufeff${contactCsvHeader()}`);
  });

  test('cells a spreadsheet would run as a formula get an apostrophe; an E.164 number does not', () => {
    expect(
      ['=HYPERLINK("http://x")', '+SUM(A1)', '-2+3', '@cmd', '\tx', '\rx', 'Maria', '+5511987654321', '2025'].map(neutraliseCsvCell),
    ).toEqual([`'=HYPERLINK("http://x")`, "'+SUM(A1)", "'-2+3", "'@cmd", "'\tx", "'\rx", 'Maria', '+5511987654321', '2025']);
    expect(contactCsvLine(contact('=1+1'))).toMatch(/^\+5511987654321,'=1\+1,pt,/);
  });

  test('cells with the delimiter, quotes or line breaks are quoted; `;` files for Excel in Portuguese', () => {
    expect(contactCsvLine(contact('Silva, "Maria"\nSP'))).toMatch(/^\+5511987654321,"Silva, ""Maria""\nSP",pt,/);
    expect(contactCsvLine(contact('Silva, Maria'), { delimiter: ';' })).toMatch(/^\+5511987654321;Silva, Maria;pt;BR;subscribed;/);
    expect(contactCsvLine(contact('Silva; Maria'), { delimiter: ';' })).toMatch(/^\+5511987654321;"Silva; Maria";pt;/);
  });

  test('an export imports back as it was, with either delimiter', () => {
    const contacts = [
      contact('Maria'),
      contact(null, '+14155552671'),
      contact('=cmd|calc', '+34612345678'),
      contact('Silva; "Ana"\r\nSP', '+525512345678'),
      contact('-Zé-', '+351912345678', ['vip', 'black friday', '-atacado']),
    ];
    for (const delimiter of [',', ';'] as const) {
      const back = accepted(contactsCsv(contacts, { delimiter }), { defaultCountry: 'US' });
      expect(back.issues).toEqual([]);
      expect(back.contacts.map(({ phone, name, language }) => ({ phone, name, language }))).toEqual(
        contacts.map(({ phone, name, language }) => ({ phone, name, language })),
      );
      expect(back.contacts.map((draft) => draft.country)).toEqual(['BR', 'US', 'ES', 'MX', 'PT']);
      expect(back.contacts.map((draft) => draft.tags)).toEqual(contacts.map((each) => each.tags));
    }
  });
});
