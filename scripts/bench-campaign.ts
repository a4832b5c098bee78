// `npm run bench:campaign`: campaigns against their budgets (issue 36): a 100,000-contact campaign
// planned within 10 s, sent at the number's 80 messages a second (≥ 0.95 × that), every process's
// peak RSS ≤ 300 MB, paused with no send a second after the pause answered on any sending process,
// and 0 sent twice, 0 lost on a campaign run to its end — on PostgreSQL with 2 worker processes and
// one killed mid-campaign, on PGlite in one process without the kill. The real server bundle against
// the loopback WhatsApp Cloud API (its 80/s per number enforced, messaging limit TIER_UNLIMITED, a
// `sent` status webhook per send); the merchant works through the API as the screens do. Prints
// figures and a verdict per budget; never fails on one. How it measures, and its settings:
// docs/benchmarks.md, 'Campaigns'.
import { randomBytes, randomInt } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { CAMPAIGN_QUIET_HOURS } from '../domain/campaign';
import type { Locale } from '../domain/locales';
import { toGraphTemplate, type TemplateLanguage } from '../domain/message-template';
import { shopperTimeZone } from '../domain/phone-time-zone';
import { readyMadeTemplate } from '../domain/ready-made-templates';
import { STANDARD_THROUGHPUT } from '../server/messaging/messaging-limit';
import { SENDING_GRACE_MS, TEMPLATE_SEND_QUEUE } from '../server/messaging/template-sender';
import { WHATSAPP_WEBHOOK_PATH } from '../server/routes/whatsapp-webhook-routes';
import {
  fixturePhoneNumber,
  startWhatsAppCloudApiServer,
  WHATSAPP_GRAPH_VERSION,
  type FixturePhoneNumber,
  type WhatsAppCloudApiServer,
} from '../tests/fixtures/whatsapp-cloud-api-server';
import { createUser, type TestUser } from '../tests/server/support/emulator-users';
import { startAuthEmulator } from './auth-emulator';
import { expectStatus, printLog, seedMerchant, startNoticeServer, type NoticeServer, type Target } from './bench-notices';
import {
  benchTargetNames,
  freePort,
  merchantApi,
  readTargetDatabase,
  removeBenchData,
  seededRandom,
  type BenchRow,
  type MerchantApi,
  type TargetQuery,
} from './bench-server';
import { benchCommand, machineLabel, today, writeBenchBlocks, type BenchBlock } from './benchmarks-doc';
import { buildServer } from './build-server';

const env = process.env;
const num = (name: string, fallback: number) => (env[name] ? Number(env[name]) : fallback);
/** Contacts of the big campaign. */
const CONTACTS = num('BENCH_CAMPAIGN_CONTACTS', 100_000);
/** Seconds the send rate is measured over, after BENCH_CAMPAIGN_WARMUP_S from the first send. */
const WINDOW_S = num('BENCH_CAMPAIGN_WINDOW_S', 90);
const WARMUP_S = num('BENCH_CAMPAIGN_WARMUP_S', 5);
/** Seconds the sends are watched after the pause answered. */
const PAUSE_WATCH_S = num('BENCH_CAMPAIGN_PAUSE_WATCH_S', 5);
/** Contacts of the campaign run to its end (0 sent twice, 0 lost), with a worker killed on PostgreSQL. */
const KILL_CONTACTS = num('BENCH_CAMPAIGN_KILL_CONTACTS', 6_000);
/** Seconds after that campaign's first send the first worker process gets SIGKILL; `off`: never. */
const KILL_AT_S = env.BENCH_CAMPAIGN_KILL_AT === 'off' ? null : num('BENCH_CAMPAIGN_KILL_AT', 30);
/** Worker processes beside the web process on PostgreSQL. */
const WORKERS = num('BENCH_CAMPAIGN_WORKERS', 2);
/** Seconds at most from that campaign's first send until every send settled. */
const DRAIN_S = num('BENCH_CAMPAIGN_DRAIN_S', 360);
const SEED = num('BENCH_SEED', 1);
const BUDGET = { planS: 10, rateShare: 0.95, rssMb: 300, pauseMs: 1_000 };
const OFFERS = readyMadeTemplate('campaign_offers').draft;
const LANGUAGES: TemplateLanguage[] = ['pt_BR', 'en_US', 'es'];
/** How long after seeding the contacts' zones must still be out of quiet hours (both campaigns are planned by then). */
const DAYTIME_MARGIN_MS = 30 * 60_000;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const judged = (met: boolean) => (met ? 'within budget' : 'NOT MET');
const n0 = (value: number) => Math.round(value).toLocaleString('en');
const secondsSince = (started: number) => (performance.now() - started) / 1000;

// --- Contacts: valid numbers whose shoppers are awake -----------------------------------------------

/** Minutes past midnight on the clock of `zone` at `at`. */
function localMinutes(zone: string, at: number): number {
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone: zone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(
    at,
  );
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return part('hour') * 60 + part('minute');
}
const clockMinutes = (text: string) => Number(text.slice(0, 2)) * 60 + Number(text.slice(3, 5));
/** Out of the campaigns' quiet hours from `at` until DAYTIME_MARGIN_MS later: a send planned meanwhile is due at once. */
const awake = (zone: string, at: number) =>
  [0, DAYTIME_MARGIN_MS].every((offset) => {
    const minutes = localMinutes(zone, at + offset);
    return minutes >= clockMinutes(CAMPAIGN_QUIET_HOURS.end) && minutes < clockMinutes(CAMPAIGN_QUIET_HOURS.start);
  });

