// The server's configuration: one zod schema over the environment, parsed once at start into a
// typed Config that main.ts, the app, the services and the workers read. Each variable carries its
// meaning (`.describe()`) and its default as shown; the README's table is generated from them
// (scripts/env-table.ts) and a unit test keeps the two in step.
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import * as z from 'zod';
import { runtimeConfigFromEnv, siteOrigin, type RuntimeConfig } from '../domain/runtime-config';
import { SYNC_NOW_INTERVAL_MS } from '../domain/inventory-sync';
import { ORDER_POLL_MINUTES } from '../domain/inventory';
import { MAX_DEMO_TIME_SCALE } from '../domain/checkout-recovery';
import { DEFAULT_LLM_TIMEOUT_MS, type LlmConfig } from './answering/llm-config';
import { assertSafeForProduction, type AuthConfig } from './auth/auth-config';
import { DEFAULT_TOKEN_CACHE_SECONDS } from './auth/token-cache';
import type { CloudApiConfig } from './channels/cloud-api-client';
import type { DatabaseTarget } from './db/database';
import { POSTGRES_POOL_MAX } from './db/postgres-pool';
import type { ObjectStoreConfig } from './files/object-store';
import type { MetaConfig } from './inventories/meta-catalog';
import { BULK_THRESHOLD } from './inventories/store-reader';
import { graphUrlFrom } from './meta/graph-api';
import { parseSecretsKey } from './secrets/secret-box';

export type Env = Record<string, string | undefined>;

/** What a process of the one build does (README, "Deployment"). */
export const PROCESS_ROLES = ['all', 'web', 'worker'] as const;
export type ProcessRole = (typeof PROCESS_ROLES)[number];

/** An unset variable reads as undefined; an empty one as the empty string (some variables tell the two apart). */
const unset = z.string().optional();
/** wa.me's click-to-chat address, the widget's default. */
export const WA_ME_LINK = 'https://wa.me/{number}';

/** A variable read by `read`, whose throw becomes the variable's message. */
const checked = <T>(read: (raw: string | undefined) => T) =>
  unset.transform((raw, ctx) => {
    try {
      return read(raw);
    } catch (error) {
      ctx.addIssue({ code: 'custom', message: error instanceof Error ? error.message : String(error) });
      return z.NEVER;
    }
  });

const variable = <T extends z.ZodType>(schema: T, about: string, shownDefault: string) => schema.describe(about).meta({ shownDefault });

/** `off`: this process leaves the queue to others; anything else runs the worker. */
const workerSwitch = (about: string) =>
  variable(
    unset.transform((raw) => raw !== 'off'),
    about,
    'on',
  );

