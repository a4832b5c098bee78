// What answers without a token: health, readiness, runtime config and the OpenAPI document.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { buildApp } from '@/server/app';
import { parseConfig } from '@/server/config';
import { buildServices } from '@/server/services';
import { call, startTestServer, testEnv, type TestServer } from './support/test-server';
import { testDatabase } from './support/test-database';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

type OpenApi = {
  openapi: string;
  paths: Record<string, Record<string, { security?: Array<Record<string, string[]>>; responses: Record<string, unknown> }>>;
  components: { securitySchemes: Record<string, { type: string; scheme: string }> };
};

test('the OpenAPI document lists GET /api/v1/me, its bearer security and its response schema', async () => {
  const answer = await call(`${server.url}/api/docs/json`);
  expect(answer.status).toBe(200);
  const doc = answer.body as OpenApi;
  expect(doc.openapi).toMatch(/^3\./);
  const me = doc.paths['/api/v1/me']?.get;
  expect(me).toBeDefined();
  expect(me!.security).toEqual([{ firebaseIdToken: [] }]);
  expect(doc.components.securitySchemes.firebaseIdToken).toMatchObject({ type: 'http', scheme: 'bearer' });
  expect(JSON.stringify(me!.responses['200'])).toContain('premium_plus');
  // Health, runtime config and the document itself stay out of it; besides the API, only the webhooks Meta and Shopify call.
  expect(Object.keys(doc.paths).filter((path) => !path.startsWith('/api/v1/'))).toEqual([
    '/webhooks/whatsapp',
    '/webhooks/shopify/{inventoryId}',
  ]);
});

test('/healthz and /readyz answer, naming the database and the object store', async () => {
  expect((await call(`${server.url}/healthz`)).body).toEqual({ status: 'ok' });
  const ready = await call(`${server.url}/readyz`);
  expect(ready.status).toBe(200);
  expect(ready.body).toEqual({ status: 'ok', database: (await testDatabase()).kind, objectStore: 'ok' });
});

/** An app on the run's database whose config or services a test changes; `url` once it listens. */
async function listening(app: Awaited<ReturnType<typeof buildApp>>) {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

test('/readyz answers 503 while the bucket does not answer, or the database lacks a migration of this build', async () => {
  const database = await testDatabase();
  const config = parseConfig(testEnv);
  const noBucket = buildServices(database.db, parseConfig({ ...testEnv, OBJECT_STORE_BUCKET: 'no-such-bucket' }));
  const behind = { ...database, ping: () => Promise.reject(new Error('the database has 38 of 41 migrations')) };
  for (const [app, message] of [
    [await buildApp({ config, database, services: noBucket }), 'The object store does not answer.'],
    [await buildApp({ config, database: behind }), 'The database does not answer, or lacks migrations.'],
  ] as const) {
    try {
      const ready = await call(`${await listening(app)}/readyz`);
      expect(ready.status).toBe(503);
      expect(ready.body).toEqual({ error: { code: 'not_ready', message } });
    } finally {
      await app.close();
    }
  }
  // The real check: this build's migrations are all there.
  await expect(database.ping()).resolves.toBeUndefined();
});

test('a worker process (PROCESS_ROLE=worker) answers its health checks and nothing else', async () => {
  const app = await buildApp({ config: { ...parseConfig(testEnv), role: 'worker' }, database: await testDatabase() });
  try {
    const url = await listening(app);
    expect((await call(`${url}/healthz`)).status).toBe(200);
    expect((await call(`${url}/readyz`)).body).toMatchObject({ status: 'ok', objectStore: 'ok' });
    for (const path of ['/api/v1/me', '/api/v1/plans', '/runtime-config.json', '/webhooks/whatsapp', '/api/docs/json'])
      expect((await call(`${url}${path}`)).status, path).toBe(404);
  } finally {
    await app.close();
  }
});

test('/runtime-config.json gives the SPA the emulator it should use and how often orders are polled', async () => {
  const answer = await call(`${server.url}/runtime-config.json`);
  expect(answer.status).toBe(200);
  expect(answer.body).toMatchObject({
    apiBaseUrl: '/api/v1',
    firebase: { projectId: 'demo-catalyst' },
    authEmulatorUrl: expect.stringMatching(/^http:\/\//),
    // ORDER_POLL_SECONDS unset: the default, which the inventory screens say.
    orderPollSeconds: 300,
  });
  expect(answer.headers.get('cache-control')).toBe('no-store');
});

test('with the SPA served too: the API keeps its JSON 404 and the document lists only the API', async () => {
  const distDir = mkdtempSync(join(tmpdir(), 'catalyst-dist-'));
  writeFileSync(join(distDir, 'index.html'), '<!doctype html><title>Catalyst</title>');
  const app = await buildApp({ env: testEnv, distDir, database: await testDatabase() });
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

    const page = await call(`${url}/en/dashboard`);
    expect(page.status).toBe(200);
    expect(page.text).toContain('<title>Catalyst</title>');

    const api = await call(`${url}/api/v1/nope`);
    expect(api.status).toBe(404);
    expect(api.body).toMatchObject({ error: { code: 'not_found' } });

    const doc = (await call(`${url}/api/docs/json`)).body as OpenApi;
    const paths = Object.keys(doc.paths);
    expect(paths).toContain('/api/v1/me');
    expect(paths.filter((path) => !path.startsWith('/api/v1/'))).toEqual(['/webhooks/whatsapp', '/webhooks/shopify/{inventoryId}']);
  } finally {
    await app.close();
    rmSync(distDir, { recursive: true, force: true });
  }
});

test('/readyz answers 503 while the database does not answer; /healthz stays up', async () => {
  const database = await testDatabase();
  const down = { ...database, ping: () => Promise.reject(new Error('connection refused')) };
  const app = await buildApp({ env: testEnv, database: down });
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const ready = await call(`${url}/readyz`);
    expect(ready.status).toBe(503);
    expect(ready.body).toMatchObject({ error: { code: 'not_ready' } });
    expect(ready.text).not.toContain('connection refused');
    expect((await call(`${url}/healthz`)).status).toBe(200);
  } finally {
    await app.close();
  }
});