/** The account's zone: the first of these whose clock is out of quiet hours now (the shoppers' numbers that name no zone keep it). */
const ACCOUNT_ZONES = [
  'America/Sao_Paulo',
  'Europe/Madrid',
  'America/New_York',
  'America/Los_Angeles',
  'Pacific/Honolulu',
  'Asia/Kolkata',
  'Asia/Tokyo',
];

type Draw = () => number;
const pick = <T>(draw: Draw, list: readonly T[]) => list[Math.floor(draw() * list.length)]!;
const digits = (draw: Draw, count: number) => Array.from({ length: count }, () => Math.floor(draw() * 10)).join('');

/** A merchant's shoppers by language and country (weights of the whole); numbers as each country's mobiles are written. */
const COUNTRIES: { country: string; language: Locale; weight: number; make: (draw: Draw) => string }[] = [
  {
    country: 'BR',
    language: 'pt',
    weight: 0.62,
    make: (d) =>
      `+55${pick(d, ['11', '11', '11', '21', '21', '31', '41', '51', '61', '71', '81', '85', '92'])}9${pick(d, ['6', '7', '8', '9'])}${digits(d, 7)}`,
  },
  { country: 'PT', language: 'pt', weight: 0.05, make: (d) => `+3519${pick(d, ['1', '2', '3', '6'])}${digits(d, 7)}` },
  { country: 'AO', language: 'pt', weight: 0.03, make: (d) => `+2449${pick(d, ['1', '2', '3', '4'])}${digits(d, 7)}` },
  { country: 'ES', language: 'es', weight: 0.06, make: (d) => `+346${digits(d, 8)}` },
  { country: 'MX', language: 'es', weight: 0.06, make: (d) => `+5255${pick(d, ['2', '3', '4', '5', '6', '7', '8', '9'])}${digits(d, 7)}` },
  { country: 'AR', language: 'es', weight: 0.04, make: (d) => `+54911${pick(d, ['2', '3', '4', '5', '6'])}${digits(d, 7)}` },
  { country: 'CO', language: 'es', weight: 0.04, make: (d) => `+573${pick(d, ['0', '1', '2'])}${digits(d, 8)}` },
  {
    country: 'US',
    language: 'en',
    weight: 0.06,
    make: (d) => `+1${pick(d, ['212', '312', '415', '646', '713'])}${pick(d, ['2', '3', '4', '6', '7', '8', '9'])}${digits(d, 6)}`,
  },
  { country: 'GB', language: 'en', weight: 0.04, make: (d) => `+447${pick(d, ['4', '5', '7', '8', '9'])}${digits(d, 8)}` },
];
/** Per language, a country whose numbers name no zone (they take the account's): used when none of the language's shoppers is awake. */
const FALLBACK_COUNTRY: Record<Locale, string> = { pt: 'AO', es: 'MX', en: 'US' };
const FIRST_NAMES: Record<Locale, string[]> = {
  pt: ['Ana', 'Bruno', 'Carla', 'Diego', 'Elisa', 'Fábio', 'Gabriela', 'Heitor', 'Juliana', 'Marcos', 'Patrícia', 'Rafael'],
  es: ['Lucía', 'Mateo', 'Sofía', 'Javier', 'Valentina', 'Diego', 'Camila', 'Andrés'],
  en: ['Emma', 'Liam', 'Olivia', 'Noah', 'Ava', 'James', 'Mia', 'Lucas'],
};
const LAST_NAMES = ['Silva', 'Souza', 'Oliveira', 'Pereira', 'García', 'Martínez', 'López', 'Smith', 'Johnson', 'Costa', 'Santos'];

type SeedContact = { phone: string; name: string | null; language: Locale; country: string };

/**
 * The countries whose shoppers are awake now and for DAYTIME_MARGIN_MS (campaign sends wait out the
 * shopper's quiet hours, 21:00–09:00, on the zone their number names, else on the account's); a
 * language none of whose countries is awake takes its fallback country, on the account's clock.
 */
function awakeCountries(accountZone: string, at: number, draw: Draw) {
  const zoneOf = (phone: string) => shopperTimeZone(phone, accountZone);
  const open = COUNTRIES.filter((c) =>
    Array.from({ length: 30 }, () => c.make(draw)).some(
      (phone) => parsePhoneNumberFromString(phone)?.isValid() && awake(zoneOf(phone), at),
    ),
  );
  const chosen = [...open];
  for (const language of ['pt', 'es', 'en'] as const) {
    if (open.some((c) => c.language === language)) continue;
    const fallback = COUNTRIES.find((c) => c.country === FALLBACK_COUNTRY[language])!;
    const weight = COUNTRIES.filter((c) => c.language === language).reduce((sum, c) => sum + c.weight, 0);
    chosen.push({ ...fallback, weight });
  }
  return { countries: chosen, zoneOf };
}

