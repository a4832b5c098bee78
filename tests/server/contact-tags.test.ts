// Tags on contacts through the API (server/routes/contact-routes.ts) over real HTTP: given when a
// contact is added and replaced by a change, normalised (case, spaces) and refused past their limits
// at the field; the list filtered by a tag; the account's tags counted (never another account's); an
// import's tags column and its form's tags added to new and known contacts alike (a known contact
// keeps its own, up to the limit); the export writes them and the import reads them back.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Contact, ContactDetail, ContactList } from '@/domain/contact';
import { CONTACT_TAGS_MAX, contactTagValidation, type ContactTagCountList } from '@/domain/contact-tags';
import type { ContactImportResult } from '@/server/routes/contact-routes';
import { createUser, type TestUser } from './support/emulator-users';
import { call, errorOf, jsonApi, ok, startTestServer, type TestServer } from './support/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const api = jsonApi(() => server);

const added = (user: TestUser, body: Record<string, unknown>) => ok<ContactDetail>(api(user, '/contacts', 'POST', body), 201);
const tagsOf = (user: TestUser) => ok<ContactTagCountList>(api(user, '/contacts/tags'));
const listed = async (user: TestUser, query: Record<string, string>) =>
  (await ok<ContactList>(api(user, `/contacts?${new URLSearchParams(query)}`))).contacts.map((contact) => contact.name);

async function imported(user: TestUser, csv: string, fields: Record<string, string> = {}): Promise<ContactImportResult> {
  const form = new FormData();
  form.append('defaultCountry', 'BR');
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('file', new Blob([csv]), 'clientes.csv');
  return ok<ContactImportResult>(call(`${server.url}/api/v1/contacts/import`, { method: 'POST', token: user.idToken, body: form }));
}

describe('a contact’s tags', () => {
  test('are given when it is added, normalised once each, and replaced (or cleared) by a change', async () => {
    const user = await createUser('tags-change');
    const ana = await added(user, { phone: '+5511987650001', name: 'Ana', tags: ['VIP', ' Black   Friday ', 'vip'] });
    expect(ana.tags).toEqual(['vip', 'black friday']);
    expect((await ok<ContactDetail>(api(user, `/contacts/${ana.id}`))).tags).toEqual(['vip', 'black friday']);

    const changed = await ok<Contact>(api(user, `/contacts/${ana.id}`, 'PATCH', { tags: ['Atacado', 'vip'] }));
    expect(changed.tags).toEqual(['atacado', 'vip']);
    // A rename leaves the tags as they are.
    expect((await ok<Contact>(api(user, `/contacts/${ana.id}`, 'PATCH', { name: 'Ana Souza' }))).tags).toEqual(['atacado', 'vip']);
    expect((await ok<Contact>(api(user, `/contacts/${ana.id}`, 'PATCH', { tags: [] }))).tags).toEqual([]);
    expect((await added(user, { phone: '+5511987650002' })).tags).toEqual([]);
  });

  test('past the limits, or holding a separator, are refused at the field with the message id', async () => {
    const user = await createUser('tags-refused');
    const ana = await added(user, { phone: '+5511987650003', tags: ['vip'] });
    const tooMany = Array.from({ length: CONTACT_TAGS_MAX + 1 }, (_, index) => `tag ${index}`);
    for (const [tags, field, id] of [
      [tooMany, 'tags', contactTagValidation.tooMany.id],
      [['ok', 'x'.repeat(41)], 'tags.1', contactTagValidation.tooLong.id],
      [['a;b'], 'tags.0', contactTagValidation.invalid.id],
      [['  '], 'tags.0', contactTagValidation.empty.id],
    ] as const) {
      for (const answer of [
        await api(user, `/contacts/${ana.id}`, 'PATCH', { tags }),
        await api(user, '/contacts', 'POST', { phone: '+5511987650004', tags }),
      ]) {
        expect(answer.status, answer.text).toBe(400);
        expect(errorOf(answer)).toMatchObject({ code: 'validation_failed', fields: { [field]: id } });
      }
    }
    expect((await ok<ContactDetail>(api(user, `/contacts/${ana.id}`))).tags).toEqual(['vip']);
  });

  test('filter the list (and the export) by one tag, however it is typed; the account’s tags are counted, most used first', async () => {
    const user = await createUser('tags-filter');
    const other = await createUser('tags-filter-other');
    await added(user, { phone: '+5511987650011', name: 'Ana', tags: ['vip', 'sp'] });
    await added(user, { phone: '+5511987650012', name: 'Bia', tags: ['vip'] });
    await added(user, { phone: '+5511987650013', name: 'Caio', tags: ['rj'] });
    await added(other, { phone: '+5511987650011', name: 'Other', tags: ['vip', 'other-account'] });

    expect(await listed(user, { tag: 'VIP ' })).toEqual(['Bia', 'Ana']);
    expect(await listed(user, { tag: 'rj', q: 'caio' })).toEqual(['Caio']);
    expect(await listed(user, { tag: 'nobody' })).toEqual([]);
    const refused = await api(user, `/contacts?tag=${encodeURIComponent('a;b')}`);
    expect(refused.status).toBe(400);

    const file = await call(`${server.url}/api/v1/contacts/export.csv?tag=vip`, { token: user.idToken });
    const lines = file.text
      .replace(/^\ufeff/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]!.endsWith(',tags')).toBe(true);
    expect(lines.slice(1).map((line) => line.split(',').slice(0, 2).join(' '))).toEqual(['+5511987650012 Bia', '+5511987650011 Ana']);
    expect(lines[2]).toMatch(/,"vip, sp"$/);

    expect(await tagsOf(user)).toEqual({
      tags: [
        { tag: 'vip', contacts: 2 },
        { tag: 'rj', contacts: 1 },
        { tag: 'sp', contacts: 1 },
      ],
    });
    expect((await tagsOf(other)).tags.map((each) => each.tag)).toEqual(['other-account', 'vip']);
  });
});

