// The app on real HTTP on loopback (an ephemeral port), against the run's database and the Auth
// emulator, and a small fetch wrapper for its JSON answers.
import type { AddressInfo } from 'node:net';
import { expect, inject } from 'vitest';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { buildApp } from '@/server/app';
import { buildServices, type Services } from '@/server/services';
import { appWithWorkers, workerSettingsFrom } from '@/server/workers';
import { parseConfig } from '@/server/config';
import { rateLimitCounts } from '@/server/limits/rate-limit-tables';
import { emulatorHost, emulatorProject } from './emulator-users';
import { testDatabase } from './test-database';

export type TestServer = { url: string; app: FastifyInstance; close: () => Promise<void> };

/** What every test server runs with: the Auth emulator and the run's object store (./global-setup.ts). */
export const testEnv = { FIREBASE_AUTH_EMULATOR_HOST: emulatorHost, FIREBASE_PROJECT_ID: emulatorProject, ...inject('objectStoreEnv') };

type Options = {
  /** Added to the test env, e.g. AUTH_TOKEN_CACHE_SECONDS. */
  env?: Record<string, string>;
  /** May add routes (tests of the error handling) before the app is ready. */
  beforeListen?: (app: FastifyInstance) => void;
  /** Runs the background workers beside the app (uploads get processed); the app alone runs none. */
  workers?: boolean;
};

/**
 * The app on the run's database; with `workers`, this process's background workers beside it, wired
 * as server/main.ts wires them (started when the app is ready, stopped before it closes).
 */
export async function buildTestApp(
  env: Record<string, string>,
  { workers = false, logger, services }: { workers?: boolean; logger?: FastifyServerOptions['logger']; services?: Services } = {},
) {
  const database = await testDatabase();
  // Request limits count in the database every test server shares: each starts from none, as a process of its own did.
  await database.db.delete(rateLimitCounts);
  // Built once for the app and its workers, as main.ts builds them.
  const config = parseConfig(env);
  const shared = services ?? buildServices(database.db, config);
  const build = (onWorkQueued?: () => void) =>
    buildApp({ config, database, services: shared, ...(logger ? { logger } : {}), ...(onWorkQueued ? { onWorkQueued } : {}) });
  return workers ? appWithWorkers({ db: database.db, settings: workerSettingsFrom(config), services: shared }, build) : build();
}

export async function startTestServer({ env, beforeListen, workers = false }: Options = {}): Promise<TestServer> {
  const app = await buildTestApp({ ...testEnv, ...env }, { workers });
  beforeListen?.(app);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, app, close: () => app.close() };
}

export type ApiAnswer = { status: number; headers: Headers; body: unknown; text: string };

export async function call(
  url: string,
  options: { method?: string; token?: string; authorization?: string; headers?: Record<string, string>; body?: string | FormData } = {},
): Promise<ApiAnswer> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.authorization !== undefined) headers.authorization = options.authorization;
  const response = await fetch(url, { method: options.method ?? 'GET', headers, body: options.body });
  const text = await response.text();
  let body: unknown = null;
  try {
    body = JSON.parse(text);
  } catch {
    /* not JSON: tests assert on `text` */
  }
  return { status: response.status, headers: response.headers, body, text };
}

/** The API's error body, checked for its shape: `{ error: { code, message, fields? } }`. */
export function errorOf(answer: ApiAnswer): { code: string; message: string; fields?: Record<string, string> } {
  const error = (answer.body as { error?: { code?: unknown; message?: unknown } } | null)?.error;
  if (!error || typeof error.code !== 'string' || typeof error.message !== 'string') {
    throw new Error(`Not an API error body (status ${answer.status}): ${answer.text.slice(0, 300)}`);
  }
  return error as { code: string; message: string; fields?: Record<string, string> };
}

/** A signed-in JSON call under `server`'s /api/v1, as `user`: `api(user, '/contacts', 'POST', body)`. */
export const jsonApi =
  (server: () => TestServer) =>
  (user: { idToken: string }, path: string, method = 'GET', body?: unknown): Promise<ApiAnswer> =>
    call(`${server().url}/api/v1${path}`, {
      method,
      token: user.idToken,
      ...(body === undefined ? {} : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
    });

/** The answer's body once its status is `status` (failing with the answer's text otherwise). */
export async function ok<T>(answer: Promise<ApiAnswer>, status = 200): Promise<T> {
  const settled = await answer;
  expect(settled.status, settled.text).toBe(status);
  return settled.body as T;
}