function positiveWhole(name: string, fallback: number, unit = '') {
  return (raw: string | undefined) => {
    if (raw === undefined || raw === '') return fallback;
    const value = Number(raw);
    if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} must be a positive whole number${unit}, not "${raw}"`);
    return value;
  };
}

function tokenCacheTtlMs(raw: string | undefined): number {
  const seconds = raw === undefined || raw === '' ? DEFAULT_TOKEN_CACHE_SECONDS : Number(raw);
  if (!Number.isFinite(seconds) || seconds < 0) throw new Error(`AUTH_TOKEN_CACHE_SECONDS must be a number of seconds >= 0, not "${raw}"`);
  return seconds * 1000;
}

/**
 * Behind a load balancer the client's address is in X-Forwarded-For, and only the proxy may say
 * so: `true` (any hop) or a comma-separated list of the proxies' addresses or CIDRs. Unset: the
 * socket's address, and the header is ignored.
 */
function trustProxy(raw: string | undefined): boolean | string[] {
  const value = raw?.trim();
  if (!value || value === 'false') return false;
  if (value === 'true') return true;
  return value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
}

/** An http(s) URL variable, without its trailing slashes; unset or empty: null. */
function httpUrl(name: string) {
  return (value: string | undefined): string | null => {
    const raw = value?.trim();
    if (!raw) return null;
    let url: URL | null = null;
    try {
      url = new URL(raw);
    } catch {
      /* named below */
    }
    if (url?.protocol !== 'http:' && url?.protocol !== 'https:') throw new Error(`${name} must be an http(s) URL, not "${raw}"`);
    return url.href.replace(/\/+$/, '');
  };
}

const trimmed = (raw: string | undefined) => raw?.trim() || null;

/** Every environment variable the server reads, in the order of the README's table. */
export const envSchema = z.object({
  PROCESS_ROLE: variable(
    checked((raw) => {
      const role = raw?.trim() || 'all';
      if (!PROCESS_ROLES.includes(role as ProcessRole))
        throw new Error(`PROCESS_ROLE must be one of ${PROCESS_ROLES.join(', ')}, not "${raw}"`);
      return role as ProcessRole;
    }),
    '`web`: serves the app, the API and the webhooks, and queues work; `worker`: does the queued work (imports, syncs, replies, ' +
      'every sender) and serves only `/healthz` and `/readyz`; `all`: both. `web` and `worker` need PostgreSQL (PGlite is one process)',
    '`all`',
  ),
  PORT: variable(unset, 'where the server listens: its port', '`3000`'),
  HOST: variable(unset, 'where the server listens: its address', '`127.0.0.1`'),
  DIST_DIR: variable(unset, 'the built SPA to serve; empty: the API alone', '`dist`'),
  LOG_LEVEL: variable(unset, 'pino log level (JSON lines, each with the request id)', '`info`'),
  NODE_ENV: variable(unset, '`production` adds HSTS, and refuses to start with `FIREBASE_AUTH_EMULATOR_HOST` set', 'unset'),
  API_BASE_URL: variable(unset, 'the API base URL the SPA calls', '`/api/v1`'),
  SITE_URL: variable(
    checked((raw) => (raw ? siteOrigin(raw) : undefined)),
    "the public origin (`https://catalyst.example`) written into the public pages' canonical, hreflang and Open Graph URLs and the links " +
      'the WhatsApp replies carry, at run time: one build serves any domain; not an http(s) URL: the server refuses to start. Set it in ' +
      "production (else the request's `Host` is used, when it is a plain host name; the workers' links: this server on localhost)",
    "the request's origin",
  ),
  TRUST_PROXY: variable(
    checked(trustProxy),
    'behind a load balancer: `true`, or its addresses/CIDRs (`10.0.0.0/8,127.0.0.1`, `loopback`), so the client address comes from `X-Forwarded-For`',
    "unset (the socket's address)",
  ),
  DATA_DIR: variable(
    unset,
    "PGlite's data (`<DATA_DIR>/pglite`) and its owner lock (`<DATA_DIR>/pglite.lock`) and the generated secrets key (uploaded files: the object store)",
    '`.data`',
  ),
  DATABASE_URL: variable(unset, 'PostgreSQL (`postgres://user:password@host:port/db`) instead of PGlite', 'unset'),
  DATABASE_POOL_MAX: variable(
    checked(positiveWhole('DATABASE_POOL_MAX', POSTGRES_POOL_MAX)),
    "the most PostgreSQL connections one process's statements hold (work notices hold up to 3 more; docs/capacity.md)",
    `\`${POSTGRES_POOL_MAX}\``,
  ),
  OBJECT_STORE_URL: variable(
    checked(httpUrl('OBJECT_STORE_URL')),
    "the S3 endpoint of the bucket merchants' uploaded files live in, shared by every process: Cloud Storage's `https://storage.googleapis.com`, " +
      'an R2 or MinIO URL; unset: AWS S3 in `OBJECT_STORE_REGION`',
    'unset (`npm start`: its local S3 server)',
  ),
  OBJECT_STORE_BUCKET: variable(unset, 'the bucket', '`FIREBASE_STORAGE_BUCKET`, else `<project>.appspot.com`'),
  OBJECT_STORE_REGION: variable(unset, "the bucket's region (Cloud Storage: `auto`)", '`us-east-1`'),
  OBJECT_STORE_ACCESS_KEY_ID: variable(
    unset,
    'the access key (Cloud Storage: an HMAC key of a service account allowed to create, read and delete objects)',
    "unset (the SDK's default chain: an instance role, `AWS_*` variables)",
  ),
  OBJECT_STORE_SECRET_ACCESS_KEY: variable(unset, "that key's secret", 'unset'),
  SECRETS_KEY: variable(
    checked((raw) => (raw ? (parseSecretsKey(raw), raw) : null)),
    "32 bytes (base64 or 64 hex digits; `openssl rand -base64 32`) that seal merchants' Shopify and WhatsApp tokens at rest (AES-256-GCM); " +
      'set it in production and keep it: tokens sealed with another key cannot be read',
    'generated into `<DATA_DIR>/secrets.key` (mode 0600) on first start, and logged once',
  ),
  FIREBASE_PROJECT_ID: variable(unset, "Firebase project (the ID tokens' audience)", '`demo-catalyst`'),
  FIREBASE_API_KEY: variable(unset, 'Firebase web config: the API key', '`demo-api-key`'),
  FIREBASE_AUTH_DOMAIN: variable(unset, 'Firebase web config: the auth domain', '`<project>.firebaseapp.com`'),
  FIREBASE_STORAGE_BUCKET: variable(unset, 'Firebase web config: the storage bucket', '`<project>.appspot.com`'),
  FIREBASE_MESSAGING_SENDER_ID: variable(unset, 'Firebase web config: the messaging sender id', '`000000000000`'),
  FIREBASE_APP_ID: variable(unset, 'Firebase web config: the app id', '`1:000000000000:web:<project>`'),
  FIREBASE_MEASUREMENT_ID: variable(unset, 'Firebase web config: the measurement id', 'empty'),
  FIREBASE_AUTH_EMULATOR_HOST: variable(
    unset,
    '`host:port` of the Auth emulator: the server verifies tokens there and passes it to the SPA',
    'unset',
  ),
  GOOGLE_APPLICATION_CREDENTIALS: variable(
    unset,
    'service account JSON for a real Firebase project (user lookups, admin CLI); read by firebase-admin itself',
    'unset',
  ),
  AUTH_TOKEN_CACHE_SECONDS: variable(
    checked(tokenCacheTtlMs),
    'how long a verified ID token is remembered; a revoked or disabled user loses access within this time; `0` verifies every request in full',
    `\`${DEFAULT_TOKEN_CACHE_SECONDS}\``,
  ),
  LEAD_RATE_LIMIT_MAX: variable(
    checked(positiveWhole('LEAD_RATE_LIMIT_MAX', 5)),
    'contact and material requests allowed per client address per window (both forms together; counted in the database, across every web process)',
    '`5`',
  ),
  LEAD_RATE_LIMIT_WINDOW_SECONDS: variable(
    checked(positiveWhole('LEAD_RATE_LIMIT_WINDOW_SECONDS', 600)),
    'the window of `LEAD_RATE_LIMIT_MAX`, in seconds',
    '`600`',
  ),
  KNOWLEDGE_WORKER: workerSwitch(
    '`off`: this process takes no knowledge-file jobs (another process sharing the database and the object store does)',
  ),
  KNOWLEDGE_WORKER_CONCURRENCY: variable(
    checked((raw) => {
      const concurrency = Number(raw ?? 1);
      if (!Number.isInteger(concurrency) || concurrency < 1)
        throw new Error(`KNOWLEDGE_WORKER_CONCURRENCY must be a positive whole number, not "${raw}"`);
      return concurrency;
    }),
    'how many knowledge files one process reads at once',
    '`1`',
  ),
  KNOWLEDGE_JOB_LEASE_SECONDS: variable(
    checked(positiveWhole('KNOWLEDGE_JOB_LEASE_SECONDS', 60, ' of seconds')),
    'how long a knowledge import is held by its worker between renewals (every third of it): the import of a worker that died is taken over by another after this',
    '`60`',
  ),
  INVENTORY_SYNC_LEASE_SECONDS: variable(
    checked(positiveWhole('INVENTORY_SYNC_LEASE_SECONDS', 120, ' of seconds')),
    'how long an inventory sync is held by its worker between renewals (every third of it): the sync of a worker that died is taken over by another after this',
    '`120`',
  ),
  TEMPLATE_SEND_LEASE_SECONDS: variable(
    checked(positiveWhole('TEMPLATE_SEND_LEASE_SECONDS', 60, ' of seconds')),
    'how long a template send is held by its worker between renewals: the sends of a worker that died are taken over by another after this',
    '`60`',
  ),
  TEMPLATE_SENDING_GRACE_SECONDS: variable(
    checked(positiveWhole('TEMPLATE_SENDING_GRACE_SECONDS', 120, ' of seconds')),
    "how long a send found being asked of Meta by a worker that died waits for Meta's status webhook before it is asked again (Meta may have taken it)",
    '`120`',
  ),
  INVENTORY_SYNC_CONCURRENCY: variable(
    checked(positiveWhole('INVENTORY_SYNC_CONCURRENCY', 2)),
    "how many inventories one process syncs at once (a sync mostly waits on the store's rate limit; docs/capacity.md)",
    '`2`',
  ),
  INVENTORY_SYNC_WORKER: workerSwitch(
    "`off`: this process syncs no inventory (another process sharing the database does); otherwise it syncs two at once and queues each inventory's hourly sync at its own minute of the hour",
  ),
  INVENTORY_BULK_THRESHOLD: variable(
    checked((raw) => {
      const threshold = Number(raw ?? BULK_THRESHOLD);
      if (!Number.isInteger(threshold) || threshold < 0) throw new Error(`INVENTORY_BULK_THRESHOLD must be a whole number, not "${raw}"`);
      return threshold;
    }),
    "past how many variants a Shopify store's sync reads it through a bulk operation instead of page by page",
    `\`${BULK_THRESHOLD}\``,
  ),
  ORDER_POLL_SECONDS: variable(
    checked(positiveWhole('ORDER_POLL_SECONDS', ORDER_POLL_MINUTES * 60, ' of seconds')),
    "how often the orders of an inventory without webhooks are read from its store (`npm start` reads the demo store's every 15 s)",
    `\`${ORDER_POLL_MINUTES * 60}\``,
  ),
  SYNC_NOW_INTERVAL_MS: variable(
    checked(positiveWhole('SYNC_NOW_INTERVAL_MS', SYNC_NOW_INTERVAL_MS, ' of milliseconds')),
    "how long after a sync started 'Sync now' is refused (429 with Retry-After); the e2e suite shortens it so a test can sync twice",
    `\`${SYNC_NOW_INTERVAL_MS}\``,
  ),
  WHATSAPP_INBOUND_CONCURRENCY: variable(
    checked(positiveWhole('WHATSAPP_INBOUND_CONCURRENCY', 8)),
    'how many WhatsApp messages one process answers at once (different shoppers; one shopper’s in order): more when an LLM answers slowly',
    '`8`',
  ),
  WHATSAPP_INBOUND_WORKER: workerSwitch('`off`: this process answers no WhatsApp message (another process sharing the database does)'),
  CONVERSATION_RETENTION_WORKER: workerSwitch(
    '`off`: this process deletes no expired WhatsApp conversation nor expired cart (another process sharing the database does)',
  ),
  TEMPLATE_SEND_WORKER: workerSwitch('`off`: this process sends no WhatsApp template (another process sharing the database does)'),
  ORDER_NOTICE_WORKER: workerSwitch(
    '`off`: this process turns no store order event into a post-sale notice (another process sharing the database does)',
  ),
  CHECKOUT_RECOVERY_WORKER: workerSwitch(
    '`off`: this process reminds no shopper of an abandoned checkout (another process sharing the database does)',
  ),
  DEMO_TIME_SCALE: variable(
    checked((raw) => {
      const scale = positiveWhole('DEMO_TIME_SCALE', 1)(raw);
      if (scale > MAX_DEMO_TIME_SCALE) throw new Error(`DEMO_TIME_SCALE must be at most ${MAX_DEMO_TIME_SCALE}, not "${raw}"`);
      return scale;
    }),
    "demo time for checkout recovery: its steps' delays and first look run this many times faster, without quiet hours " +
      '(`60`: an hour in a minute; every process sharing the database must have the same); refused with `NODE_ENV=production`',
    '`1`',
  ),
  LLM_BASE_URL: variable(
    checked(httpUrl('LLM_BASE_URL')),
    "an OpenAI-compatible chat endpoint's API root (`https://api.openai.com/v1`, `http://127.0.0.1:11434/v1`): its models " +
      '(`GET {LLM_BASE_URL}/models`) join the built-in answerer in the model field; a malformed URL stops the server at start',
    'unset (built-in answerer only)',
  ),
  LLM_API_KEY: variable(unset, "that endpoint's key (sent as `Authorization: Bearer`; optional for local servers)", 'unset'),
  LLM_TIMEOUT_MS: variable(
    unset,
    'how long one call to that endpoint may take before the chat answers 502',
    `\`${DEFAULT_LLM_TIMEOUT_MS}\``,
  ),
  LLM_TRANSCRIPTION_MODEL: variable(
    unset,
    "the endpoint's model that transcribes a shopper's WhatsApp voice note (`POST {LLM_BASE_URL}/audio/transcriptions`) when the base answers with one of its models and the plan includes voice",
    '`whisper-1`',
  ),
  META_GRAPH_URL: variable(
    unset,
    "Meta's Graph API root, to read and correct merchants' WhatsApp catalogs",
    '`https://graph.facebook.com/v21.0`',
  ),
  META_ACCESS_TOKEN: variable(
    unset,
    "the platform's system-user token for Meta's Graph API (merchants' WhatsApp catalogs)",
    'unset (`npm start`: the demo catalog)',
  ),
  WHATSAPP_GRAPH_URL: variable(
    unset,
    "Meta's Graph API root for merchants' WhatsApp numbers (the Cloud API)",
    '`https://graph.facebook.com/v21.0`',
  ),
  WHATSAPP_CHAT_LINK: variable(
    checked((raw) => {
      const link = raw?.trim() || WA_ME_LINK;
      if (!link.includes('{number}') || !/^https?:\/\//.test(link)) throw new Error('an http(s) address with `{number}` in it');
      return link;
    }),
    "the click-to-chat address the website widget's 'Continue on WhatsApp' opens, `{number}` standing for the number's digits (the widget adds `text=`)",
    '`https://wa.me/{number}` (`npm start`: the simulated shopper)',
  ),
  RENDER_THREADS: variable(
    unset,
    'how many public pages render at once, each in a worker thread of its own (started with the first page rendered per request, stopped after a minute idle)',
    'one per core',
  ),
});

