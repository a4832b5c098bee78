// `npm run bench:channel`: the WhatsApp channel against its budgets (webhook answered, reply sent,
// none lost or doubled), in the real server against the loopback Cloud API. Prints figures and a
// verdict per budget; never fails on one. What each part does and its settings:
// docs/benchmarks.md, 'WhatsApp reply'.
import type { ChildProcess } from 'node:child_process';
import { randomBytes, randomInt } from 'node:crypto';
import { existsSync, mkdtempSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { productFacts, type ProductFacts } from '../domain/knowledge-columns';
import { WHATSAPP_WEBHOOK_PATH } from '../server/routes/whatsapp-webhook-routes';
import {
  fixturePhoneNumber,
  metaWebhookJson,
  startWhatsAppCloudApiServer,
  textMessage,
  wamid,
  webhookSignature,
  type FixturePhoneNumber,
  type WhatsAppCloudApiServer,
} from '../tests/fixtures/whatsapp-cloud-api-server';
import { createUser } from '../tests/server/support/emulator-users';
import { startAuthEmulator } from './auth-emulator';
import {
  benchTargetNames,
  choice,
  merchantApi,
  readTargetDatabase,
  removeBenchData,
  seededRandom,
  seedBenchBase,
  startBenchServer,
  verdict,
  withCpu,
  type BenchRow,
  type Cpu,
  type MerchantApi,
  type TargetQuery,
} from './bench-server';
import { buildServer } from './build-server';
import { openLoopShots, type ShotFigures } from './open-loop-load';

const env = process.env;
const num = (name: string, fallback: number) => (env[name] ? Number(env[name]) : fallback);
const PASSAGES = num('BENCH_PASSAGES', 10_000);
const WEBHOOK_RATE = num('BENCH_WEBHOOK_RATE', 200);
const WEBHOOK_DURATION_S = num('BENCH_WEBHOOK_DURATION', 20);
const REPLY_RATE = num('BENCH_REPLY_RATE', 50);
const REPLY_DURATION_S = num('BENCH_REPLY_DURATION', 60);
const DRAIN_TIMEOUT_S = num('BENCH_DRAIN_TIMEOUT', 180);
const SEED = num('BENCH_SEED', 1);
const WARM_UP_S = 3;
/** The drain ends this long after the last call to the Cloud API (the queue's retries wait 5 s, then 10 s). */
const QUIET_MS = 30_000;
const FAILURE_RATES = {
  serverError: 0.025,
  serviceUnavailable: 0.025,
  throughput: 0.01,
};
const REDELIVERY_RATE = 0.05;
const BUDGET = { webhookP99: 20, replyP99: 500 };

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const percentile = (sorted: readonly number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;

// --- The base's passages and the shoppers' questions ------------------------------------------------

const PRODUCTS =
  'camiseta calça vestido tênis bolsa jaqueta meia boné saia blusa bermuda sandália mochila casaco pijama cinto carteira relógio óculos caneca garrafa luminária almofada tapete'.split(
    ' ',
  );
const QUALITIES =
  'azul preta branca vermelha verde amarela rosa cinza marrom bege algodão couro jeans linho malha moletom viscose lã seda confortável leve macia resistente elegante esportiva clássica térmica impermeável infantil feminina masculina'.split(
    ' ',
  );
const TOPICS =
  'troca devolução entrega frete prazo pagamento pix boleto cartão parcelamento desconto cupom promoção tamanho garantia defeito pedido cancelamento reembolso retirada'.split(
    ' ',
  );
const FILLER = 'de o a e para com em no na do da um uma por que se mais muito'.split(' ');

type BenchPassage = {
  source: string;
  content: string;
  facts: ProductFacts | null;
};

/** Two in three products (name with a model code, price, description, stock), one in three FAQ rows; seeded. */
function passagesFor(count: number): BenchPassage[] {
  const random = seededRandom(SEED);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  const text = (length: number) =>
    Array.from({ length }, () => (random() < 0.3 ? pick(FILLER) : pick([...QUALITIES, ...TOPICS]))).join(' ');
  return Array.from({ length: count }, (_, n) => {
    const source = `row ${n + 2}`;
    if (n % 3 === 0) {
      const topic = pick(TOPICS);
      return {
        source,
        content: `Pergunta: como funciona ${topic} ${text(3)}?\nResposta: ${topic} ${text(20 + Math.floor(random() * 30))}.`,
        facts: null,
      };
    }
    const name = `${pick(PRODUCTS)} ${pick(QUALITIES)} ${pick(QUALITIES)} ${String.fromCharCode(65 + Math.floor(random() * 26))}${Math.floor(random() * 900 + 100)}`;
    const cents = Math.floor(1_000 + random() * 49_000);
    return {
      source,
      content: `Produto: ${name}\nPreço: ${(cents / 100).toFixed(2).replace('.', ',')}\nDescrição: ${text(12 + Math.floor(random() * 20))}\nEstoque: ${Math.floor(random() * 300)}`,
      facts: productFacts(name, cents, { currency: 'BRL' }),
    };
  });
}

/** A shopper's question about a passage of the base: a product's price or stock, or an FAQ's topic. */
function questionsFrom(passages: readonly BenchPassage[], count: number): string[] {
  const random = seededRandom(SEED + 7);
  return Array.from({ length: count }, () => {
    const passage = passages[Math.floor(random() * passages.length)]!;
    if (passage.facts) {
      const name = passage.facts.name;
      const forms = [`Quanto custa ${name}?`, `Vocês têm ${name.split(' ').slice(0, 2).join(' ')}?`, `Oi, ${name} ainda tem em estoque?`];
      return forms[Math.floor(random() * forms.length)]!;
    }
    return `Como funciona ${/como funciona (\S+)/.exec(passage.content)?.[1] ?? 'a entrega'}?`;
  });
}

// --- Setup --------------------------------------------------------------------------------------------

type Target = { name: string; env: Record<string, string> };

type ChannelServer = {
  url: string;
  child: ChildProcess;
  stop: () => Promise<void>;
  /** The server's log lines of level warn and above since the last call, by message. */
  takeLog: () => Map<string, number>;
};

/** The built server in its own process (scripts/bench-server.ts), its workers on but the knowledge and sync ones, sending to the fixture. */
async function startChannelServer(main: string, target: Target, graphUrl: string): Promise<ChannelServer> {
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
    { ...target.env, WHATSAPP_GRAPH_URL: graphUrl, KNOWLEDGE_WORKER: 'off', INVENTORY_SYNC_WORKER: 'off' },
    { main, stdout: 'pipe', onSpawn: tallyLines },
  );
  const takeLog = () => {
    const taken = tally;
    tally = new Map();
    return taken;
  };
  return { ...server, takeLog };
}

const printLog = (server: ChannelServer) => {
  const log = server.takeLog();
  if (log.size === 0) return console.log('  server log: no line of level warn or above');
  for (const [line, count] of [...log].sort((a, b) => b[1] - a[1])) console.log(`  server log: ${count} × ${line}`);
};

/** Connects a fixture number to the base through the API (the server checks it against the fixture); the channel's id. */
async function connect(api: MerchantApi, number: FixturePhoneNumber, aiBaseId: string): Promise<string> {
  const connected = await api('/channels', 'POST', {
    phoneNumberId: number.phoneNumberId,
    wabaId: number.wabaId,
    accessToken: number.accessToken,
    appSecret: number.appSecret,
    aiBaseId,
  });
  if (connected.status !== 201)
    throw new Error(`connecting ${number.phoneNumberId} answered ${connected.status}: ${JSON.stringify(connected.body)}`);
  return String((connected.body.channel as { id: string }).id);
}

// --- Figures ------------------------------------------------------------------------------------------

type Row = BenchRow;
const rows: Row[] = [];

/** A shopper's WhatsApp id per number: 55 11 9 and eight digits, distinct within a run. */
const shopper = (n: number) => ({
  waId: `55119${String(n).padStart(8, '0')}`,
  name: `Cliente ${n}`,
});

async function webhookPart(target: string, server: ChannelServer, number: FixturePhoneNumber, questions: readonly string[]) {
  console.log(
    `\nWebhook: the number is paused (messages recorded and queued, ended unanswered by the worker); warming up (${WARM_UP_S} s), then ${WEBHOOK_RATE}/s for ${WEBHOOK_DURATION_S} s…`,
  );
  const load = (durationS: number, offset: number) =>
    openLoopShots({
      origin: server.url,
      rate: WEBHOOK_RATE,
      durationS,
      shot: (n) => {
        const body = metaWebhookJson(textMessage(number, shopper(offset + n), questions[(offset + n) % questions.length]!));
        return {
          method: 'POST',
          path: WHATSAPP_WEBHOOK_PATH,
          headers: {
            'content-type': 'application/json',
            'user-agent': 'facebookexternalua',
            'x-hub-signature-256': webhookSignature(body, number.appSecret),
          },
          body,
        };
      },
      ok: (status) => status === 200,
    });
  await load(WARM_UP_S, 10_000_000);
  const [f, cpu]: [ShotFigures, Cpu] = await withCpu(server, () => load(WEBHOOK_DURATION_S, 20_000_000));
  console.log(
    `  POST ${WHATSAPP_WEBHOOK_PATH}: ${f.sent} at ${WEBHOOK_RATE}/s, p50 ${f.p50} ms, p95 ${f.p95} ms, p99 ${f.p99} ms, max ${f.max} ms; ` +
      `statuses ${JSON.stringify(f.statuses)}; server CPU ${(cpu.share * 100).toFixed(0)}% of a core, ${(cpu.ms / f.sent).toFixed(2)} ms a delivery ` +
      `(the worker's skips included); load ${loadavg()[0]!.toFixed(2)}`,
  );
  printLog(server);
  rows.push({
    target,
    figure: `Webhook 200 p99 at ${WEBHOOK_RATE}/s (paused number)`,
    value: `${f.p99} ms (p50 ${f.p50}, p95 ${f.p95}, max ${f.max}; ${f.failed} not 200)`,
    budget: `< ${BUDGET.webhookP99} ms`,
    verdict: verdict(f.p99 < BUDGET.webhookP99 && f.failed === 0),
  });
  return f.sent + Math.round(WEBHOOK_RATE * WARM_UP_S);
}

/** Sends one message to the active number and waits for its reply: every job queued before it has been claimed by then. */
async function drainMarker(fixture: WhatsAppCloudApiServer, number: FixturePhoneNumber, n: number): Promise<number> {
  const started = Date.now();
  const id = wamid(shopper(n).waId);
  await fixture.deliver(textMessage(number, shopper(n), 'Oi, como funciona a entrega?', { id }));
  while (!fixture.sent(number.phoneNumberId).some((message) => message.replyTo === id)) {
    if (Date.now() - started > DRAIN_TIMEOUT_S * 1000) throw new Error(`the marker was not answered within ${DRAIN_TIMEOUT_S} s`);
    await sleep(200);
  }
  return (Date.now() - started) / 1000;
}

type Delivered = {
  id: string;
  waId: string;
  sentAt: number;
  statuses: (number | null)[];
};

/** The delivery time of each message, open loop: each sent when due, whether or not earlier ones were answered. */
async function deliverOpenLoop(fixture: WhatsAppCloudApiServer, number: FixturePhoneNumber, questions: readonly string[], offset: number) {
  const total = Math.round(REPLY_RATE * REPLY_DURATION_S);
  const delivered: Delivered[] = [];
  const pending: Promise<void>[] = [];
  const start = performance.now() + 10;
  let lateMs = 0;
  for (let n = 0; n < total; n++) {
    const due = start + (n * 1000) / REPLY_RATE;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    else lateMs = Math.max(lateMs, -wait);
    const who = shopper(offset + n);
    const record: Delivered = {
      id: wamid(who.waId),
      waId: who.waId,
      sentAt: Date.now(),
      statuses: [],
    };
    delivered.push(record);
    pending.push(
      fixture
        .deliver(
          textMessage(number, who, questions[n % questions.length]!, {
            id: record.id,
          }),
        )
        .then((deliveries) => void (record.statuses = deliveries.map((d) => d.status))),
    );
  }
  await Promise.all(pending);
  return { delivered, lateMs, seconds: (performance.now() - start) / 1000 };
}

type ReplyCounts = {
  messages: number;
  byOutcome: Map<string, number>;
  sentTwice: number;
  lostInDb: number;
  queuedJobs: number;
};

/** What the database holds of the channel's messages: outcomes (with failure and code), shoppers with two sent replies, messages with no reply or one still sending, jobs left. */
async function countReplies(target: Target, channelId: string, messageIds: string[]): Promise<ReplyCounts> {
  const queries = {
    outcomes: `select coalesce(r.outcome, 'no reply') as outcome, r.failure, r.error_code, count(*)::int as n
      from whatsapp_inbound_messages m left join whatsapp_replies r on r.inbound_message_id = m.id
      where m.channel_id = $1 and m.message_id = any($2::text[]) group by 1, 2, 3`,
    twice: `select count(*)::int as n from (select r.sender from whatsapp_replies r
      join whatsapp_inbound_messages m on m.id = r.inbound_message_id
      where r.channel_id = $1 and m.message_id = any($2::text[]) and r.outcome = 'sent'
      group by r.sender having count(*) > 1) s`,
    jobs: `select count(*)::int as n from jobs where queue = 'whatsapp-inbound' and payload->>'channelId' = $1`,
  };
  const run = async (query: TargetQuery) => {
    const ofRun = [channelId, messageIds];
    const outcomes = await query(queries.outcomes, ofRun);
    const byOutcome = new Map<string, number>();
    let messages = 0;
    let lostInDb = 0;
    for (const row of outcomes) {
      const key = [row.outcome, row.failure, row.error_code].filter((part) => part !== null && part !== undefined).join(' ');
      byOutcome.set(key, Number(row.n));
      messages += Number(row.n);
      if (row.outcome === 'no reply' || row.outcome === 'sending') lostInDb += Number(row.n);
    }
    return {
      messages,
      byOutcome,
      lostInDb,
      sentTwice: Number((await query(queries.twice, ofRun))[0]?.n ?? 0),
      queuedJobs: Number((await query(queries.jobs, [channelId]))[0]?.n ?? 0),
    };
  };
  return readTargetDatabase(target, run);
}

async function replyPart(
  target: Target,
  server: ChannelServer,
  fixture: WhatsAppCloudApiServer,
  number: FixturePhoneNumber,
  channelId: string,
  questions: readonly string[],
) {
  console.log(
    `\nReplies: ${REPLY_RATE} messages/s for ${REPLY_DURATION_S} s from distinct shoppers; the fixture fails 5 % of sends with 5xx and 1 % with 130429, redelivers 5 % of webhooks…`,
  );
  const requestsBefore = fixture.requests.length;
  const [run, cpu] = await withCpu(server, () => deliverOpenLoop(fixture, number, questions, 30_000_000));
  const { delivered } = run;
  const ids = new Map(delivered.map((d) => [d.id, d]));
  const quoting = () => fixture.sent(number.phoneNumberId).filter((message) => message.replyTo !== null && ids.has(message.replyTo));
  const answeredDuringLoad = new Set(quoting().map((message) => message.replyTo)).size;
  const statuses: Record<string, number> = {};
  for (const status of delivered.flatMap((d) => d.statuses.map((s) => s ?? 'no answer in 10 s')))
    statuses[status] = (statuses[status] ?? 0) + 1;
  const redelivered = delivered.filter((d) => d.statuses.length > 1).length;
  console.log(
    `  ${delivered.length} delivered in ${run.seconds.toFixed(1)} s (at most ${run.lateMs.toFixed(0)} ms late), ${redelivered} of them twice; ` +
      `webhook statuses ${JSON.stringify(statuses)}; ${answeredDuringLoad} answered by the end of the load; ` +
      `server CPU ${(cpu.share * 100).toFixed(0)}% of a core, ${(cpu.ms / delivered.length).toFixed(1)} ms a message; load ${loadavg()[0]!.toFixed(2)}`,
  );

  // Drain: every message answered, or QUIET_MS without a call to the Cloud API, or the timeout.
  const drainStarted = Date.now();
  let calls = fixture.requests.length;
  let lastCallAt = Date.now();
  for (;;) {
    if (new Set(quoting().map((message) => message.replyTo)).size >= delivered.length) break;
    if (fixture.requests.length !== calls) [calls, lastCallAt] = [fixture.requests.length, Date.now()];
    if (Date.now() - lastCallAt > QUIET_MS || Date.now() - drainStarted > DRAIN_TIMEOUT_S * 1000) break;
    await sleep(500);
  }
  const drainS = (Date.now() - drainStarted) / 1000;
  const sends = fixture.requests.slice(requestsBefore).filter((request) => request.method === 'POST' && request.url.includes('/messages'));
  const replies = quoting();
  const perMessage = new Map<string, number>();
  for (const message of replies) perMessage.set(message.replyTo!, (perMessage.get(message.replyTo!) ?? 0) + 1);
  const latencies = [...perMessage.keys()]
    .map((id) => Math.min(...replies.filter((message) => message.replyTo === id).map((message) => message.at)) - ids.get(id)!.sentAt)
    .sort((a, b) => a - b);
  const once = [...perMessage.values()].filter((count) => count === 1).length;
  const twice = [...perMessage.values()].filter((count) => count > 1).length;
  const perRecipient = new Map<string, number>();
  for (const message of replies) perRecipient.set(message.waId, (perRecipient.get(message.waId) ?? 0) + 1);
  const recipientsTwice = [...perRecipient.values()].filter((count) => count > 1).length;
  const allSent = fixture.sent(number.phoneNumberId).filter((message) => delivered.some((d) => d.waId === message.waId)).length;
  console.log(
    `  drained in ${drainS.toFixed(1)} s: ${perMessage.size} of ${delivered.length} answered; ${sends.length} send calls to the Cloud API, ` +
      `${allSent} accepted (${allSent - replies.length} later parts), ${sends.length - allSent} refused by the fixture's faults or limits`,
  );
  console.log(
    `  delivery → reply: p50 ${Math.round(percentile(latencies, 0.5))} ms, p90 ${Math.round(percentile(latencies, 0.9))} ms, ` +
      `p99 ${Math.round(percentile(latencies, 0.99))} ms, max ${Math.round(latencies.at(-1) ?? NaN)} ms`,
  );
  printLog(server);

  await server.stop(); // PGlite has one owner: the server goes, then its data dir is read
  const counted = await countReplies(
    target,
    channelId,
    delivered.map((d) => d.id),
  );
  const failed = [...counted.byOutcome].filter(([key]) => key.startsWith('failed'));
  const fixtureLost = delivered.length - perMessage.size - failed.reduce((sum, [, n]) => sum + n, 0);
  const lost = Math.max(fixtureLost, counted.lostInDb, delivered.length - counted.messages);
  console.log(
    `  database: ${counted.messages} of these messages recorded (${delivered.length} delivered), outcomes ${JSON.stringify(Object.fromEntries(counted.byOutcome))}; ` +
      `shoppers with two sent replies ${counted.sentTwice}; jobs left ${counted.queuedJobs}`,
  );
  console.log(
    `  delivered ${delivered.length}, answered once ${once}, answered twice or more ${twice} (recipients quoted twice ${recipientsTwice}), ` +
      `failed ${failed.map(([key, n]) => `${n} ${key}`).join(', ') || '0'}, lost ${lost}`,
  );
  const p99 = Math.round(percentile(latencies, 0.99));
  rows.push(
    {
      target: target.name,
      figure: `Delivery → reply p99 at ${REPLY_RATE}/s × ${REPLY_DURATION_S} s`,
      value: `${p99} ms (p50 ${Math.round(percentile(latencies, 0.5))}, max ${Math.round(latencies.at(-1) ?? NaN)}; ${latencies.length} replies)`,
      budget: `< ${BUDGET.replyP99} ms`,
      verdict: verdict(p99 < BUDGET.replyP99 && latencies.length > 0),
    },
    {
      target: target.name,
      figure: 'Messages lost',
      value: `${lost} of ${delivered.length} (${failed.reduce((sum, [, n]) => sum + n, 0)} failed with a code)`,
      budget: '0',
      verdict: verdict(lost === 0),
    },
    {
      target: target.name,
      figure: 'Messages answered twice or more',
      value: `${Math.max(twice, counted.sentTwice)} (fixture ${twice}, database ${counted.sentTwice})`,
      budget: '0',
      verdict: verdict(twice === 0 && counted.sentTwice === 0),
    },
  );
}

// --- The run ------------------------------------------------------------------------------------------

async function main() {
  const parts = choice('BENCH_CHANNEL', ['webhook', 'reply'] as const);
  const targetNames = benchTargetNames();
  const serverDir = resolve('.tmp/bench-channel/dist-server');
  const main = join(serverDir, 'main.js');
  if (!process.argv.includes('--no-build')) {
    console.log('Building the server into .tmp/bench-channel…');
    await buildServer(serverDir);
  } else if (!existsSync(main)) throw new Error('--no-build: nothing built in .tmp/bench-channel yet');

  const passages = passagesFor(PASSAGES);
  const questions = questionsFrom(passages, 2_000);
  const emulator = await startAuthEmulator({ quiet: true });
  try {
    for (const name of targetNames) {
      const target: Target =
        name === 'postgres'
          ? {
              name: 'PostgreSQL',
              env: {
                DATABASE_URL: env.DATABASE_URL!,
                SECRETS_KEY: randomBytes(32).toString('base64'),
              },
            }
          : {
              name: 'PGlite',
              env: {
                DATA_DIR: mkdtempSync(join(tmpdir(), 'catalyst-bench-channel-')),
                SECRETS_KEY: randomBytes(32).toString('base64'),
              },
            };
      // Numbers new to the run (PostgreSQL outlives it; a number is connected once across accounts).
      const first = randomInt(1, 4_000) * 2;
      const [pausedNumber, activeNumber] = [fixturePhoneNumber(first), fixturePhoneNumber(first + 1)];
      const fixture = await startWhatsAppCloudApiServer({
        numbers: [pausedNumber, activeNumber],
        failureRates: FAILURE_RATES,
        redeliveryRate: REDELIVERY_RATE,
        seed: SEED,
      });
      const user = await createUser('bench-channel');
      let server: ChannelServer | null = null;
      try {
        console.log(`\n${target.name}: an active AI base of ${PASSAGES.toLocaleString('en')} passages…`);
        const { baseId, seconds } = await seedBenchBase(target, user, passages, 'bench:channel');
        console.log(`  written in ${seconds.toFixed(1)} s; starting the server, connecting two numbers through the API…`);
        server = await startChannelServer(main, target, fixture.graphUrl);
        for (const number of [pausedNumber, activeNumber])
          fixture.setWebhookUrl(number.phoneNumberId, `${server.url}${WHATSAPP_WEBHOOK_PATH}`);
        const api = merchantApi(server, user);
        const pausedId = await connect(api, pausedNumber, baseId);
        const activeId = await connect(api, activeNumber, baseId);
        const paused = await api(`/channels/${pausedId}/pause`, 'POST');
        if (paused.status !== 200) throw new Error(`pause answered ${paused.status}: ${JSON.stringify(paused.body)}`);
        // The first reply warms the answerer up (and is not counted).
        console.log(`  first reply (warm-up) after ${(await drainMarker(fixture, activeNumber, 1)).toFixed(1)} s`);
        if (parts.includes('webhook')) {
          const queued = await webhookPart(target.name, server, pausedNumber, questions);
          const drainS = await drainMarker(fixture, activeNumber, 2);
          console.log(
            `  the ${queued} queued messages of the paused number drained: a marker message was answered ${drainS.toFixed(1)} s later`,
          );
        }
        if (parts.includes('reply')) await replyPart(target, server, fixture, activeNumber, activeId, questions);
      } finally {
        await server?.stop();
        await fixture.close();
        // On PostgreSQL the bench's account goes, with its base, passages, channels and messages.
        await removeBenchData(target, user);
      }
    }
  } finally {
    await emulator.stop();
  }

  console.log(
    `\nThe WhatsApp channel, ${PASSAGES.toLocaleString('en')} passages, built-in answerer; ${availableParallelism()} cores, load average ${loadavg()
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
}

await main();
