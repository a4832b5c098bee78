// An audience from a CSV import (a static list) over real HTTP: each import that named contacts is
// recorded with its file's name, time, counts and members (made, changed or already there); the rule
// `importId` selects exactly those contacts — none added later, by hand or by a later import, joins —
// and combines with the other rules; only the subscribed to marketing are reachable, the others
// counted by why; an import that named no contact is no list; another account's import (or an unknown
// id) is a 404 wherever it is named, and its list is never counted.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Audience, AudienceCount } from '@/domain/audience';
import type { ContactDetail } from '@/domain/contact';
import type { ContactImportList, ContactImportRecord } from '@/domain/contact-imports';
import type { ContactImportResult } from '@/server/routes/contact-routes';
import { createUser, type TestUser } from './support/emulator-users';
import { call, errorOf, jsonApi, ok, startTestServer, type TestServer } from './support/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const api = jsonApi(() => server);

const add = (user: TestUser, body: Record<string, unknown>) => ok<ContactDetail>(api(user, '/contacts', 'POST', body), 201);
const count = (user: TestUser, rules: Record<string, unknown>) => ok<AudienceCount>(api(user, '/audiences/count', 'POST', { rules }));

/** The shoppers agreed to marketing on 2026-01-01 (before the merchant's opt-outs of today). */
const marketing = { purposes: 'marketing', consentSource: 'Feira de janeiro, lista de interessados', consentedAt: '2026-01-01' };

async function imported(user: TestUser, name: string, csv: string, fields: Record<string, string> = marketing) {
  const form = new FormData();
  form.append('defaultCountry', 'BR');
  for (const [field, value] of Object.entries(fields)) form.append(field, value);
  form.append('file', new Blob([csv]), name);
  return ok<ContactImportResult>(call(`${server.url}/api/v1/contacts/import`, { method: 'POST', token: user.idToken, body: form }));
}

describe('an audience of one import', () => {
  let user: TestUser;
  let fair: ContactImportResult;
  beforeAll(async () => {
    user = await createUser('audience-import');
    // Already contacts: Ana, who opted out of marketing (the file's older opt-in cannot undo it), and Bia, not in the file.
    const ana = await add(user, { phone: '+5511987670001', name: 'Ana', optIn: ['marketing'], note: 'Balcão' });
    await ok(api(user, `/contacts/${ana.id}/consent`, 'POST', { action: 'opt_out', purpose: 'marketing' }));
    await add(user, { phone: '+5511987670002', name: 'Bia', optIn: ['marketing'], note: 'Balcão' });
    fair = await imported(
      user,
      'feira-janeiro.csv',
      'telefone;nome;tags\n11987670001;Ana;vip\n11987670003;Caio;vip\n11987670004;Duda;\n11987670004;Duda Lima;\n12345;Zé;\n',
    );
  });

  test('is recorded with its file, time, counts and the contacts it named', async () => {
    expect(fair).toMatchObject({ rows: 5, created: 2, updated: 1, unchanged: 0, duplicates: 1, skipped: 1, consentIgnored: 1 });
    expect(fair.importId).toEqual(expect.stringMatching(/^[0-9a-f-]{36}$/));
    const record = await ok<ContactImportRecord>(api(user, `/contacts/imports/${fair.importId}`));
    expect(record).toEqual({
      id: fair.importId,
      fileName: 'feira-janeiro.csv',
      importedAt: expect.any(String),
      rows: 5,
      created: 2,
      updated: 1,
      unchanged: 0,
      skipped: 1,
      contacts: 3,
    });
    expect(Math.abs(Date.parse(record.importedAt) - Date.now())).toBeLessThan(60_000);
    expect((await ok<ContactImportList>(api(user, '/contacts/imports'))).imports).toEqual([record]);
  });

  test('selects exactly the contacts it named: reachable are the subscribed, the others by why', async () => {
    expect(await count(user, { importId: fair.importId })).toEqual({
      matched: 3,
      reachable: 2,
      leftOut: { not_subscribed: 0, unsubscribed: 1 },
      byCountry: [{ country: 'BR', contacts: 2 }],
    });
    // With other rules, every one holds.
    expect(await count(user, { importId: fair.importId, tags: ['vip'] })).toMatchObject({ matched: 2, reachable: 1 });
    expect(await count(user, { importId: fair.importId, countries: ['ES'] })).toMatchObject({ matched: 0 });
  });

  test('no contact added later joins it: not one added by hand, not one a later import names', async () => {
    await add(user, { phone: '+5511987670005', name: 'Eva', optIn: ['marketing'], note: 'Balcão', tags: ['vip'] });
    const later = await imported(user, 'feira-fevereiro.csv', 'telefone;nome\n11987670006;Fábio\n11987670003;Caio\n');
    expect(later.importId).not.toBe(fair.importId);
    expect(await count(user, { importId: fair.importId })).toMatchObject({ matched: 3, reachable: 2 });
    // The later import is a list of its own: Fábio, new, and Caio, already there.
    expect(await count(user, { importId: later.importId })).toMatchObject({ matched: 2, reachable: 2 });
    const listed = (await ok<ContactImportList>(api(user, '/contacts/imports'))).imports;
    expect(listed.map((each) => [each.fileName, each.contacts])).toEqual([
      ['feira-fevereiro.csv', 2],
      ['feira-janeiro.csv', 3],
    ]);
  });

  test('is saved as an audience rule, and read back with it', async () => {
    const saved = await ok<Audience>(
      api(user, '/audiences', 'POST', { name: 'Feira de janeiro', rules: { importId: fair.importId, languages: ['pt'] } }),
      201,
    );
    expect((await ok<Audience>(api(user, `/audiences/${saved.id}`))).rules).toMatchObject({ importId: fair.importId, languages: ['pt'] });
  });

  test('a file that named no contact is no list', async () => {
    const none = await imported(user, 'vazia.csv', 'telefone;nome\n12345;Zé\n');
    expect(none).toMatchObject({ rows: 1, created: 0, skipped: 1, importId: null });
    expect((await ok<ContactImportList>(api(user, '/contacts/imports'))).imports.map((each) => each.fileName)).not.toContain('vazia.csv');
  });
});