export type EnvVariables = z.output<typeof envSchema>;

export type Config = {
  /** PROCESS_ROLE: whether this process serves HTTP (web), runs the workers (worker), or both (all). */
  role: ProcessRole;
  port: number;
  host: string;
  /** The built SPA; undefined: the API alone. */
  distDir: string | undefined;
  logLevel: string;
  /** NODE_ENV=production: HSTS, and no store on this machine. */
  production: boolean;
  database: DatabaseTarget;
  /** DATA_DIR, resolved: the generated secrets key (PGlite's data: `database`). */
  dataDir: string;
  /** The bucket of merchants' uploaded files (OBJECT_STORE_*). */
  objectStore: ObjectStoreConfig;
  /** SECRETS_KEY as given (checked), else null: the key file in DATA_DIR. */
  secretsKey: string | null;
  auth: AuthConfig & { tokenCacheTtlMs: number };
  /** What the SPA reads from /runtime-config.json. */
  runtime: RuntimeConfig;
  /** SITE_URL's origin; undefined: the request's. */
  siteUrl: string | undefined;
  /** The origin of the links the workers write: SITE_URL, else this server on localhost. */
  workerSiteUrl: string;
  trustProxy: boolean | string[];
  leadRateLimit: { max: number; windowSeconds: number };
  syncNowIntervalMs: number;
  renderThreads: number;
  llm: LlmConfig | null;
  meta: MetaConfig;
  whatsapp: CloudApiConfig;
  /** WHATSAPP_CHAT_LINK: the widget's click-to-chat address, `{number}` in it. */
  whatsappChatLink: string;
  workers: {
    knowledge: boolean;
    knowledgeConcurrency: number;
    knowledgeLeaseMs: number;
    inventorySync: boolean;
    inventoryBulkThreshold: number;
    inventorySyncLeaseMs: number;
    inventorySyncConcurrency: number;
    whatsappInboundConcurrency: number;
    orderPollMs: number;
    whatsappInbound: boolean;
    conversationRetention: boolean;
    templateSends: boolean;
    templateSendLeaseMs: number;
    templateSendingGraceMs: number;
    orderNotices: boolean;
    checkoutRecovery: boolean;
  };
  /** DEMO_TIME_SCALE: how many times faster checkout recovery's delays run (1 but in a demo). */
  demoTimeScale: number;
};

