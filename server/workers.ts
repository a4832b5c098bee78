// The background workers of one server process, apart from the HTTP app (./app.ts): main.ts starts
// them beside it, a test only when it needs them. A worker switched off (KNOWLEDGE_WORKER=off,
// INVENTORY_SYNC_WORKER=off, WHATSAPP_INBOUND_WORKER=off, CONVERSATION_RETENTION_WORKER=off (the
// expired carts' sweep too), TEMPLATE_SEND_WORKER=off, ORDER_NOTICE_WORKER=off,
// CHECKOUT_RECOVERY_WORKER=off) leaves its queue to the processes that run it.
import type { FastifyInstance } from 'fastify';
import type { Config } from './config';
import type { Db } from './db/database';
import { jobQueue } from './jobs/job-queue';
import { workNotices, type WorkNotices } from './jobs/work-notices';
import { knowledgeWorker, type KnowledgeWorkerOptions } from './knowledge/knowledge-worker';
import { inventorySyncWorker } from './inventories/inventory-sync-worker';
import type { MetaConfig } from './inventories/meta-catalog';
import { whatsappInboundWorker, type InboundWorkerOptions } from './channels/inbound-worker';
import { conversationRetentionWorker, type RetentionWorkerOptions } from './channels/conversation-retention';
import { cartExpiryWorker } from './storefront/cart-expiry';
import type { Services } from './services';
import { templateSendWorker } from './messaging/template-send-worker';
import { TEMPLATE_SEND_QUEUE } from './messaging/template-sender';
import { noticeWorker } from './notices/notice-worker';
import { checkoutRecoveryWorker } from './checkouts/recovery-worker';
import { orderEventPollWorker } from './order-events/order-event-poller';
import { orderWebhookRemovalWorker } from './order-events/order-webhook-removal';

export type WorkerSettings = {
  /** Null: this process takes no knowledge-file jobs (KNOWLEDGE_WORKER=off; another process does). */
  knowledge: { concurrency: number; leaseMs?: number; batchSize?: number; storesAtOnce?: number } | null;
  /** Null: this process syncs no inventory (INVENTORY_SYNC_WORKER=off; another process does). */
  inventorySync: {
    meta: MetaConfig;
    scheduleEveryMs?: number;
    pollMs?: number;
    bulkThreshold?: number;
    leaseMs?: number;
    concurrency?: number;
  } | null;
  /** Null: this process answers no WhatsApp message (WHATSAPP_INBOUND_WORKER=off; another process does). */
  whatsappInbound: Pick<InboundWorkerOptions, 'cloudApi' | 'siteUrl' | 'concurrency' | 'pollMs' | 'retryDelayMs'> | null;
  /** Null: this process deletes no expired conversation (CONVERSATION_RETENTION_WORKER=off; another process does). */
  conversationRetention: Pick<RetentionWorkerOptions, 'scheduleEveryMs' | 'pollMs' | 'batchSize'> | null;
  /** Null: this process sends no template (TEMPLATE_SEND_WORKER=off; another process does). */
  templateSends: { concurrency?: number; pollMs?: number; leaseMs?: number } | null;
  /** Null: this process turns no order event into a notice (ORDER_NOTICE_WORKER=off; another process does). */
  orderNotices: { concurrency?: number; pollMs?: number } | null;
  /** Null: this process reminds no shopper of an abandoned checkout (CHECKOUT_RECOVERY_WORKER=off; another process does). */
  checkoutRecovery: { concurrency?: number; pollMs?: number; timeScale?: number } | null;
  /**
   * Null: this process polls no store's orders (INVENTORY_SYNC_WORKER=off: the processes that sync
   * inventories read their stores' orders too, for those without webhooks; server/order-events/), nor
   * removes the order webhooks an inventory no longer wants from its store.
   */
  orderEventPoll: { intervalMs?: number; scheduleEveryMs?: number; pollMs?: number; timeScale?: number } | null;
  /**
   * This process alone owns its database (PGlite, its data dir locked): the jobs an earlier life left
   * running (killed mid-job) are handed back when the workers start, not when their leases run out.
   */
  soleOwner?: boolean;
};

/** How each database stores an import's passages (KnowledgeWorkerOptions' batchSize and storesAtOnce say why). */
export const knowledgeStoring = { pglite: { batchSize: 250, storesAtOnce: 2 }, postgres: { batchSize: 1_000, storesAtOnce: 2 } } as const;

/**
 * Checkouts one process's recovery worker runs at once. A run is a dozen short statements in sequence,
 * so several at once keep the database busy while one waits (docs/benchmarks.md, "Checkout recovery"):
 * on PGlite too, now that its thread prepares what it runs again (server/db/pglite-prepared.ts).
 */
export const recoveryConcurrency = 8;

/** What this process's workers do, from the config: which run (the `*_WORKER` switches) and with what. */
export function workerSettingsFrom(config: Config): WorkerSettings {
  const { workers } = config;
  return {
    knowledge: workers.knowledge
      ? { concurrency: workers.knowledgeConcurrency, leaseMs: workers.knowledgeLeaseMs, ...knowledgeStoring[config.database.kind] }
      : null,
    inventorySync: workers.inventorySync
      ? {
          meta: config.meta,
          bulkThreshold: workers.inventoryBulkThreshold,
          leaseMs: workers.inventorySyncLeaseMs,
          concurrency: workers.inventorySyncConcurrency,
        }
      : null,
    whatsappInbound: workers.whatsappInbound
      ? { cloudApi: config.whatsapp, siteUrl: config.workerSiteUrl, concurrency: workers.whatsappInboundConcurrency }
      : null,
    conversationRetention: workers.conversationRetention ? {} : null,
    templateSends: workers.templateSends ? { leaseMs: workers.templateSendLeaseMs } : null,
    orderNotices: workers.orderNotices ? {} : null,
    checkoutRecovery: workers.checkoutRecovery ? { concurrency: recoveryConcurrency, timeScale: config.demoTimeScale } : null,
    orderEventPoll: workers.inventorySync ? { intervalMs: workers.orderPollMs, timeScale: config.demoTimeScale } : null,
    soleOwner: config.database.kind === 'pglite',
  };
}