/** `count` distinct contacts of the awake countries, each a valid number (libphonenumber) on an awake clock. */
function makeContacts(count: number, accountZone: string, at: number, seed: number): { contacts: SeedContact[]; mix: Map<string, number> } {
  const draw = seededRandom(seed);
  const { countries, zoneOf } = awakeCountries(accountZone, at, draw);
  const total = countries.reduce((sum, c) => sum + c.weight, 0);
  const awakeZones = new Map<string, boolean>();
  const seen = new Set<string>();
  const contacts: SeedContact[] = [];
  const mix = new Map<string, number>();
  while (contacts.length < count) {
    let roll = draw() * total;
    const country = countries.find((c) => (roll -= c.weight) < 0) ?? countries.at(-1)!;
    let accepted: { phone: string; country: string } | null = null;
    for (let attempt = 0; attempt < 200 && !accepted; attempt++) {
      const phone = country.make(draw);
      if (seen.has(phone)) continue;
      const parsed = parsePhoneNumberFromString(phone);
      if (!parsed?.isValid() || !parsed.country) continue;
      const zone = zoneOf(phone);
      let isAwake = awakeZones.get(zone);
      if (isAwake === undefined) awakeZones.set(zone, (isAwake = awake(zone, at)));
      if (isAwake) accepted = { phone, country: parsed.country };
    }
    if (!accepted) throw new Error(`no valid awake number for ${country.country} in 200 draws`);
    seen.add(accepted.phone);
    const named = draw() < 0.9;
    const name = named ? `${pick(draw, FIRST_NAMES[country.language])} ${pick(draw, LAST_NAMES)}` : null;
    contacts.push({ phone: accepted.phone, name, language: country.language, country: accepted.country });
    const key = `${country.language}/${accepted.country}`;
    mix.set(key, (mix.get(key) ?? 0) + 1);
  }
  return { contacts, mix };
}

/** Writes the contacts straight into `contacts` (5,000 a statement), every one subscribed to marketing by a CSV import, oldest first. */
async function seedContacts(target: Target, uid: string, contacts: readonly SeedContact[]) {
  const base = Date.now() - 24 * 60 * 60_000;
  await readTargetDatabase(target, async (query: TargetQuery) => {
    for (let start = 0; start < contacts.length; start += 5_000) {
      const rows = contacts.slice(start, start + 5_000).map((c, offset) => ({
        ...c,
        created_at: new Date(base + (start + offset) * 10).toISOString(),
      }));
      await query(
        `insert into contacts (uid, phone, name, language, country, marketing_status, marketing_source, marketing_at, created_at, updated_at)
         select $1, phone, name, language, country, 'subscribed', 'csv_import', created_at, created_at, created_at
         from jsonb_to_recordset($2::jsonb) as r(phone text, name text, language text, country text, created_at timestamptz)`,
        [uid, JSON.stringify(rows)],
      );
    }
  });
}

// --- The sending processes' calls to the Cloud API, told apart ---------------------------------------

type Accepted = { id: string; phoneNumberId: string; label: string; at: number };

/**
 * A loopback proxy in front of the Cloud API fixture per sending process: what each process sent is
 * known by the message id the fixture answered (the fixture's own record keeps the time).
 */
