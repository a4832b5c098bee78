// Every route of the API, fuzzed from its OpenAPI document (tests/server/support/route-fuzz.ts):
// about 2,000 hostile requests per run (FUZZ_REQUESTS; `npm run fuzz` sends 20,000 and prints the
// table), with one merchant's token and another's ids. No 5xx, the error shape on every 4xx, no
// answer slower than 5 s, nothing of the other account. FUZZ_SEED replays a failing run.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { recordCheckout } from '@/server/checkouts/checkout-intake';
import { storeCheckouts } from '@/server/checkouts/checkout-tables';
import { staffIdToken } from './support/emulator-users';
import { baseInstructions, knowledgeClient, scratchDataDir } from './support/knowledge-uploads';
import { formatTable, fuzzRoutes, operationsOf, type FuzzWorld } from './support/route-fuzz';
import { testDatabase } from './support/test-database';
import { startTestServer, type TestServer } from './support/test-server';

const REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 2000);
const SEED = Number(process.env.FUZZ_SEED ?? 20261124);

const data = scratchDataDir('fuzz');
let server: TestServer;
beforeAll(async () => {
  // The lead forms' limit per client raised: their bodies are fuzzed as deeply as every other route's.
  server = await startTestServer({ env: { DATA_DIR: data.dir, LEAD_RATE_LIMIT_MAX: '1000000' } });
});
afterAll(async () => {
  await server.close();
  data.remove();
});
const { api, merchant, createBase, uploaded } = knowledgeClient(() => server.url);

test(
  `${REQUESTS} hostile requests over every route: no 5xx, the error shape, within 5 s, no other account's data`,
  { timeout: 30 * 60_000 },
  async () => {
    const caller = await merchant('fuzz-caller');
    const ownBase = await createBase(caller, { name: 'Caller base' });
    const ownFile = await uploaded(caller, ownBase.id, 'faq.csv', 'Pergunta;Resposta\nTroca?;Em 30 dias.\n');
    const other = await merchant('fuzz-other');
    const marker = `other-account-${randomUUID()}`;
    const otherBase = await createBase(other, { ...baseInstructions, name: marker, instructions: marker });
    const otherFile = await uploaded(other, otherBase.id, `${marker}.csv`, `Pergunta;Resposta\n${marker};${marker}\n`);
    // A contact of each: the caller's lists and exports hold theirs, never the other's (named by the marker).
    for (const [owner, name] of [
      [caller, 'Caller contact'],
      [other, marker],
    ] as const) {
      const contact = await api(owner, 'POST', '/contacts', { phone: '+5511987654321', name, optIn: ['utility'] });
      expect(contact.status, contact.text).toBe(201);
    }
    // An audience and a campaign of each: the caller's lists hold theirs, never the other's (named by the marker).
    for (const [owner, name] of [
      [caller, 'Caller offers'],
      [other, marker],
    ] as const) {
      const audience = await api(owner, 'POST', '/audiences', { name, rules: { languages: ['pt'] } });
      expect(audience.status, audience.text).toBe(201);
      const campaign = await api(owner, 'POST', '/campaigns', { name });
      expect(campaign.status, campaign.text).toBe(201);
    }
    // An abandoned checkout of each one's store, skipped by recovery: the caller's checkout lists, pages and
    // exports hold theirs, never the other's (its shopper named by the marker).
    const { db } = await testDatabase();
    for (const [owner, firstName] of [
      [caller, 'Caller shopper'],
      [other, marker],
    ] as const) {
      const inventory = await api(owner, 'POST', '/inventories', { name: `${firstName} store` });
      expect(inventory.status, inventory.text).toBe(201);
      const token = `fuzz-${randomUUID()}`;
      const at = new Date('2026-01-10T15:00:00Z');
      await recordCheckout(
        db,
        (inventory.body as { id: string }).id,
        {
          token,
          shopifyCheckoutId: null,
          phone: '+5511987654321',
          whatsappUpdatesPhone: null,
          acceptsSmsMarketing: false,
          firstName,
          locale: 'pt-BR',
          currency: 'BRL',
          totalMinor: 10_000,
          items: [{ title: 'Camiseta', quantity: 1, variantId: null }],
          recoveryUrl: null,
          startedAt: at,
          updatedAt: at,
          completedAt: null,
        },
        { webhookId: `w-${token}`, topic: 'checkouts/create' },
      );
      await db
        .update(storeCheckouts)
        .set({ recoveryStatus: 'skipped', recoveryReason: 'no_consent' })
        .where(eq(storeCheckouts.token, token));
    }

    const world: FuzzWorld = {
      url: server.url,
      token: caller.idToken,
      staffToken: await staffIdToken('fuzz-staff'),
      foreignIds: { id: otherBase.id, fileId: otherFile.id, uid: other.uid },
      ownIds: { id: ownBase.id, fileId: ownFile.id, uid: caller.uid },
      foreignMarkers: [marker, otherBase.id],
    };
    const document = await (await fetch(`${server.url}/api/docs/json`)).json();
    const operations = operationsOf(document);
    expect(operations.length).toBeGreaterThan(20);

    const figures = await fuzzRoutes(world, operations, { requests: REQUESTS, seed: SEED });
    console.log(`fuzz: ${figures.requests} requests over ${operations.length} routes, seed ${figures.seed}\n${formatTable(figures)}`);
    expect(figures.failures, `seed ${figures.seed} (replay with FUZZ_SEED=${figures.seed})`).toEqual([]);
  },
);