/** A variable with a value the server cannot run with; the message names it. */
export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

function objectStoreConfig(vars: EnvVariables): ObjectStoreConfig {
  const accessKeyId = trimmed(vars.OBJECT_STORE_ACCESS_KEY_ID);
  const secretAccessKey = trimmed(vars.OBJECT_STORE_SECRET_ACCESS_KEY);
  if (Boolean(accessKeyId) !== Boolean(secretAccessKey))
    throw new ConfigError('OBJECT_STORE_ACCESS_KEY_ID and OBJECT_STORE_SECRET_ACCESS_KEY go together: set both or neither');
  const projectId = vars.FIREBASE_PROJECT_ID || 'demo-catalyst';
  return {
    endpoint: vars.OBJECT_STORE_URL,
    bucket: trimmed(vars.OBJECT_STORE_BUCKET) ?? trimmed(vars.FIREBASE_STORAGE_BUCKET) ?? `${projectId}.appspot.com`,
    region: trimmed(vars.OBJECT_STORE_REGION) ?? 'us-east-1',
    credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : null,
  };
}

function llmConfig(vars: EnvVariables): LlmConfig | null {
  if (!vars.LLM_BASE_URL) return null;
  const timeout = vars.LLM_TIMEOUT_MS?.trim();
  const timeoutMs = timeout ? Number(timeout) : DEFAULT_LLM_TIMEOUT_MS;
  if (!Number.isInteger(timeoutMs) || timeoutMs <= 0)
    throw new ConfigError(`LLM_TIMEOUT_MS must be a positive whole number, not "${timeout}"`);
  const transcriptionModel = vars.LLM_TRANSCRIPTION_MODEL?.trim();
  return {
    baseUrl: vars.LLM_BASE_URL,
    apiKey: trimmed(vars.LLM_API_KEY),
    timeoutMs,
    ...(transcriptionModel ? { transcriptionModel } : {}),
  };
}

