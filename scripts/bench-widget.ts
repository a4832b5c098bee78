// `npm run bench:widget`: the website widget against its budgets (issue 37) — widget.js's size, the
// product finder's catalog read, the chat's answers, a script hammering the chat, and the host page's
// Lighthouse with and without the snippet — in the real server on a loopback store of 2,000 products,
// an active AI base of 10,000 passages and a connected number, the widget configured through the API.
// Prints figures and a verdict per budget; never fails on one. BENCH_WRITE_DOC=1 rewrites its block in
// docs/benchmarks.md. What each part does and its settings: docs/benchmarks.md, 'Website widget'.
import { randomBytes, randomInt } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import type { PublicCatalog } from '../domain/storefront';
import { defaultWidgetSettings, WIDGET_DAILY_CAP_MAX, type WidgetSettings } from '../domain/widget';
import { WIDGET_CHAT_LIMITS } from '../domain/widget-chat';
import { widgetSnippet } from '../src/features/widget/widget-snippet-text';
import { startDemoPeers, type DemoPeers } from '../tests/fixtures/demo-peers';
import { startDemoSite, type DemoSite } from '../tests/fixtures/demo-site';
import { startProductImageServer } from '../tests/fixtures/product-image-server';
import { storefrontBenchProducts } from '../tests/fixtures/storefront-bench-store';
import { fixturePhoneNumber, startWhatsAppCloudApiServer, type FixturePhoneNumber } from '../tests/fixtures/whatsapp-cloud-api-server';
import { widgetBenchPassages, widgetBenchQuestions } from '../tests/fixtures/widget-bench-knowledge';
import { createUser } from '../tests/server/support/emulator-users';
import { startAuthEmulator } from './auth-emulator';
import {
  benchTargetNames,
  choice,
  merchantApi,
  removeBenchData,
  seedBenchBase,
  startBenchServer,
  verdict,
  withCpu,
  type BenchRow,
  type BenchServer,
  type Cpu,
  type MerchantApi,
} from './bench-server';
import { benchCommand, machineLabel, today, writeBenchBlocks } from './benchmarks-doc';
import { buildAll } from './build';
import { chromiumPath } from './chromium-path';
import { openLoopShots, type LoadFigures, type Shot } from './open-loop-load';

const env = process.env;
const num = (name: string, fallback: number) => (env[name] ? Number(env[name]) : fallback);
const PRODUCTS = num('BENCH_PRODUCTS', 2_000);
const PASSAGES = num('BENCH_PASSAGES', 10_000);
const RUNS = Number(process.argv.find((a) => a.startsWith('--runs='))?.split('=')[1] ?? 3);
const CATALOG_RATE = num('BENCH_CATALOG_RATE', 300);
const CATALOG_DURATION_S = num('BENCH_CATALOG_DURATION', 20);
/** The two reads that tell the finder's read's cost apart, at a rate the server keeps up with (0: not run). */
const COMPARE_RATE = num('BENCH_CATALOG_COMPARE_RATE', 20);
const COMPARE_DURATION_S = num('BENCH_CATALOG_COMPARE_DURATION', 10);
const CHAT_RATE = num('BENCH_CHAT_RATE', 20);
const CHAT_DURATION_S = num('BENCH_CHAT_DURATION', 20);
const HAMMER_MESSAGES = num('BENCH_HAMMER_MESSAGES', 500);
const HAMMER_CONCURRENCY = num('BENCH_HAMMER_CONCURRENCY', 16);
/** The answers left of the day's cap when the hammering starts (the cap is set to what was used + this). */
const HAMMER_CAP_LEFT = num('BENCH_HAMMER_CAP_LEFT', 50);
const SEED = num('BENCH_SEED', 1);
const WARM_UP_S = 3;
/** The merchant's site the loads come from (its Origin), listed in the widget's settings. */
const SITE = 'https://www.loja-bench.com.br';
/** What a shopper's phone sends (a recent Chrome on Android): not a bot, so the chat answers it. */
const PHONE_UA = 'Mozilla/5.0 (Linux; Android 14; SM-A546E) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/133.0.0.0 Mobile Safari/537.36';

const BUDGET = { widgetKb: 20, catalogP99: 30, chatP99: 300, tbtRiseMs: 20, performanceDrop: 1 };

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
/** Whole milliseconds as the tables write them (1,234). */
const ms = (value: number) => Math.round(value).toLocaleString('en');

/** A client address per number (10.x.y.z), as a proxy in front of the server reports its clients. */
const clientAddress = (n: number) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
/** A page's visitor id as the widget's script makes one (random base64url, 16–64 characters): here `tag` and a number. */
const visitorId = (tag: string, n: number) => `${tag}-${n.toString(36).padStart(10, '0')}`;

type Target = { name: string; env: Record<string, string> };
type Row = BenchRow;
const rows: Row[] = [];
const notes: string[] = [];

// --- Setup ---------------------------------------------------------------------------------------------

/**
 * The built server as the other benches start it (scripts/bench-server.ts), serving the built SPA and
 * widget.js from `distDir`, reaching the loopback Meta catalog and Cloud API, trusting
 * X-Forwarded-For from loopback (as behind a load balancer), so each shopper of a load has an address
 * of its own; the knowledge worker off (the base is written before it starts).
 */
