// The reachable contacts a campaign is planned for, read a batch at a time through a cursor inside the
// plan's transaction: every subscribed contact the rules match comes once, oldest first, in batches of
// the size asked; the unsubscribed and another account's never; and the cursor is gone when the reading
// ends, early or not, so the same transaction may read again.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { everyContact, type AudienceRules } from '@/domain/audience';
import type { ContactDetail } from '@/domain/contact';
import { reachableContactBatches, type ReachableContact } from '@/server/contacts/contact-audience-queries';
import { createUser, type TestUser } from './support/emulator-users';
import { testDatabase } from './support/test-database';
import { jsonApi, ok, startTestServer, type TestServer } from './support/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const api = jsonApi(() => server);
const add = (user: TestUser, body: Record<string, unknown>) => ok<ContactDetail>(api(user, '/contacts', 'POST', body), 201);

describe('reachable contacts, a batch at a time', () => {
  let user: TestUser;
  const subscribed: string[] = [];
  beforeAll(async () => {
    user = await createUser('reachable-batches');
    const other = await createUser('reachable-batches-other');
    for (let n = 1; n <= 5; n++)
      subscribed.push((await add(user, { phone: `+551198767000${n}`, language: 'pt', optIn: ['marketing'] })).id);
    await add(user, { phone: '+5511987670099', language: 'pt' });
    await add(other, { phone: '+5511987670001', language: 'pt', optIn: ['marketing'] });
  });

  const read = async (rules: AudienceRules, size: number, stopAfter = Infinity) => {
    const { db } = await testDatabase();
    return db.transaction(async (tx) => {
      const batches: ReachableContact[][] = [];
      for await (const batch of reachableContactBatches(tx, user.uid, rules, new Date(), size)) {
        batches.push(batch);
        if (batches.length >= stopAfter) break;
      }
      // The cursor was closed: the same transaction declares it again.
      const again: ReachableContact[] = [];
      for await (const batch of reachableContactBatches(tx, user.uid, rules, new Date(), 100)) again.push(...batch);
      return { batches, again };
    });
  };

  test('every reachable contact once, oldest first, in batches of the size asked', async () => {
    const { batches, again } = await read(everyContact, 2);
    expect(batches.map((batch) => batch.length)).toEqual([2, 2, 1]);
    expect(batches.flat().map((contact) => contact.id)).toEqual(subscribed);
    expect(batches[0]![0]).toMatchObject({ phone: '+5511987670001', language: 'pt', country: 'BR' });
    expect(again.map((contact) => contact.id)).toEqual(subscribed);
  });

  test('a batch size that divides the list ends without an empty batch; a reading stopped early frees its cursor', async () => {
    expect((await read(everyContact, 5)).batches.map((batch) => batch.length)).toEqual([5]);
    const stopped = await read(everyContact, 2, 1);
    expect(stopped.batches.flat().map((contact) => contact.id)).toEqual(subscribed.slice(0, 2));
    expect(stopped.again).toHaveLength(5);
  });

  test('rules nobody matches read nothing', async () => {
    const { batches } = await read({ ...everyContact, countries: ['ES'] }, 2);
    expect(batches).toEqual([]);
  });
});