function graphProxies(cloudApi: WhatsAppCloudApiServer) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  const target = new URL(cloudApi.origin);
  const labelOf = new Map<string, string>();
  const accepted: Accepted[] = [];
  const refused = new Map<string, number>();
  /** When each refusal came back, by phone number id. */
  const refusedAt: { phoneNumberId: string; at: number }[] = [];
  const servers: http.Server[] = [];
  return {
    labelOf: (messageId: string) => labelOf.get(messageId) ?? '?',
    accepted,
    refused,
    refusedAt,
    async graphUrl(label: string): Promise<string> {
      const server = http.createServer((request, response) => {
        const chunks: Buffer[] = [];
        request.on('data', (chunk: Buffer) => chunks.push(chunk));
        request.on('end', () => {
          const { host: _host, connection: _connection, ...headers } = request.headers;
          const out = http.request(
            { host: target.hostname, port: target.port, path: request.url, method: request.method, headers, agent },
            (answer) => {
              const parts: Buffer[] = [];
              answer.on('data', (chunk: Buffer) => parts.push(chunk));
              answer.on('end', () => {
                const body = Buffer.concat(parts);
                const match = request.method === 'POST' ? /\/(\d+)\/messages$/.exec(request.url ?? '') : null;
                if (match) {
                  try {
                    const parsed = JSON.parse(body.toString('utf8')) as { messages?: { id: string }[]; error?: { code?: number } };
                    const id = parsed.messages?.[0]?.id;
                    if (answer.statusCode === 200 && id) {
                      labelOf.set(id, label);
                      accepted.push({ id, phoneNumberId: match[1]!, label, at: Date.now() });
                    } else {
                      const key = `${answer.statusCode} ${parsed.error?.code ?? ''}`.trim();
                      refused.set(key, (refused.get(key) ?? 0) + 1);
                      refusedAt.push({ phoneNumberId: match[1]!, at: Date.now() });
                    }
                  } catch {
                    refused.set('unreadable', (refused.get('unreadable') ?? 0) + 1);
                  }
                }
                const { 'transfer-encoding': _te, connection: _c, ...answerHeaders } = answer.headers;
                response.writeHead(answer.statusCode ?? 502, { ...answerHeaders, 'content-length': String(body.length) });
                response.end(body);
              });
            },
          );
          out.on('error', () => {
            if (!response.headersSent) response.writeHead(502);
            response.end();
          });
          out.end(Buffer.concat(chunks));
        });
      });
      const port = await freePort();
      await new Promise<void>((done) => server.listen(port, '127.0.0.1', done));
      servers.push(server);
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}/${WHATSAPP_GRAPH_VERSION}`;
    },
    async close() {
      for (const server of servers) {
        server.closeAllConnections();
        await new Promise((done) => server.close(done));
      }
      agent.destroy();
    },
  };
}

// --- Memory of each process ---------------------------------------------------------------------------

/**
 * Each process's peak resident memory (MB): VmRSS sampled every 250 ms, and the kernel's VmHWM. Also
 * each process's highest sample in each phase the bench names (`phase`), to tell which work made the peak.
 */
function memoryWatch() {
  const watched = new Map<string, { pid: number; peak: number; alive: boolean }>();
  let phase = 'setup';
  const phases = new Map<string, Map<string, number>>();
  const read = (pid: number, field: 'VmRSS' | 'VmHWM') => {
    try {
      const match = new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
      return match ? Number(match[1]) / 1024 : 0;
    } catch {
      return 0;
    }
  };
  const sample = () => {
    for (const [label, entry] of watched) {
      if (!entry.alive) continue;
      const rss = read(entry.pid, 'VmRSS');
      entry.peak = Math.max(entry.peak, rss, read(entry.pid, 'VmHWM'));
      const ofPhase = phases.get(phase) ?? new Map<string, number>();
      ofPhase.set(label, Math.max(ofPhase.get(label) ?? 0, rss));
      phases.set(phase, ofPhase);
    }
  };
  const timer = setInterval(sample, 250);
  return {
    watch(label: string, server: NoticeServer) {
      const entry = { pid: server.child.pid!, peak: 0, alive: true };
      watched.set(label, entry);
      sample();
      server.child.once('exit', () => (entry.alive = false));
    },
    /** Samples now (before a kill: the kernel's peak goes with the process). */
    sample,
    /** The samples from now on count for `name`. */
    phase(name: string) {
      sample();
      phase = name;
    },
    /** Each phase's highest sample, per process: `planning: all 290` and so on. */
    byPhase: () =>
      [...phases].map(([name, peaks]) => `${name} ${[...peaks].map(([label, mb]) => `${label} ${mb.toFixed(0)}`).join('/')}`).join(', '),
    stop() {
      sample();
      clearInterval(timer);
      return new Map([...watched].map(([label, entry]) => [label, entry.peak]));
    },
  };
}

// --- The merchant, through the API --------------------------------------------------------------------

type Setup = { channelId: string; campaignId: string };

/**
 * What the screens do: the account's zone, an inventory (its catalog page is the offer's link), the
 * number connected with its templates read from Meta, an audience of every contact, and the campaign's
 * draft with the ready-made `campaign_offers` (approved in pt_BR, en_US and es) filled.
 */
async function configure(
  api: MerchantApi,
  number: FixturePhoneNumber,
  aiBaseId: string,
  accountZone: string,
  name: string,
): Promise<Setup> {
  await expectStatus(api('/me/time-zone', 'PUT', { timeZone: accountZone }), 200, 'setting the account’s zone');
  const inventory = await expectStatus(api('/inventories', 'POST', { name: 'Loja Bench' }), 201, 'creating the inventory');
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
  const audience = await expectStatus(api('/audiences', 'POST', { name: `${name}: everyone`, rules: {} }), 201, 'creating the audience');
  const campaign = await expectStatus(api('/campaigns', 'POST', { name }), 201, 'creating the campaign');
  const campaignId = String(campaign.id);
  await expectStatus(
    api(`/campaigns/${campaignId}`, 'PUT', {
      name,
      audienceId: String(audience.id),
      channelId,
      inventoryId: String(inventory.id),
      templateName: OFFERS.name,
      variables: {
        first_name: { source: 'first_name' },
        offer: { source: 'text', text: '20% OFF' },
        end_date: { source: 'text', text: '24/12' },
        store_url: { source: 'catalog_link' },
      },
      schedule: { kind: 'now' },
      step: 3,
    }),
    200,
    'saving the draft',
  );
  return { channelId, campaignId };
}

/** The campaign's review (what planning would do) and its planning, timed. */
async function reviewAndPlan(api: MerchantApi, campaignId: string) {
  let started = performance.now();
  const review = await expectStatus(api(`/campaigns/${campaignId}/review`), 200, 'reviewing');
  const reviewS = secondsSince(started);
  started = performance.now();
  const planned = await expectStatus(api(`/campaigns/${campaignId}/plan`, 'POST'), 200, 'planning');
  const planS = secondsSince(started);
  return {
    reviewS,
    planS,
    planned: Number(planned.planned),
    reachable: Number(review.reachable),
    limit: review.messagingLimit as number | null,
    days: Number(review.days),
  };
}

async function firstSend(proxies: ReturnType<typeof graphProxies>, number: FixturePhoneNumber, timeoutS = 120) {
  const started = Date.now();
  for (;;) {
    const first = proxies.accepted.find((send) => send.phoneNumberId === number.phoneNumberId);
    if (first) return first.at;
    if (Date.now() - started > timeoutS * 1000) throw new Error(`no send of ${number.phoneNumberId} within ${timeoutS} s`);
    await sleep(50);
  }
}

/** Recipients the fixture accepted the template more than once from this number. */
function twiceAtFixture(cloudApi: WhatsAppCloudApiServer, number: FixturePhoneNumber) {
  const count = new Map<string, number>();
  for (const send of cloudApi.templateSends(number.phoneNumberId))
    if (send.name === OFFERS.name) count.set(send.waId, (count.get(send.waId) ?? 0) + 1);
  return { accepted: new Set(count.keys()), twice: [...count.values()].filter((n) => n > 1).length };
}

/** What the database holds of a campaign: its sends by status and reason, the recipients recorded sent, its jobs left. */
async function countCampaign(query: TargetQuery, campaignId: string) {
  const statuses = await query(
    `select s.status, s.reason, count(*)::int as n from campaign_sends c join template_sends s on s.id = c.send_id
      where c.campaign_id = $1 group by 1, 2`,
    [campaignId],
  );
  const sentRows = await query(
    `select s.recipient from campaign_sends c join template_sends s on s.id = c.send_id
      where c.campaign_id = $1 and s.status in ('sent', 'delivered', 'read')`,
    [campaignId],
  );
  const [jobs] = await query(`select count(*)::int as n from jobs where queue = $1 and payload->>'campaignId' = $2`, [
    TEMPLATE_SEND_QUEUE,
    campaignId,
  ]);
  const byStatus = new Map<string, number>();
  let sent = 0;
  let failedWithReason = 0;
  let pending = 0;
  let other = 0;
  for (const row of statuses) {
    const n = Number(row.n);
    byStatus.set([row.status, row.reason].filter(Boolean).join(' '), n);
    if (row.status === 'sent' || row.status === 'delivered' || row.status === 'read') sent += n;
    else if (row.status === 'failed' && row.reason) failedWithReason += n;
    else if (row.status === 'queued' || row.status === 'sending') pending += n;
    else other += n;
  }
  return {
    byStatus,
    sent,
    failedWithReason,
    pending,
    other,
    sentRecipients: new Set(sentRows.map((row) => String(row.recipient).replace(/^\+/, ''))),
    jobsLeft: Number(jobs?.n ?? 0),
  };
}

// --- One database's run -------------------------------------------------------------------------------

type BigFigures = {
  contacts: number;
  seedS: number;
  mix: Map<string, number>;
  accountZone: string;
  reviewS: number;
  planS: number;
  planned: number;
  limit: number | null;
  days: number;
  firstSendS: number;
  rate: number;
  slowest10s: number;
  fastest10s: number;
  refused: Map<string, number>;
  refusedInWindow: number;
  refusedFirstSecond: number;
  pauseS: number;
  /** Per sending process: the last send the fixture accepted after the pause answered, ms after (null: none). */
  afterPause: Map<string, number | null>;
  sentWhilePausing: number;
  cancelS: number;
  twice: number;
  sentBeforeCancel: number;
  byStatus: Map<string, number>;
};

type KillFigures = {
  contacts: number;
  planS: number;
  planned: number;
  killedAtS: number | null;
  drainedS: number;
  timedOut: boolean;
  twice: number;
  lost: number;
  pending: number;
  sent: number;
  failedWithReason: number;
  /** Accepted by the fixture, not recorded sent; recorded sent, never accepted. */
  unrecorded: number;
  phantom: number;
  byStatus: Map<string, number>;
  jobsLeft: number;
};

type TargetFigures = { target: Target; big: BigFigures; kill: KillFigures; rss: Map<string, number>; load: number };

async function runTarget(main: string, name: 'pglite' | 'postgres'): Promise<TargetFigures> {
  const target: Target =
    name === 'postgres'
      ? { name: 'PostgreSQL', env: { DATABASE_URL: env.DATABASE_URL!, SECRETS_KEY: randomBytes(32).toString('base64') } }
      : {
          name: 'PGlite',
          env: { DATA_DIR: mkdtempSync(join(tmpdir(), 'catalyst-bench-campaign-')), SECRETS_KEY: randomBytes(32).toString('base64') },
        };
  // Numbers new to the run (PostgreSQL outlives it; a number is connected once across accounts).
  const first = randomInt(1, 4_500);
  const numbers = [fixturePhoneNumber(first), fixturePhoneNumber(first + 4_500)] as const;
  const cloudApi = await startWhatsAppCloudApiServer({
    numbers: [...numbers],
    sentStatuses: true,
    messagingLimitTier: 'TIER_UNLIMITED',
    throughputPerSecond: STANDARD_THROUGHPUT,
    seed: SEED,
  });
  for (const number of numbers) for (const language of LANGUAGES) cloudApi.addTemplate(number.wabaId, toGraphTemplate(OFFERS, language));
  const proxies = graphProxies(cloudApi);
  const memory = memoryWatch();
  const users: TestUser[] = [await createUser('bench-campaign'), await createUser('bench-campaign-kill')];
  const servers: { label: string; server: NoticeServer }[] = [];
  const campaignIds: string[] = [];
  const stopAll = async () => {
    for (const { label, server } of servers.splice(0)) {
      const log = server.takeLog();
      // A killed process is gone already (its exit code stays null: stop() would wait for an exit that came).
      if (server.child.exitCode === null && server.child.signalCode === null) await server.stop();
      if (log.size > 0) {
        console.log(`  ${label}'s log:`);
        printLog(log);
      }
    }
  };
  try {
    const at = Date.now();
    const accountZone = ACCOUNT_ZONES.find((zone) => awake(zone, at)) ?? ACCOUNT_ZONES[0]!;
    console.log(`\n${target.name}: the merchants' accounts and AI bases; ${n0(CONTACTS)} + ${n0(KILL_CONTACTS)} contacts…`);
    const baseIds = [await seedMerchant(target, users[0]!), await seedMerchant(target, users[1]!)];
    let started = performance.now();
    const big = makeContacts(CONTACTS, accountZone, at, SEED);
    const small = makeContacts(KILL_CONTACTS, accountZone, at, SEED + 1);
    const drawS = secondsSince(started);
    started = performance.now();
    await seedContacts(target, users[0]!.uid, big.contacts);
    await seedContacts(target, users[1]!.uid, small.contacts);
    const seedS = secondsSince(started);
    const mixText = [...big.mix]
      .sort((a, b) => b[1] - a[1])
      .map(([key, count]) => `${key} ${((count / CONTACTS) * 100).toFixed(0)} %`)
      .join(', ');
    console.log(
      `  numbers drawn and checked in ${drawS.toFixed(1)} s, written in ${seedS.toFixed(1)} s; account zone ${accountZone}; mix ${mixText}`,
    );

    // The processes: one `all` on PGlite; one `web` and WORKERS `worker`s on PostgreSQL, each sending process through its proxy.
    let web: NoticeServer;
    const senders: { label: string; server: NoticeServer }[] = [];
    if (name === 'pglite') {
      web = await startNoticeServer(main, target, await proxies.graphUrl('all'));
      servers.push({ label: 'all', server: web });
      senders.push({ label: 'all', server: web });
    } else {
      web = await startNoticeServer(main, { ...target, env: { ...target.env, PROCESS_ROLE: 'web' } }, cloudApi.graphUrl);
      servers.push({ label: 'web', server: web });
      for (let index = 1; index <= WORKERS; index++) {
        const label = `worker ${index}`;
        const worker = await startNoticeServer(
          main,
          { ...target, env: { ...target.env, PROCESS_ROLE: 'worker' } },
          await proxies.graphUrl(label),
        );
        servers.push({ label, server: worker });
        senders.push({ label, server: worker });
      }
    }
    for (const { label, server } of servers) memory.watch(label, server);
    for (const number of numbers) cloudApi.setWebhookUrl(number.phoneNumberId, `${web.url}${WHATSAPP_WEBHOOK_PATH}`);
    console.log(`  processes: ${servers.map(({ label, server }) => `${label} (pid ${server.child.pid})`).join(', ')}`);

    const apis = users.map((user) => merchantApi(web, user));
    const bigSetup = await configure(apis[0]!, numbers[0], baseIds[0]!, accountZone, `Ofertas ${n0(CONTACTS)}`);
    const killSetup = await configure(apis[1]!, numbers[1], baseIds[1]!, accountZone, `Ofertas ${n0(KILL_CONTACTS)}`);
    campaignIds.push(bigSetup.campaignId, killSetup.campaignId);

    // The big campaign: planned, sent over the window, paused, cancelled.
    console.log(`\nThe ${n0(CONTACTS)}-contact campaign: review, plan…`);
    memory.phase('planning');
    const plan = await reviewAndPlan(apis[0]!, bigSetup.campaignId);
    memory.phase('sending');
    const plannedAt = Date.now();
    console.log(
      `  review ${plan.reviewS.toFixed(2)} s (${n0(plan.reachable)} reachable, messaging limit ${plan.limit ?? 'unlimited'}, ${plan.days} day(s)); ` +
        `planned ${n0(plan.planned)} sends in ${plan.planS.toFixed(2)} s`,
    );
    const firstAt = await firstSend(proxies, numbers[0]);
    await sleep(WARMUP_S * 1000);
    const windowStart = Date.now();
    console.log(`  first send ${((firstAt - plannedAt) / 1000).toFixed(1)} s after planning answered; measuring ${WINDOW_S} s…`);
    await sleep(WINDOW_S * 1000);
    const windowEnd = Date.now();
    const pauseAsked = Date.now();
    await expectStatus(apis[0]!(`/campaigns/${bigSetup.campaignId}/pause`, 'POST'), 200, 'pausing');
    const pausedAt = Date.now();
    await sleep(PAUSE_WATCH_S * 1000);
    const sends = cloudApi.templateSends(numbers[0].phoneNumberId).filter((send) => send.name === OFFERS.name);
    const inWindow = sends.filter((send) => send.at >= windowStart && send.at < windowEnd);
    const rate = inWindow.length / ((windowEnd - windowStart) / 1000);
    const slices: number[] = [];
    for (let from = windowStart; from + 10_000 <= windowEnd; from += 10_000)
      slices.push(sends.filter((send) => send.at >= from && send.at < from + 10_000).length / 10);
    const afterPause = new Map<string, number | null>(senders.map(({ label }) => [label, null]));
    for (const send of sends.filter((s) => s.at > pausedAt)) {
      const label = proxies.labelOf(send.messageId);
      afterPause.set(label, Math.max(afterPause.get(label) ?? 0, send.at - pausedAt));
    }
    const sentWhilePausing = sends.filter((send) => send.at >= pauseAsked && send.at <= pausedAt).length;
    const refusedBig = new Map(proxies.refused);
    const refusals = proxies.refusedAt.filter((r) => r.phoneNumberId === numbers[0].phoneNumberId);
    const refusedInWindow = refusals.filter((r) => r.at >= windowStart && r.at < windowEnd).length;
    const refusedFirstSecond = refusals.filter((r) => r.at < firstAt + 1_000).length;
    console.log(
      `  ${inWindow.length} sends in ${((windowEnd - windowStart) / 1000).toFixed(1)} s: ${rate.toFixed(2)}/s (${(rate / STANDARD_THROUGHPUT).toFixed(3)} × ${STANDARD_THROUGHPUT}); ` +
        `10 s slices ${slices.map((s) => s.toFixed(1)).join(' ')}; refused by the Cloud API ${JSON.stringify(Object.fromEntries(refusedBig))}, ` +
        `${refusedInWindow} of them in the window, ${refusedFirstSecond} in the first second`,
    );
    console.log(
      `  paused in ${((pausedAt - pauseAsked) / 1000).toFixed(2)} s (${sentWhilePausing} sends meanwhile); after it answered: ` +
        [...afterPause].map(([label, ms]) => `${label} ${ms === null ? 'no send' : `last send +${ms} ms`}`).join(', '),
    );
    started = performance.now();
    await expectStatus(apis[0]!(`/campaigns/${bigSetup.campaignId}/cancel`, 'POST'), 200, 'cancelling');
    const cancelS = secondsSince(started);
    const bigTwice = twiceAtFixture(cloudApi, numbers[0]);
    console.log(`  cancelled in ${cancelS.toFixed(2)} s; ${sends.length} sent before, ${bigTwice.twice} recipients sent twice`);

    // The campaign run to its end, a worker killed on the way (PostgreSQL).
    const killing = name === 'postgres' && KILL_AT_S !== null && senders.length > 1;
    console.log(
      `\nThe ${n0(KILL_CONTACTS)}-contact campaign, run to its end${killing ? `; ${senders[0]!.label} gets SIGKILL ${KILL_AT_S} s after its first send` : ''}…`,
    );
    memory.phase('second campaign');
    const killPlan = await reviewAndPlan(apis[1]!, killSetup.campaignId);
    const killFirst = await firstSend(proxies, numbers[1]);
    let killedAtS: number | null = null;
    const killTimer = killing
      ? setTimeout(
          () => {
            memory.sample();
            senders[0]!.server.child.kill('SIGKILL');
            killedAtS = (Date.now() - killFirst) / 1000;
            console.log(`  ${senders[0]!.label} killed ${killedAtS.toFixed(1)} s after the first send`);
          },
          KILL_AT_S! * 1000 - (Date.now() - killFirst),
        )
      : null;
    let timedOut = false;
    for (;;) {
      await sleep(1_000);
      const results = await apis[1]!(`/campaigns/${killSetup.campaignId}/results`);
      const figures = (results.body as { figures?: { queued: number } }).figures;
      if (figures && figures.queued === 0 && (!killing || killedAtS !== null)) break;
      if (Date.now() - killFirst > DRAIN_S * 1000) {
        timedOut = true;
        break;
      }
    }
    if (killTimer) clearTimeout(killTimer);
    const drainedS = (Date.now() - killFirst) / 1000;
    console.log(`  every send settled ${drainedS.toFixed(1)} s after the first${timedOut ? ' (TIMED OUT: some still open)' : ''}`);
    await cloudApi.settled();
    await sleep(500);
    const killTwice = twiceAtFixture(cloudApi, numbers[1]);
    const load = loadavg()[0]!;
    const rss = memory.stop();
    await stopAll(); // PGlite has one owner: the server goes, then its data dir is read
    const [bigCounts, killCounts] = await readTargetDatabase(target, async (query) => [
      await countCampaign(query, bigSetup.campaignId),
      await countCampaign(query, killSetup.campaignId),
    ]);
    const unrecorded = [...killTwice.accepted].filter((waId) => !killCounts.sentRecipients.has(waId)).length;
    const phantom = [...killCounts.sentRecipients].filter((waId) => !killTwice.accepted.has(waId)).length;
    const lost = killPlan.planned - killCounts.sent - killCounts.failedWithReason - killCounts.pending;
    console.log(
      `  database: ${JSON.stringify(Object.fromEntries(killCounts.byStatus))}; jobs left ${killCounts.jobsLeft}; ` +
        `accepted by the Cloud API and not recorded sent ${unrecorded}, recorded sent and never accepted ${phantom}`,
    );
    console.log(
      `  planned ${killPlan.planned}: sent ${killCounts.sent}, twice ${killTwice.twice}, failed with a reason ${killCounts.failedWithReason}, ` +
        `unsettled ${killCounts.pending}, lost ${lost}`,
    );
    console.log(`  the ${n0(CONTACTS)}-contact campaign in the database: ${JSON.stringify(Object.fromEntries(bigCounts.byStatus))}`);
    console.log(
      `  peak RSS: ${[...rss].map(([label, mb]) => `${label} ${mb.toFixed(0)} MB`).join(', ')}; sampled, by phase (MB): ${memory.byPhase()}`,
    );
    return {
      target,
      load,
      rss,
      big: {
        contacts: CONTACTS,
        seedS,
        mix: big.mix,
        accountZone,
        reviewS: plan.reviewS,
        planS: plan.planS,
        planned: plan.planned,
        limit: plan.limit,
        days: plan.days,
        firstSendS: (firstAt - plannedAt) / 1000,
        rate,
        slowest10s: Math.min(...slices),
        fastest10s: Math.max(...slices),
        refused: refusedBig,
        refusedInWindow,
        refusedFirstSecond,
        pauseS: (pausedAt - pauseAsked) / 1000,
        afterPause,
        sentWhilePausing,
        cancelS,
        twice: bigTwice.twice,
        sentBeforeCancel: sends.length,
        byStatus: bigCounts.byStatus,
      },
      kill: {
        contacts: KILL_CONTACTS,
        planS: killPlan.planS,
        planned: killPlan.planned,
        killedAtS,
        drainedS,
        timedOut,
        twice: killTwice.twice,
        lost,
        pending: killCounts.pending,
        sent: killCounts.sent,
        failedWithReason: killCounts.failedWithReason,
        unrecorded,
        phantom,
        byStatus: killCounts.byStatus,
        jobsLeft: killCounts.jobsLeft,
      },
    };
  } finally {
    await stopAll();
    await proxies.close();
    await cloudApi.close();
    if (target.env.DATABASE_URL && campaignIds.length > 0)
      // A run that failed half-way may leave a paused campaign's held jobs: they are nobody else's to run.
      await readTargetDatabase(target, (query) =>
        query(`delete from jobs where queue = $1 and payload->>'campaignId' = any($2::text[])`, [TEMPLATE_SEND_QUEUE, campaignIds]),
      );
    for (const user of users) await removeBenchData(target, user).catch(() => undefined);
  }
}

