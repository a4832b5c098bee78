// Catalyst past one process: the server bundle run as two web and two worker processes
// (PROCESS_ROLE) on one PostgreSQL and one bucket, behind a round-robin load balancer on loopback,
// with the WhatsApp Cloud API fixture as Meta. What one process does, the others see: a file
// uploaded through one web process is imported by a worker and searched through the other; 200
// messages from 20 shoppers, delivered through both webs and partly twice, get one reply each, each
// shopper's in order; the lead forms' limit holds across both webs; a worker killed mid-import
// (SIGKILL) has its import taken over after its lease and read once to its end; a worker stopped
// with SIGTERM hands its import back at once and the other worker finishes it; a sync finished by a
// worker refreshes the public catalog either web serves from memory, and 'Sync now' is refused by
// both webs alike; a worker killed mid-sync has its sync taken over and finished once, one run in
// the report; a campaign sent by both workers, one killed mid-send, reaches every contact once, none
// lost. PostgreSQL only (PGlite is one process): these run in the PostgreSQL pass, `npm run test:server`.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomInt } from 'node:crypto';
import { rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { dirname } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { leadRequestBody } from '@/tests/fixtures/lead-request-body';
import type { AiBase } from '@/domain/ai-base';
import type { Inventory } from '@/domain/inventory';
import type { SyncRun } from '@/domain/inventory-sync';
import type { PublicCatalog } from '@/domain/storefront';
import { buildScratchServer } from '@/scripts/build-server';
import { toGraphTemplate } from '@/domain/message-template';
import { readyMadeTemplate } from '@/domain/ready-made-templates';
import { contactStore } from '@/server/contacts/contact-store';
import { jobs } from '@/server/jobs/job-tables';
import { enqueueSync, INVENTORY_SYNC_QUEUE } from '@/server/inventories/inventory-sync';
import { inventorySyncRows, inventorySyncRuns } from '@/server/inventories/inventory-tables';
import { PROCESS_FILE_QUEUE } from '@/server/knowledge/knowledge-store';
import { knowledgeFiles, passages } from '@/server/knowledge/knowledge-tables';
import { startDemoPeers, type DemoPeers } from '@/tests/fixtures/demo-peers';
import {
  demoStoreProducts,
  generatedStoreProducts,
  startShopifyAdminServer,
  type ShopifyAdminServer,
} from '@/tests/fixtures/shopify-admin-server';
import { startWhatsAppCloudApiServer, type WhatsAppCloudApiServer } from '@/tests/fixtures/whatsapp-cloud-api-server';
import { fixturePhoneNumber } from '@/tests/fixtures/whatsapp/phone-numbers';
import { textMessage } from '@/tests/fixtures/whatsapp/webhook-payloads';
import { newPhoneNumberId } from './support/channel-seed';
import { emulatorHost, emulatorProject, type TestUser } from './support/emulator-users';
import { integrationStep } from './support/integration-step';
import { baseInstructions, knowledgeClient } from './support/knowledge-uploads';
import { startRoundRobinProxy, type RoundRobinProxy } from './support/round-robin-proxy';
import { childEnv } from './support/spawn-node';
import { testDatabase } from './support/test-database';
import { call } from './support/test-server';

const url = process.env.DATABASE_URL;
const LEASE_SECONDS = 6;
const SLOW_STORE_VARIANTS = 3_000;
/** A campaign of this many contacts takes some 8 s at the number's 80 messages a second: long enough to cut. */
const CAMPAIGN_CONTACTS = 600;
type Role = 'web' | 'worker';
type Process = { role: Role; url: string; child: ChildProcess; log: string[] };

const faq = [
  'Pergunta;Resposta',
  'Posso trocar um produto?;Sim, em até 30 dias após a entrega.',
  'Qual o prazo de entrega?;De 3 a 7 dias úteis.',
].join('\n');

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

describe.skipIf(!url)('two web and two worker processes on one PostgreSQL and one bucket', () => {
  let main: string;
  let whatsapp: WhatsAppCloudApiServer;
  let peers: DemoPeers;
  let slowStore: ShopifyAdminServer;
  let proxy: RoundRobinProxy;
  const processes: Process[] = [];
  const secretsKey = randomBytes(32).toString('base64');
  const number = fixturePhoneNumber(9301, { phoneNumberId: newPhoneNumberId() });

  async function start(role: Role): Promise<Process> {
    const port = await freePort();
    const child = spawn(process.execPath, ['--expose-gc', main], {
      env: childEnv({
        DATABASE_URL: url,
        ...inject('objectStoreEnv'),
        PROCESS_ROLE: role,
        PORT: String(port),
        DIST_DIR: '',
        FIREBASE_AUTH_EMULATOR_HOST: emulatorHost,
        FIREBASE_PROJECT_ID: emulatorProject,
        SECRETS_KEY: secretsKey,
        WHATSAPP_GRAPH_URL: whatsapp.graphUrl,
        META_GRAPH_URL: peers.meta.graphUrl,
        META_ACCESS_TOKEN: peers.meta.accessToken,
        TRUST_PROXY: 'loopback',
        LEAD_RATE_LIMIT_MAX: '3',
        // A killed worker's import is taken over seconds later, not after production's minute.
        KNOWLEDGE_JOB_LEASE_SECONDS: String(LEASE_SECONDS),
        INVENTORY_SYNC_LEASE_SECONDS: String(LEASE_SECONDS),
        // A killed worker's sends are taken over, and one it was asking Meta for is looked at again, seconds later.
        TEMPLATE_SEND_LEASE_SECONDS: String(LEASE_SECONDS),
        TEMPLATE_SENDING_GRACE_SECONDS: String(LEASE_SECONDS),
      }) as NodeJS.ProcessEnv,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    const started: Process = { role, url: `http://127.0.0.1:${port}`, child, log: [] };
    child.stderr!.on('data', (chunk: Buffer) => started.log.push(chunk.toString()));
    const deadline = Date.now() + 60_000;
    while ((await call(`${started.url}/readyz`).catch(() => ({ status: 0 }))).status !== 200) {
      expect(child.exitCode, started.log.join('')).toBeNull();
      expect(Date.now()).toBeLessThan(deadline);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    processes.push(started);
    return started;
  }
  const webs = () => processes.filter((one) => one.role === 'web' && one.child.exitCode === null);
  const workers = () => processes.filter((one) => one.role === 'worker' && one.child.exitCode === null);
  const stopped = (one: Process) => new Promise<number | null>((resolve) => one.child.once('exit', (code) => resolve(code)));

  beforeAll(async () => {
    main = await buildScratchServer('multi-process');
    // Meta's `sent` status after each template it takes: a send whose worker died after Meta took it is known as sent.
    whatsapp = await startWhatsAppCloudApiServer({ numbers: [number], sentStatuses: true });
    peers = await startDemoPeers();
    // A store read slowly (a small cost bucket): its sync runs long enough to be cut.
    slowStore = await startShopifyAdminServer({
      products: generatedStoreProducts(SLOW_STORE_VARIANTS),
      bucket: { maximumAvailable: 1_000, restoreRate: 500 },
    });
    // The first process migrates (any would, under the lock); the others start beside it.
    await start('web');
    await Promise.all([start('web'), start('worker'), start('worker')]);
    proxy = await startRoundRobinProxy(webs().map((one) => one.url));
  }, 180_000);
  afterAll(async () => {
    for (const one of processes) one.child.kill('SIGKILL');
    await Promise.all([proxy?.close(), whatsapp?.close(), peers?.close(), slowStore?.close()]);
    if (main) rmSync(dirname(main), { recursive: true, force: true });
  });

  const viaProxy = knowledgeClient(() => proxy.url);
  const via = (one: Process) => knowledgeClient(() => one.url);
  let merchant: TestUser;
  let base: AiBase;

  test('a file uploaded through web A is imported by a worker and searched through web B', async () => {
    merchant = await viaProxy.merchant('multi-process', 'enterprise');
    base = await viaProxy.createBase(merchant, { ...baseInstructions, function: 'support' });
    const [webA, webB] = webs();
    const file = await via(webA!).uploaded(merchant, base.id, 'faq.csv', faq);
    expect(await via(webB!).settled(merchant, base.id, file.id)).toMatchObject({ status: 'ready', passageCount: 2 });
    const found = await via(webB!).api(merchant, 'GET', `/ai-bases/${base.id}/passages?q=trocar`);
    expect(found.status).toBe(200);
    expect((found.body as { passages: { content: string }[] }).passages[0]!.content).toContain('30 dias');
  });

  test("200 messages from 20 shoppers through both webs, partly delivered twice: one reply each, each shopper's in order", async () => {
    // The base finished and active, the number connected to it and its callback (the load balancer) verified at Meta.
    const api = (method: string, path: string, body?: unknown) => viaProxy.api(merchant, method, path, body);
    const knowledge = await api('PUT', `/ai-bases/${base.id}/knowledge`, { expectedVersion: base.version });
    const refined = await api('PUT', `/ai-bases/${base.id}/refinement`, {
      blockedTerms: [],
      creativity: 3,
      model: 'builtin-retrieval',
      expectedVersion: (knowledge.body as AiBase).version,
    });
    expect(refined.status, refined.text).toBe(200);
    expect((await api('POST', `/ai-bases/${base.id}/activate`)).status).toBe(200);
    const connected = await api('POST', '/channels', {
      phoneNumberId: number.phoneNumberId,
      wabaId: number.wabaId,
      accessToken: number.accessToken,
      appSecret: number.appSecret,
      aiBaseId: base.id,
    });
    expect(connected.status, connected.text).toBe(201);
    const { verifyToken } = connected.body as { verifyToken: string };
    expect(await whatsapp.verifyWebhook(number.phoneNumberId, `${proxy.url}/webhooks/whatsapp`, verifyToken)).toBe(true);

    const shoppers = Array.from({ length: 20 }, (_, n) => ({ waId: `55119${String(70_000_000 + n)}`, name: `Cliente ${n}` }));
    const questions = ['Posso trocar um produto?', 'Qual o prazo de entrega?'];
    const sentIds = new Map<string, string[]>();
    // Each shopper writes ten times in a row; the shoppers write at once. Every third delivery comes twice, at once.
    await Promise.all(
      shoppers.map(async (shopper, s) => {
        const ids: string[] = [];
        for (let m = 0; m < 10; m++) {
          const payload = textMessage(number, shopper, questions[(s + m) % 2]!);
          const deliveries = await whatsapp.deliver(payload, { copies: (s + m) % 3 === 0 ? 2 : 1, concurrently: true });
          for (const delivery of deliveries) expect(delivery.status, delivery.responseBody).toBe(200);
          ids.push(payload.entry[0]!.changes[0]!.value.messages![0]!.id);
        }
        sentIds.set(shopper.waId, ids);
      }),
    );
    const replies = () => whatsapp.sent(number.phoneNumberId).filter((message) => message.replyTo !== null);
    await expect.poll(() => replies().length, { timeout: 60_000, interval: 250 }).toBe(200);
    for (const shopper of shoppers)
      expect(
        replies()
          .filter((message) => message.to === shopper.waId)
          .map((message) => message.replyTo),
        shopper.waId,
      ).toEqual(sentIds.get(shopper.waId));
    // Both webs took deliveries; both workers answered.
    expect(new Set(replies().map((message) => message.replyTo)).size).toBe(200);
  }, 120_000);

  test('the lead forms’ limit holds across both webs: one budget per address, wherever the load balancer sends it', async () => {
    // An address of its own each run: the database, and its counts, outlive a run on a developer's machine.
    const address = `10.${randomInt(256)}.${randomInt(256)}.${1 + randomInt(254)}`;
    const post = () =>
      call(`${proxy.url}/api/v1/contact-requests`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
        body: JSON.stringify(leadRequestBody()),
      });
    const statuses: number[] = [];
    for (let n = 0; n < 5; n++) statuses.push((await post()).status);
    expect(statuses).toEqual([202, 202, 202, 429, 429]);
  });

  /** The worker process that holds a running job (its lock names the host and the process: `host:pid:…`). */
  function ownerOf(job: { lockedBy: string | null }) {
    const owner = workers().find((one) => job.lockedBy?.split(':')[1] === String(one.child.pid))!;
    expect(owner, job.lockedBy ?? 'no lock').toBeDefined();
    return owner;
  }

  /** Reads the job of `queue` whose payload's `field` is `value` (undefined once it is done). */
  const queuedJob = (queue: string, field: string, value: string) => async () => {
    const { db } = await testDatabase();
    return (
      await db
        .select()
        .from(jobs)
        .where(sql`${jobs.queue} = ${queue} and ${jobs.payload}->>${field} = ${value}`)
    )[0];
  };

  /** A big file uploaded, its import running: the worker process that holds it, and a way to read its job. */
  async function importRunning(name: string) {
    const { db } = await testDatabase();
    const rows = Array.from({ length: 80_000 }, (_, n) => `Produto ${n};Descrição do produto número ${n};${n},99`);
    const file = await viaProxy.uploaded(merchant, base.id, name, ['Produto;Descrição;Preço', ...rows].join('\n'));
    const jobOf = queuedJob(PROCESS_FILE_QUEUE, 'fileId', file.id);
    await expect.poll(async () => (await jobOf())?.status, { timeout: 30_000, interval: 100 }).toBe('running');
    return { db, file, jobOf, owner: ownerOf((await jobOf())!) };
  }

  test('a worker killed mid-import (SIGKILL): the other takes the import over once its lease runs out, and it finishes once', async () => {
    const { db, file, jobOf, owner } = await importRunning('killed.csv');
    const killedAt = Date.now();
    const exited = stopped(owner);
    owner.child.kill('SIGKILL');
    await exited;
    // Taken over by the other worker, under its own lock, only once the lease ran out (renewed every third of it).
    await expect
      .poll(async () => (await jobOf())?.lockedBy?.split(':')[1] ?? 'done', { timeout: 30_000, interval: 100 })
      .not.toBe(String(owner.child.pid));
    expect(Date.now() - killedAt).toBeGreaterThanOrEqual((LEASE_SECONDS * 1000) / 3);
    expect(await via(webs()[0]!).settled(merchant, base.id, file.id, 120_000)).toMatchObject({ status: 'ready', passageCount: 80_000 });
    // Read once to its end: the passages of the cut attempt were replaced, not added to.
    const counted = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(passages)
      .where(eq(passages.fileId, file.id));
    expect(counted[0]!.n).toBe(80_000);
    // Another worker for the next test, as an orchestrator starts one in the killed one's place.
    await start('worker');
  }, 180_000);

  test('a worker stopped with SIGTERM hands its import back at once; the other worker finishes it', async () => {
    const { db, file: big, jobOf, owner } = await importRunning('stopped.csv');
    const exited = stopped(owner);
    owner.child.kill('SIGTERM');
    expect(await exited).toBe(0);
    // Handed back: queued again (or already taken by the other worker), the stopped attempt not counted.
    const after = await jobOf();
    if (after) expect(after.lockedBy?.split(':')[1]).not.toBe(String(owner.child.pid));
    if (after) expect(after.attempts).toBeLessThanOrEqual(1);
    expect(await via(webs()[0]!).settled(merchant, base.id, big.id, 120_000)).toMatchObject({ status: 'ready', passageCount: 80_000 });
    const [row] = await db.select().from(knowledgeFiles).where(eq(knowledgeFiles.id, big.id));
    expect(row!.status).toBe('ready');
    await start('worker');
  }, 180_000);

  /** An inventory configured through the load balancer on `store` and the demo catalog; its first sync queued. */
  async function configuredInventory(name: string, store: ShopifyAdminServer): Promise<Inventory> {
    const api = (method: string, path: string, body?: unknown) => viaProxy.api(merchant, method, path, body);
    const created = await api('POST', '/inventories', { name });
    expect(created.status, created.text).toBe(201);
    const integrated = await api(
      'PUT',
      `/inventories/${(created.body as Inventory).id}/integration`,
      integrationStep(store, created.body as Inventory, { shopifyToken: store.accessToken }),
    );
    expect(integrated.status, integrated.text).toBe(200);
    const saved = await api('PUT', `/inventories/${(created.body as Inventory).id}/catalog`, {
      catalogId: peers.catalogId,
      expectedVersion: (integrated.body as Inventory).version,
    });
    expect(saved.status, saved.text).toBe(200);
    return saved.body as Inventory;
  }
  const runsOf = async (inventory: Inventory) =>
    ((await viaProxy.api(merchant, 'GET', `/inventories/${inventory.id}/runs`)).body as { runs: SyncRun[] }).runs;
  const catalogVia = async (one: Process, inventory: Inventory) => {
    const answer = await call(`${one.url}/api/v1/storefront/${inventory.publicId}/catalog`);
    expect(answer.status, answer.text).toBe(200);
    return answer.body as PublicCatalog;
  };

  test("a sync a worker finishes refreshes the public catalog both webs keep in memory; both refuse a second 'Sync now' alike", async () => {
    const inventory = await configuredInventory('Loja Demo', peers.shopify);
    await expect.poll(async () => (await runsOf(inventory))[0]?.status, { timeout: 30_000, interval: 200 }).toBe('succeeded');
    const [webA, webB] = webs();
    // Both webs hold the catalog in memory now, as its shoppers' visits leave it.
    const before = await catalogVia(webB!, inventory);
    expect((await catalogVia(webA!, inventory)).lastSyncedAt).toBe(before.lastSyncedAt);
    // Every variant of the catalog's first product 10.00 dearer at the store.
    const products = demoStoreProducts();
    const repriced = products.find((product) => String(product.id) === before.products[0]!.id)!;
    for (const variant of repriced.variants) variant.price = (Number(variant.price) + 10).toFixed(2);
    const pricesOf = (catalog: PublicCatalog) =>
      catalog.products.find((product) => product.id === before.products[0]!.id)!.variants.map((variant) => variant.priceMinor);
    const newPrices = pricesOf(before).map((price) => price! + 1_000);
    peers.shopify.setProducts(products);

    // 'Sync now' right after the first sync, through either web: one interval, kept in the database.
    for (const web of [webA!, webB!]) {
      const soon = await via(web).api(merchant, 'POST', `/inventories/${inventory.id}/sync`);
      expect([soon.status, (soon.body as { error: { code: string } }).error.code]).toEqual([429, 'too_many_requests']);
    }
    // The hour's sync, queued as the scheduler queues it, run by whichever worker claims it.
    const { db } = await testDatabase();
    expect(await enqueueSync(db, inventory.id, 'hourly')).toBe(true);
    await expect
      .poll(async () => (await runsOf(inventory)).map((run) => run.status), { timeout: 30_000, interval: 200 })
      .toEqual(['succeeded', 'succeeded']);
    // Each web serves the new catalog, though neither ran the sync nor heard of it but from the database.
    for (const web of [webB!, webA!])
      await expect.poll(async () => pricesOf(await catalogVia(web, inventory)), { timeout: 15_000, interval: 250 }).toEqual(newPrices);
    expect((await catalogVia(webB!, inventory)).lastSyncedAt).not.toBe(before.lastSyncedAt);
    peers.shopify.setProducts(demoStoreProducts());
  }, 90_000);

  test('a worker killed mid-sync (SIGKILL): the other takes the sync over once its lease runs out; one run, finished once', async () => {
    const inventory = await configuredInventory('Loja Lenta', slowStore);
    const { db } = await testDatabase();
    const jobOf = queuedJob(INVENTORY_SYNC_QUEUE, 'inventoryId', inventory.id);
    // Mid-sync: the run has read part of the store into its rows.
    const readSoFar = async () => {
      const [run] = await db.select().from(inventorySyncRuns).where(eq(inventorySyncRuns.inventoryId, inventory.id));
      if (!run) return 0;
      const [counted] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(inventorySyncRows)
        .where(eq(inventorySyncRows.runId, run.id));
      return counted!.n;
    };
    await expect.poll(readSoFar, { timeout: 30_000, interval: 100 }).toBeGreaterThan(0);
    const running = (await jobOf())!;
    expect(running.status).toBe('running');
    const owner = ownerOf(running);
    const exited = stopped(owner);
    owner.child.kill('SIGKILL');
    await exited;
    expect(await readSoFar()).toBeLessThan(SLOW_STORE_VARIANTS);
    await expect
      .poll(async () => (await jobOf())?.lockedBy?.split(':')[1] ?? 'done', { timeout: 30_000, interval: 100 })
      .not.toBe(String(owner.child.pid));
    await expect.poll(async () => (await runsOf(inventory))[0]?.status, { timeout: 120_000, interval: 250 }).toBe('succeeded');
    // One run in the report (the cut one gone with its rows), the store's every variant in the products.
    const runs = await runsOf(inventory);
    expect(runs.map((run) => [run.trigger, run.status])).toEqual([['first', 'succeeded']]);
    expect(runs[0]!.report!.counts.variants).toBe(SLOW_STORE_VARIANTS);
    const leftRows = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(inventorySyncRows)
      .innerJoin(inventorySyncRuns, eq(inventorySyncRuns.id, inventorySyncRows.runId))
      .where(eq(inventorySyncRuns.inventoryId, inventory.id));
    expect(leftRows[0]!.n).toBe(0);
    await start('worker');
  }, 180_000);

  test('a campaign sent by both workers, one killed mid-send (SIGKILL): every contact gets it once, none lost', async () => {
    const api = (method: string, path: string, body?: unknown) => viaProxy.api(merchant, method, path, body);
    const { db } = await testDatabase();
    // The ready-made offers template approved at Meta and read by Catalyst; 600 shoppers who agreed to promotions.
    const offers = readyMadeTemplate('campaign_offers').draft;
    whatsapp.addTemplate(number.wabaId, toGraphTemplate(offers, 'pt_BR'));
    const channelId = ((await api('GET', '/channels')).body as { channels: { id: string }[] }).channels[0]!.id;
    expect((await api('POST', `/channels/${channelId}/templates/refresh`)).status).toBeLessThan(300);
    const contacts = contactStore(db);
    const phones = Array.from({ length: CAMPAIGN_CONTACTS }, (_, n) => `+55119${String(60_000_000 + n)}`);
    for (const phone of phones)
      await contacts.recordOptIn(merchant.uid, phone, 'marketing', 'whatsapp_conversation', new Date().toISOString(), { language: 'pt' });
    const audience = await api('POST', '/audiences', { name: 'Everyone', rules: { languages: ['pt'] } });
    const campaign = await api('POST', '/campaigns', { name: 'Across workers' });
    const id = (campaign.body as { id: string }).id;
    const saved = await api('PUT', `/campaigns/${id}`, {
      name: 'Across workers',
      audienceId: (audience.body as { id: string }).id,
      channelId,
      templateName: offers.name,
      variables: {
        first_name: { source: 'first_name' },
        offer: { source: 'text', text: '20% off' },
        end_date: { source: 'text', text: 'Sunday' },
        store_url: { source: 'text', text: 'https://loja.example' },
      },
      schedule: { kind: 'now' },
      // The wall clock runs here: no quiet hours to wait out.
      quietHours: null,
    });
    expect(saved.status, saved.text).toBe(200);
    const planned = await api('POST', `/campaigns/${id}/plan`);
    expect(planned.status, planned.text).toBe(200);
    expect((planned.body as { planned: number }).planned).toBe(CAMPAIGN_CONTACTS);

    const campaignSendsAtMeta = () => whatsapp.templateSends(number.phoneNumberId).filter((send) => send.name === offers.name);
    // Mid-campaign: a worker holds sends of it; it is killed.
    await expect.poll(() => campaignSendsAtMeta().length, { timeout: 60_000, interval: 50 }).toBeGreaterThan(CAMPAIGN_CONTACTS / 4);
    const [held] = await db
      .select()
      .from(jobs)
      .where(sql`${jobs.payload}->>'campaignId' = ${id} and ${jobs.status} = 'running'`)
      .limit(1);
    expect(held, 'a send of the campaign running').toBeDefined();
    const owner = ownerOf(held!);
    const exited = stopped(owner);
    owner.child.kill('SIGKILL');
    await exited;
    expect(campaignSendsAtMeta().length).toBeLessThan(CAMPAIGN_CONTACTS);

    // The other worker finishes it: every send settled, every contact's message taken by Meta once.
    const results = async () =>
      ((await api('GET', `/campaigns/${id}/results`)).body as { figures: { queued: number; sent: number } }).figures;
    await expect.poll(async () => (await results()).queued, { timeout: 120_000, interval: 500 }).toBe(0);
    expect(await results()).toMatchObject({ sent: CAMPAIGN_CONTACTS, failed: 0 });
    const byRecipient = new Map<string, number>();
    for (const send of campaignSendsAtMeta()) byRecipient.set(send.waId, (byRecipient.get(send.waId) ?? 0) + 1);
    expect([...byRecipient.values()].filter((count) => count > 1)).toEqual([]);
    expect([...byRecipient.keys()].sort()).toEqual(phones.map((phone) => phone.slice(1)).sort());
    expect((await api('GET', `/campaigns/${id}`)).body).toMatchObject({ status: 'finished' });
    await start('worker');
  }, 180_000);
});