/**
 * The configuration of `env` (the process's environment); throws UnsafeConfigError for production
 * with the Auth emulator and ConfigError naming every variable with a bad value.
 */
export function parseConfig(env: Env): Config {
  assertSafeForProduction(env);
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) throw new ConfigError(parsed.error.issues.map((issue) => issue.message).join('\n'));
  const vars = parsed.data;
  if (vars.NODE_ENV === 'production' && vars.DEMO_TIME_SCALE !== 1)
    throw new ConfigError('DEMO_TIME_SCALE is for demos: a shopper would be reminded too soon; unset it in production');
  const threads = Number(vars.RENDER_THREADS);
  if (vars.PROCESS_ROLE !== 'all' && !vars.DATABASE_URL)
    throw new ConfigError(
      `PROCESS_ROLE=${vars.PROCESS_ROLE} needs PostgreSQL (DATABASE_URL): PGlite is one process, which is always 'all'`,
    );
  const worker = vars.PROCESS_ROLE !== 'web';
  return {
    role: vars.PROCESS_ROLE,
    port: Number(vars.PORT ?? 3000),
    host: vars.HOST ?? '127.0.0.1',
    distDir: (vars.DIST_DIR ?? 'dist') || undefined,
    logLevel: vars.LOG_LEVEL ?? 'info',
    production: vars.NODE_ENV === 'production',
    database: vars.DATABASE_URL
      ? { kind: 'postgres', url: vars.DATABASE_URL, poolMax: vars.DATABASE_POOL_MAX }
      : { kind: 'pglite', dataDir: vars.DATA_DIR || '.data' },
    dataDir: resolve(vars.DATA_DIR || '.data'),
    objectStore: objectStoreConfig(vars),
    secretsKey: vars.SECRETS_KEY,
    auth: {
      projectId: vars.FIREBASE_PROJECT_ID || 'demo-catalyst',
      emulatorHost: vars.FIREBASE_AUTH_EMULATOR_HOST || null,
      tokenCacheTtlMs: vars.AUTH_TOKEN_CACHE_SECONDS,
    },
    runtime: runtimeConfigFromEnv({
      API_BASE_URL: vars.API_BASE_URL,
      FIREBASE_PROJECT_ID: vars.FIREBASE_PROJECT_ID,
      FIREBASE_API_KEY: vars.FIREBASE_API_KEY,
      FIREBASE_AUTH_DOMAIN: vars.FIREBASE_AUTH_DOMAIN,
      FIREBASE_STORAGE_BUCKET: vars.FIREBASE_STORAGE_BUCKET,
      FIREBASE_MESSAGING_SENDER_ID: vars.FIREBASE_MESSAGING_SENDER_ID,
      FIREBASE_APP_ID: vars.FIREBASE_APP_ID,
      FIREBASE_MEASUREMENT_ID: vars.FIREBASE_MEASUREMENT_ID,
      FIREBASE_AUTH_EMULATOR_HOST: vars.FIREBASE_AUTH_EMULATOR_HOST,
      SITE_URL: vars.SITE_URL,
      ORDER_POLL_SECONDS: String(vars.ORDER_POLL_SECONDS),
    }),
    siteUrl: vars.SITE_URL,
    workerSiteUrl: vars.SITE_URL ?? `http://localhost:${vars.PORT ?? 3000}`,
    trustProxy: vars.TRUST_PROXY,
    leadRateLimit: { max: vars.LEAD_RATE_LIMIT_MAX, windowSeconds: vars.LEAD_RATE_LIMIT_WINDOW_SECONDS },
    syncNowIntervalMs: vars.SYNC_NOW_INTERVAL_MS,
    renderThreads: Number.isInteger(threads) && threads > 0 ? threads : availableParallelism(),
    llm: llmConfig(vars),
    meta: { graphUrl: graphUrlFrom(vars.META_GRAPH_URL), accessToken: trimmed(vars.META_ACCESS_TOKEN) },
    whatsapp: { graphUrl: graphUrlFrom(vars.WHATSAPP_GRAPH_URL) },
    whatsappChatLink: vars.WHATSAPP_CHAT_LINK,
    workers: {
      knowledge: worker && vars.KNOWLEDGE_WORKER,
      knowledgeConcurrency: vars.KNOWLEDGE_WORKER_CONCURRENCY,
      knowledgeLeaseMs: vars.KNOWLEDGE_JOB_LEASE_SECONDS * 1000,
      inventorySync: worker && vars.INVENTORY_SYNC_WORKER,
      inventoryBulkThreshold: vars.INVENTORY_BULK_THRESHOLD,
      inventorySyncLeaseMs: vars.INVENTORY_SYNC_LEASE_SECONDS * 1000,
      inventorySyncConcurrency: vars.INVENTORY_SYNC_CONCURRENCY,
      whatsappInboundConcurrency: vars.WHATSAPP_INBOUND_CONCURRENCY,
      orderPollMs: vars.ORDER_POLL_SECONDS * 1000,
      whatsappInbound: worker && vars.WHATSAPP_INBOUND_WORKER,
      conversationRetention: worker && vars.CONVERSATION_RETENTION_WORKER,
      templateSends: worker && vars.TEMPLATE_SEND_WORKER,
      templateSendLeaseMs: vars.TEMPLATE_SEND_LEASE_SECONDS * 1000,
      templateSendingGraceMs: vars.TEMPLATE_SENDING_GRACE_SECONDS * 1000,
      orderNotices: worker && vars.ORDER_NOTICE_WORKER,
      checkoutRecovery: worker && vars.CHECKOUT_RECOVERY_WORKER,
    },
    demoTimeScale: vars.DEMO_TIME_SCALE,
  };
}
