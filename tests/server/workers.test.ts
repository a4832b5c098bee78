// The HTTP app and the background workers are apart: an app built alone takes no job from the
// queue; server/workers.ts's workers, started beside it, work the queue, and stopped, hand their
// running job back unpunished. KNOWLEDGE_WORKER=off runs no knowledge worker.
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { knowledgeFileSchema } from '@/domain/knowledge';
import { jobs } from '@/server/jobs/job-tables';
import { PROCESS_FILE_QUEUE } from '@/server/knowledge/knowledge-store';
import { backgroundWorkers, workerSettingsFrom } from '@/server/workers';
import { parseConfig } from '@/server/config';
import { buildServices } from '@/server/services';
import type { TestUser } from './support/emulator-users';
import { knowledgeClient, scratchDataDir } from './support/knowledge-uploads';
import { testDatabase } from './support/test-database';
import { startTestServer, testEnv, type TestServer } from './support/test-server';

let server: TestServer;
const data = scratchDataDir('workers');
const { api, merchant, createBase, uploaded, settled } = knowledgeClient(() => server.url);
let user: TestUser;
let baseId: string;
let waiting: string;

beforeAll(async () => {
  server = await startTestServer({ env: { DATA_DIR: data.dir } }); // no workers
  user = await merchant('workers');
  baseId = (await createBase(user)).id;
});
afterAll(async () => {
  await server.close();
  data.remove();
});

const faq = ['Pergunta;Resposta', 'Qual o prazo de troca?;Você pode trocar em até 30 dias.'].join('\n');

async function jobOf(fileId: string) {
  const { db } = await testDatabase();
  const [job] = await db
    .select()
    .from(jobs)
    .where(and(eq(jobs.queue, PROCESS_FILE_QUEUE), sql`${jobs.payload} ->> 'fileId' = ${fileId}`));
  return job;
}

const statusOf = async (fileId: string) =>
  knowledgeFileSchema.parse((await api(user, 'GET', `/ai-bases/${baseId}/files/${fileId}`)).body).status;

test('an app built without workers claims no job: an upload stays queued', async () => {
  waiting = (await uploaded(user, baseId, 'faq.csv', faq)).id;
  // Long enough for a worker to have been nudged by the upload and to have polled (every 2 s) since.
  await new Promise((done) => setTimeout(done, 2_500));
  expect(await statusOf(waiting)).toBe('uploaded');
  expect(await jobOf(waiting)).toMatchObject({ status: 'queued', attempts: 0, lockedBy: null });
});

test('the workers, started beside the app, process what waited; stopped, they hand the running job back', async () => {
  const { db } = await testDatabase();
  const config = parseConfig({ ...testEnv, DATA_DIR: data.dir });
  const workers = backgroundWorkers({ db, log: server.app.log, settings: workerSettingsFrom(config), services: buildServices(db, config) });
  workers.start();
  try {
    expect(await settled(user, baseId, waiting)).toMatchObject({ status: 'ready', passageCount: 1 });
    await expect.poll(() => jobOf(waiting)).toBeUndefined(); // done jobs are deleted

    const rows = Array.from({ length: 60_000 }, (_, n) => `Produto ${n};Descrição do produto número ${n};${n},99`);
    const big = await uploaded(user, baseId, 'big.csv', ['Produto;Descrição;Preço', ...rows].join('\n'));
    workers.nudge(); // this app was built without them: nothing wakes them on an upload
    await expect.poll(() => statusOf(big.id), { timeout: 60_000 }).toBe('processing');
    await workers.stop();
    expect(await jobOf(big.id)).toMatchObject({ status: 'queued', attempts: 0, lockedBy: null, lastError: null });
    await db.delete(jobs).where(eq(jobs.id, (await jobOf(big.id))!.id)); // not for the next test file's workers
  } finally {
    await workers.stop();
  }
}, 120_000);