// --- Figures ------------------------------------------------------------------------------------------

function budgetRows(f: TargetFigures): [string, string, string, string][] {
  const { big, kill } = f;
  const pauseWorst = Math.max(0, ...[...big.afterPause.values()].map((ms) => ms ?? 0));
  const rssWorst = Math.max(...f.rss.values());
  const killText =
    kill.killedAtS === null ? 'no process killed' : `worker 1 of ${WORKERS} killed ${kill.killedAtS.toFixed(0)} s after the first send`;
  return [
    [
      `planning ${n0(big.contacts)} contacts (POST /plan)`,
      `${big.planS.toFixed(1)} s (${n0(big.planned)} sends; the review before it ${big.reviewS.toFixed(1)} s)`,
      `≤ ${BUDGET.planS} s`,
      judged(big.planS <= BUDGET.planS),
    ],
    [
      `sent at the number's ${STANDARD_THROUGHPUT}/s, ${WINDOW_S} s of the ${n0(big.contacts)}-contact campaign`,
      `${big.rate.toFixed(1)}/s = ${(big.rate / STANDARD_THROUGHPUT).toFixed(3)} × ${STANDARD_THROUGHPUT} (10 s slices ${big.slowest10s.toFixed(1)}–${big.fastest10s.toFixed(1)}/s); ` +
        `${big.refusedInWindow} sends refused by the Cloud API (130429) in the window, ${big.refusedFirstSecond} in the first second`,
      `≥ ${BUDGET.rateShare} × ${STANDARD_THROUGHPUT} = ${(BUDGET.rateShare * STANDARD_THROUGHPUT).toFixed(0)}/s`,
      judged(big.rate >= BUDGET.rateShare * STANDARD_THROUGHPUT),
    ],
    [
      'pause → last send the Cloud API accepted after the pause answered, per sending process',
      [...big.afterPause].map(([label, ms]) => `${label}: ${ms === null ? 'none' : `${ms} ms`}`).join('; ') +
        ` (the pause answered in ${(big.pauseS * 1000).toFixed(0)} ms, ${big.sentWhilePausing} sent meanwhile)`,
      `< ${n0(BUDGET.pauseMs)} ms`,
      judged(pauseWorst < BUDGET.pauseMs),
    ],
    [
      'peak RSS per process',
      [...f.rss].map(([label, mb]) => `${label} ${mb.toFixed(0)} MB`).join(', '),
      `≤ ${BUDGET.rssMb} MB`,
      judged(rssWorst <= BUDGET.rssMb),
    ],
    [
      `sent twice / lost, a ${n0(kill.contacts)}-contact campaign run to its end, ${killText}`,
      `${kill.twice} / ${kill.lost} of ${n0(kill.planned)} (${n0(kill.sent)} sent, ${kill.failedWithReason} failed with a reason, ${kill.pending} unsettled; ` +
        `${kill.unrecorded} accepted and not recorded sent, ${kill.phantom} recorded sent and never accepted); every send settled ${kill.drainedS.toFixed(0)} s after the first` +
        `${kill.timedOut ? ' (timed out)' : ''}`,
      '0 / 0',
      judged(kill.twice === 0 && kill.lost === 0 && kill.pending === 0 && kill.unrecorded === 0 && kill.phantom === 0),
    ],
  ];
}