describe("another account's import", () => {
  test('is a 404 wherever it is named, like an unknown id; its list is never counted', async () => {
    const owner = await createUser('audience-import-owner');
    const caller = await createUser('audience-import-caller');
    const theirs = await imported(owner, 'lista-do-dono.csv', 'telefone\n11987680001\n11987680002\n', {});
    await add(caller, { phone: '+5511987680001', optIn: ['marketing'], note: 'Balcão' });
    const callerAudience = await ok<Audience>(api(caller, '/audiences', 'POST', { name: 'Mine', rules: {} }), 201);
    const unknown = '00000000-0000-4000-8000-000000000047';
    for (const importId of [theirs.importId, unknown]) {
      for (const answer of [
        await api(caller, '/audiences/count', 'POST', { rules: { importId } }),
        await api(caller, '/audiences', 'POST', { name: 'Taken', rules: { importId } }),
        await api(caller, `/audiences/${callerAudience.id}`, 'PUT', { name: 'Taken', rules: { importId } }),
        await api(caller, `/contacts/imports/${importId}`),
      ]) {
        expect(answer.status, answer.text).toBe(404);
        expect(errorOf(answer).code).toBe('not_found');
        expect(answer.text).not.toContain('lista-do-dono');
      }
    }
    expect((await ok<Audience>(api(caller, `/audiences/${callerAudience.id}`))).rules.importId).toBeNull();
    expect((await ok<ContactImportList>(api(caller, '/contacts/imports'))).imports).toEqual([]);
    // The owner's own count of it: their two contacts, never subscribed.
    expect(await count(owner, { importId: theirs.importId })).toMatchObject({ matched: 2, reachable: 0, leftOut: { not_subscribed: 2 } });
    const refused = await api(caller, '/audiences/count', 'POST', { rules: { importId: 'not-an-id' } });
    expect([refused.status, errorOf(refused).fields]).toEqual([400, { 'rules.importId': 'audience.import_invalid' }]);
  });
});
