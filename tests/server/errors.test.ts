// Bad input gets a clear 4xx in the API's error shape, never a 500; our own failures get a 500
// that leaks nothing; every answer carries a request id.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import * as z from 'zod/mini';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { BODY_LIMIT } from '@/server/app';
import { createUser, type TestUser } from './support/emulator-users';
import { call, errorOf, startTestServer, type TestServer } from './support/test-server';

let server: TestServer;
let user: TestUser;
const SECRET = 'postgres://admin:hunter2@db.internal/catalyst';

beforeAll(async () => {
  // Probe routes with a body schema, a crash and a response that breaks its schema, through the
  // app's own compilers and error handler (outside /api/v1, so the tenancy table stays the API's).
  server = await startTestServer({
    beforeListen: (app) => {
      app
        .withTypeProvider<ZodTypeProvider>()
        .post(
          '/error-probe',
          { schema: { body: z.strictObject({ name: z.string(), count: z.int(), tags: z.optional(z.array(z.string())) }) } },
          async (request) => ({ received: request.body }),
        );
      app.get('/error-probe/crash', async () => {
        throw new Error(`connect failed: ${SECRET}`);
      });
      app
        .withTypeProvider<ZodTypeProvider>()
        .get(
          '/error-probe/bad-response',
          { schema: { response: { 200: z.object({ ok: z.boolean() }) } } },
          async () => ({ ok: 'yes' }) as never,
        );
    },
  });
  user = await createUser('errors');
});
afterAll(() => server.close());

const json = (body: string, extra: { token?: string; method?: string } = {}) =>
  ({
    method: extra.method ?? 'POST',
    headers: { 'content-type': 'application/json' },
    body,
    ...(extra.token ? { token: extra.token } : {}),
  }) as const;

describe('404', () => {
  test('unknown API routes, with or without a token', async () => {
    for (const token of [undefined, user.idToken]) {
      const answer = await call(`${server.url}/api/v1/no-such-thing`, token ? { token } : {});
      expect(answer.status).toBe(404);
      expect(errorOf(answer).code).toBe('not_found');
    }
  });

  test('a known path with another method', async () => {
    const answer = await call(`${server.url}/api/v1/me`, { method: 'DELETE', token: user.idToken });
    expect(answer.status).toBe(404);
    expect(errorOf(answer).code).toBe('not_found');
  });

  test('outside the API, when no SPA is served', async () => {
    const answer = await call(`${server.url}/nowhere`);
    expect(answer.status).toBe(404);
    expect(errorOf(answer).code).toBe('not_found');
  });
});

describe('400 and 413 for bad bodies and parameters', () => {
  test('malformed JSON', async () => {
    for (const url of ['/api/v1/me', '/error-probe']) {
      const answer = await call(`${server.url}${url}`, json('{"name": "a",', { token: user.idToken }));
      expect(answer.status, url).toBe(400);
      expect(errorOf(answer).code).toBe('invalid_json');
    }
  });

  test('an empty JSON body', async () => {
    const answer = await call(`${server.url}/error-probe`, json(''));
    expect(answer.status).toBe(400);
    expect(errorOf(answer).code).toBe('invalid_json');
  });

  test('a body over the 1 MiB limit', async () => {
    const big = JSON.stringify({ name: 'x'.repeat(BODY_LIMIT), count: 1 });
    for (const url of ['/api/v1/me', '/error-probe']) {
      const answer = await call(`${server.url}${url}`, json(big, { token: user.idToken }));
      expect(answer.status, url).toBe(413);
      expect(errorOf(answer)).toMatchObject({ code: 'payload_too_large', message: expect.stringContaining('1 MiB') });
    }
  });

  test('unknown fields are refused, by name', async () => {
    const answer = await call(`${server.url}/error-probe`, json(JSON.stringify({ name: 'a', count: 1, admin: true })));
    expect(answer.status).toBe(400);
    expect(errorOf(answer)).toMatchObject({ code: 'validation_failed', fields: { admin: 'Unknown field' } });

    const query = await call(`${server.url}/api/v1/me?plan=enterprise`, { token: user.idToken });
    expect(query.status).toBe(400);
    expect(errorOf(query)).toMatchObject({ code: 'validation_failed', fields: { plan: 'Unknown field' } });
  });

  test('wrong types and missing fields, each named', async () => {
    const answer = await call(`${server.url}/error-probe`, json(JSON.stringify({ name: 7, tags: ['a', 3] })));
    expect(answer.status).toBe(400);
    const error = errorOf(answer);
    expect(error.code).toBe('validation_failed');
    expect(Object.keys(error.fields ?? {}).sort()).toEqual(['count', 'name', 'tags.1']);
  });

  test('a body that is not an object', async () => {
    const answer = await call(`${server.url}/error-probe`, json('[1, 2]'));
    expect(answer.status).toBe(400);
    expect(errorOf(answer).code).toBe('validation_failed');
  });

  test('an unsupported content-type', async () => {
    const answer = await call(`${server.url}/error-probe`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-unknown' },
      body: 'x',
    });
    expect(answer.status).toBe(415);
    expect(errorOf(answer).code).toBe('unsupported_media_type');
  });

  test('a malformed URL', async () => {
    const answer = await call(`${server.url}/api/v1/%E0%A4%A`);
    expect(answer.status).toBe(400);
    expect(errorOf(answer).code).toBe('bad_request');
    expect(answer.headers.get('x-request-id')).toBeTruthy();
  });

  test('a valid body passes', async () => {
    const answer = await call(`${server.url}/error-probe`, json(JSON.stringify({ name: 'a', count: 2 })));
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ received: { name: 'a', count: 2 } });
  });
});

describe('500', () => {
  test('a crash answers a generic error, without internals', async () => {
    const answer = await call(`${server.url}/error-probe/crash`);
    expect(answer.status).toBe(500);
    expect(errorOf(answer).code).toBe('internal_error');
    expect(answer.text).not.toContain('hunter2');
    expect(answer.text).not.toContain('connect failed');
    expect(answer.text).not.toMatch(/at .*\.ts:\d+/); // no stack
  });

  test('a response that breaks its own schema is our bug: 500, not the broken body', async () => {
    const answer = await call(`${server.url}/error-probe/bad-response`);
    expect(answer.status).toBe(500);
    expect(errorOf(answer).code).toBe('internal_error');
    expect(answer.text).not.toContain('yes');
  });
});

describe('request ids', () => {
  test('a given x-request-id is echoed, on success and on error', async () => {
    for (const [url, token] of [
      ['/api/v1/me', user.idToken],
      ['/api/v1/me', undefined],
      ['/nowhere', undefined],
    ] as const) {
      const answer = await call(`${server.url}${url}`, { ...(token ? { token } : {}), headers: { 'x-request-id': 'trace-42.a' } });
      expect(answer.headers.get('x-request-id'), url).toBe('trace-42.a');
    }
  });

  test('without one (or with an unusable one) the server makes a fresh id per request', async () => {
    const ids = new Set<string | null>();
    for (const header of [{}, {}, { 'x-request-id': 'has spaces and "quotes"' }, { 'x-request-id': 'x'.repeat(500) }] as Array<
      Record<string, string>
    >) {
      const id = (await call(`${server.url}/healthz`, { headers: header })).headers.get('x-request-id');
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
      ids.add(id);
    }
    expect(ids.size).toBe(4);
  });
});
