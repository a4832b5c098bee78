// `npm run bench:notices`: post-sale notices against their budgets (Shopify webhook answered; order
// placed → order confirmation sent; none lost or sent twice across Meta's faults, Shopify's
// redeliveries and a server killed mid-run), in the real server against the loopback Shopify store
// and WhatsApp Cloud API. Prints figures and a verdict per budget; never fails on one.
// SITE_URL is a public https origin no one answers: a loopback one is not public
// (server/order-events/order-webhook-address.ts), and with it the server would poll instead of
// subscribing. So the server subscribes the store's webhooks itself, as in production, and the
// store fixture routes them to the server's loopback port (routeWebhooks). Deliveries not answered
// 2xx are posted again every second, as Shopify and Meta retry them. How it measures, and its
// settings: docs/benchmarks.md, 'Post-sale notices'.
import type { ChildProcess } from 'node:child_process';
import { randomBytes, randomInt } from 'node:crypto';
import { existsSync, mkdtempSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createInterface } from 'node:readline';
import { toGraphTemplate } from '../domain/message-template';
import { WHATSAPP_UPDATES_ATTRIBUTE } from '../domain/order-event';
import { noticeSendKey, type OrderNoticeSettings } from '../domain/order-notice';
import { readyMadeTemplate } from '../domain/ready-made-templates';
import { parseConfig } from '../server/config';
import { openDatabase } from '../server/db/database';
import { accounts } from '../server/accounts/account-tables';
import { aiBases } from '../server/ai-bases/ai-base-tables';
import { TEMPLATE_SEND_QUEUE } from '../server/messaging/template-sender';
import { ORDER_EVENT_QUEUE } from '../server/order-events/order-event-intake';
import { SHOPIFY_WEBHOOK_PATH } from '../server/order-events/order-webhook-address';
import { WHATSAPP_WEBHOOK_PATH } from '../server/routes/whatsapp-webhook-routes';
import {
  demoStoreProducts,
  SHOPIFY_API_VERSION,
  startShopifyAdminServer,
  type ShopifyAdminServer,
} from '../tests/fixtures/shopify-admin-server';
import { newWebhookIds, restOrder, shopifyHmac, type ShopifyWebhookDelivery } from '../tests/fixtures/shopify/store-webhooks';
import {
  fixturePhoneNumber,
  startWhatsAppCloudApiServer,
  type FixturePhoneNumber,
  type WebhookDelivery,
  type WhatsAppCloudApiServer,
} from '../tests/fixtures/whatsapp-cloud-api-server';
import { createUser, type TestUser } from '../tests/server/support/emulator-users';
import { startAuthEmulator } from './auth-emulator';
import {
  benchTargetNames,
  choice,
  merchantApi,
  readTargetDatabase,
  removeBenchData,
  seededRandom,
  startBenchServer,
  withCpu,
  type BenchRow,
  type MerchantApi,
  type TargetQuery,
} from './bench-server';
import { benchCommand, machineLabel, today, writeBenchBlocks, type BenchBlock } from './benchmarks-doc';
import { buildServer } from './build-server';
import { openLoopShots, type Shot } from './open-loop-load';

