// Contacts and their consent through the API (server/routes/contact-routes.ts) over real HTTP, with
// the contact store's clock in the test's hands: add (the number read as typed, opt-ins dated now,
// a number taken refused), read with the history, rename, list with search, filters and pages,
// consent changes, CSV import (a spreadsheet's real file: BOM, `;`, CRLF, quotes, Windows-1252, row
// issues at their cells; every refusal) and export (streamed, formula-safe, read back by the
// import). The shopper's own opt-out, recorded by number as the WhatsApp side will, is undone by no
// claim: not the API's opt-in, not an import. Another account's contact is a 404 on every route.
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { ConsentHistoryEntry, Contact, ContactDetail, ContactList } from '@/domain/contact';
import { CONTACT_IMPORT_MAX_BYTES } from '@/domain/contact-csv';
import { parseConfig } from '@/server/config';
import { accountStore } from '@/server/accounts/account-store';
import { contactStore } from '@/server/contacts/contact-store';
import type { ContactImportResult } from '@/server/routes/contact-routes';
import { buildServices } from '@/server/services';
import { createUser, type TestUser } from './support/emulator-users';
import { testDatabase } from './support/test-database';
import { buildTestApp, call, errorOf, testEnv, type ApiAnswer, type TestServer } from './support/test-server';

/** The contact store's clock (API consent dates, import checks, the export's name): moved by the tests only. */
let clock = Date.parse('2026-03-02T09:00:00.000Z');
const tick = (ms = 1000) => new Date((clock += ms)).toISOString();
const nowIso = () => new Date(clock).toISOString();

let server: TestServer;
/** The store the WhatsApp side will call, on the server's database and clock. */
let contacts: ReturnType<typeof contactStore>;