function startWidgetServer(main: string, distDir: string, target: Target, peers: DemoPeers, graphUrl: string): Promise<BenchServer> {
  return startBenchServer(
    {
      ...target.env,
      META_GRAPH_URL: peers.meta.graphUrl,
      META_ACCESS_TOKEN: peers.meta.accessToken,
      WHATSAPP_GRAPH_URL: graphUrl,
      KNOWLEDGE_WORKER: 'off',
      TRUST_PROXY: '127.0.0.1',
    },
    { main, distDir },
  );
}

/** An inventory linked to the loopback store and catalog as the wizard saves it, synced; its id and public id. */
async function syncedInventory(api: MerchantApi, peers: DemoPeers): Promise<{ id: string; publicId: string; seconds: number }> {
  const started = Date.now();
  const name = 'Loja Bench';
  const created = await api('/inventories', 'POST', { name });
  if (created.status !== 201) throw new Error(`create answered ${created.status}: ${JSON.stringify(created.body)}`);
  const id = String(created.body.id);
  const integration = await api(`/inventories/${id}/integration`, 'PUT', {
    name,
    ecommerceType: 'shopify',
    shopifyToken: peers.shopify.accessToken,
    shopifyUrl: peers.shopify.adminUrl,
    website: peers.shopify.storefrontUrl,
    checkoutParams: 'utm_source=whatsapp&utm_medium=catalyst',
    trackingUrl: '',
    expectedVersion: created.body.version,
  });
  if (integration.status !== 200) throw new Error(`integration answered ${integration.status}: ${JSON.stringify(integration.body)}`);
  const catalog = await api(`/inventories/${id}/catalog`, 'PUT', { catalogId: peers.catalogId, expectedVersion: integration.body.version });
  if (catalog.status !== 200) throw new Error(`catalog answered ${catalog.status}: ${JSON.stringify(catalog.body)}`);
  const deadline = Date.now() + 10 * 60_000;
  for (;;) {
    const { body } = await api(`/inventories/${id}`);
    if (body.syncStatus === 'synced') return { id, publicId: String(body.publicId), seconds: (Date.now() - started) / 1000 };
    if (body.syncStatus === 'failed') throw new Error(`the sync failed: ${String(body.syncFailure)}`);
    if (Date.now() > deadline) throw new Error('the sync did not end within 10 minutes');
    await sleep(250);
  }
}

/** Connects the fixture number to the base and inventory through the API (the server checks it against the fixture); the channel's id. */
async function connect(api: MerchantApi, number: FixturePhoneNumber, aiBaseId: string, inventoryId: string): Promise<string> {
  const connected = await api('/channels', 'POST', {
    phoneNumberId: number.phoneNumberId,
    wabaId: number.wabaId,
    accessToken: number.accessToken,
    appSecret: number.appSecret,
    aiBaseId,
    inventoryId,
  });
  if (connected.status !== 201)
    throw new Error(`connecting ${number.phoneNumberId} answered ${connected.status}: ${JSON.stringify(connected.body)}`);
  return String((connected.body.channel as { id: string }).id);
}

/** Saves the widget's settings through the API as the widget screen does; its public id. */
async function saveWidget(api: MerchantApi, settings: WidgetSettings): Promise<string> {
  const saved = await api('/widget', 'PUT', settings);
  if (saved.status !== 200) throw new Error(`PUT /widget answered ${saved.status}: ${JSON.stringify(saved.body)}`);
  return String(saved.body.publicId);
}

/** The merchant's AI requests this month, as GET /me reports them (the usage counter the plan is held to). */
async function aiRequests(api: MerchantApi): Promise<number> {
  const me = await api('/me');
  if (me.status !== 200) throw new Error(`GET /me answered ${me.status}`);
  return Number((me.body.usage as { queriesThisMonth: number }).queriesThisMonth);
}

// --- Figures -------------------------------------------------------------------------------------------

/** One load's figures and the server's CPU time per request over it (its CPU went to this load only). */
const loadLine = (label: string, f: LoadFigures, cpu: Cpu) =>
  console.log(
    `  ${label}: ${f.ratePerSecond.toFixed(0)} req/s, p50 ${f.p50} ms, p90 ${f.p90} ms, p99 ${f.p99} ms, max ${f.max} ms; ` +
      `failed ${f.failed} of ${f.sent}; server CPU ${(cpu.share * 100).toFixed(0)}% of a core, ${(cpu.ms / f.sent).toFixed(2)} ms a request; ` +
      `load ${loadavg()[0]!.toFixed(2)}`,
  );