describe('an import’s tags', () => {
  test('the tags column and the form’s tags go to new and known contacts; a known contact keeps its own tags', async () => {
    const user = await createUser('tags-import');
    const known = await added(user, { phone: '+5511987650021', name: 'Ana', tags: ['antiga'] });
    const result = await imported(
      user,
      'Telefone;Nome;Tags\n11987650021;Ana;VIP\n11987650022;Bia;"atacado, vip"\n11987650023;Caio;\n11987650024;Duda;' +
        `${'x'.repeat(41)}\n`,
      { tags: 'Feira 2026; Leads' },
    );
    expect(result).toMatchObject({
      rows: 4,
      created: 2,
      updated: 1,
      skipped: 1,
      issues: [{ row: 5, column: 'tags', code: 'contact.tag_too_long' }],
    });
    const byName = new Map((await ok<ContactList>(api(user, '/contacts'))).contacts.map((contact) => [contact.name, contact.tags]));
    expect(Object.fromEntries(byName)).toEqual({
      Ana: ['antiga', 'vip', 'feira 2026', 'leads'],
      Bia: ['atacado', 'vip', 'feira 2026', 'leads'],
      Caio: ['feira 2026', 'leads'],
    });
    expect((await ok<ContactDetail>(api(user, `/contacts/${known.id}`))).tags).toEqual(['antiga', 'vip', 'feira 2026', 'leads']);
    // The same file again changes nothing.
    expect(
      await imported(user, 'Telefone;Nome;Tags\n11987650021;Ana;VIP\n11987650022;Bia;"atacado, vip"\n11987650023;Caio;\n', {
        tags: 'Feira 2026; Leads',
      }),
    ).toMatchObject({ created: 0, updated: 0, unchanged: 3 });
  });

  test(`a known contact's tags stop at ${CONTACT_TAGS_MAX}: its own first, then the file's while there is room`, async () => {
    const user = await createUser('tags-import-full');
    const own = Array.from({ length: CONTACT_TAGS_MAX - 1 }, (_, index) => `own ${index}`);
    const contact = await added(user, { phone: '+5511987650031', tags: own });
    await imported(user, 'phone,tags\n11987650031,"new 1, new 2"\n');
    expect((await ok<ContactDetail>(api(user, `/contacts/${contact.id}`))).tags).toEqual([...own, 'new 1']);
  });

  test('the form’s tags are refused at their field', async () => {
    const user = await createUser('tags-import-refused');
    const form = new FormData();
    form.append('defaultCountry', 'BR');
    form.append('tags', `ok, ${'x'.repeat(41)}`);
    form.append('file', new Blob(['phone\n11987650041\n']), 'clientes.csv');
    const answer = await call(`${server.url}/api/v1/contacts/import`, { method: 'POST', token: user.idToken, body: form });
    expect(answer.status, answer.text).toBe(400);
    expect(errorOf(answer)).toMatchObject({ code: 'validation_failed', fields: { 'tags.1': contactTagValidation.tooLong.id } });
  });

  test('an export with tags imports back with them', async () => {
    const user = await createUser('tags-roundtrip');
    await added(user, { phone: '+5511987650051', name: 'Ana', tags: ['vip', 'black friday'] });
    await added(user, { phone: '+34612345678', name: 'Lucía', tags: ['-menos', 'es'] });
    for (const delimiter of ['comma', 'semicolon']) {
      const file = await call(`${server.url}/api/v1/contacts/export.csv?delimiter=${delimiter}`, { token: user.idToken });
      const other = await createUser(`tags-roundtrip-${delimiter}`);
      expect(await imported(other, file.text)).toMatchObject({ created: 2, skipped: 0 });
      // One import makes both at the same moment: their order is by name here.
      const back = (await ok<ContactList>(api(other, '/contacts'))).contacts.map((contact) => [contact.name, contact.tags]);
      expect(back.sort()).toEqual([
        ['Ana', ['vip', 'black friday']],
        ['Lucía', ['-menos', 'es']],
      ]);
    }
  });
});
