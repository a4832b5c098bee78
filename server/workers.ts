// The background workers of one server process, apart from the HTTP app (./app.ts): main.ts starts
// them beside it, a test only when it needs them. A worker switched off (KNOWLEDGE_WORKER=off,
// INVENTORY_SYNC_WORKER=off, WHATSAPP_INBOUND_WORKER=off, CONVERSATION_RETENTION_WORKER=off) leaves its
// queue to the processes that run it.
import type { FastifyInstance } from 'fastify';
import { databaseTargetFromEnv, type Db } from './db/database';
import { knowledgeWorker, type KnowledgeWorkerOptions } from './knowledge/knowledge-worker';
import { dataDirFromEnv } from './knowledge/upload-storage';
import { inventorySyncWorker } from './inventories/inventory-sync-worker';
import { BULK_THRESHOLD } from './inventories/store-reader';
import { metaConfigFromEnv, type MetaConfig } from './inventories/meta-catalog';
import { secretBox, secretsKeyFrom, type SecretBox } from './secrets/secret-box';
import { cloudApiConfigFromEnv } from './channels/cloud-api-client';
import { whatsappInboundWorker, type InboundWorkerOptions } from './channels/inbound-worker';
import { llmConfigFromEnv } from './answering/llm-config';
import { conversationRetentionWorker, type RetentionWorkerOptions } from './channels/conversation-retention';
import { siteOrigin } from '../domain/runtime-config';
import type { Services } from './services';

export type WorkerSettings = {
  /** Null: this process takes no knowledge-file jobs (KNOWLEDGE_WORKER=off; another process does). */
  knowledge: { dataDir: string; concurrency: number; batchSize?: number; storesAtOnce?: number } | null;
  /** Null: this process syncs no inventory (INVENTORY_SYNC_WORKER=off; another process does). */
  inventorySync: { secrets: SecretBox; meta: MetaConfig; scheduleEveryMs?: number; pollMs?: number; bulkThreshold?: number } | null;
  /** Null: this process answers no WhatsApp message (WHATSAPP_INBOUND_WORKER=off; another process does). */
  whatsappInbound: Pick<
    InboundWorkerOptions,
    'secrets' | 'cloudApi' | 'llm' | 'siteUrl' | 'concurrency' | 'pollMs' | 'retryDelayMs'
  > | null;
  /** Null: this process deletes no expired conversation (CONVERSATION_RETENTION_WORKER=off; another process does). */
  conversationRetention: Pick<RetentionWorkerOptions, 'scheduleEveryMs' | 'pollMs' | 'batchSize'> | null;
};

/** The origin of the links the workers write (a cart summary URL): SITE_URL, else this server on localhost. */
export const siteUrlFromEnv = (env: Record<string, string | undefined>) =>
  env.SITE_URL ? siteOrigin(env.SITE_URL) : `http://localhost:${env.PORT ?? 3000}`;

/** How each database stores an import's passages (KnowledgeWorkerOptions' batchSize and storesAtOnce say why). */
export const knowledgeStoring = { pglite: { batchSize: 250, storesAtOnce: 2 }, postgres: { batchSize: 1_000, storesAtOnce: 2 } } as const;

/** KNOWLEDGE_WORKER (`off`), KNOWLEDGE_WORKER_CONCURRENCY, DATA_DIR and the database's batch size; throws on a bad value. */
export function workerSettingsFromEnv(env: Record<string, string | undefined>): WorkerSettings {
  const concurrency = Number(env.KNOWLEDGE_WORKER_CONCURRENCY ?? 1);
  if (!Number.isInteger(concurrency) || concurrency < 1)
    throw new Error(`KNOWLEDGE_WORKER_CONCURRENCY must be a positive whole number, not "${env.KNOWLEDGE_WORKER_CONCURRENCY}"`);
  const storing = knowledgeStoring[databaseTargetFromEnv(env).kind];
  const bulkThreshold = Number(env.INVENTORY_BULK_THRESHOLD ?? BULK_THRESHOLD);
  if (!Number.isInteger(bulkThreshold) || bulkThreshold < 0)
    throw new Error(`INVENTORY_BULK_THRESHOLD must be a whole number, not "${env.INVENTORY_BULK_THRESHOLD}"`);
  const secrets = () => secretBox(secretsKeyFrom(env, dataDirFromEnv(env)).key);
  const inventorySync = env.INVENTORY_SYNC_WORKER === 'off' ? null : { secrets: secrets(), meta: metaConfigFromEnv(env), bulkThreshold };
  const whatsappInbound =
    env.WHATSAPP_INBOUND_WORKER === 'off'
      ? null
      : { secrets: secrets(), cloudApi: cloudApiConfigFromEnv(env), llm: llmConfigFromEnv(env), siteUrl: siteUrlFromEnv(env) };
  return {
    knowledge: env.KNOWLEDGE_WORKER === 'off' ? null : { dataDir: dataDirFromEnv(env), concurrency, ...storing },
    inventorySync,
    whatsappInbound,
    conversationRetention: env.CONVERSATION_RETENTION_WORKER === 'off' ? null : {},
  };
}

export type Workers = {
  /** Starts claiming jobs from the shared queue. */
  start: () => void;
  /**
   * Looks for work now: this process just queued some (the app's `onWorkQueued`), of `queue` when
   * it says (only its workers look: on PGlite each look is a statement of the server's own thread).
   */
  nudge: (queue?: string) => void;
  /** Stops claiming and hands the running jobs back to the queue; call it before the database closes. */
  stop: () => Promise<void>;
};

export type WorkerOptions = {
  db: Db;
  log: KnowledgeWorkerOptions['log'];
  settings: WorkerSettings;
  /** The stores the app shares with its workers (./services.ts). */
  services: Services;
};

export function backgroundWorkers({ db, log, settings, services }: WorkerOptions): Workers {
  const workers = [
    ...(settings.knowledge ? [knowledgeWorker({ db, log, ...settings.knowledge })] : []),
    ...(settings.inventorySync ? [inventorySyncWorker({ db, log, ...settings.inventorySync })] : []),
    ...(settings.whatsappInbound ? [whatsappInboundWorker({ db, log, channels: services.channels, ...settings.whatsappInbound })] : []),
    ...(settings.conversationRetention ? [conversationRetentionWorker({ db, log, ...settings.conversationRetention })] : []),
  ];
  return {
    start: () => workers.forEach((worker) => worker.start()),
    nudge: (queue) => workers.forEach((worker) => worker.nudge(queue)),
    stop: async () => {
      await Promise.all(workers.map((worker) => worker.stop()));
    },
  };
}

/**
 * An HTTP app with this process's workers beside it: `build` makes the app with the `onWorkQueued`
 * that wakes them (they log through the app, so they exist only after it); they start once the app
 * is ready and hand their jobs back before it closes (and before its database does).
 */
export async function appWithWorkers(
  { db, settings, services }: Omit<WorkerOptions, 'log'>,
  build: (onWorkQueued: (queue?: string) => void) => Promise<FastifyInstance>,
): Promise<FastifyInstance> {
  let nudge: Workers['nudge'] = () => {};
  const app = await build((queue) => nudge(queue));
  const workers = backgroundWorkers({ db, log: app.log, settings, services });
  nudge = workers.nudge;
  app.addHook('onReady', async () => workers.start());
  app.addHook('preClose', () => workers.stop());
  return app;
}