test("KNOWLEDGE_WORKER=off runs no knowledge worker; KNOWLEDGE_WORKER_CONCURRENCY must be a positive whole number; the batch size and stores at once are the database's; INVENTORY_SYNC_WORKER=off runs no sync worker; WHATSAPP_INBOUND_WORKER=off no WhatsApp answerer; CONVERSATION_RETENTION_WORKER=off no retention sweep; TEMPLATE_SEND_WORKER=off no template sender; ORDER_NOTICE_WORKER=off no notices; CHECKOUT_RECOVERY_WORKER=off no checkout recovery", async () => {
  const workerSettingsFromEnv = (env: Record<string, string>) => workerSettingsFrom(parseConfig(env));
  const off = {
    INVENTORY_SYNC_WORKER: 'off',
    WHATSAPP_INBOUND_WORKER: 'off',
    CONVERSATION_RETENTION_WORKER: 'off',
    TEMPLATE_SEND_WORKER: 'off',
    ORDER_NOTICE_WORKER: 'off',
    CHECKOUT_RECOVERY_WORKER: 'off',
  };
  expect(workerSettingsFromEnv({ ...off })).toEqual({
    knowledge: { concurrency: 1, leaseMs: 60_000, batchSize: 250, storesAtOnce: 2 },
    inventorySync: null,
    whatsappInbound: null,
    conversationRetention: null,
    templateSends: null,
    orderNotices: null,
    checkoutRecovery: null,
    orderEventPoll: null,
    soleOwner: true,
  });
  expect(workerSettingsFromEnv({ ...off, DATA_DIR: data.dir, KNOWLEDGE_WORKER_CONCURRENCY: '2' }).knowledge).toEqual({
    concurrency: 2,
    leaseMs: 60_000,
    batchSize: 250,
    storesAtOnce: 2,
  });
  expect(workerSettingsFromEnv({ ...off, DATA_DIR: data.dir, DATABASE_URL: 'postgres://catalyst@127.0.0.1/catalyst' }).knowledge).toEqual({
    concurrency: 1,
    leaseMs: 60_000,
    batchSize: 1_000,
    storesAtOnce: 2,
  });
  expect(workerSettingsFromEnv({ ...off, KNOWLEDGE_WORKER: 'off' })).toEqual({
    knowledge: null,
    inventorySync: null,
    whatsappInbound: null,
    conversationRetention: null,
    templateSends: null,
    orderNotices: null,
    checkoutRecovery: null,
    orderEventPoll: null,
    soleOwner: true,
  });
  // PGlite's data dir has one owner: jobs its last life left running go back at start. PostgreSQL's are shared.
  expect(workerSettingsFromEnv({ DATA_DIR: data.dir, DATABASE_URL: 'postgres://catalyst@127.0.0.1/catalyst' }).soleOwner).toBe(false);
  expect(workerSettingsFromEnv({ DATA_DIR: data.dir }).conversationRetention).toEqual({});
  expect(workerSettingsFromEnv({ DATA_DIR: data.dir }).templateSends).toEqual({ leaseMs: 60_000 });
  expect(workerSettingsFromEnv({ DATA_DIR: data.dir, TEMPLATE_SEND_LEASE_SECONDS: '6' }).templateSends).toEqual({ leaseMs: 6_000 });
  expect(workerSettingsFromEnv({ DATA_DIR: data.dir }).orderNotices).toEqual({});
  expect(workerSettingsFromEnv({ DATA_DIR: data.dir }).checkoutRecovery).toEqual({ concurrency: 8, timeScale: 1 });
  expect(workerSettingsFromEnv({ DATA_DIR: data.dir }).orderEventPoll).toEqual({ intervalMs: 300_000, timeScale: 1 });
  // The same recovery runs at once on PostgreSQL (PGlite's thread prepares what it runs again).
  expect(workerSettingsFromEnv({ DATA_DIR: data.dir, DATABASE_URL: 'postgres://catalyst@127.0.0.1/catalyst' }).checkoutRecovery).toEqual({
    concurrency: 8,
    timeScale: 1,
  });
  expect(workerSettingsFromEnv({ DATA_DIR: data.dir, ORDER_POLL_SECONDS: '15' }).orderEventPoll).toEqual({
    intervalMs: 15_000,
    timeScale: 1,
  });
  // DEMO_TIME_SCALE reaches the recovery worker and the poll (its checkouts' first look).
  expect(workerSettingsFromEnv({ DATA_DIR: data.dir, DEMO_TIME_SCALE: '60' }).checkoutRecovery).toEqual({ concurrency: 8, timeScale: 60 });
  expect(workerSettingsFromEnv({ DATA_DIR: data.dir, DEMO_TIME_SCALE: '60' }).orderEventPoll).toMatchObject({ timeScale: 60 });
  // The sync worker reads Meta's settings, and the services' secrets key (made in DATA_DIR when SECRETS_KEY is unset).
  const sync = workerSettingsFromEnv({
    DATA_DIR: data.dir,
    META_GRAPH_URL: 'http://127.0.0.1:9/v21.0/',
    META_ACCESS_TOKEN: 'EAAG-test',
  }).inventorySync;
  expect(sync?.meta).toEqual({ graphUrl: 'http://127.0.0.1:9/v21.0', accessToken: 'EAAG-test' });
  const { secrets } = buildServices((await testDatabase()).db, parseConfig({ DATA_DIR: data.dir }));
  expect(secrets.open(secrets.seal('shpat_x', 'id'), 'id')).toBe('shpat_x');
  // The WhatsApp answerer: the Cloud API's URL and the origin of its cart links (its LLM endpoint and key: the services').
  const inbound = workerSettingsFromEnv({
    DATA_DIR: data.dir,
    WHATSAPP_GRAPH_URL: 'http://127.0.0.1:9/v21.0/',
    SITE_URL: 'https://catalyst.example/',
  }).whatsappInbound;
  expect(inbound).toMatchObject({ cloudApi: { graphUrl: 'http://127.0.0.1:9/v21.0' }, siteUrl: 'https://catalyst.example' });
  expect(workerSettingsFromEnv({ DATA_DIR: data.dir, PORT: '4173' }).whatsappInbound?.siteUrl).toBe('http://localhost:4173');
  for (const bad of ['0', '1.5', 'two'])
    expect(() => workerSettingsFromEnv({ KNOWLEDGE_WORKER_CONCURRENCY: bad })).toThrow(/KNOWLEDGE_WORKER_CONCURRENCY/);
});