function docBlock(f: TargetFigures): BenchBlock {
  const { big, kill } = f;
  const mix = [...big.mix]
    .sort((a, b) => b[1] - a[1])
    .map(([key, count]) => `${key} ${((count / big.contacts) * 100).toFixed(0)} %`)
    .join(', ');
  const processes = f.target.name === 'PGlite' ? 'one `all` process' : `one \`web\` and ${WORKERS} \`worker\` processes`;
  return {
    name: `campaign-${f.target.name.toLowerCase()}`,
    command: benchCommand('bench:campaign'),
    date: today(),
    machine: machineLabel(),
    table: { headers: ['figure', 'measured', 'budget', 'verdict'], rows: budgetRows(f) },
    note: [
      `${f.target.name}, ${processes}; messaging limit TIER_UNLIMITED (the plan spread nothing: ${big.days} day), the Cloud API fixture at ${STANDARD_THROUGHPUT}/s per number.`,
      `Contacts ${mix}; account zone ${big.accountZone}; written in ${big.seedS.toFixed(1)} s.`,
      `First send ${big.firstSendS.toFixed(1)} s after planning answered; ${n0(big.sentBeforeCancel)} sent before the pause, ${big.twice} twice; cancelled in ${big.cancelS.toFixed(1)} s.`,
      `The ${n0(kill.contacts)}-contact campaign planned in ${kill.planS.toFixed(1)} s; its sends ${JSON.stringify(Object.fromEntries(kill.byStatus))}, jobs left ${kill.jobsLeft}.`,
      `Load average ${f.load.toFixed(1)} at the end.`,
    ].join(' '),
  };
}