beforeAll(async () => {
  const env = { ...testEnv, SECRETS_KEY: randomBytes(32).toString('base64') };
  const { db } = await testDatabase();
  contacts = contactStore(db, { now: () => new Date(clock) });
  const app = await buildTestApp(env, { services: { ...buildServices(db, parseConfig(env)), contacts } });
  await app.listen({ port: 0, host: '127.0.0.1' });
  server = { url: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`, app, close: () => app.close() };
});
afterAll(() => server?.close());

const api = (user: TestUser, path: string, method = 'GET', body?: unknown) =>
  call(`${server.url}/api/v1${path}`, {
    method,
    token: user.idToken,
    ...(body === undefined ? {} : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
  });

/** A merchant whose account exists (the WhatsApp side records opt-outs for accounts that have a channel). */
async function merchant(label: string): Promise<TestUser> {
  const user = await createUser(`contacts-${label}`);
  await accountStore((await testDatabase()).db).findOrCreate(user.uid, user.email);
  return user;
}

async function created(user: TestUser, body: Record<string, unknown>): Promise<ContactDetail> {
  tick();
  const answer = await api(user, '/contacts', 'POST', body);
  expect(answer.status, answer.text).toBe(201);
  return answer.body as ContactDetail;
}

async function detail(user: TestUser, id: string): Promise<ContactDetail> {
  const answer = await api(user, `/contacts/${id}`);
  expect(answer.status, answer.text).toBe(200);
  return answer.body as ContactDetail;
}

async function list(user: TestUser, query: Record<string, string> = {}): Promise<ContactList> {
  const answer = await api(user, `/contacts?${new URLSearchParams(query)}`);
  expect(answer.status, answer.text).toBe(200);
  return answer.body as ContactList;
}

/** POSTs a CSV and the import's fields as multipart/form-data, the way a browser's FormData sends them. */
async function upload(
  user: TestUser,
  file: string | Uint8Array | null,
  fields: Record<string, string | string[]>,
  { name = 'contatos.csv', extraFile = false }: { name?: string; extraFile?: boolean } = {},
): Promise<ApiAnswer> {
  const form = new FormData();
  for (const [field, value] of Object.entries(fields)) for (const one of [value].flat()) form.append(field, one);
  if (file !== null) form.append('file', new Blob([typeof file === 'string' ? file : Buffer.from(file)]), name);
  if (extraFile) form.append('file', new Blob(['Telefone\n11 98765-4321\n']), 'outro.csv');
  return call(`${server.url}/api/v1/contacts/import`, { method: 'POST', token: user.idToken, body: form });
}

async function imported(
  user: TestUser,
  file: string | Uint8Array,
  fields: Record<string, string | string[]>,
): Promise<ContactImportResult> {
  tick();
  const answer = await upload(user, file, fields);
  expect(answer.status, answer.text).toBe(200);
  return answer.body as ContactImportResult;
}

/** The export's bytes and text (`response.text()` would drop the BOM this checks). */
async function exported(user: TestUser, query: Record<string, string> = {}) {
  const response = await fetch(`${server.url}/api/v1/contacts/export.csv?${new URLSearchParams(query)}`, {
    headers: { authorization: `Bearer ${user.idToken}` },
  });
  const bytes = new Uint8Array(await response.arrayBuffer());
  return { status: response.status, headers: response.headers, bytes, text: new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes) };
}

const expectError = (answer: ApiAnswer, status: number, code: string) => {
  expect([answer.status, errorOf(answer).code], answer.text).toEqual([status, code]);
  return errorOf(answer);
};

const consentLine = (entry: ConsentHistoryEntry) => `${entry.purpose} ${entry.kind} ${entry.source} ${entry.effect}`;

/** A spreadsheet's file as Excel in Portuguese saves it: BOM, `;`, CRLF, a quoted cell holding `;`, a neutralised formula. */
const spreadsheet = [
  '\ufeffNome;Telefone;E-mail;Idioma;País',
  '"Silva; João";(11) 98765-4321;joao@example.com;Português;BR',
  'Maria José;+55 21 99876-5432;;pt-BR;',
  'Carlos Pérez;612 34 56 78;;es;ES',
  "'=1+2;11 91111-2222;;;",
  'Sem número;;;;',
  'Errado;12345;;;',
  'Maria José (de novo);21 99876-5432;;;',
  ';;;;',
  'Idioma ruim;11 92222-3333;;fr;',
].join('\r\n');
const consentFields = {
  defaultCountry: 'BR',
  purposes: 'utility,marketing',
  consentSource: 'Formulário da loja',
  consentedAt: '2026-02-15',
};

describe('POST /api/v1/contacts', () => {
  test('adds a contact: the number in E.164, its country and language, opt-ins dated now with the note', async () => {
    const user = await merchant('create');
    tick();
    const answer = await api(user, '/contacts', 'POST', {
      phone: '(11) 98765-4321',
      country: 'br',
      name: '  Ana Souza ',
      optIn: ['utility', 'utility'],
      note: 'Pediu no balcão',
    });
    expect(answer.status, answer.text).toBe(201);
    const contact = answer.body as ContactDetail;
    expect(answer.headers.get('location')).toBe(`/api/v1/contacts/${contact.id}`);
    expect(contact).toMatchObject({
      phone: '+5511987654321',
      country: 'BR',
      name: 'Ana Souza',
      language: 'pt',
      consent: {
        utility: { status: 'subscribed', source: 'merchant', at: nowIso() },
        marketing: { status: 'not_subscribed', source: null, at: null },
      },
      createdAt: nowIso(),
    });
    expect(contact.history).toEqual([
      {
        id: expect.any(String),
        purpose: 'utility',
        kind: 'opt_in',
        source: 'merchant',
        at: nowIso(),
        effect: 'subscribed',
        note: 'Pediu no balcão',
        recordedAt: nowIso(),
      },
    ]);
    expect(await detail(user, contact.id)).toEqual(contact);

    // A number with + is its own country's, whatever country the form says; the language follows it.
    const spanish = await created(user, { phone: '+34 612 34 56 78', country: 'BR' });
    expect(spanish).toMatchObject({ phone: '+34612345678', country: 'ES', language: 'es', name: null, history: [] });
  });

  test('the same number again, however written: 409 contact_exists naming the contact, which stays as it was', async () => {
    const user = await merchant('create-twice');
    const first = await created(user, { phone: '+55 11 98765-4321', name: 'Ana' });
    const again = await api(user, '/contacts', 'POST', { phone: '11987654321', country: 'BR', name: 'Outra', optIn: ['marketing'] });
    expectError(again, 409, 'contact_exists');
    expect(again.headers.get('location')).toBe(`/api/v1/contacts/${first.id}`);
    expect(await detail(user, first.id)).toEqual(first);
    expect((await list(user)).total).toBe(1);
  });

  test.each([
    [{ phone: 'not a number' }, 'phone', 'contact.phone_invalid'],
    [{ phone: '  ' }, 'phone', 'contact.phone_required'],
    [{ phone: '98765-4321' }, 'phone', 'contact.phone_invalid'],
    [{ phone: '+5511987654321', country: 'ZZ' }, 'country', 'contact.country_invalid'],
    [{ phone: '+5511987654321', name: 'x'.repeat(121) }, 'name', 'contact.name_too_long'],
    [{ phone: '+5511987654321', name: 'Ana\u0000' }, 'name', 'contact.unstorable'],
    [{ phone: '+5511987654321', note: 'n'.repeat(501) }, 'note', 'contact.note_too_long'],
    [{ phone: '+5511987654321', email: 'ana@example.com' }, 'email', 'Unknown field'],
  ])('bad input %j: 400 validation_failed at %s', async (body, field, message) => {
    const user = await merchant('create-bad');
    const error = expectError(await api(user, '/contacts', 'POST', body), 400, 'validation_failed');
    expect(error.fields?.[field]).toBe(message);
    expect((await list(user)).total).toBe(0);
  });

  test('a language or purpose not of the list: 400', async () => {
    const user = await merchant('create-enum');
    expectError(await api(user, '/contacts', 'POST', { phone: '+5511987654321', language: 'fr' }), 400, 'validation_failed');
    expectError(await api(user, '/contacts', 'POST', { phone: '+5511987654321', optIn: ['sms'] }), 400, 'validation_failed');
  });
});

describe('GET /api/v1/contacts', () => {
  let user: TestUser;
  beforeAll(async () => {
    user = await merchant('list');
    await created(user, { phone: '+5511987654321', name: 'João da Silva', optIn: ['utility'] });
    await created(user, { phone: '+5521998765432', name: 'Mariana Alves', optIn: ['utility', 'marketing'] });
    const carlos = await created(user, { phone: '+34612345678', name: 'Carlos Pérez' });
    tick();
    expect((await api(user, `/contacts/${carlos.id}/consent`, 'POST', { action: 'opt_out', purpose: 'marketing' })).status).toBe(200);
    // Sixty more, by import: pages of 50.
    const rows = Array.from({ length: 60 }, (_, index) => `Cliente ${index};+55119${String(40000000 + index).padStart(8, '0')}`);
    expect((await imported(user, ['Nome;Telefone', ...rows].join('\n'), { defaultCountry: 'BR' })).created).toBe(60);
  });

  test('newest first, in pages of 50, with the total', async () => {
    const first = await list(user);
    expect([first.total, first.page, first.pageSize, first.contacts.length]).toEqual([63, 1, 50, 50]);
    const second = await list(user, { page: '2' });
    expect(second.contacts).toHaveLength(13);
    const all = [...first.contacts, ...second.contacts];
    expect(new Set(all.map((contact) => contact.id)).size).toBe(63);
    const times = all.map((contact) => Date.parse(contact.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    // The import came last: the three added one by one are the oldest, last added first.
    expect(second.contacts.slice(-3).map((contact) => contact.name)).toEqual(['Carlos Pérez', 'Mariana Alves', 'João da Silva']);
    expect((await list(user, { page: '3' })).contacts).toEqual([]);
  });

  test('q: digits find numbers holding them anywhere; words find names by the start of their words, accents aside', async () => {
    const names = async (q: string) => (await list(user, { q })).contacts.map((contact) => contact.name);
    expect(await names('4321')).toEqual(['João da Silva']);
    expect(await names('(21) 99876')).toEqual(['Mariana Alves']);
    expect(await names('+34 612')).toEqual(['Carlos Pérez']);
    expect(await names('joao')).toEqual(['João da Silva']);
    expect(await names('SILVA JOÃO')).toEqual(['João da Silva']);
    expect(await names('per')).toEqual(['Carlos Pérez']);
    expect(await names('mari')).toEqual(['Mariana Alves']);
    expect(await names('ana')).toEqual([]); // not a word's start
    expect(await names('%')).toEqual([]);
    expect((await list(user, { q: 'cliente' })).total).toBe(60);
  });

  test('status filters on the purpose named, or on either purpose', async () => {
    const names = async (query: Record<string, string>) =>
      (await list(user, query)).contacts.map((contact) => contact.name).sort((a, b) => String(a).localeCompare(String(b)));
    expect(await names({ purpose: 'marketing', status: 'subscribed' })).toEqual(['Mariana Alves']);
    expect(await names({ purpose: 'utility', status: 'subscribed' })).toEqual(['João da Silva', 'Mariana Alves']);
    expect(await names({ status: 'unsubscribed' })).toEqual(['Carlos Pérez']);
    expect((await list(user, { purpose: 'utility', status: 'not_subscribed' })).total).toBe(61);
  });

  test.each([
    [{ page: '0' }, 'page'],
    [{ page: 'x' }, 'page'],
    [{ status: 'maybe' }, 'status'],
    [{ purpose: 'sms' }, 'purpose'],
  ])('bad query %j: 400 validation_failed', async (query, field) => {
    const error = expectError(await api(user, `/contacts?${new URLSearchParams(query)}`), 400, 'validation_failed');
    expect(Object.keys(error.fields ?? {})).toContain(field);
  });

  test('a search past 100 characters: 400 with its message', async () => {
    const error = expectError(await api(user, `/contacts?q=${'a'.repeat(101)}`), 400, 'validation_failed');
    expect(error.fields?.q).toBe('contact.search_too_long');
  });
});

describe('GET and PATCH /api/v1/contacts/:id', () => {
  test('renames (empty clears the name) and changes the language; the number never changes', async () => {
    const user = await merchant('patch');
    const contact = await created(user, { phone: '+5511987654321', name: 'Ana' });
    tick();
    const renamed = await api(user, `/contacts/${contact.id}`, 'PATCH', { name: ' Ana Souza ', language: 'es' });
    expect(renamed.status, renamed.text).toBe(200);
    expect(renamed.body).toMatchObject({ id: contact.id, name: 'Ana Souza', language: 'es', phone: '+5511987654321', updatedAt: nowIso() });
    const cleared = await api(user, `/contacts/${contact.id}`, 'PATCH', { name: '' });
    expect((cleared.body as Contact).name).toBeNull();
    expect((await api(user, `/contacts/${contact.id}`, 'PATCH', { name: null })).status).toBe(200);

    const error = expectError(await api(user, `/contacts/${contact.id}`, 'PATCH', { phone: '+5511911112222' }), 400, 'validation_failed');
    expect(error.fields?.phone).toBe('Unknown field');
    expectError(await api(user, `/contacts/${contact.id}`, 'PATCH', { language: 'de' }), 400, 'validation_failed');
    expect(await detail(user, contact.id)).toMatchObject({ phone: '+5511987654321', name: null, language: 'es' });
  });

  test('an id that is no uuid is a 400; an unknown one a 404 on every route', async () => {
    const user = await merchant('ids');
    expectError(await api(user, '/contacts/not-a-uuid'), 400, 'validation_failed');
    const unknown = '0e6f1f3c-94b5-4bd6-8d53-3f3f1bb2a2c1';
    expectError(await api(user, `/contacts/${unknown}`), 404, 'not_found');
    expectError(await api(user, `/contacts/${unknown}`, 'PATCH', { name: 'x' }), 404, 'not_found');
    expectError(await api(user, `/contacts/${unknown}/consent`, 'POST', { action: 'opt_in', purpose: 'all' }), 404, 'not_found');
  });
});

describe('POST /api/v1/contacts/:id/consent', () => {
  test('the merchant opts out and in again, each dated now with its note; the history is newest first', async () => {
    const user = await merchant('consent');
    const contact = await created(user, { phone: '+5511987654321', optIn: ['utility', 'marketing'] });
    const outAt = tick();
    const out = await api(user, `/contacts/${contact.id}/consent`, 'POST', {
      action: 'opt_out',
      purpose: 'all',
      note: 'Pediu por telefone',
    });
    expect(out.status, out.text).toBe(200);
    expect((out.body as ContactDetail).consent).toEqual({
      utility: { status: 'unsubscribed', source: 'merchant', at: outAt },
      marketing: { status: 'unsubscribed', source: 'merchant', at: outAt },
    });
    const inAt = tick();
    const back = await api(user, `/contacts/${contact.id}/consent`, 'POST', { action: 'opt_in', purpose: 'marketing' });
    const after = back.body as ContactDetail;
    expect(after.consent.marketing).toEqual({ status: 'subscribed', source: 'merchant', at: inAt });
    expect(after.consent.utility.status).toBe('unsubscribed');
    expect(after.history.map(consentLine)).toEqual([
      'marketing opt_in merchant subscribed',
      'marketing opt_out merchant unsubscribed',
      'utility opt_out merchant unsubscribed',
      'marketing opt_in merchant subscribed',
      'utility opt_in merchant subscribed',
    ]);
    expect(after.history[1]).toMatchObject({ at: outAt, note: 'Pediu por telefone', recordedAt: outAt });
  });

  test.each([
    { action: 'subscribe', purpose: 'all' },
    { action: 'opt_in', purpose: 'sms' },
    { action: 'opt_in' },
    { action: 'opt_in', purpose: 'all', at: '2020-01-01' },
  ])('bad change %j: 400', async (body) => {
    const user = await merchant('consent-bad');
    const contact = await created(user, { phone: '+5511987654321' });
    expectError(await api(user, `/contacts/${contact.id}/consent`, 'POST', body), 400, 'validation_failed');
    expect((await detail(user, contact.id)).history).toEqual([]);
  });
});

describe("the shopper's opt-out wins", () => {
  test('a stop word recorded by number is undone neither by the API’s opt-in nor by an import, only by the shopper', async () => {
    const user = await merchant('opt-out-wins');
    const contact = await created(user, { phone: '+5511987654321', name: 'Ana', optIn: ['utility', 'marketing'] });
    const stopAt = tick();
    const recorded = await contacts.recordOptOut(user.uid, '+5511987654321', 'stop_word', stopAt);
    expect(recorded).toMatchObject({ created: false, effects: { utility: 'unsubscribed', marketing: 'unsubscribed' } });
    const stopped = {
      utility: { status: 'unsubscribed', source: 'stop_word', at: stopAt },
      marketing: { status: 'unsubscribed', source: 'stop_word', at: stopAt },
    };
    // Its redelivery records nothing more.
    await contacts.recordOptOut(user.uid, '+5511987654321', 'stop_word', stopAt);

    tick();
    const optIn = await api(user, `/contacts/${contact.id}/consent`, 'POST', { action: 'opt_in', purpose: 'all', note: 'Cliente pediu' });
    expect(optIn.status, optIn.text).toBe(200);
    expect((optIn.body as ContactDetail).consent).toEqual(stopped);

    // A file dated after the stop word, naming the number, with a stranger's opt-out among its rows.
    const strangerAt = tick();
    expect(await contacts.recordOptOut(user.uid, '+5511922223333', 'stop_word', strangerAt)).toMatchObject({ created: true });
    tick(86_400_000 * 2);
    const counts = await imported(user, 'telefone;nome\n11 98765-4321;Ana Souza\n11 92222-3333;Desconhecido\n', {
      ...consentFields,
      consentedAt: new Date(clock - 86_400_000).toISOString(),
    });
    expect(counts).toMatchObject({ created: 0, updated: 2, unchanged: 0, consentIgnored: 2 });

    const after = await detail(user, contact.id);
    expect(after.consent).toEqual(stopped);
    expect(after.name).toBe('Ana Souza');
    expect(after.history.map(consentLine)).toEqual([
      'marketing opt_in csv_import ignored_shopper_opt_out',
      'utility opt_in csv_import ignored_shopper_opt_out',
      'marketing opt_in merchant ignored_shopper_opt_out',
      'utility opt_in merchant ignored_shopper_opt_out',
      'marketing opt_out stop_word unsubscribed',
      'utility opt_out stop_word unsubscribed',
      'marketing opt_in merchant subscribed',
      'utility opt_in merchant subscribed',
    ]);
    const sender = await contacts.consentOf(user.uid, ['+5511987654321', '+5511922223333', '+5511900000000']);
    expect([...sender.keys()].sort()).toEqual(['+5511922223333', '+5511987654321']);
    expect(sender.get('+5511922223333')!.consent.utility).toEqual({ status: 'unsubscribed', source: 'stop_word', at: strangerAt });

    // The shopper's own word, later, subscribes again: their conversation's button.
    const buttonAt = tick();
    expect((await contacts.recordOptIn(user.uid, '+5511987654321', 'utility', 'whatsapp_conversation', buttonAt))?.effects).toEqual({
      utility: 'subscribed',
    });
    expect((await detail(user, contact.id)).consent.utility).toEqual({
      status: 'subscribed',
      source: 'whatsapp_conversation',
      at: buttonAt,
    });
  });

  test('a claim by number about a number nobody added makes no contact; the shopper’s own event does', async () => {
    const user = await merchant('by-number');
    expect(await contacts.recordOptIn(user.uid, '+5511933334444', 'marketing', 'api', tick())).toBeNull();
    expect(await contacts.recordOptIn(user.uid, 'not a number', 'marketing', 'whatsapp_conversation', tick())).toBeNull();
    const resumeAt = tick();
    const resumed = await contacts.recordMarketingResume(user.uid, '+5511933334444', resumeAt);
    expect(resumed).toMatchObject({
      created: true,
      contact: { phone: '+5511933334444', language: 'pt' },
      effects: { marketing: 'subscribed' },
    });
    // Made with its consent and the event in its history, as read back.
    const made = await detail(user, resumed!.contact.id);
    expect(made.consent.marketing).toEqual({ status: 'subscribed', source: 'meta_user_preferences', at: resumeAt });
    expect(made.consent.utility).toMatchObject({ status: 'not_subscribed' });
    expect(made.history.map(consentLine)).toEqual(['marketing opt_in meta_user_preferences subscribed']);
    expect(made.history[0]).toMatchObject({ at: resumeAt });
    // Recorded again (a redelivery), nothing more is made or written.
    expect(await contacts.recordMarketingResume(user.uid, '+5511933334444', resumeAt)).toMatchObject({ created: false });
    expect((await detail(user, made.id)).history).toHaveLength(1);
    const metaStop = await contacts.recordOptOut(user.uid, '+5511933334444', 'meta_user_preferences', tick());
    expect(metaStop?.effects).toEqual({ marketing: 'unsubscribed' });
    expect((await list(user)).contacts.map((contact) => contact.phone)).toEqual(['+5511933334444']);
  });
});

describe('POST /api/v1/contacts/import', () => {
  test("a spreadsheet's file: contacts made with the stated consent, duplicates merged, each bad row at its cell", async () => {
    const user = await merchant('import');
    const counts = await imported(user, spreadsheet, consentFields);
    expect(counts).toEqual({
      rows: 8,
      created: 4,
      updated: 0,
      unchanged: 0,
      duplicates: 1,
      skipped: 3,
      consentIgnored: 0,
      importId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      issueCount: 3,
      issues: [
        { row: 6, column: 'phone', code: 'contact.phone_required', message: 'The WhatsApp number is required.' },
        { row: 7, column: 'phone', code: 'contact.phone_invalid', message: expect.stringContaining('not a valid phone number') },
        { row: 10, column: 'language', code: 'contact.language_invalid', message: expect.any(String) },
      ],
    });
    const all = (await list(user)).contacts.sort((a, b) => a.phone.localeCompare(b.phone));
    expect(all.map(({ phone, name, language, country }) => ({ phone, name, language, country }))).toEqual([
      { phone: '+34612345678', name: 'Carlos Pérez', language: 'es', country: 'ES' },
      { phone: '+5511911112222', name: '=1+2', language: 'pt', country: 'BR' },
      { phone: '+5511987654321', name: 'Silva; João', language: 'pt', country: 'BR' },
      { phone: '+5521998765432', name: 'Maria José', language: 'pt', country: 'BR' },
    ]);
    const joao = await detail(user, all[2]!.id);
    const agreed = { status: 'subscribed', source: 'csv_import', at: '2026-02-15T00:00:00.000Z' };
    expect(joao.consent).toEqual({ utility: agreed, marketing: agreed });
    expect(joao.history.map((entry) => [entry.purpose, entry.source, entry.effect, entry.note])).toEqual([
      ['marketing', 'csv_import', 'subscribed', 'Formulário da loja'],
      ['utility', 'csv_import', 'subscribed', 'Formulário da loja'],
    ]);

    // The same file again changes nothing and records nothing.
    expect(await imported(user, spreadsheet, consentFields)).toMatchObject({ created: 0, updated: 0, unchanged: 4 });
    expect(await detail(user, joao.id)).toEqual(joao);
  });

  test('Windows-1252 bytes, a comma file without consent, a number in another country than the default', async () => {
    const user = await merchant('import-1252');
    const bytes = Buffer.from('Nome,Celular,Pais\r\nJoão Conceição,11 93333-4444,\r\nPeña,612 34 56 78,es\r\n', 'latin1');
    expect(await imported(user, bytes, { defaultCountry: 'BR', defaultLanguage: 'en' })).toMatchObject({ created: 2, skipped: 0 });
    const all = (await list(user)).contacts;
    expect(all.map(({ name, phone, language }) => ({ name, phone, language })).sort((a, b) => a.phone.localeCompare(b.phone))).toEqual([
      { name: 'Peña', phone: '+34612345678', language: 'en' },
      { name: 'João Conceição', phone: '+5511933334444', language: 'en' },
    ]);
    expect(all.every((contact) => contact.consent.utility.status === 'not_subscribed' && contact.consent.marketing.source === null)).toBe(
      true,
    );
  });

  test('at most 100 issues are answered; the count covers them all', async () => {
    const user = await merchant('import-issues');
    const rows = Array.from({ length: 150 }, (_, index) => `Ruim ${index};${index}`);
    const counts = await imported(user, ['Nome;Telefone', ...rows, 'Boa;11 98765-4321'].join('\n'), { defaultCountry: 'BR' });
    expect(counts).toMatchObject({ rows: 151, created: 1, skipped: 150, issueCount: 150 });
    expect(counts.issues).toHaveLength(100);
    expect(counts.issues[99]).toMatchObject({ row: 101, column: 'phone' });
  });

  test.each([
    ['no file', null, consentFields, {}, 400, 'no_file'],
    ['an empty file', '', consentFields, {}, 400, 'empty_file'],
    ['two files', 'Telefone\n11 98765-4321\n', consentFields, { extraFile: true }, 400, 'too_many_files'],
    ['a workbook', 'PK\u0003\u0004', consentFields, { name: 'contatos.xlsx' }, 415, 'unsupported_type'],
    ['no phone column', 'Nome;Email\nAna;ana@example.com\n', consentFields, {}, 422, 'csv_no_phone_column'],
    ['a header alone', 'Nome;Telefone\n\n', consentFields, {}, 422, 'csv_empty'],
    ['a quote never closed', 'Nome;Telefone\n"Ana;11 98765-4321\n', consentFields, {}, 422, 'csv_unreadable'],
  ] as const)('%s: %i %s, nothing imported', async (_label, file, fields, options, status, code) => {
    const user = await merchant('import-refused');
    const answer = await upload(user, file, fields, options);
    expectError(answer, status, code);
    expect((await list(user)).total).toBe(0);
  });

  test('a CSV refusal names its message id and row', async () => {
    const user = await merchant('import-row');
    const error = expectError(await upload(user, 'Nome;Telefone\nAna;1\n"Bia;2\n', consentFields), 422, 'csv_unreadable');
    expect(error.fields).toEqual({ file: 'contact.csv.unreadable' });
    expect(error.message).toContain('(row 3)');
  });

  const tomorrow = () => new Date(clock + 86_400_000).toISOString().slice(0, 10);
  test.each([
    [{ purposes: 'utility', consentSource: 'Loja', consentedAt: '2026-02-01' }, 'defaultCountry', null],
    [{ defaultCountry: 'XX' }, 'defaultCountry', 'contact.country_invalid'],
    [{ defaultCountry: 'BR', purposes: 'utility', consentedAt: '2026-02-01' }, 'consentSource', 'contact.consent_source_required'],
    [{ defaultCountry: 'BR', purposes: 'utility', consentSource: 'Loja' }, 'consentedAt', 'contact.consent_date_invalid'],
    [
      { defaultCountry: 'BR', purposes: 'utility', consentSource: 'Loja', consentedAt: 'tomorrow' },
      'consentedAt',
      'contact.consent_date_in_future',
    ],
    [{ defaultCountry: 'BR', purposes: 'sms' }, 'purposes.0', null],
    [{ defaultCountry: 'BR', sheet: 'Planilha1' }, 'sheet', 'Unknown field'],
  ] as [Record<string, string>, string, string | null][])('bad fields %j: 400 validation_failed at %s', async (fields, field, message) => {
    const user = await merchant('import-fields');
    const form = fields.consentedAt === 'tomorrow' ? { ...fields, consentedAt: tomorrow() } : fields;
    const error = expectError(await upload(user, 'Telefone\n11 98765-4321\n', form), 400, 'validation_failed');
    expect(Object.keys(error.fields ?? {})).toContain(field);
    if (message) expect(error.fields?.[field]).toBe(message);
    expect((await list(user)).total).toBe(0);
  });

  test('JSON instead of a form: 415', async () => {
    const user = await merchant('import-json');
    expectError(await api(user, '/contacts/import', 'POST', { file: 'Telefone\n11 98765-4321' }), 415, 'unsupported_media_type');
  });

  test('a file past the size limit: 413 too_large, nothing imported', async () => {
    const user = await merchant('import-large');
    const head = 'Telefone\n11 98765-4321\n';
    const file = head + '#'.repeat(CONTACT_IMPORT_MAX_BYTES + 1 - head.length);
    expectError(await upload(user, file, { defaultCountry: 'BR' }), 413, 'too_large');
    expect((await list(user)).total).toBe(0);
  });
});

describe('GET /api/v1/contacts/export.csv', () => {
  test('streams every contact, formula-safe, with a BOM and a dated name; the import reads it back as it was', async () => {
    const user = await merchant('export');
    const rows = Array.from({ length: 1205 }, (_, index) => `Cliente ${index};+55119${String(50000000 + index).padStart(8, '0')}`);
    expect((await imported(user, ['Nome;Telefone', ...rows].join('\n'), consentFields)).created).toBe(1205);
    const formula = await created(user, { phone: '+34612345678', name: '=HYPERLINK("https://evil.example")', language: 'en' });
    tick();
    await api(user, `/contacts/${formula.id}/consent`, 'POST', { action: 'opt_out', purpose: 'all' });

    const file = await exported(user);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(file.headers.get('content-disposition')).toBe(`attachment; filename="catalyst-contacts-${nowIso().slice(0, 10)}.csv"`);
    expect(file.headers.get('cache-control')).toBe('private, no-store');
    expect([...file.bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = file.text.slice(1).split('\r\n');
    expect(lines[0]).toBe(
      'phone,name,language,country,utility_status,utility_source,utility_at,marketing_status,marketing_source,marketing_at,tags',
    );
    expect(lines.at(-1)).toBe('');
    expect(lines).toHaveLength(1 + 1206 + 1);
    expect(lines[1]).toBe(
      `+34612345678,"'=HYPERLINK(""https://evil.example"")",en,ES,unsubscribed,merchant,${nowIso()},unsubscribed,merchant,${nowIso()},`,
    );
    expect(lines).toContain(
      '+5511950000000,Cliente 0,pt,BR,subscribed,csv_import,2026-02-15T00:00:00.000Z,subscribed,csv_import,2026-02-15T00:00:00.000Z,',
    );
    expect(new Set(lines.slice(1, -1).map((line) => line.split(',')[0])).size).toBe(1206);

    // Filtered as the list is; `;` for Excel in Portuguese.
    const unsubscribed = await exported(user, { status: 'unsubscribed', delimiter: 'semicolon' });
    expect(unsubscribed.text.slice(1).split('\r\n')).toEqual([
      'phone;name;language;country;utility_status;utility_source;utility_at;marketing_status;marketing_source;marketing_at;tags',
      `+34612345678;"'=HYPERLINK(""https://evil.example"")";en;ES;unsubscribed;merchant;${nowIso()};unsubscribed;merchant;${nowIso()};`,
      '',
    ]);

    // Read back into another account: the same contacts, the formula as it was typed.
    const other = await merchant('export-back');
    expect(await imported(other, file.bytes, { defaultCountry: 'BR' })).toMatchObject({ rows: 1206, created: 1206, skipped: 0 });
    const shape = (contact: Contact) => `${contact.phone} ${contact.name} ${contact.language} ${contact.country}`;
    const everyone = async (owner: TestUser) => {
      const found: string[] = [];
      for await (const page of contacts.exportPages(owner.uid, { q: '' })) found.push(...page.map(shape));
      return found.sort();
    };
    expect(await everyone(other)).toEqual(await everyone(user));
    expect((await list(other, { q: 'hyperlink' })).contacts[0]?.name).toBe('=HYPERLINK("https://evil.example")');
  });

  test('a delimiter not offered: 400 as JSON', async () => {
    const user = await merchant('export-bad');
    expectError(await api(user, '/contacts/export.csv?delimiter=pipe'), 400, 'validation_failed');
  });
});

describe('tenancy', () => {
  test("another account's contact is a 404 on every route, is in none of its lists or files, and stays as it was", async () => {
    const [alice, bob] = await Promise.all([merchant('tenant-a'), merchant('tenant-b')]);
    const contact = await created(alice, { phone: '+5511987654321', name: 'Cliente da Alice', optIn: ['utility'] });
    const before = await detail(alice, contact.id);

    expectError(await api(bob, `/contacts/${contact.id}`), 404, 'not_found');
    expectError(await api(bob, `/contacts/${contact.id}`, 'PATCH', { name: 'Tomado' }), 404, 'not_found');
    expectError(await api(bob, `/contacts/${contact.id}/consent`, 'POST', { action: 'opt_out', purpose: 'all' }), 404, 'not_found');
    for (const answer of [await api(bob, '/contacts'), await api(bob, '/contacts?q=4321'), await api(bob, '/contacts?q=alice')]) {
      expect(answer.status).toBe(200);
      expect(answer.text).not.toContain(contact.id);
      expect(answer.text).not.toContain('Alice');
    }
    expect((await exported(bob)).text).not.toContain('+5511987654321');

    // Bob's own contact of the same number is Bob's, by the API and by import; Alice's is untouched.
    const bobs = await created(bob, { phone: '+5511987654321', name: 'Cliente do Bob' });
    expect(bobs.id).not.toBe(contact.id);
    expect(await imported(bob, 'Telefone;Nome\n11 98765-4321;Renomeado\n', { ...consentFields, purposes: 'marketing' })).toMatchObject({
      created: 0,
      updated: 1,
    });
    expect(await contacts.recordOptOut(bob.uid, '+5511987654321', 'stop_word', tick())).toMatchObject({ contact: { id: bobs.id } });
    expect(await detail(alice, contact.id)).toEqual(before);
    expect((await contacts.consentOf(alice.uid, ['+5511987654321'])).get('+5511987654321')?.id).toBe(contact.id);
  });
});

test('the OpenAPI document describes every contact route', async () => {
  const document = (await (await fetch(`${server.url}/api/docs/json`)).json()) as { paths: Record<string, Record<string, unknown>> };
  const routes = Object.entries(document.paths)
    .filter(([path]) => path.startsWith('/api/v1/contacts'))
    .flatMap(([path, methods]) => Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`))
    .sort();
  expect(routes).toEqual([
    'GET /api/v1/contacts',
    'GET /api/v1/contacts/export.csv',
    'GET /api/v1/contacts/imports',
    'GET /api/v1/contacts/imports/{id}',
    'GET /api/v1/contacts/tags',
    'GET /api/v1/contacts/{id}',
    'PATCH /api/v1/contacts/{id}',
    'POST /api/v1/contacts',
    'POST /api/v1/contacts/import',
    'POST /api/v1/contacts/{id}/consent',
  ]);
});
