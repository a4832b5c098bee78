// The server's configuration (server/config.ts): the defaults of an empty environment, a bad value
// refused with a message naming its variable, and the README's table generated from the schema.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { UnsafeConfigError } from '@/server/auth/auth-config';
import { ConfigError, envSchema, parseConfig } from '@/server/config';
import { workerSettingsFrom } from '@/server/workers';
import { DEFAULT_ORDER_POLL_SECONDS, runtimeConfigSchema } from '@/domain/runtime-config';
import { envTable, readmePath, readmeWithEnvTable } from '@/scripts/env-table';

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('parseConfig', () => {
  test('an empty environment gives the embedded defaults', () => {
    const config = parseConfig({});
    expect(config).toMatchObject({
      role: 'all',
      objectStore: { endpoint: null, bucket: 'demo-catalyst.appspot.com', region: 'us-east-1', credentials: null },
      port: 3000,
      host: '127.0.0.1',
      distDir: 'dist',
      logLevel: 'info',
      production: false,
      database: { kind: 'pglite', dataDir: '.data' },
      dataDir: resolve('.data'),
      secretsKey: null,
      auth: { projectId: 'demo-catalyst', emulatorHost: null, tokenCacheTtlMs: 5_000 },
      siteUrl: undefined,
      workerSiteUrl: 'http://localhost:3000',
      trustProxy: false,
      leadRateLimit: { max: 5, windowSeconds: 600 },
      syncNowIntervalMs: 60_000,
      llm: null,
      meta: { graphUrl: 'https://graph.facebook.com/v21.0', accessToken: null },
      whatsapp: { graphUrl: 'https://graph.facebook.com/v21.0' },
      workers: {
        knowledge: true,
        knowledgeConcurrency: 1,
        knowledgeLeaseMs: 60_000,
        inventorySync: true,
        inventoryBulkThreshold: 10_000,
        orderPollMs: 300_000,
        whatsappInbound: true,
        conversationRetention: true,
        templateSends: true,
        orderNotices: true,
      },
      demoTimeScale: 1,
    });
    expect(config.runtime).toEqual({
      apiBaseUrl: '/api/v1',
      firebase: {
        apiKey: 'demo-api-key',
        authDomain: 'demo-catalyst.firebaseapp.com',
        projectId: 'demo-catalyst',
        storageBucket: 'demo-catalyst.appspot.com',
        messagingSenderId: '000000000000',
        appId: '1:000000000000:web:demo-catalyst',
        measurementId: '',
      },
      orderPollSeconds: 300,
    });
    expect(config.renderThreads).toBeGreaterThan(0);
  });

  test('values are read as the server has always read them', () => {
    // The production guard also reads the process's own FIREBASE_AUTH_EMULATOR_HOST (firebase-admin
    // does), which a server test in the same worker may have set: this process has none.
    vi.stubEnv('FIREBASE_AUTH_EMULATOR_HOST', '');
    const config = parseConfig({
      PORT: '4173',
      DIST_DIR: '',
      NODE_ENV: 'production',
      DATABASE_URL: 'postgres://catalyst@127.0.0.1/catalyst',
      SITE_URL: 'https://catalyst.example/some/path',
      TRUST_PROXY: ' 127.0.0.1, 10.0.0.0/8 ',
      KNOWLEDGE_WORKER: 'off',
      RENDER_THREADS: 'many',
      LLM_BASE_URL: 'http://127.0.0.1:11434/v1/',
      ORDER_POLL_SECONDS: '15',
    });
    expect(config).toMatchObject({
      port: 4173,
      distDir: undefined,
      production: true,
      database: { kind: 'postgres', url: 'postgres://catalyst@127.0.0.1/catalyst' },
      siteUrl: 'https://catalyst.example',
      workerSiteUrl: 'https://catalyst.example',
      trustProxy: ['127.0.0.1', '10.0.0.0/8'],
      workers: { knowledge: false, orderPollMs: 15_000 },
      llm: { baseUrl: 'http://127.0.0.1:11434/v1', apiKey: null, timeoutMs: 30_000 },
    });
    expect(config.runtime.siteUrl).toBe('https://catalyst.example');
    // The screens say how often orders are polled from what the SPA reads: the same setting.
    expect(config.runtime.orderPollSeconds).toBe(15);
    expect(config.renderThreads).toBeGreaterThan(0);
  });

  test("an SPA reads the runtime config of a server from before the polling interval: the default's", () => {
    const { orderPollSeconds: _new, ...older } = parseConfig({}).runtime;
    expect(runtimeConfigSchema.parse(older).orderPollSeconds).toBe(DEFAULT_ORDER_POLL_SECONDS);
    expect(() => runtimeConfigSchema.parse({ ...older, orderPollSeconds: 0 })).toThrow();
  });

  test('a bad value stops the start with a message naming the variable; every bad one is named', () => {
    expect(() => parseConfig({ LEAD_RATE_LIMIT_MAX: 'lots' })).toThrow(
      new ConfigError('LEAD_RATE_LIMIT_MAX must be a positive whole number, not "lots"'),
    );
    expect(() => parseConfig({ SITE_URL: 'catalyst.example' })).toThrow(/SITE_URL must be an http\(s\) origin/);
    expect(() => parseConfig({ SECRETS_KEY: 'short' })).toThrow(/openssl rand -base64 32/);
    expect(() => parseConfig({ INVENTORY_BULK_THRESHOLD: '-1' })).toThrow(/INVENTORY_BULK_THRESHOLD must be a whole number/);
    let message = '';
    try {
      parseConfig({ KNOWLEDGE_WORKER_CONCURRENCY: '0', AUTH_TOKEN_CACHE_SECONDS: 'soon' });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/AUTH_TOKEN_CACHE_SECONDS/);
    expect(message).toMatch(/KNOWLEDGE_WORKER_CONCURRENCY/);
  });

  test('what one process takes on: syncs and replies at once, the sync lease and the PostgreSQL pool, each settable', () => {
    const postgres = 'postgres://catalyst@127.0.0.1/catalyst';
    expect(parseConfig({ DATABASE_URL: postgres })).toMatchObject({
      database: { kind: 'postgres', url: postgres, poolMax: 20 },
      workers: { inventorySyncConcurrency: 2, whatsappInboundConcurrency: 8, inventorySyncLeaseMs: 120_000 },
    });
    const set = parseConfig({
      DATABASE_URL: postgres,
      DATABASE_POOL_MAX: '8',
      INVENTORY_SYNC_CONCURRENCY: '16',
      WHATSAPP_INBOUND_CONCURRENCY: '64',
      INVENTORY_SYNC_LEASE_SECONDS: '30',
    });
    expect(set).toMatchObject({
      database: { poolMax: 8 },
      workers: { inventorySyncConcurrency: 16, whatsappInboundConcurrency: 64, inventorySyncLeaseMs: 30_000 },
    });
    // What the workers are built with.
    expect(workerSettingsFrom(set)).toMatchObject({
      inventorySync: { concurrency: 16, leaseMs: 30_000 },
      whatsappInbound: { concurrency: 64 },
    });
    for (const name of ['DATABASE_POOL_MAX', 'INVENTORY_SYNC_CONCURRENCY', 'WHATSAPP_INBOUND_CONCURRENCY', 'INVENTORY_SYNC_LEASE_SECONDS'])
      for (const bad of ['0', '2.5', 'many']) expect(() => parseConfig({ [name]: bad }), `${name}=${bad}`).toThrow(new RegExp(name));
  });

  test("demo time: DEMO_TIME_SCALE speeds recovery's delays up, within bounds, and never in production", () => {
    vi.stubEnv('FIREBASE_AUTH_EMULATOR_HOST', ''); // as above: the production guard reads the process's own
    expect(parseConfig({ DEMO_TIME_SCALE: '60' }).demoTimeScale).toBe(60);
    for (const bad of ['0', '1.5', 'fast', '3601']) expect(() => parseConfig({ DEMO_TIME_SCALE: bad })).toThrow(/DEMO_TIME_SCALE must be/);
    expect(() => parseConfig({ NODE_ENV: 'production', DEMO_TIME_SCALE: '60' })).toThrow(
      new ConfigError('DEMO_TIME_SCALE is for demos: a shopper would be reminded too soon; unset it in production'),
    );
    expect(parseConfig({ NODE_ENV: 'production', DEMO_TIME_SCALE: '1' }).demoTimeScale).toBe(1);
  });

  test('process roles: web runs no worker, worker and all run them; web and worker need PostgreSQL', () => {
    const onPostgres = { DATABASE_URL: 'postgres://catalyst@127.0.0.1/catalyst' };
    const workersOf = (env: Record<string, string>) => Object.values(parseConfig(env).workers).filter((value) => value === true);
    expect(parseConfig(onPostgres).role).toBe('all');
    expect(workersOf({ ...onPostgres, PROCESS_ROLE: 'web' })).toEqual([]);
    expect(workersOf({ ...onPostgres, PROCESS_ROLE: 'worker' })).toHaveLength(7);
    // A switch still turns one kind of work off in a worker.
    expect(parseConfig({ ...onPostgres, PROCESS_ROLE: 'worker', KNOWLEDGE_WORKER: 'off' }).workers.knowledge).toBe(false);
    expect(() => parseConfig({ PROCESS_ROLE: 'web' })).toThrow(
      new ConfigError("PROCESS_ROLE=web needs PostgreSQL (DATABASE_URL): PGlite is one process, which is always 'all'"),
    );
    expect(() => parseConfig({ ...onPostgres, PROCESS_ROLE: 'api' })).toThrow(/PROCESS_ROLE must be one of all, web, worker, not "api"/);
  });

  test("the object store: the Firebase project's bucket unless named, its endpoint checked, its key whole or absent", () => {
    expect(parseConfig({ FIREBASE_STORAGE_BUCKET: 'loja.appspot.com' }).objectStore.bucket).toBe('loja.appspot.com');
    expect(
      parseConfig({
        OBJECT_STORE_URL: 'https://storage.googleapis.com/',
        OBJECT_STORE_BUCKET: 'catalyst-files',
        OBJECT_STORE_REGION: 'auto',
        OBJECT_STORE_ACCESS_KEY_ID: 'GOOG1E',
        OBJECT_STORE_SECRET_ACCESS_KEY: 'secret',
      }).objectStore,
    ).toEqual({
      endpoint: 'https://storage.googleapis.com',
      bucket: 'catalyst-files',
      region: 'auto',
      credentials: { accessKeyId: 'GOOG1E', secretAccessKey: 'secret' },
    });
    expect(() => parseConfig({ OBJECT_STORE_URL: 'storage.googleapis.com' })).toThrow(/OBJECT_STORE_URL must be an http\(s\) URL/);
    expect(() => parseConfig({ OBJECT_STORE_ACCESS_KEY_ID: 'GOOG1E' })).toThrow(/set both or neither/);
  });

  test('production with the Auth emulator is refused as unsafe', () => {
    expect(() => parseConfig({ NODE_ENV: 'production', FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' })).toThrow(UnsafeConfigError);
  });
});

describe("the README's environment table", () => {
  test('documents every variable of the schema, as generated (npm run env:table rewrites it)', () => {
    const readme = readFileSync(readmePath, 'utf8');
    expect(readmeWithEnvTable(readme), 'README.md and server/config.ts disagree: run npm run env:table').toBe(readme);
    for (const name of Object.keys(envSchema.shape)) expect(envTable()).toContain(`| \`${name}\` |`);
  });

  test('a README whose table differs from the schema is caught', () => {
    const readme = readFileSync(readmePath, 'utf8');
    const stale = readme.replace('| `PORT` |', '| `OLD_PORT` |');
    expect(readmeWithEnvTable(stale)).not.toBe(stale);
  });
});
