// The WhatsApp answering path as the server tests run it: the real app (its knowledge worker on, so
// uploads are processed; the sync and the app's own WhatsApp worker off) on the test database, the
// loopback Cloud API (tests/fixtures/whatsapp-cloud-api-server.ts) and, when asked, the loopback
// OpenAI-compatible endpoint; and the whatsapp-inbound worker of the test's own, polling every 20 ms
// with short retries, whose log lines are kept (none may hold a shopper's text or number; the app's
// too, when asked). The app
// and the worker share one channel store, as in the server, whose webhook remembers a channel for
// an hour: what reaches the webhook's cache at once is seen, with no clock to race.
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { modelCatalog } from '@/server/answering/model-catalog';
import { whatsappInboundWorker } from '@/server/channels/inbound-worker';
import { parseConfig } from '@/server/config';
import type { Db } from '@/server/db/database';
import type { QueueWorker, WorkerLog } from '@/server/jobs/queue-worker';
import { buildServices, type Services } from '@/server/services';
import { FIXTURE_API_KEY, startOpenAiCompatibleServer, type OpenAiCompatibleServer } from '@/tests/fixtures/openai-compatible-server';
import { startWhatsAppCloudApiServer, type WhatsAppCloudApiServer } from '@/tests/fixtures/whatsapp-cloud-api-server';
import { testDatabase } from './test-database';
import { buildTestApp, testEnv } from './test-server';

export type WhatsAppHarness = {
  db: Db;
  /** The app's base URL. */
  url: string;
  app: FastifyInstance;
  fixture: WhatsAppCloudApiServer;
  /** The OpenAI-compatible endpoint the worker answers with (null: the built-in answerer only). */
  llm: OpenAiCompatibleServer | null;
  worker: QueueWorker;
  /** The key the app seals channels' secrets with, for the tests that connect through the store. */
  secrets: Services['secrets'];
  /** The app's channel store (the webhook's and the worker's), for the tests that connect and pause through it. */
  channels: Services['channels'];
  /** Every line the worker logged, as JSON. */
  logged: string[];
  /** Every line the app logged, as JSON (with `appLog`; else none). */
  appLogged: string[];
  close: () => Promise<void>;
};

export async function startWhatsAppHarness({
  dataDir,
  siteUrl = 'https://loja.example',
  withLlm = false,
  concurrency,
  appLog = false,
  trustProxy = false,
}: {
  dataDir: string;
  siteUrl?: string;
  withLlm?: boolean;
  /** The worker's messages at once (its default when absent). */
  concurrency?: number;
  /** Keep the app's log lines (level info) in `appLogged`. */
  appLog?: boolean;
  /** The client address from X-Forwarded-For (tests of limits per address give each request one of its own). */
  trustProxy?: boolean;
}): Promise<WhatsAppHarness> {
  const secretsKey = randomBytes(32).toString('base64');
  const logged: string[] = [];
  const collect = (details: object, message: string) => void logged.push(JSON.stringify({ ...details, message }));
  const log: WorkerLog = { info: collect, warn: collect, error: collect };

  const { db } = await testDatabase();
  const fixture = await startWhatsAppCloudApiServer({ numbers: [] });
  const llm = withLlm ? await startOpenAiCompatibleServer() : null;
  const env = {
    ...testEnv,
    DATA_DIR: dataDir,
    SECRETS_KEY: secretsKey,
    INVENTORY_SYNC_WORKER: 'off',
    WHATSAPP_INBOUND_WORKER: 'off',
    ...(trustProxy ? { TRUST_PROXY: 'true' } : {}),
  };
  const services = buildServices(db, parseConfig(env), { webhookTtlMs: 3_600_000 });
  const { secrets, channels } = services;
  const appLogged: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      appLogged.push(...chunk.toString().split('\n').filter(Boolean));
      done();
    },
  });
  const app = await buildTestApp(env, { workers: true, services, ...(appLog ? { logger: { level: 'info', stream } } : {}) });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const worker = whatsappInboundWorker({
    db,
    log,
    secrets,
    channels,
    contacts: services.contacts,
    cloudApi: { graphUrl: fixture.graphUrl },
    models: modelCatalog(llm ? { baseUrl: llm.baseUrl, apiKey: FIXTURE_API_KEY, timeoutMs: 10_000 } : null),
    knowledge: services.knowledge,
    storefront: services.storefront,
    siteHandoffs: services.widgetHandoffs,
    siteUrl,
    ...(concurrency ? { concurrency } : {}),
    pollMs: 20,
    retryDelayMs: 50,
  });
  worker.start();
  return {
    db,
    url,
    app,
    fixture,
    llm,
    worker,
    secrets,
    channels,
    logged,
    appLogged,
    async close() {
      await worker.stop();
      await app.close();
      await fixture.close();
      await llm?.close();
    },
  };
}