const env = process.env;
const num = (name: string, fallback: number) => (env[name] ? Number(env[name]) : fallback);
const WEBHOOK_RATE = num('BENCH_WEBHOOK_RATE', 200);
const WEBHOOK_DURATION_S = num('BENCH_WEBHOOK_DURATION', 20);
const ORDER_RATE = num('BENCH_ORDER_RATE', 20);
const ORDER_DURATION_S = num('BENCH_ORDER_DURATION', 60);
/** Seconds into the order run the server is killed (SIGKILL) and started again; `off`: never. */
const KILL_AT_S = env.BENCH_KILL_AT === 'off' ? null : num('BENCH_KILL_AT', ORDER_DURATION_S / 2);
const DRAIN_TIMEOUT_S = num('BENCH_DRAIN_TIMEOUT', 180);
const SEED = num('BENCH_SEED', 1);
const WARM_UP_S = 3;
/** How often a delivery not answered 2xx is posted again (Shopify and Meta retry, later and less often). */
const RETRY_EVERY_MS = 1_000;
const FAILURE_RATES = { serverError: 0.025, serviceUnavailable: 0.025, throughput: 0.01 };
const REDELIVERY_RATE = 0.05;
const BUDGET = { webhookP99: 20, noticeP99: 2_000 };
/** The site's public address: the callback URLs the server subscribes; nothing answers there, the store fixture routes them to loopback. */
export const SITE_ORIGIN = 'https://catalyst-bench.example';
export const SHOP = {
  id: 60_000_001,
  name: 'Loja Bench',
  email: 'owner@catalyst-demo.example',
  currencyCode: 'BRL',
  myshopifyDomain: 'loja-bench.myshopify.com',
  ianaTimezone: 'America/Sao_Paulo',
};
const CONFIRMATION = readyMadeTemplate('order_confirmation').draft;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
export const percentile = (sorted: readonly number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
const judged = (met: boolean) => (met ? 'within budget' : 'NOT MET');
const ok2xx = (status: number | null) => status !== null && status >= 200 && status < 300;
/** This process's CPU from now until the returned function is called, as a share of one core. */
const benchCpuOver = () => {
  const [cpu, at] = [process.cpuUsage(), performance.now()];
  return () => {
    const used = process.cpuUsage(cpu);
    return (used.user + used.system) / 1000 / (performance.now() - at);
  };
};

export type Target = { name: string; env: Record<string, string> };

// --- The server, killed and started again -------------------------------------------------------------

export type NoticeServer = {
  url: string;
  child: ChildProcess;
  stop: () => Promise<void>;
  /** The server's log lines of level warn and above since the last call, by message. */
  takeLog: () => Map<string, number>;
};

/** The built server in its own process (scripts/bench-server.ts), sending to the Cloud API fixture; no knowledge, sync or polling work. */
export async function startNoticeServer(main: string, target: Target, graphUrl: string): Promise<NoticeServer> {
  let tally = new Map<string, number>();
  const tallyLines = (child: ChildProcess) =>
    createInterface({ input: child.stdout! }).on('line', (line) => {
      try {
        const entry = JSON.parse(line) as { level?: number; msg?: string; error?: unknown; code?: unknown };
        // The error's name and code, where the line has them (never its message: it may quote a shopper).
        const cause = [entry.error, entry.code].filter((part) => typeof part === 'string' || typeof part === 'number').join(' ');
        const key = `${entry.level !== undefined && entry.level >= 50 ? 'error' : 'warn'}: ${entry.msg ?? '(no message)'}${cause ? ` (${cause})` : ''}`;
        tally.set(key, (tally.get(key) ?? 0) + 1);
      } catch {
        console.log(`  server: ${line}`);
      }
    });
  const server = await startBenchServer(
    { ...target.env, WHATSAPP_GRAPH_URL: graphUrl, SITE_URL: SITE_ORIGIN, KNOWLEDGE_WORKER: 'off', INVENTORY_SYNC_WORKER: 'off' },
    { main, stdout: 'pipe', onSpawn: tallyLines },
  );
  const takeLog = () => {
    const taken = tally;
    tally = new Map();
    return taken;
  };
  return { ...server, takeLog };
}

export const printLog = (log: Map<string, number>) => {
  if (log.size === 0) return console.log('  server log: no line of level warn or above');
  for (const [line, count] of [...log].sort((a, b) => b[1] - a[1])) console.log(`  server log: ${count} × ${line}`);
};

/** Where the peers' webhooks go: the current server, whose port changes when it is started again. */
export function pointPeersAt(
  server: NoticeServer,
  store: ShopifyAdminServer,
  cloudApi: WhatsAppCloudApiServer,
  number: FixturePhoneNumber,
) {
  store.routeWebhooks((callbackUrl) => callbackUrl.replace(SITE_ORIGIN, server.url));
  cloudApi.setWebhookUrl(number.phoneNumberId, `${server.url}${WHATSAPP_WEBHOOK_PATH}`);
}

/**
 * Posts again, every RETRY_EVERY_MS, each webhook delivery no answer of 2xx has settled yet (by
 * Shopify's webhook id; by the bytes for Meta's), as both peers retry a delivery that failed.
 */
export function retryFailedDeliveries(store: ShopifyAdminServer, cloudApi: WhatsAppCloudApiServer) {
  const shopify = { seen: 0, settled: new Set<string>(), failed: new Map<string, ShopifyWebhookDelivery>(), retried: 0 };
  const meta = { seen: 0, settled: new Set<string>(), failed: new Map<string, WebhookDelivery>(), retried: 0 };
  let busy: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const round = async () => {
    for (; shopify.seen < store.deliveries.length; shopify.seen++) {
      const delivery = store.deliveries[shopify.seen]!;
      if (ok2xx(delivery.status)) {
        shopify.settled.add(delivery.webhookId);
        shopify.failed.delete(delivery.webhookId);
      } else if (!shopify.settled.has(delivery.webhookId)) shopify.failed.set(delivery.webhookId, delivery);
    }
    for (; meta.seen < cloudApi.deliveries.length; meta.seen++) {
      const delivery = cloudApi.deliveries[meta.seen]!;
      if (ok2xx(delivery.status)) {
        meta.settled.add(delivery.body);
        meta.failed.delete(delivery.body);
      } else if (!meta.settled.has(delivery.body)) meta.failed.set(delivery.body, delivery);
    }
    const shopifyDue = [...shopify.failed.values()];
    const metaDue = [...meta.failed.values()];
    shopify.failed.clear();
    meta.failed.clear();
    shopify.retried += shopifyDue.length;
    meta.retried += metaDue.length;
    // Their answers join the deliveries, read in the next round.
    await Promise.all([
      ...shopifyDue.map((delivery) => store.redeliver(delivery)),
      ...metaDue.map((delivery) => cloudApi.redeliver(delivery)),
    ]);
  };
  const timer = setInterval(() => {
    if (!stopped) busy = busy.then(round);
  }, RETRY_EVERY_MS);
  return {
    /** Posts made again so far (Shopify's, Meta's). */
    retried: () => ({ shopify: shopify.retried, meta: meta.retried }),
    /** Deliveries still waiting for a 2xx (Shopify's, Meta's). */
    unsettled: () => ({
      shopify: store.deliveries.filter((delivery) => !shopify.settled.has(delivery.webhookId) && !ok2xx(delivery.status)).length,
      meta: cloudApi.deliveries.filter((delivery) => !meta.settled.has(delivery.body) && !ok2xx(delivery.status)).length,
    }),
    async stop() {
      stopped = true;
      clearInterval(timer);
      await busy;
    },
  };
}

// --- Setup --------------------------------------------------------------------------------------------

/** The merchant's account (Enterprise: no plan limit in the way) and an active AI base a number can be connected to, written before the server starts. */
export async function seedMerchant(target: Target, user: TestUser): Promise<string> {
  const database = await openDatabase(parseConfig(target.env).database, 'bench:notices');
  try {
    const { db } = database;
    await db.insert(accounts).values({ uid: user.uid, email: user.email, plan: 'enterprise' }).onConflictDoNothing();
    const [base] = await db
      .insert(aiBases)
      .values({
        uid: user.uid,
        name: 'Vendedora Bench',
        function: 'seller',
        language: 'pt_br',
        voiceTone: 'friendly',
        personalized: false,
        creativity: 3,
        model: 'builtin-retrieval',
        savedSteps: 3,
        status: 'active',
      })
      .returning();
    return base!.id;
  } finally {
    await database.close();
  }
}

export async function expectStatus(answer: Promise<{ status: number; body: Record<string, unknown> }>, status: number, what: string) {
  const { status: got, body } = await answer;
  if (got !== status) throw new Error(`${what} answered ${got}: ${JSON.stringify(body)}`);
  return body;
}

/**
 * Through the API, as a merchant would: an inventory on the store with its API secret key (the
 * server subscribes the store's order webhooks), the number connected, its approved order
 * confirmation read from Meta, and the confirmation switched on. The inventory's id.
 */
async function configure(api: MerchantApi, store: ShopifyAdminServer, number: FixturePhoneNumber, aiBaseId: string) {
  const created = await expectStatus(api('/inventories', 'POST', { name: 'Loja Bench' }), 201, 'creating the inventory');
  const inventoryId = String(created.id);
  const integrated = await expectStatus(
    api(`/inventories/${inventoryId}/integration`, 'PUT', {
      name: 'Loja Bench',
      ecommerceType: 'shopify',
      shopifyToken: store.accessToken,
      shopifyApiSecret: store.apiSecret,
      shopifyUrl: store.adminUrl,
      website: store.storefrontUrl,
      checkoutParams: '',
      trackingUrl: '',
      expectedVersion: created.version,
    }),
    200,
    'saving step 1',
  );
  if (integrated.orderEvents !== 'webhooks')
    throw new Error(`the server did not subscribe the store's webhooks (orderEvents ${String(integrated.orderEvents)})`);
  const connected = await expectStatus(
    api('/channels', 'POST', {
      phoneNumberId: number.phoneNumberId,
      wabaId: number.wabaId,
      accessToken: number.accessToken,
      appSecret: number.appSecret,
      aiBaseId,
    }),
    201,
    `connecting ${number.phoneNumberId}`,
  );
  const channelId = String((connected.channel as { id: string }).id);
  await expectStatus(api(`/channels/${channelId}/templates/refresh`, 'POST'), 200, 'reading the templates');
  const settings: OrderNoticeSettings = {
    channelId,
    notices: {
      order_confirmation: { enabled: true, templateName: CONFIRMATION.name, variables: {} },
      shipping_update: { enabled: false, templateName: null, variables: {} },
    },
  };
  await expectStatus(api(`/inventories/${inventoryId}/notices`, 'PUT', settings), 200, 'switching the order confirmation on');
  return inventoryId;
}

// --- Shoppers and orders ------------------------------------------------------------------------------

/** A shopper per order: 55 11 9 and eight digits, distinct within a run. */
export const shopper = (n: number) => ({ phone: `+55119${String(n).padStart(8, '0')}`, waId: `55119${String(n).padStart(8, '0')}` });
export const FIRST_NAMES = ['Ana', 'Bruno', 'Carla', 'Diego', 'Elisa', 'Fábio', 'Gabriela', 'Heitor'];

/** An order of one item by a shopper who ticked the cart page's box for order updates on WhatsApp. */
function consentingOrder(n: number, variantId: number) {
  const { phone } = shopper(n);
  return {
    lines: [{ variantId, quantity: 1 + (n % 3) }],
    customAttributes: [{ key: WHATSAPP_UPDATES_ATTRIBUTE, value: phone }],
    phone,
    shippingAddress: { firstName: FIRST_NAMES[n % FIRST_NAMES.length]!, lastName: 'Souza', phone, countryCode: 'BR' },
    customerLocale: 'pt-BR',
  };
}

/** The first template send the fixture accepted for a shopper (undefined: none yet). */
const sendsTo = (cloudApi: WhatsAppCloudApiServer, number: FixturePhoneNumber) => {
  const byShopper = new Map<string, number[]>();
  for (const send of cloudApi.templateSends(number.phoneNumberId))
    if (send.name === CONFIRMATION.name) byShopper.set(send.waId, [...(byShopper.get(send.waId) ?? []), send.at]);
  return byShopper;
};

/** Places a consenting order through the store (its webhook to the server) and waits for its confirmation; seconds. */
async function marker(
  store: ShopifyAdminServer,
  cloudApi: WhatsAppCloudApiServer,
  number: FixturePhoneNumber,
  n: number,
  variantId: number,
) {
  const started = Date.now();
  await store.placeOrder(consentingOrder(n, variantId));
  while (!sendsTo(cloudApi, number).has(shopper(n).waId)) {
    if (Date.now() - started > DRAIN_TIMEOUT_S * 1000)
      throw new Error(`the marker order's confirmation was not sent within ${DRAIN_TIMEOUT_S} s`);
    await sleep(200);
  }
  return (Date.now() - started) / 1000;
}

// --- Figures ------------------------------------------------------------------------------------------

const rows: BenchRow[] = [];
const blocks: BenchBlock[] = [];

/**
 * Signed `orders/create` deliveries of orders without a phone (the worker records each event and
 * ends it without a send, so no send loads the machine), 5 % of them posted twice in a row as
 * Shopify redelivers; `count` posts in all.
 */
function webhookShots(store: ShopifyAdminServer, inventoryId: string, count: number, variantId: number, draw: () => number): Shot[] {
  const shots: Shot[] = [];
  while (shots.length < count) {
    const order = store.addOrder({ lines: [{ variantId, quantity: 1 }] });
    const body = JSON.stringify(restOrder(SHOP, order));
    const { webhookId, eventId } = newWebhookIds();
    const shot: Shot = {
      method: 'POST',
      path: `${SHOPIFY_WEBHOOK_PATH}/${inventoryId}`,
      headers: {
        'content-type': 'application/json',
        'user-agent': 'Shopify-Captain-Hook',
        'x-shopify-topic': 'orders/create',
        'x-shopify-hmac-sha256': shopifyHmac(body, store.apiSecret),
        'x-shopify-shop-domain': SHOP.myshopifyDomain,
        'x-shopify-api-version': SHOPIFY_API_VERSION,
        'x-shopify-webhook-id': webhookId,
        'x-shopify-event-id': eventId,
        'x-shopify-triggered-at': new Date().toISOString(),
      },
      body,
    };
    shots.push(shot);
    if (draw() < REDELIVERY_RATE) shots.push(shot);
  }
  return shots.slice(0, count);
}

type WebhookFigures = {
  p50: number;
  p99: number;
  max: number;
  sent: number;
  failed: number;
  cpuShare: number;
  drainS: number;
  /** The load average (1 min) at the end of the load. */
  load: number;
};

async function webhookPart(
  target: Target,
  server: NoticeServer,
  store: ShopifyAdminServer,
  cloudApi: WhatsAppCloudApiServer,
  number: FixturePhoneNumber,
  inventoryId: string,
  variantId: number,
): Promise<WebhookFigures> {
  console.log(
    `\nWebhook: signed orders/create of orders without a phone (recorded and queued; the worker ends each without a send), ` +
      `5 % posted twice; warming up (${WARM_UP_S} s), then ${WEBHOOK_RATE}/s for ${WEBHOOK_DURATION_S} s…`,
  );
  const draw = seededRandom(SEED + 11);
  const warm = webhookShots(store, inventoryId, Math.round(WEBHOOK_RATE * WARM_UP_S), variantId, draw);
  const measured = webhookShots(store, inventoryId, Math.round(WEBHOOK_RATE * WEBHOOK_DURATION_S), variantId, draw);
  const load = (shots: Shot[], durationS: number) =>
    openLoopShots({ origin: server.url, rate: WEBHOOK_RATE, durationS, shot: (n) => shots[n]!, ok: (status) => status === 200 });
  await load(warm, WARM_UP_S);
  const benchCpu = benchCpuOver();
  const [f, cpu] = await withCpu(server, () => load(measured, WEBHOOK_DURATION_S));
  const benchCpuShare = benchCpu();
  const loaded = loadavg()[0]!;
  const twice = measured.length - new Set(measured).size;
  console.log(
    `  POST ${SHOPIFY_WEBHOOK_PATH}/:inventoryId: ${f.sent} at ${WEBHOOK_RATE}/s (${twice} redeliveries), p50 ${f.p50} ms, p95 ${f.p95} ms, ` +
      `p99 ${f.p99} ms, max ${f.max} ms; statuses ${JSON.stringify(f.statuses)}; server CPU ${(cpu.share * 100).toFixed(0)}% of a core, ` +
      `${(cpu.ms / f.sent).toFixed(2)} ms a delivery (the worker's jobs included); this process ${(benchCpuShare * 100).toFixed(0)}% of a core; ` +
      `load ${loaded.toFixed(2)}`,
  );
  // Claims go oldest first: once a consenting order placed now is confirmed, the queued events before it were taken.
  const drainS = await marker(store, cloudApi, number, 99_000_001, variantId);
  console.log(`  the queued events drained: a consenting order placed after them was confirmed ${drainS.toFixed(1)} s later`);
  printLog(server.takeLog());
  rows.push({
    target: target.name,
    figure: `Shopify webhook 200 p99 at ${WEBHOOK_RATE}/s`,
    value: `${f.p99} ms (p50 ${f.p50}, max ${f.max}; ${f.failed} not 200)`,
    budget: `< ${BUDGET.webhookP99} ms`,
    verdict: judged(f.p99 < BUDGET.webhookP99 && f.failed === 0),
  });
  return { p50: f.p50, p99: f.p99, max: f.max, sent: f.sent, failed: f.failed, cpuShare: cpu.share, drainS, load: loaded };
}

type Placed = {
  n: number;
  waId: string;
  placedAt: number;
  orderId: string | null;
  /** Its first orders/create delivery's answer (null: not reached). */
  firstStatus: number | null | undefined;
};

type Outage = { killAt: number; readyAt: number; restartS: number; log: Map<string, number> };

/** Orders at ORDER_RATE for ORDER_DURATION_S, each placed when due whatever came back; the server killed and started again on the way. */
async function placeOpenLoop(
  store: ShopifyAdminServer,
  variantId: number,
  killAndRestart: (() => Promise<Outage>) | null,
): Promise<{ placed: Placed[]; outage: Outage | null; lateMs: number }> {
  const total = Math.round(ORDER_RATE * ORDER_DURATION_S);
  const placed: Placed[] = [];
  const pending: Promise<void>[] = [];
  let restarting: Promise<Outage> | null = null;
  const start = performance.now() + 10;
  let lateMs = 0;
  for (let n = 0; n < total; n++) {
    const due = start + (n * 1000) / ORDER_RATE;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    else lateMs = Math.max(lateMs, -wait);
    if (killAndRestart && !restarting && KILL_AT_S !== null && performance.now() - start >= KILL_AT_S * 1000) restarting = killAndRestart();
    const record: Placed = { n, waId: shopper(n + 1).waId, placedAt: Date.now(), orderId: null, firstStatus: undefined };
    placed.push(record);
    pending.push(
      store.placeOrder(consentingOrder(n + 1, variantId)).then(({ order, deliveries }) => {
        record.orderId = String(order.id);
        record.firstStatus = deliveries[0]?.status ?? null;
      }),
    );
  }
  await Promise.all(pending);
  return { placed, outage: restarting ? await restarting : null, lateMs };
}

type NoticeCounts = {
  byStatus: Map<string, number>;
  pending: number;
  failed: number;
  events: number;
  jobs: Map<string, number>;
  /** The attempts each order's send took, by Shopify order id. */
  attempts: Map<string, number>;
  /** When each order's event was recorded, its send asked for, first tried and sent (epoch ms), by Shopify order id. */
  stages: Map<string, Stages>;
};

type Stages = { recorded: number; asked: number; tried: number; sent: number };

/** What the database holds of the run's orders: their sends by status (reason, code) and attempts, those still queued or sending, their events, jobs left. */
async function countNotices(target: Target, uid: string, inventoryId: string, placed: readonly Placed[]): Promise<NoticeCounts> {
  const orderIds = placed.map((order) => order.orderId).filter((id): id is string => id !== null);
  const keys = orderIds.map((shopifyOrderId) =>
    noticeSendKey('order_confirmation', inventoryId, {
      shopifyOrderId,
      shopifyFulfillmentId: null,
      trackingNumber: null,
      trackingUrl: null,
    }),
  );
  const run = async (query: TargetQuery) => {
    const byStatus = new Map<string, number>();
    let pending = 0;
    let failed = 0;
    const statuses = await query(
      `select status, reason, code, count(*)::int as n from template_sends where uid = $1 and send_key = any($2::text[]) group by 1, 2, 3`,
      [uid, keys],
    );
    for (const row of statuses) {
      const key = [row.status, row.reason, row.code].filter((part) => part !== null && part !== undefined).join(' ');
      byStatus.set(key, Number(row.n));
      if (row.status === 'queued' || row.status === 'sending') pending += Number(row.n);
      if (row.status === 'failed') failed += Number(row.n);
    }
    const attempts = new Map<string, number>();
    const stages = new Map<string, Stages>();
    const epochMs = (column: string) => `(extract(epoch from ${column}) * 1000)::float8`;
    const sendRows = await query(
      `select e.shopify_order_id, s.attempts, ${epochMs('e.recorded_at')} as recorded, ${epochMs('s.created_at')} as asked,
         ${epochMs('s.first_attempt_at')} as tried, ${epochMs('s.sent_at')} as sent
       from template_sends s join order_events e on e.inventory_id = $3 and e.kind = 'order_created'
         and s.send_key = 'notice:order_confirmation:' || e.inventory_id || ':' || e.shopify_order_id
       where s.uid = $1 and s.send_key = any($2::text[])`,
      [uid, keys, inventoryId],
    );
    for (const row of sendRows) {
      const orderId = String(row.shopify_order_id);
      attempts.set(orderId, Number(row.attempts));
      stages.set(orderId, { recorded: Number(row.recorded), asked: Number(row.asked), tried: Number(row.tried), sent: Number(row.sent) });
    }
    const [events] = await query(
      `select count(*)::int as n from order_events where inventory_id = $1 and kind = 'order_created' and shopify_order_id = any($2::text[])`,
      [inventoryId, orderIds],
    );
    const jobRows = await query(
      `select queue, count(*)::int as n from jobs j
        where (queue = $3 and exists (select 1 from order_events e where e.id = (j.payload->>'orderEventId')::bigint and e.inventory_id = $1))
           or (queue = $4 and exists (select 1 from template_sends s where s.id::text = j.payload->>'sendId' and s.uid = $2))
        group by queue`,
      [inventoryId, uid, ORDER_EVENT_QUEUE, TEMPLATE_SEND_QUEUE],
    );
    return {
      byStatus,
      pending,
      failed,
      events: Number(events?.n ?? 0),
      jobs: new Map(jobRows.map((row) => [String(row.queue), Number(row.n)])),
      attempts,
      stages,
    };
  };
  return readTargetDatabase(target, run);
}

export const latencyText = (sorted: readonly number[]) =>
  sorted.length === 0
    ? 'none'
    : `p50 ${Math.round(percentile(sorted, 0.5))} ms, p99 ${Math.round(percentile(sorted, 0.99))} ms, max ${Math.round(sorted.at(-1)!)} ms (${sorted.length})`;

type OrderFigures = {
  placed: number;
  once: number;
  twice: number;
  lost: number;
  /** Sends still queued or sending when counted: their end is unknown. */
  pending: number;
  failed: number;
  untouched: number[];
  all: number[];
  outage: Outage | null;
  /** p50 and p99 of each stage, for the table's note. */
  stages: string[];
  /** The load average (1 min) once the orders were placed. */
  load: number;
  /** This process's CPU (the peers' fixtures, the load) while the orders were placed, as a share of a core. */
  benchCpuShare: number;
};

async function orderPart(
  target: Target,
  ctx: {
    main: string;
    uid: string;
    server: NoticeServer;
    store: ShopifyAdminServer;
    cloudApi: WhatsAppCloudApiServer;
    number: FixturePhoneNumber;
    inventoryId: string;
    variantId: number;
  },
): Promise<{ figures: OrderFigures; server: NoticeServer }> {
  const { store, cloudApi, number, inventoryId, variantId } = ctx;
  let server = ctx.server;
  console.log(
    `\nOrders: ${ORDER_RATE}/s for ${ORDER_DURATION_S} s from distinct consenting shoppers (the cart page's box), through the store's webhooks; ` +
      `the Cloud API fails 2.5 % of sends with 500, 2.5 % with 503 and 1 % with 130429, the store posts 5 % of webhooks twice` +
      (KILL_AT_S === null ? '…' : `; the server is killed (SIGKILL) ${KILL_AT_S} s in and started again on the same database…`),
  );
  const killAndRestart = async (): Promise<Outage> => {
    const killAt = Date.now();
    const dead = server;
    const exited = new Promise((done) => dead.child.once('exit', done));
    dead.child.kill('SIGKILL');
    await exited;
    const log = dead.takeLog();
    const restarted = await startNoticeServer(ctx.main, target, cloudApi.graphUrl);
    pointPeersAt(restarted, store, cloudApi, number);
    server = restarted;
    const readyAt = Date.now();
    console.log(
      `  killed at ${new Date(killAt).toISOString().slice(11, 23)}; started again and answering ${((readyAt - killAt) / 1000).toFixed(1)} s later`,
    );
    return { killAt, readyAt, restartS: (readyAt - killAt) / 1000, log };
  };
  const benchCpu = benchCpuOver();
  const run = await placeOpenLoop(store, variantId, KILL_AT_S === null ? null : killAndRestart);
  const benchCpuShare = benchCpu();
  const placedLoad = loadavg()[0]!;
  const { placed, outage } = run;
  const firstStatuses: Record<string, number> = {};
  for (const order of placed) {
    const key = String(order.firstStatus ?? 'not reached');
    firstStatuses[key] = (firstStatuses[key] ?? 0) + 1;
  }
  console.log(
    `  ${placed.length} placed (at most ${run.lateMs.toFixed(0)} ms late); first webhook answers ${JSON.stringify(firstStatuses)}; ` +
      `this process (the peers, the load) ${(benchCpuShare * 100).toFixed(0)}% of a core; load ${placedLoad.toFixed(2)}`,
  );
  if (outage) {
    console.log('  the killed server’s log:');
    printLog(outage.log);
  }

  // Drain: every order confirmed, or the timeout.
  const drainStarted = Date.now();
  const wanted = new Set(placed.map((order) => order.waId));
  const confirmed = () => [...sendsTo(cloudApi, number).keys()].filter((waId) => wanted.has(waId)).length;
  while (confirmed() < placed.length && Date.now() - drainStarted < DRAIN_TIMEOUT_S * 1000) await sleep(500);
  const drainS = (Date.now() - drainStarted) / 1000;
  const sends = sendsTo(cloudApi, number);
  const sendCalls = cloudApi.requests.filter((request) => request.method === 'POST' && request.url.includes('/messages')).length;
  console.log(
    `  drained in ${drainS.toFixed(1)} s: ${confirmed()} of ${placed.length} confirmed; ${sendCalls} send calls to the Cloud API in the whole run, ` +
      `${cloudApi.templateSends(number.phoneNumberId).length} accepted`,
  );

  const latency = (order: Placed) => (sends.get(order.waId)?.[0] ?? NaN) - order.placedAt;
  const sorted = (list: Placed[]) =>
    list
      .map(latency)
      .filter((ms) => !Number.isNaN(ms))
      .sort((a, b) => a - b);
  // The kill's orders: in the server when it died (placed before, not yet confirmed), or placed while it was down.
  const inFlight = outage
    ? placed.filter((order) => order.placedAt < outage.killAt && !((sends.get(order.waId)?.[0] ?? Infinity) < outage.killAt))
    : [];
  const whileDown = outage ? placed.filter((order) => order.placedAt >= outage.killAt && order.placedAt < outage.readyAt) : [];
  const touched = new Set([...inFlight, ...whileDown]);
  const untouched = placed.filter((order) => !touched.has(order));
  console.log(`  order placed → confirmation sent, all orders: ${latencyText(sorted(placed))}`);
  if (outage) {
    console.log(`    orders the kill did not touch: ${latencyText(sorted(untouched))}`);
    console.log(`    in the server when it was killed: ${latencyText(sorted(inFlight))} of ${inFlight.length}`);
    console.log(`    placed while it was down (${outage.restartS.toFixed(1)} s): ${latencyText(sorted(whileDown))} of ${whileDown.length}`);
  }
  printLog(server.takeLog());

  await server.stop(); // PGlite has one owner: the server goes, then its data dir is read
  const counted = await countNotices(target, ctx.uid, inventoryId, placed);
  const perShopper = placed.map((order) => sends.get(order.waId)?.length ?? 0);
  const once = perShopper.filter((count) => count === 1).length;
  const twice = perShopper.filter((count) => count > 1).length;
  const unsent = perShopper.filter((count) => count === 0).length;
  // Lost: no confirmation and no recorded failure (an order never recorded is one too).
  const lost = Math.max(unsent - counted.failed, placed.length - counted.events);
  console.log(
    `  database: ${counted.events} order events of ${placed.length} orders; sends ${JSON.stringify(Object.fromEntries(counted.byStatus))}; ` +
      `jobs left ${JSON.stringify(Object.fromEntries(counted.jobs))}`,
  );
  const attemptsOf = (order: Placed) => (order.orderId === null ? 0 : (counted.attempts.get(order.orderId) ?? 0));
  console.log(
    `  ${outage ? 'orders the kill did not touch' : 'orders'}, sent at the first attempt: ${latencyText(sorted(untouched.filter((order) => attemptsOf(order) === 1)))}; ` +
      `after a refusal (5xx, 130429): ${latencyText(sorted(untouched.filter((order) => attemptsOf(order) > 1)))}`,
  );
  // Where the time went, from the database's clocks (the server's): order placed → event recorded → send asked → first tried → sent.
  const stageOf = (from: (order: Placed, at: Stages) => number, to: (at: Stages) => number) =>
    untouched
      .flatMap((order) => {
        const at = order.orderId === null ? undefined : counted.stages.get(order.orderId);
        return at ? [to(at) - from(order, at)] : [];
      })
      .filter((ms) => Number.isFinite(ms))
      .sort((a, b) => a - b);
  const stages: [string, number[]][] = [
    [
      'placed → event recorded',
      stageOf(
        (order) => order.placedAt,
        (at) => at.recorded,
      ),
    ],
    [
      'event recorded → send asked (notice worker)',
      stageOf(
        (_, at) => at.recorded,
        (at) => at.asked,
      ),
    ],
    [
      'send asked → first tried (sender’s queue and turn)',
      stageOf(
        (_, at) => at.asked,
        (at) => at.tried,
      ),
    ],
    [
      'first tried → sent (Meta, retries)',
      stageOf(
        (_, at) => at.tried,
        (at) => at.sent,
      ),
    ],
  ];
  console.log(`  ${outage ? 'orders the kill did not touch' : 'orders'}, by stage (the server’s clock):`);
  for (const [label, list] of stages) console.log(`    ${label}: ${latencyText(list)}`);
  console.log(
    `  placed ${placed.length}, confirmed once ${once}, twice or more ${twice}, not confirmed ${unsent} (${counted.failed} of them failed with a recorded reason), ` +
      `lost ${lost}; still queued or sending when counted ${counted.pending}`,
  );
  const rate = `${ORDER_RATE}/s × ${ORDER_DURATION_S} s`;
  const p99 = Math.round(percentile(sorted(untouched), 0.99));
  rows.push(
    {
      target: target.name,
      figure: `Order → confirmation sent p99 at ${rate}${outage ? ', orders the kill did not touch' : ''}`,
      value: `${p99} ms (p50 ${Math.round(percentile(sorted(untouched), 0.5))}, max ${Math.round(sorted(untouched).at(-1) ?? NaN)}; ${sorted(untouched).length} orders)`,
      budget: `< ${BUDGET.noticeP99} ms`,
      verdict: judged(p99 < BUDGET.noticeP99),
    },
    {
      target: target.name,
      figure: 'Notices lost',
      value: `${lost} of ${placed.length} (${counted.failed} failed with a recorded reason, ${counted.pending} unsettled)`,
      budget: '0',
      verdict: judged(lost === 0 && counted.pending === 0),
    },
    {
      target: target.name,
      figure: 'Notices sent twice or more',
      value: String(twice),
      budget: '0',
      verdict: judged(twice === 0),
    },
  );
  return {
    figures: {
      placed: placed.length,
      once,
      twice,
      lost,
      pending: counted.pending,
      failed: counted.failed,
      untouched: sorted(untouched),
      all: sorted(placed),
      outage,
      stages: stages.map(
        ([label, list]) =>
          `${label} p50 ${Math.round(percentile(list, 0.5)).toLocaleString('en')} ms, p99 ${Math.round(percentile(list, 0.99)).toLocaleString('en')} ms`,
      ),
      load: placedLoad,
      benchCpuShare,
    },
    server,
  };
}

// --- The run ------------------------------------------------------------------------------------------

async function main() {
  const started = performance.now();
  const parts = choice('BENCH_NOTICES', ['webhook', 'orders'] as const);
  const targetNames = benchTargetNames();
  const serverDir = resolve('.tmp/bench-notices/dist-server');
  const main = join(serverDir, 'main.js');
  if (!process.argv.includes('--no-build')) {
    console.log('Building the server into .tmp/bench-notices…');
    await buildServer(serverDir);
  } else if (!existsSync(main)) throw new Error('--no-build: nothing built in .tmp/bench-notices yet');

  const products = demoStoreProducts();
  const variantId = products[0]!.variants[0]!.id;
  const emulator = await startAuthEmulator({ quiet: true });
  try {
    for (const name of targetNames) {
      const target: Target =
        name === 'postgres'
          ? { name: 'PostgreSQL', env: { DATABASE_URL: env.DATABASE_URL!, SECRETS_KEY: randomBytes(32).toString('base64') } }
          : {
              name: 'PGlite',
              env: { DATA_DIR: mkdtempSync(join(tmpdir(), 'catalyst-bench-notices-')), SECRETS_KEY: randomBytes(32).toString('base64') },
            };
      // A number new to the run (PostgreSQL outlives it; a number is connected once across accounts).
      const number = fixturePhoneNumber(randomInt(1, 9_000));
      const cloudApi = await startWhatsAppCloudApiServer({
        numbers: [number],
        failureRates: FAILURE_RATES,
        redeliveryRate: REDELIVERY_RATE,
        sentStatuses: true,
        messagingLimitTier: 'TIER_UNLIMITED',
        seed: SEED,
      });
      cloudApi.addTemplate(number.wabaId, toGraphTemplate(CONFIRMATION, 'pt_BR'));
      const store = await startShopifyAdminServer({
        shop: { name: SHOP.name, currencyCode: SHOP.currencyCode, myshopifyDomain: SHOP.myshopifyDomain },
        products,
        webhookRedeliveryRate: REDELIVERY_RATE,
        seed: SEED,
      });
      const user = await createUser('bench-notices');
      let server: NoticeServer | null = null;
      const retries = retryFailedDeliveries(store, cloudApi);
      let webhook: WebhookFigures | null = null;
      let orders: OrderFigures | null = null;
      try {
        console.log(`\n${target.name}: the merchant's account and an active AI base; starting the server…`);
        const aiBaseId = await seedMerchant(target, user);
        server = await startNoticeServer(main, target, cloudApi.graphUrl);
        pointPeersAt(server, store, cloudApi, number);
        const api = merchantApi(server, user);
        const inventoryId = await configure(api, store, number, aiBaseId);
        console.log(
          `  inventory on the store with its API secret key (webhooks subscribed: ${store.webhookSubscriptions().length}), number connected, ` +
            `order confirmation (${CONFIRMATION.name}, pt_BR) switched on`,
        );
        console.log(`  first confirmation (warm-up) after ${(await marker(store, cloudApi, number, 99_000_000, variantId)).toFixed(1)} s`);
        if (parts.includes('webhook')) webhook = await webhookPart(target, server, store, cloudApi, number, inventoryId, variantId);
        if (parts.includes('orders')) {
          const result = await orderPart(target, { main, uid: user.uid, server, store, cloudApi, number, inventoryId, variantId });
          server = result.server;
          orders = result.figures;
        }
        const retried = retries.retried();
        const unsettled = retries.unsettled();
        console.log(
          `  webhook deliveries posted again after no 2xx: Shopify ${retried.shopify}, Meta ${retried.meta}; still unanswered: Shopify ${unsettled.shopify}, Meta ${unsettled.meta}`,
        );
      } finally {
        await retries.stop();
        await server?.stop();
        await store.close();
        await cloudApi.close();
        // On PostgreSQL the bench's account goes, with its base, inventory, channel, events and sends.
        await removeBenchData(target, user);
      }
      blocks.push(docBlock(target, webhook, orders));
    }
  } finally {
    await emulator.stop();
  }

  console.log(
    `\nPost-sale notices, ran in ${((performance.now() - started) / 1000).toFixed(0)} s; ${availableParallelism()} cores, load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}\n`,
  );
  const columns: (keyof BenchRow)[] = ['target', 'figure', 'value', 'budget', 'verdict'];
  const header = (key: keyof BenchRow) => (key === 'target' ? 'database' : key);
  const widths = columns.map((key) => Math.max(header(key).length, ...rows.map((r) => r[key].length)));
  console.log(columns.map((c, i) => header(c).padEnd(widths[i]!)).join('  '));
  for (const row of rows)
    console.log(
      columns
        .map((c, i) => row[c].padEnd(widths[i]!))
        .join('  ')
        .trimEnd(),
    );
  writeBenchBlocks(blocks);
}

/** The target's table for docs/benchmarks.md (written with BENCH_WRITE_DOC=1). */
function docBlock(target: Target, webhook: WebhookFigures | null, orders: OrderFigures | null): BenchBlock {
  const tableRows: string[][] = [];
  if (webhook)
    tableRows.push([
      `Shopify webhook answered, ${WEBHOOK_RATE}/s for ${WEBHOOK_DURATION_S} s, 5 % redelivered`,
      `p99 ${webhook.p99} ms (p50 ${webhook.p50}, max ${webhook.max}), ${webhook.failed} not 200; server CPU ${(webhook.cpuShare * 100).toFixed(0)} % of a core; queued events drained ${webhook.drainS.toFixed(1)} s after`,
      `p99 < ${BUDGET.webhookP99} ms`,
      judged(webhook.p99 < BUDGET.webhookP99 && webhook.failed === 0),
    ]);
  if (orders) {
    const p = (list: number[], q: number) => Math.round(percentile(list, q)).toLocaleString('en');
    tableRows.push(
      [
        `order placed → confirmation sent, ${ORDER_RATE}/s for ${ORDER_DURATION_S} s${orders.outage ? ', orders the kill did not touch' : ''}`,
        `p99 ${p(orders.untouched, 0.99)} ms (p50 ${p(orders.untouched, 0.5)}, max ${p(orders.untouched, 1)}; ${orders.untouched.length} orders)`,
        `p99 < ${BUDGET.noticeP99.toLocaleString('en')} ms`,
        judged(percentile(orders.untouched, 0.99) < BUDGET.noticeP99),
      ],
      ...(orders.outage
        ? [
            [
              'the same, every order (the kill’s too)',
              `p99 ${p(orders.all, 0.99)} ms (p50 ${p(orders.all, 0.5)}, max ${p(orders.all, 1)}); down ${orders.outage.restartS.toFixed(1)} s`,
              '—',
              '—',
            ],
          ]
        : []),
      [
        `lost / sent twice${orders.outage ? ', across a killed server' : ''}`,
        `${orders.lost} / ${orders.twice} of ${orders.placed} orders (${orders.failed} failed with a recorded reason, ${orders.pending} unsettled)`,
        '0 / 0',
        judged(orders.lost === 0 && orders.pending === 0 && orders.twice === 0),
      ],
    );
  }
  const loads = [
    ...(webhook ? [`${webhook.load.toFixed(1)} after the webhook load`] : []),
    ...(orders ? [`${orders.load.toFixed(1)} once the orders were placed`] : []),
  ];
  return {
    name: `notices-${target.name.toLowerCase()}`,
    command: benchCommand('bench:notices'),
    date: today(),
    machine: machineLabel(),
    table: { headers: ['figure', 'measured', 'budget', 'verdict'], rows: tableRows },
    note: [
      `${target.name}; the Cloud API fails 2.5 % of sends with 500, 2.5 % with 503 and 1 % with 130429.`,
      loads.length > 0 ? `Load average ${loads.join(', ')}.` : '',
      orders ? `By stage, for the orders${orders.outage ? ' the kill did not touch' : ''}: ${orders.stages.join('; ')}.` : '',
    ]
      .filter(Boolean)
      .join(' '),
  };
}

// Run as a script; imported (bench-recovery.ts reuses its parts), it runs nothing.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await main();
  // Its servers are stopped by now: a handle left open (a socket of a peer) must not keep the bench, and
  // the heavy-work lock a run holds, alive after its table (a run once stayed 40 minutes).
  process.exit(0);
}