/** The bytes the server sends for `path` to a client that takes `encoding` (not decoded), and the encoding it chose. */
function rawBytes(
  origin: string,
  path: string,
  headers: Record<string, string>,
): Promise<{ status: number; bytes: number; encoding: string }> {
  return new Promise((resolvePromise, reject) => {
    const req = httpRequest(`${origin}${path}`, { headers }, (res) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => (bytes += chunk.length));
      res.on('end', () =>
        resolvePromise({ status: res.statusCode ?? 0, bytes, encoding: String(res.headers['content-encoding'] ?? 'none') }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

async function sizePart(target: string, server: BenchServer, distDir: string) {
  const file = join(distDir, 'widget.js');
  if (!existsSync(file)) {
    rows.push({
      target,
      figure: 'widget.js, gzip',
      value: 'no widget.js in the build',
      budget: `≤ ${BUDGET.widgetKb} KB`,
      verdict: 'not measured',
    });
    return;
  }
  const code = readFileSync(file);
  // As bench:bundle counts it: the file at gzip level 9.
  const gzip = gzipSync(code, { level: 9 }).length;
  const text = code.toString();
  const react = /react\.(?:element|transitional)|__SECRET_INTERNALS|useState/.test(text);
  const zod = /ZodError|\$ZodType/.test(text);
  const served = await Promise.all(
    ['br', 'gzip'].map((encoding) => rawBytes(server.url, '/widget.js', { 'accept-encoding': encoding, 'user-agent': PHONE_UA })),
  );
  console.log(
    `\nwidget.js: ${kb(code.length)} minified, ${kb(gzip)} gzip -9; React: ${react ? 'YES' : 'no'}, zod: ${zod ? 'YES' : 'no'}; ` +
      `the server sends ${served.map((s) => `${kb(s.bytes)} (${s.status}, content-encoding: ${s.encoding})`).join(' and ')} to a browser that takes br, then gzip`,
  );
  rows.push({
    target,
    figure: 'widget.js, gzip',
    value: `${kb(gzip)} (${kb(code.length)} minified; sent as br ${kb(served[0]!.bytes)})`,
    budget: `≤ ${BUDGET.widgetKb} KB`,
    verdict: verdict(gzip <= BUDGET.widgetKb * 1024),
  });
}

/** GETs as a page on the merchant's site makes them (its Origin, a phone's browser), each from a shopper's address of its own. */
const pageReads = (server: BenchServer, path: string, rate: number, durationS: number, offset: number, origin: string | null = SITE) =>
  openLoopShots({
    origin: server.url,
    rate,
    durationS,
    shot: (n): Shot => ({
      method: 'GET',
      path,
      headers: {
        accept: 'application/json',
        'accept-encoding': 'gzip, deflate, br',
        'user-agent': PHONE_UA,
        'x-forwarded-for': clientAddress(offset + n),
        ...(origin ? { origin } : {}),
      },
    }),
    ok: (status) => status === 200,
  });

async function catalogPart(target: string, server: BenchServer, publicId: string, inventoryPublicId: string) {
  const path = `/api/v1/widget-sites/${publicId}/catalog`;
  const headers = { origin: SITE, 'accept-encoding': 'gzip, deflate, br', 'user-agent': PHONE_UA };
  const sent = await rawBytes(server.url, path, headers);
  const text = await (await fetch(`${server.url}${path}`, { headers: { origin: SITE } })).text();
  const catalog = JSON.parse(text) as PublicCatalog;
  const variants = catalog.products.reduce((sum, p) => sum + p.variants.length, 0);
  // One at a time first: what a read costs with nothing else going on.
  const serial: number[] = [];
  for (let i = 0; i < 20; i++) {
    const started = performance.now();
    const response = await fetch(`${server.url}${path}`, { headers: { ...headers, 'x-forwarded-for': clientAddress(0x30_0000 + i) } });
    await response.arrayBuffer();
    serial.push(performance.now() - started);
  }
  console.log(
    `\nThe finder's catalog: GET ${path} → ${sent.status}, ${catalog.products.length} products, ${variants} variants, ` +
      `${kb(sent.bytes)} sent (content-encoding: ${sent.encoding}; the body is ${kb(gzipSync(text).length)} at gzip -6); ` +
      `one at a time: median ${median(serial).toFixed(1)} ms, max ${Math.max(...serial).toFixed(1)} ms`,
  );
  console.log(`  warming up (${WARM_UP_S} s), then ${CATALOG_RATE} req/s for ${CATALOG_DURATION_S} s, each from an address of its own…`);
  await pageReads(server, path, CATALOG_RATE, WARM_UP_S, 0x10_0000);
  const [f, cpu] = await withCpu(server, () => pageReads(server, path, CATALOG_RATE, CATALOG_DURATION_S, 0x11_0000));
  loadLine(`GET …/widget-sites/{id}/catalog`, f, cpu);
  if (f.failed) console.log(`  statuses: ${JSON.stringify(f.statuses)}`);
  rows.push({
    target,
    figure: `Finder's catalog read p99 at ${CATALOG_RATE} req/s (${catalog.products.length.toLocaleString('en')} products)`,
    value: `${ms(f.p99)} ms (p50 ${ms(f.p50)}, max ${ms(f.max)}; ${f.failed} failed; ${kb(sent.bytes)} a read, server ${(cpu.ms / f.sent).toFixed(1)} ms CPU a read)`,
    budget: `< ${BUDGET.catalogP99} ms`,
    verdict: verdict(f.p99 < BUDGET.catalogP99 && f.failed === 0),
  });
  if (COMPARE_RATE <= 0) return;
  // What the read is made of: the same catalog from the storefront API (no widget lookup, no origin
  // check), and the widget's settings read (the widget lookup and origin check alone), each at a rate
  // the server keeps up with, for their CPU time a read.
  const parts: Array<[string, string, string | null]> = [
    ['GET /api/v1/storefront/{id}/catalog (the same body, no widget lookup)', `/api/v1/storefront/${inventoryPublicId}/catalog`, null],
    ['GET /api/v1/widget-sites/{id} (the widget lookup and origin check alone)', `/api/v1/widget-sites/${publicId}`, SITE],
  ];
  for (const [index, [label, partPath, origin]] of parts.entries()) {
    console.log(`  then ${label} at ${COMPARE_RATE} req/s for ${COMPARE_DURATION_S} s…`);
    await pageReads(server, partPath, COMPARE_RATE, WARM_UP_S, 0x12_0000 + index * 0x1_0000, origin);
    const [g, gCpu] = await withCpu(server, () =>
      pageReads(server, partPath, COMPARE_RATE, COMPARE_DURATION_S, 0x14_0000 + index * 0x1_0000, origin),
    );
    loadLine(label, g, gCpu);
    if (g.failed) console.log(`  statuses: ${JSON.stringify(g.statuses)}`);
    rows.push({
      target,
      figure: `  beside it: ${label.replace(/ \(.*$/, '')} p99 at ${COMPARE_RATE} req/s`,
      value: `${ms(g.p99)} ms (p50 ${ms(g.p50)}; ${g.failed} failed; server ${(gCpu.ms / g.sent).toFixed(1)} ms CPU a read)`,
      budget: '—',
      verdict: index === 0 ? 'the body alone' : 'the lookup alone',
    });
  }
}

/** A shopper's first message in the widget: a visitor, a new conversation, an address of its own. */
const chatShot = (publicId: string, questions: readonly string[], tag: string, offset: number) => (n: number) => ({
  method: 'POST',
  path: `/api/v1/widget-sites/${publicId}/messages`,
  headers: {
    'content-type': 'application/json',
    origin: SITE,
    'user-agent': PHONE_UA,
    'x-forwarded-for': clientAddress(offset + n),
  },
  body: JSON.stringify({ visitorId: visitorId(tag, offset + n), text: questions[(offset + n) % questions.length]! }),
});

async function chatPart(target: string, server: BenchServer, api: MerchantApi, publicId: string, questions: readonly string[]) {
  const shot = chatShot(publicId, questions, `bw${Date.now().toString(36)}`, 0x20_0000);
  // A few answers first, to say what the load's answers are like.
  console.log(`\nThe chat: sample answers…`);
  const samples = 6;
  let withCards = 0;
  for (let n = 0; n < samples; n++) {
    const { method, path, headers, body } = shot(n);
    const started = performance.now();
    const response = await fetch(`${server.url}${path}`, { method, headers, body });
    const answer = (await response.json()) as { text?: string; cards?: unknown[]; error?: { code?: string } };
    const ms = performance.now() - started;
    if ((answer.cards?.length ?? 0) > 0) withCards++;
    console.log(
      `  ${response.status} in ${ms.toFixed(0)} ms: "${questions[(0x20_0000 + n) % questions.length]}" → ` +
        `${answer.error?.code ?? `"${(answer.text ?? '').replace(/\s+/g, ' ').slice(0, 90)}…", ${answer.cards?.length ?? 0} product card(s)`}`,
    );
  }
  const before = await aiRequests(api);
  console.log(
    `  warming up (${WARM_UP_S} s), then ${CHAT_RATE} conversations/s for ${CHAT_DURATION_S} s, each a visitor and an address of its own…`,
  );
  const load = (durationS: number, offset: number) =>
    openLoopShots({ origin: server.url, rate: CHAT_RATE, durationS, shot: (n) => shot(offset + n), ok: (status) => status === 200 });
  const warm = await load(WARM_UP_S, samples);
  const [f, cpu] = await withCpu(server, () => load(CHAT_DURATION_S, samples + warm.sent));
  loadLine('POST …/widget-sites/{id}/messages', f, cpu);
  if (f.failed || warm.failed) console.log(`  statuses: ${JSON.stringify(f.statuses)} (warm-up: ${JSON.stringify(warm.statuses)})`);
  const after = await aiRequests(api);
  const answered = f.ok + warm.ok;
  console.log(`  AI requests of the merchant: ${before} → ${after} (+${after - before}) for ${answered} answers (warm-up included)`);
  rows.push(
    {
      target,
      figure: `Chat answer p99 at ${CHAT_RATE} conversations/s (built-in answerer, ${PASSAGES.toLocaleString('en')} passages)`,
      value: `${ms(f.p99)} ms (p50 ${ms(f.p50)}, max ${ms(f.max)}; ${f.failed} failed of ${f.sent}; server ${(cpu.ms / f.sent).toFixed(1)} ms CPU an answer)`,
      budget: `< ${BUDGET.chatP99} ms`,
      verdict: verdict(f.p99 < BUDGET.chatP99 && f.failed === 0),
    },
    {
      target,
      figure: 'Chat answers counted as AI requests',
      value: `+${after - before} for ${answered} answers (${withCards} of ${samples} samples with product cards)`,
      budget: 'one each',
      verdict: verdict(after - before === answered),
    },
  );
}

type Hammered = { statuses: Record<string, number>; seconds: number; answered: number };

/** `HAMMER_MESSAGES` messages, `HAMMER_CONCURRENCY` at once, each sent as soon as one is answered; each a new visitor (a script dodging the visitor's limit). */
async function hammer(server: BenchServer, publicId: string, questions: readonly string[], tag: string, addressOf: (n: number) => string) {
  const statuses: Record<string, number> = {};
  let next = 0;
  const started = performance.now();
  const worker = async () => {
    while (next < HAMMER_MESSAGES) {
      const n = next++;
      try {
        const response = await fetch(`${server.url}/api/v1/widget-sites/${publicId}/messages`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: SITE, 'user-agent': PHONE_UA, 'x-forwarded-for': addressOf(n) },
          body: JSON.stringify({ visitorId: visitorId(tag, n), text: questions[n % questions.length]! }),
        });
        const body = (await response.json().catch(() => ({}))) as { error?: { code?: string } };
        const key = response.status === 200 ? '200' : `${response.status} ${body.error?.code ?? ''}`.trim();
        statuses[key] = (statuses[key] ?? 0) + 1;
      } catch {
        statuses.error = (statuses.error ?? 0) + 1;
      }
    }
  };
  await Promise.all(Array.from({ length: HAMMER_CONCURRENCY }, worker));
  return { statuses, seconds: (performance.now() - started) / 1000, answered: statuses['200'] ?? 0 } satisfies Hammered;
}

const refused429 = (h: Hammered) => Object.entries(h.statuses).reduce((sum, [key, n]) => sum + (key.startsWith('429') ? n : 0), 0);

async function hammerPart(
  target: string,
  server: BenchServer,
  api: MerchantApi,
  settings: WidgetSettings,
  publicId: string,
  questions: readonly string[],
) {
  const used = await aiRequests(api);
  const cap = Math.min(WIDGET_DAILY_CAP_MAX, used + HAMMER_CAP_LEFT);
  await saveWidget(api, { ...settings, dailyCap: cap });
  const left = cap - used;
  console.log(
    `\nHammering: the merchant's daily cap set to ${cap} (${used} AI requests so far: ${left} answers left today); ` +
      `${HAMMER_MESSAGES} messages, ${HAMMER_CONCURRENCY} at once, each a new visitor…`,
  );
  const tag = `bh${Date.now().toString(36)}`;
  const oneAddress = '198.51.100.23';
  const one = await hammer(server, publicId, questions, `${tag}a`, () => oneAddress);
  const afterOne = await aiRequests(api);
  console.log(
    `  from one address (${oneAddress}): ${JSON.stringify(one.statuses)} in ${one.seconds.toFixed(1)} s ` +
      `(${(HAMMER_MESSAGES / one.seconds).toFixed(0)}/s); AI requests ${used} → ${afterOne} (+${afterOne - used})`,
  );
  // The same from as many addresses (a botnet, or a client whose X-Forwarded-For a proxy passes on): only the day's cap holds.
  const many = await hammer(server, publicId, questions, `${tag}b`, (n) => clientAddress(0x40_0000 + n));
  const afterMany = await aiRequests(api);
  console.log(
    `  from ${HAMMER_MESSAGES} addresses: ${JSON.stringify(many.statuses)} in ${many.seconds.toFixed(1)} s; ` +
      `AI requests ${afterOne} → ${afterMany} (+${afterMany - afterOne}); ${afterMany - used} in all against ${left} left of the cap`,
  );
  const limits = WIDGET_CHAT_LIMITS;
  const noErrors = (h: Hammered) => Object.keys(h.statuses).every((key) => key === '200' || key.startsWith('429'));
  rows.push(
    {
      target,
      figure: `Hammering from one address: ${HAMMER_MESSAGES} messages, ${HAMMER_CONCURRENCY} at once`,
      value:
        `${refused429(one)} × 429, ${one.answered} answered (an address: ${limits.addressMessagesPerMinute} messages a minute, ` +
        `${limits.addressConversationsPerHour} new conversations an hour); AI requests +${afterOne - used}`,
      budget: `429s; ≤ ${left} AI requests (the cap left)`,
      verdict: verdict(refused429(one) > 0 && afterOne - used <= left && afterOne - used === one.answered && noErrors(one)),
    },
    {
      target,
      figure: `  the same from ${HAMMER_MESSAGES} addresses`,
      value: `${refused429(many)} × 429, ${many.answered} answered; AI requests +${afterMany - used} in both against ${left} left of the cap`,
      budget: `≤ ${left} AI requests in both`,
      verdict: verdict(afterMany - used <= left && noErrors(many)),
    },
  );
  // Back to the loads' cap, should another part follow.
  await saveWidget(api, settings);
}

// --- Lighthouse ----------------------------------------------------------------------------------------

type PageFigures = {
  performance: number;
  tbt: number;
  fcp: number;
  lcp: number;
  si: number;
  cls: number;
  benchmarkIndex: number;
  /** The widget's requests: widget.js and its settings read, with their statuses; empty without the snippet. */
  widgetRequests: string[];
  /** Whether the widget's settings read answered 200 (it draws the widget then). */
  drawn: boolean;
  /** widget.js's main-thread time (Lighthouse's bootup-time, 4× CPU slowdown applied). */
  widgetScriptingMs: number;
  /** The long tasks widget.js ran (Lighthouse's long-tasks, slowdown applied), in ms each. */
  widgetLongTasks: number[];
  longTasks: string;
};

async function lighthousePart(target: string, without: DemoSite, withWidget: DemoSite, serverUrl: string, publicId: string) {
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumPath(),
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  let reports = 0;
  const audit = async (url: string, page: 'with' | 'without', attempt = 1): Promise<PageFigures> => {
    const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { lhr } = result;
    if (lhr.runtimeError) {
      // Headless Chromium now and then loses the trace (NO_NAVSTART, NO_FCP): run again.
      if (attempt < 3) return audit(url, page, attempt + 1);
      throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    }
    // The whole report, for a closer look (Lighthouse's viewer or jq): .tmp/bench-widget/lighthouse-N-with.json.
    writeFileSync(resolve(`.tmp/bench-widget/lighthouse-${++reports}-${page}.json`), JSON.stringify(lhr));
    const numeric = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
    type Item = Record<string, unknown>;
    const itemsOf = (id: string) => ((lhr.audits[id]?.details as { items?: Item[] } | undefined)?.items ?? []) as Item[];
    const ours = (u: unknown) => typeof u === 'string' && u.startsWith(serverUrl);
    const requests = (itemsOf('network-requests') as { url: string; statusCode?: number }[]).filter((r) => ours(r.url));
    const settingsPath = `/api/v1/widget-sites/${publicId}`;
    return {
      performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      tbt: numeric('total-blocking-time'),
      fcp: numeric('first-contentful-paint'),
      lcp: numeric('largest-contentful-paint'),
      si: numeric('speed-index'),
      cls: numeric('cumulative-layout-shift'),
      benchmarkIndex: lhr.environment.benchmarkIndex,
      widgetRequests: requests.map((r) => `${r.url.slice(serverUrl.length)} ${r.statusCode}`),
      drawn: requests.some((r) => r.url === `${serverUrl}${settingsPath}` && r.statusCode === 200),
      widgetScriptingMs: (itemsOf('bootup-time') as { url?: string; scripting?: number }[])
        .filter((item) => ours(item.url))
        .reduce((sum, item) => sum + (item.scripting ?? 0), 0),
      widgetLongTasks: (itemsOf('long-tasks') as { url?: string; duration?: number }[])
        .filter((t) => ours(t.url))
        .map((t) => Math.round(t.duration ?? 0)),
      longTasks: (itemsOf('long-tasks') as { url?: string; duration?: number; startTime?: number }[])
        .slice(0, 4)
        .map(
          (t) =>
            `${Math.round(t.duration ?? 0)} ms at ${Math.round(t.startTime ?? 0)} (${(t.url ?? '?').replace(/^https?:\/\/[^/]+/, '') || '/'})`,
        )
        .join(', '),
    };
  };
  const results: { without: PageFigures[]; with: PageFigures[] } = { without: [], with: [] };
  console.log(
    `\nLighthouse mobile (simulated throttling) on the demo merchant's page without and with the snippet, ${RUNS} run${RUNS === 1 ? '' : 's'} each, in turns; load average ${loadavg()[0]!.toFixed(1)}…`,
  );
  try {
    for (let run = 0; run < RUNS; run++) {
      // In turns, each first every other run: a drift of the machine weighs on both alike.
      const order = run % 2 === 0 ? (['without', 'with'] as const) : (['with', 'without'] as const);
      for (const page of order) results[page].push(await audit(`${(page === 'with' ? withWidget : without).origin}/`, page));
    }
  } finally {
    await chrome.kill();
  }
  console.log('  page      run  perf   FCP ms   LCP ms   TBT ms    CLS    SI ms  CPU idx  widget.js scripting ms');
  for (const page of ['without', 'with'] as const)
    results[page].forEach((r, i) =>
      console.log(
        `  ${page.padEnd(8)} ${String(i + 1).padStart(4)}  ${String(r.performance).padStart(4)}` +
          [r.fcp, r.lcp, r.tbt].map((ms) => Math.round(ms).toString().padStart(9)).join('') +
          r.cls.toFixed(3).padStart(7) +
          Math.round(r.si).toString().padStart(9) +
          Math.round(r.benchmarkIndex).toString().padStart(9) +
          (page === 'with' ? Math.round(r.widgetScriptingMs).toString().padStart(24) : ''),
      ),
    );
  console.log(`  the widget's requests (run 1): ${results.with[0]?.widgetRequests.join(', ') || 'none'}`);
  for (const page of ['without', 'with'] as const) console.log(`  long tasks ${page} (run 1): ${results[page][0]?.longTasks || 'none'}`);
  const m = (page: 'with' | 'without', pick: (f: PageFigures) => number) => median(results[page].map(pick));
  const drawn = results.with.every((r) => r.drawn);
  const [perfWithout, perfWith] = [m('without', (r) => r.performance), m('with', (r) => r.performance)];
  const [tbtWithout, tbtWith] = [m('without', (r) => r.tbt), m('with', (r) => r.tbt)];
  const label = `(median of ${RUNS})`;
  const notDrawn = 'the widget was not drawn in every run';
  rows.push(
    {
      target,
      figure: `Host page TBT, without → with the widget ${label}`,
      value: `${Math.round(tbtWithout)} → ${Math.round(tbtWith)} ms (${tbtWith - tbtWithout >= 0 ? '+' : ''}${Math.round(tbtWith - tbtWithout)} ms)`,
      budget: `+ ≤ ${BUDGET.tbtRiseMs} ms`,
      verdict: drawn ? verdict(tbtWith - tbtWithout <= BUDGET.tbtRiseMs) : notDrawn,
    },
    {
      target,
      figure: `Host page Lighthouse performance, without → with ${label}`,
      value: `${perfWithout} → ${perfWith} (${perfWith - perfWithout >= 0 ? '+' : ''}${perfWith - perfWithout})`,
      budget: `− ≤ ${BUDGET.performanceDrop} point`,
      verdict: drawn ? verdict(perfWithout - perfWith <= BUDGET.performanceDrop) : notDrawn,
    },
  );
  // The widget's own share, steadier than the TBT of two pages on a busy machine: its script's main-thread time and long tasks.
  const scripting = m('with', (r) => r.widgetScriptingMs);
  // Past its first 50 ms a long task blocks (TBT's measure): the widget's own tasks' blocking time.
  const blocking = median(results.with.map((r) => r.widgetLongTasks.reduce((sum, ms) => sum + Math.max(0, ms - 50), 0)));
  rows.push({
    target,
    figure: `  beside it: widget.js's own main-thread work on the page ${label}`,
    value:
      `${Math.round(scripting)} ms scripting; long tasks ${results.with.map((r) => `[${r.widgetLongTasks.join(', ') || 'none'}]`).join(' ')} ms ` +
      `(Lighthouse, 4× CPU slowdown applied)`,
    budget: '—',
    verdict: `${blocking} ms of them blocking (median)`,
  });
  notes.push(
    `Lighthouse: the demo merchant's page (tests/fixtures/demo-site.ts) on loopback, widget.js and its settings read from the Catalyst server (another origin), ` +
      `Lighthouse's mobile profile with simulated throttling; TBT and FCP medians: without ${Math.round(tbtWithout)} / ${Math.round(m('without', (r) => r.fcp))} ms, ` +
      `with ${Math.round(tbtWith)} / ${Math.round(m('with', (r) => r.fcp))} ms.`,
  );
}

// --- The run -------------------------------------------------------------------------------------------

/** Runs one part; a part that throws is told in the table, and the others still run. */
async function part(target: string, name: string, run: () => Promise<void>) {
  try {
    await run();
  } catch (error) {
    console.log(`\n${name} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    rows.push({
      target,
      figure: name,
      value: `failed: ${error instanceof Error ? error.message : String(error)}`.slice(0, 200),
      budget: '—',
      verdict: 'not measured',
    });
  }
}

async function main() {
  const parts = choice('BENCH_WIDGET', ['size', 'catalog', 'chat', 'hammer', 'lighthouse'] as const);
  const targetNames = benchTargetNames();
  const workDir = resolve('.tmp/bench-widget');
  mkdirSync(workDir, { recursive: true });
  const distDir = join(workDir, 'dist');
  const main = join(workDir, 'dist-server', 'main.js');
  if (!process.argv.includes('--no-build')) {
    console.log('Building into .tmp/bench-widget…');
    await buildAll({ outDir: distDir, serverOutDir: join(workDir, 'dist-server') });
  } else if (!existsSync(main)) throw new Error('--no-build: nothing built in .tmp/bench-widget yet');

  const images = await startProductImageServer();
  const products = storefrontBenchProducts(images.origin, PRODUCTS);
  const peers = await startDemoPeers({ products, currency: 'BRL', bucket: { maximumAvailable: 1e9, restoreRate: 1e9 } });
  const passages = widgetBenchPassages(PASSAGES, SEED);
  // The merchant's site twice: as it is, and with the widget's snippet pasted (listed in the widget's sites).
  const [plainSite, widgetSite] = await Promise.all([startDemoSite(), startDemoSite()]);
  const emulator = await startAuthEmulator({ quiet: true });
  try {
    for (const [index, name] of targetNames.entries()) {
      const secretsKey = randomBytes(32).toString('base64');
      const target: Target =
        name === 'postgres'
          ? { name: 'PostgreSQL', env: { DATABASE_URL: env.DATABASE_URL!, SECRETS_KEY: secretsKey } }
          : { name: 'PGlite', env: { DATA_DIR: mkdtempSync(join(tmpdir(), 'catalyst-bench-widget-')), SECRETS_KEY: secretsKey } };
      // A number new to the run (PostgreSQL outlives it; a number is connected once across accounts).
      const number = fixturePhoneNumber(randomInt(1, 4_000) * 2 + 1);
      const whatsapp = await startWhatsAppCloudApiServer({ numbers: [number] });
      const user = await createUser('bench-widget');
      let server: BenchServer | null = null;
      try {
        console.log(`\n${target.name}: an active AI base of ${PASSAGES.toLocaleString('en')} passages…`);
        const { baseId, seconds } = await seedBenchBase(target, user, passages, 'bench:widget');
        console.log(`  written in ${seconds.toFixed(1)} s; starting the server, syncing an inventory of ${products.length} products…`);
        server = await startWidgetServer(main, distDir, target, peers, whatsapp.graphUrl);
        const api = merchantApi(server, user);
        const inventory = await syncedInventory(api, peers);
        const channelId = await connect(api, number, baseId, inventory.id);
        const settings: WidgetSettings = {
          ...defaultWidgetSettings(),
          enabled: true,
          channelId,
          inventoryId: inventory.id,
          allowedOrigins: [SITE, widgetSite.origin],
          filterEnabled: true,
          // The loads give more answers than the default 200 a day; the hammering sets it lower.
          dailyCap: WIDGET_DAILY_CAP_MAX,
        };
        const publicId = await saveWidget(api, settings);
        const read = await fetch(`${server.url}/api/v1/widget-sites/${publicId}`, { headers: { origin: SITE } });
        const publicWidget = (await read.json()) as { filterCatalogId?: string | null };
        console.log(
          `  synced in ${inventory.seconds.toFixed(1)} s; number connected, widget saved (${publicId}): its settings read ${read.status}, ` +
            `finder ${publicWidget.filterCatalogId ? 'on' : 'OFF'}`,
        );
        // The shoppers ask about the knowledge's products and, one in three, about the inventory's by title.
        const finder = await fetch(`${server.url}/api/v1/widget-sites/${publicId}/catalog`, { headers: { origin: SITE } });
        const titles = finder.ok ? ((await finder.json()) as PublicCatalog).products.map((p) => p.title) : [];
        if (!finder.ok) console.log(`  the finder's catalog answered ${finder.status}: the questions name no product of the inventory`);
        const questions = widgetBenchQuestions(passages, titles, 2_000, SEED);

        if (index === 0 && parts.includes('size')) await part(target.name, 'widget.js size', () => sizePart(target.name, server!, distDir));
        if (parts.includes('catalog'))
          await part(target.name, "Finder's catalog read", () => catalogPart(target.name, server!, publicId, inventory.publicId));
        if (parts.includes('chat')) await part(target.name, 'Chat answers', () => chatPart(target.name, server!, api, publicId, questions));
        if (parts.includes('hammer'))
          await part(target.name, 'Hammering', () => hammerPart(target.name, server!, api, settings, publicId, questions));
        if (index === 0 && parts.includes('lighthouse')) {
          // The merchant pastes the snippet the widget screen shows into their site (the demo site's form).
          const pasted = await fetch(`${widgetSite.origin}/snippet`, {
            method: 'POST',
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            body: new URLSearchParams({ snippet: widgetSnippet(server.url, publicId) }).toString(),
            redirect: 'manual',
          });
          if (pasted.status !== 303) throw new Error(`the demo site refused the snippet: ${pasted.status}`);
          await part(target.name, 'Host page Lighthouse', () => lighthousePart(target.name, plainSite, widgetSite, server!.url, publicId));
        }
      } finally {
        await server?.stop();
        await whatsapp.close();
        // On PostgreSQL the bench's account goes, with its base, inventory, channel, widget and conversations.
        await removeBenchData(target, user);
      }
    }
  } finally {
    await emulator.stop();
    await Promise.all([plainSite.close(), widgetSite.close()]);
    await peers.close();
    await images.close();
  }

  console.log(
    `\nThe website widget: ${PRODUCTS.toLocaleString('en')} products, ${PASSAGES.toLocaleString('en')} passages; ${availableParallelism()} cores, ` +
      `load average ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}\n`,
  );
  const columns: (keyof Row)[] = ['target', 'figure', 'value', 'budget', 'verdict'];
  const header = (key: keyof Row) => (key === 'target' ? 'database' : key);
  const widths = columns.map((key) => Math.max(header(key).length, ...rows.map((r) => r[key].length)));
  console.log(columns.map((c, i) => header(c).padEnd(widths[i]!)).join('  '));
  for (const row of rows)
    console.log(
      columns
        .map((c, i) => row[c].padEnd(widths[i]!))
        .join('  ')
        .trimEnd(),
    );
  const note =
    `${PRODUCTS.toLocaleString('en')} products, ${PASSAGES.toLocaleString('en')} passages, built-in answerer; each load's shopper an address of its own ` +
    `(X-Forwarded-For, TRUST_PROXY=127.0.0.1). ${notes.join(' ')}`;
  for (const line of notes) console.log(`\n${line}`);
  writeBenchBlocks([
    {
      name: 'widget',
      command: benchCommand('bench:widget'),
      date: today(),
      machine: machineLabel(),
      table: {
        headers: ['database', 'figure', 'measured', 'budget', 'verdict'],
        rows: rows.map((r) => [r.target, r.figure.trim(), r.value, r.budget, r.verdict]),
      },
      note,
    },
  ]);
}

await main();
