// The audiences' tags rule over real HTTP (POST /audiences/count, POST /audiences): a contact with any
// of the tags matches, however the tags are typed; with other rules every one must hold; only the
// subscribed to marketing are reachable, the others counted by why; another account's tagged
// contacts never count; an audience saved before the rule existed reads with it empty; a rule
// holding a bad tag is refused at the field.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Audience, AudienceCount } from '@/domain/audience';
import type { ContactDetail } from '@/domain/contact';
import { contactTagValidation } from '@/domain/contact-tags';
import { audiences } from '@/server/audiences/audience-tables';
import { createUser, type TestUser } from './support/emulator-users';
import { testDatabase } from './support/test-database';
import { errorOf, jsonApi, ok, startTestServer, type TestServer } from './support/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const api = jsonApi(() => server);

const add = (user: TestUser, body: Record<string, unknown>) => ok<ContactDetail>(api(user, '/contacts', 'POST', body), 201);
const count = (user: TestUser, rules: Record<string, unknown>) => ok<AudienceCount>(api(user, '/audiences/count', 'POST', { rules }));

describe('the tags rule', () => {
  let user: TestUser;
  beforeAll(async () => {
    user = await createUser('audience-tags');
    const other = await createUser('audience-tags-other');
    await add(user, { phone: '+5511987660001', language: 'pt', tags: ['vip'], optIn: ['marketing'] });
    await add(user, { phone: '+5511987660002', language: 'pt', tags: ['vip', 'atacado'], optIn: ['marketing'] });
    await add(user, { phone: '+34612345601', language: 'es', tags: ['atacado'], optIn: ['marketing'] });
    await add(user, { phone: '+5511987660004', language: 'pt', tags: ['vip'] });
    const out = await add(user, { phone: '+5511987660005', language: 'pt', tags: ['vip'], optIn: ['marketing'] });
    await ok(api(user, `/contacts/${out.id}/consent`, 'POST', { action: 'opt_out', purpose: 'marketing' }));
    await add(user, { phone: '+5511987660006', language: 'pt', optIn: ['marketing'] });
    // Another account's contacts with the same tags never count in this one's.
    await add(other, { phone: '+5511987660001', tags: ['vip', 'atacado'], optIn: ['marketing'] });
  });

  test('matches contacts with any of the tags, typed in any case; reachable are the subscribed, the others by why', async () => {
    expect(await count(user, { tags: ['VIP'] })).toEqual({
      matched: 4,
      reachable: 2,
      leftOut: { not_subscribed: 1, unsubscribed: 1 },
      byCountry: [{ country: 'BR', contacts: 2 }],
    });
    expect(await count(user, { tags: ['vip', 'Atacado '] })).toMatchObject({
      matched: 5,
      reachable: 3,
      byCountry: [
        { country: 'BR', contacts: 2 },
        { country: 'ES', contacts: 1 },
      ],
    });
    expect(await count(user, { tags: ['nobody has it'] })).toMatchObject({ matched: 0, reachable: 0 });
    expect(await count(user, { tags: [] })).toMatchObject({ matched: 6 });
  });

  test('with other rules, every one must hold', async () => {
    expect(await count(user, { tags: ['atacado'], languages: ['pt'] })).toMatchObject({ matched: 1, reachable: 1 });
    expect(await count(user, { tags: ['atacado'], countries: ['ES'] })).toMatchObject({
      matched: 1,
      byCountry: [{ country: 'ES', contacts: 1 }],
    });
  });

  test('is saved with the audience, normalised; a bad tag is refused at the field', async () => {
    const saved = await ok<Audience>(api(user, '/audiences', 'POST', { name: 'VIPs', rules: { tags: [' VIP'] } }), 201);
    expect(saved.rules.tags).toEqual(['vip']);
    for (const [tags, id] of [
      [['a;b'], contactTagValidation.invalid.id],
      [['x'.repeat(41)], contactTagValidation.tooLong.id],
    ] as const) {
      const refused = await api(user, '/audiences/count', 'POST', { rules: { tags } });
      expect(refused.status, refused.text).toBe(400);
      expect(errorOf(refused).fields).toEqual({ 'rules.tags.0': id });
    }
    const tooMany = await api(user, '/audiences', 'POST', { name: 'Many', rules: { tags: Array.from({ length: 51 }, (_, i) => `t${i}`) } });
    expect(errorOf(tooMany)).toMatchObject({ code: 'validation_failed', fields: { 'rules.tags': 'audience.too_many_tags' } });
  });

  test('an audience saved before the rule existed reads with no tags, and matches as it did', async () => {
    const saved = await ok<Audience>(api(user, '/audiences', 'POST', { name: 'Portuguese', rules: { languages: ['pt'] } }), 201);
    // As a row written before tags were a rule: its rules without them.
    const { db } = await testDatabase();
    await db.execute(sql`update ${audiences} set rules = rules - 'tags' where id = ${saved.id}`);
    const read = await ok<Audience>(api(user, `/audiences/${saved.id}`));
    expect(read.rules).toEqual(saved.rules);
    expect(read.rules.tags).toEqual([]);
  });
});