async function main() {
  const started = performance.now();
  const targetNames = benchTargetNames();
  const serverDir = resolve('.tmp/bench-campaign/dist-server');
  const mainJs = join(serverDir, 'main.js');
  if (!process.argv.includes('--no-build')) {
    console.log('Building the server into .tmp/bench-campaign…');
    await buildServer(serverDir);
  } else if (!existsSync(mainJs)) throw new Error('--no-build: nothing built in .tmp/bench-campaign yet');

  const results: TargetFigures[] = [];
  const emulator = await startAuthEmulator({ quiet: true });
  try {
    for (const name of targetNames) results.push(await runTarget(mainJs, name));
  } finally {
    await emulator.stop();
  }

  console.log(
    `\nCampaigns, ran in ${secondsSince(started).toFixed(0)} s; ${availableParallelism()} cores, load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}; a send in flight when its worker died waits up to ${SENDING_GRACE_MS / 1000} s for Meta's status\n`,
  );
  const rows: BenchRow[] = results.flatMap((f) =>
    budgetRows(f).map(([figure, value, budget, verdict]) => ({ target: f.target.name, figure, value, budget, verdict })),
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
  writeBenchBlocks(results.map(docBlock));
}

await main();
// Every peer and process is closed by now, yet a socket of the Cloud API fixture's webhooks to a killed process can keep
// the loop alive: the run holds the machine's heavy-work lock until it exits.
process.exit(0);