export type Workers = {
  /** Starts claiming jobs from the shared queue. */
  start: () => void;
  /**
   * Looks for work now: this process just queued some (the app's `onWorkQueued`), of `queue` when
   * it says (only its workers look: on PGlite each look is a statement of the server's own thread);
   * `inMs` from now when the work is due later.
   */
  nudge: (queue?: string, inMs?: number) => void;
  /** Stops claiming and hands the running jobs back to the queue; call it before the database closes. */
  stop: () => Promise<void>;
};

export type WorkerOptions = {
  db: Db;
  log: KnowledgeWorkerOptions['log'];
  settings: WorkerSettings;
  /** The stores, clients and key the app shares with its workers (./services.ts). */
  services: Services;
};

export function backgroundWorkers({ db, log, settings, services }: WorkerOptions): Workers {
  const workers = [
    ...(settings.knowledge ? [knowledgeWorker({ db, log, store: services.knowledge, files: services.files, ...settings.knowledge })] : []),
    ...(settings.inventorySync ? [inventorySyncWorker({ db, log, secrets: services.secrets, ...settings.inventorySync })] : []),
    ...(settings.whatsappInbound
      ? [
          whatsappInboundWorker({
            db,
            log,
            secrets: services.secrets,
            channels: services.channels,
            contacts: services.contacts,
            knowledge: services.knowledge,
            storefront: services.storefront,
            ownCarts: services.ownCarts,
            siteHandoffs: services.widgetHandoffs,
            models: services.models,
            ...settings.whatsappInbound,
          }),
        ]
      : []),
    ...(settings.conversationRetention
      ? [conversationRetentionWorker({ db, log, ...settings.conversationRetention }), cartExpiryWorker({ db, log })]
      : []),
    ...(settings.templateSends ? [templateSendWorker({ db, log, sender: services.templateSender, ...settings.templateSends })] : []),
    ...(settings.orderNotices
      ? [
          noticeWorker({
            db,
            log,
            contacts: services.contacts,
            sender: services.templateSender,
            // A notice asked for: this process's sender looks at once.
            onAsked: () => nudge(TEMPLATE_SEND_QUEUE),
            ...settings.orderNotices,
          }),
        ]
      : []),
    ...(settings.checkoutRecovery
      ? [
          checkoutRecoveryWorker({
            db,
            log,
            secrets: services.secrets,
            contacts: services.contacts,
            sender: services.templateSender,
            // A reminder asked for: this process's sender looks at once.
            onAsked: () => nudge(TEMPLATE_SEND_QUEUE),
            ...settings.checkoutRecovery,
          }),
        ]
      : []),
    ...(settings.orderEventPoll
      ? [
          orderEventPollWorker({
            db,
            log,
            secrets: services.secrets,
            publicOrigin: services.orderEvents.publicOrigin,
            onQueued: (queue) => workers.forEach((worker) => worker.nudge(queue)),
            ...settings.orderEventPoll,
          }),
          orderWebhookRemovalWorker({ db, log, secrets: services.secrets }),
        ]
      : []),
  ];
  function nudge(queue?: string, inMs?: number) {
    workers.forEach((worker) => worker.nudge(queue, inMs));
  }
  return {
    start: () => workers.forEach((worker) => worker.start()),
    nudge,
    stop: async () => {
      await Promise.all(workers.map((worker) => worker.stop()));
    },
  };
}

/** Whether these settings run any worker at all (a web process's run none). */
export const runsAnyWorker = (settings: WorkerSettings) =>
  Object.entries(settings).some(([key, value]) => key !== 'soleOwner' && value !== null);

/**
 * An HTTP app with this process's workers beside it: `build` makes the app with the `onWorkQueued`
 * that wakes them (they log through the app, so they exist only after it); they start once the app
 * is ready and hand their jobs back before it closes (and before its database does). With
 * `noticesUrl` (PostgreSQL), work queued here wakes every process's workers, and this process's
 * workers wake for work any process queued (./jobs/work-notices.ts).
 */
export async function appWithWorkers(
  { db, settings, services, noticesUrl }: Omit<WorkerOptions, 'log'> & { noticesUrl?: string },
  build: (onWorkQueued: (queue?: string, inMs?: number) => void) => Promise<FastifyInstance>,
): Promise<FastifyInstance> {
  let nudge: Workers['nudge'] = () => {};
  let notices: WorkNotices | null = null;
  const app = await build((queue, inMs) => {
    nudge(queue, inMs);
    notices?.publish(queue, inMs);
  });
  notices = noticesUrl ? workNotices(noticesUrl, app.log) : null;
  const workers = backgroundWorkers({ db, log: app.log, settings, services });
  nudge = workers.nudge;
  app.addHook('onReady', async () => {
    const released = settings.soleOwner ? await jobQueue(db).releaseAllRunning() : 0;
    if (released > 0) app.log.info({ released }, 'jobs left running by the last run handed back');
    workers.start();
    if (notices && runsAnyWorker(settings)) await notices.listen(workers.nudge);
  });
  app.addHook('preClose', async () => {
    await workers.stop();
    await notices?.stop();
  });
  return app;
}
