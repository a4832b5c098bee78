import { afterEach, beforeEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import wretch from 'wretch';
import { z } from 'zod';
import { createApiClient, type ApiClientOptions } from '@/src/api/api-client';
import { ApiError, NetworkError, ResponseShapeError, isApiError, isNetworkError, isResponseShapeError } from '@/src/api/api-errors';
import { retryOnce } from '@/src/api/middlewares';
import { sendJson, sequence, startTestServer, type TestServer } from '../fixtures/http-test-server';

// Every test talks to a real node:http server on 127.0.0.1 (ephemeral port); nothing mocks fetch.
let server: TestServer;
beforeEach(async () => {
  server = await startTestServer();
});
afterEach(() => server.close());

function client(overrides: Partial<ApiClientOptions> = {}) {
  return createApiClient({
    baseUrl: `${server.origin}/api/v1`,
    getIdToken: () => Promise.resolve('id-token'),
    defaultRetryDelayMs: 10,
    ...overrides,
  });
}

const caught = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) => error,
  );
const gapMs = () => server.requests[1]!.at - server.requests[0]!.at;
/** The retry waits a test's client asked for, in order; the wait itself returns at once. */
let waits: number[] = [];
const recordWait = (ms: number) => {
  waits.push(ms);
  return Promise.resolve();
};
beforeEach(() => {
  waits = [];
});
const retryableStatuses = [408, 409, 425, 429, 500, 502, 503, 504];

describe('base URL', () => {
  it('joins paths to the configured base, with or without slashes', async () => {
    await client().get('widgets/7');
    await client().get('/widgets/7');
    await client({ baseUrl: `${server.origin}/api/v1/` }).get('/widgets/7');
    expect(server.requests.map((r) => r.url)).toEqual(['/api/v1/widgets/7', '/api/v1/widgets/7', '/api/v1/widgets/7']);
  });

  it('appends query parameters, omitting null and undefined, repeating arrays', async () => {
    await client().get('/widgets', { query: { q: 'a b&c', page: 2, tag: ['x', 'y'], skip: undefined, none: null } });
    expect(server.requests[0]?.url).toBe('/api/v1/widgets?q=a+b%26c&page=2&tag=x&tag=y');
  });
});

describe('authorization', () => {
  it('sends Bearer <ID token> on every request, asking the provider each time', async () => {
    let issued = 0;
    const api = client({ getIdToken: () => Promise.resolve(`token-${++issued}`) });
    server.handle(sequence({ status: 503 }, { status: 200, body: {} }));
    await api.get('/me'); // fails once, retried
    await api.post('/things', { a: 1 });
    expect(server.requests.map((r) => r.headers.authorization)).toEqual(['Bearer token-1', 'Bearer token-2', 'Bearer token-3']);
  });

  it('sends an empty Bearer when signed out', async () => {
    await client({ getIdToken: () => Promise.resolve(null) }).get('/me');
    // The client sets `Bearer ` (with the space), but fetch normalises header values by stripping
    // trailing whitespace (Fetch spec; browsers and Node's undici alike), so the server receives `Bearer`.
    expect(server.requests[0]?.headers.authorization).toBe('Bearer');
  });
});

describe('request bodies', () => {
  it.each(['post', 'put', 'patch', 'delete'] as const)('%s sends its body as JSON', async (method) => {
    const body = { name: 'Café', tags: ['a'], n: 1 };
    await client()[method]('/things/1', body);
    const received = server.requests[0]!;
    expect(received.method).toBe(method.toUpperCase());
    expect(received.headers['content-type']).toBe('application/json');
    expect(JSON.parse(received.body)).toEqual(body);
  });

  it('get sends neither body nor content-type', async () => {
    await client().get('/things');
    expect(server.requests[0]?.body).toBe('');
    expect(server.requests[0]?.headers['content-type']).toBeUndefined();
  });
});

describe('retries of safe methods', () => {
  it.each(retryableStatuses)('retries a GET once after %i', async (status) => {
    server.handle(sequence({ status }, { status: 200, body: { ok: true } }));
    await expect(client().get('/things')).resolves.toEqual({ ok: true });
    expect(server.requests).toHaveLength(2);
  });

  it.each([400, 401, 403, 404, 422, 501])('never retries a GET after %i', async (status) => {
    server.handle(sequence({ status }, { status: 200, body: {} }));
    const error = await caught(client().get('/things'));
    expect(error).toMatchObject({ status });
    expect(server.requests).toHaveLength(1);
  });

  it('retries HEAD and OPTIONS as well (retry middleware on a bare wretch)', async () => {
    server.handle(sequence({ status: 503 }, { status: 200 }));
    const w = wretch(server.origin).middlewares([retryOnce({ maxRetryDelayMs: 5000, defaultDelayMs: 10, now: Date.now })]);
    await w.head('/a').res();
    server.handle(sequence({ status: 503 }, { status: 200 }));
    await w.opts('/b').res();
    expect(server.requests.map((r) => `${r.method} ${r.url}`)).toEqual(['HEAD /a', 'HEAD /a', 'OPTIONS /b', 'OPTIONS /b']);
  });

  it('does not retry a second failure', async () => {
    server.handle(sequence({ status: 503 }));
    const error = await caught(client({ wait: recordWait }).get('/things'));
    expect(error).toMatchObject({ status: 503 });
    // Every attempt happens before the call settles: one wait, two requests.
    expect(waits).toEqual([10]);
    expect(server.requests).toHaveLength(2);
  });

  it('waits the default delay when there is no Retry-After', async () => {
    server.handle(sequence({ status: 503 }, { status: 200, body: {} }));
    await client({ defaultRetryDelayMs: 150, wait: recordWait }).get('/things');
    expect(waits).toEqual([150]);
    expect(server.requests).toHaveLength(2);
  });

  it('honours Retry-After in delta-seconds', async () => {
    server.handle(sequence({ status: 429, headers: { 'retry-after': '1' } }, { status: 200, body: {} }));
    await client({ defaultRetryDelayMs: 10, wait: recordWait }).get('/things');
    expect(waits).toEqual([1000]);
  });

  it('honours Retry-After: 0 over a longer default delay', async () => {
    server.handle(sequence({ status: 503, headers: { 'retry-after': '0' } }, { status: 200, body: {} }));
    await client({ defaultRetryDelayMs: 3000, wait: recordWait }).get('/things');
    expect(waits).toEqual([0]);
  });

  it('honours Retry-After as an HTTP-date', async () => {
    const retryAt = 'Wed, 21 Oct 2037 07:28:00 GMT';
    server.handle(sequence({ status: 503, headers: { 'retry-after': retryAt } }, { status: 200, body: {} }));
    // The client's clock reads 200 ms before the date, so it waits 200 ms (not the 3 s default).
    await client({ defaultRetryDelayMs: 3000, now: () => Date.parse(retryAt) - 200, wait: recordWait }).get('/things');
    expect(waits).toEqual([200]);
  });

  it('waits on a real timer by default, then retries', async () => {
    server.handle(sequence({ status: 503 }, { status: 200, body: { ok: true } }));
    await expect(client({ defaultRetryDelayMs: 50 }).get('/things')).resolves.toEqual({ ok: true });
    // A timer never fires early: the retry came after the delay, however slow the machine.
    expect(gapMs()).toBeGreaterThanOrEqual(45);
  });

  it('fails at once when Retry-After exceeds the default 5 s bound', async () => {
    server.handle(sequence({ status: 503, headers: { 'retry-after': '6' } }, { status: 200, body: {} }));
    const error = await caught(client({ wait: recordWait }).get('/things'));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 503 });
    expect(waits).toEqual([]);
    expect(server.requests).toHaveLength(1);
  });

  it('fails at once when Retry-After exceeds a configured bound', async () => {
    server.handle(sequence({ status: 429, headers: { 'retry-after': '1' } }, { status: 200, body: {} }));
    const error = await caught(client({ maxRetryDelayMs: 500, wait: recordWait }).get('/things'));
    expect(error).toMatchObject({ status: 429 });
    expect(waits).toEqual([]);
    expect(server.requests).toHaveLength(1);
  });

  it('stops waiting when aborted during the retry delay', async () => {
    // Retry-After 5 s on the real timer: had the abort not ended the wait, the retry would succeed.
    server.handle(sequence({ status: 503, headers: { 'retry-after': '5' } }, { status: 200, body: {} }));
    const controller = new AbortController();
    const pending = caught(client().get('/things', { signal: controller.signal }));
    await vi.waitFor(() => expect(server.requests).toHaveLength(1));
    controller.abort();
    expect(await pending).toMatchObject({ name: 'AbortError' });
    expect(server.requests).toHaveLength(1);
  });
});

describe('writes', () => {
  it.each(['post', 'put', 'patch', 'delete'] as const)('%s is never retried', async (method) => {
    server.handle(sequence({ status: 503, headers: { 'retry-after': '0' } }, { status: 200, body: {} }));
    const error = await caught(client({ wait: recordWait })[method]('/things/1', { a: 1 }));
    expect(error).toMatchObject({ status: 503 });
    expect(waits).toEqual([]);
    expect(server.requests).toHaveLength(1);
  });
});

describe('typed errors', () => {
  it('parses the API error body into ApiError', async () => {
    const body = { error: { code: 'validation_failed', message: 'Check the form', fields: { name: 'Required' } } };
    server.handle((_request, response) => sendJson(response, 422, body));
    const error = await caught(client().post('/things', {}));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toBeInstanceOf(Error);
    expect(isApiError(error)).toBe(true);
    expect(isNetworkError(error)).toBe(false);
    expect(error).toMatchObject({
      name: 'ApiError',
      status: 422,
      code: 'validation_failed',
      message: 'Check the form',
      fields: { name: 'Required' },
    });
  });

  it('gives code "unknown", keeping the message, for a code this build does not know', async () => {
    server.handle((_request, response) => sendJson(response, 409, { error: { code: 'something_new', message: 'A newer server says so' } }));
    expect(await caught(client().get('/things'))).toMatchObject({ status: 409, code: 'unknown', message: 'A newer server says so' });
  });

  it.each([
    ['HTML', 'text/html', '<html><body>Bad gateway</body></html>'],
    ['empty', 'text/plain', ''],
    ['foreign JSON', 'application/json', '{"message":"nope"}'],
    ['broken JSON', 'application/json', '{"error":'],
  ])('gives code "unknown" for a %s error body', async (_label, contentType, text) => {
    server.handle((_request, response) => {
      response.writeHead(400, { 'content-type': contentType });
      response.end(text);
    });
    const error = await caught(client().get('/things'));
    expect(isApiError(error)).toBe(true);
    expect(error).toMatchObject({ status: 400, code: 'unknown' });
    expect((error as ApiError).fields).toBeUndefined();
  });

  it('carries the wait a 429 asks for (Retry-After, seconds or a date), and nothing when there is none', async () => {
    const body = { error: { code: 'rate_limited', message: 'Slow down' } };
    server.handle((_request, response) => {
      response.writeHead(429, { 'content-type': 'application/json', 'retry-after': '120' });
      response.end(JSON.stringify(body));
    });
    expect(await caught(client().post('/things', {}))).toMatchObject({ status: 429, code: 'rate_limited', retryAfterSeconds: 120 });

    server.handle((_request, response) => {
      response.writeHead(429, { 'content-type': 'application/json', 'retry-after': new Date(Date.now() + 90_500).toUTCString() });
      response.end(JSON.stringify(body));
    });
    const dated = (await caught(client().post('/things', {}))) as ApiError;
    expect(dated.retryAfterSeconds).toBeGreaterThanOrEqual(89);
    expect(dated.retryAfterSeconds).toBeLessThanOrEqual(91);

    server.handle((_request, response) => sendJson(response, 429, body));
    expect(((await caught(client().post('/things', {}))) as ApiError).retryAfterSeconds).toBeUndefined();
  });

  it('gives a NetworkError when the connection is refused', async () => {
    const closed = await startTestServer();
    await closed.close(); // nothing listens on that port any more
    const onHttpError = vi.fn();
    const error = await caught(client({ baseUrl: `${closed.origin}/api/v1`, onHttpError }).get('/things'));
    expect(error).toBeInstanceOf(NetworkError);
    expect(isNetworkError(error)).toBe(true);
    expect(isApiError(error)).toBe(false);
    expect(onHttpError).not.toHaveBeenCalled();
  });
});

describe('onHttpError hook', () => {
  it('is called once per final 4xx or 5xx, never for 2xx', async () => {
    const onHttpError = vi.fn();
    const api = client({ onHttpError });

    server.handle(sequence({ status: 200, body: {} }));
    await api.get('/ok');
    expect(onHttpError).not.toHaveBeenCalled();

    server.handle(sequence({ status: 404, body: { error: { code: 'not_found', message: 'No such thing' } } }));
    const notFound = await caught(api.get('/missing'));
    expect(onHttpError).toHaveBeenCalledTimes(1);
    expect(onHttpError).toHaveBeenLastCalledWith(notFound);

    server.handle(sequence({ status: 503 })); // fails, is retried, fails again: one final error
    const unavailable = await caught(api.get('/down'));
    expect(onHttpError).toHaveBeenCalledTimes(2);
    expect(onHttpError).toHaveBeenLastCalledWith(unavailable);
    expect(unavailable).toMatchObject({ status: 503 });
  });

  it('is not called for a refusal the caller explains; other failures of the same request still are', async () => {
    const onHttpError = vi.fn();
    const api = client({ onHttpError });
    const explains = ['version_conflict', 'plan_limit'] as const;

    server.handle(sequence({ status: 409, body: { error: { code: 'version_conflict', message: 'Saved elsewhere' } } }));
    const conflict = await caught(api.put('/bases/1', { a: 1 }, { explains }));
    expect(conflict).toMatchObject({ status: 409, code: 'version_conflict' });
    expect(onHttpError).not.toHaveBeenCalled();

    server.handle(sequence({ status: 403, body: { error: { code: 'plan_limit', message: 'Upgrade' } } }));
    await caught(api.post('/bases', {}, { explains }));
    expect(onHttpError).not.toHaveBeenCalled();

    server.handle(sequence({ status: 500, body: { error: { code: 'internal_error', message: 'Oops' } } }));
    const failure = await caught(api.put('/bases/1', { a: 1 }, { explains }));
    expect(onHttpError).toHaveBeenCalledTimes(1);
    expect(onHttpError).toHaveBeenLastCalledWith(failure);
  });
});

describe('responses', () => {
  it('parses JSON bodies', async () => {
    server.handle(sequence({ status: 201, body: { id: 9, tags: ['x'] } }));
    await expect(client().post('/things', { a: 1 })).resolves.toEqual({ id: 9, tags: ['x'] });
  });

  it('resolves 204 and empty 200 bodies to undefined', async () => {
    server.handle(sequence({ status: 204 }));
    await expect(client().delete('/things/1')).resolves.toBeUndefined();
    server.handle(sequence({ status: 200 }));
    await expect(client().get('/things')).resolves.toBeUndefined();
  });

  it('validates and types the body with a zod schema', async () => {
    const schema = z.object({ id: z.number(), createdAt: z.string().transform((s) => new Date(s)) });
    server.handle(sequence({ status: 200, body: { id: 1, createdAt: '2030-01-01T00:00:00Z', extra: true } }));
    const thing = await client().get('/things/1', { schema });
    expectTypeOf(thing).toEqualTypeOf<{ id: number; createdAt: Date }>();
    expect(thing).toEqual({ id: 1, createdAt: new Date('2030-01-01T00:00:00Z') });
  });

  it('throws ResponseShapeError when the body does not match the schema', async () => {
    const onHttpError = vi.fn();
    server.handle(sequence({ status: 200, body: { id: 'not-a-number' } }));
    const error = await caught(client({ onHttpError }).put('/things/1', { a: 1 }, { schema: z.object({ id: z.number() }) }));
    expect(error).toBeInstanceOf(ResponseShapeError);
    expect(isResponseShapeError(error)).toBe(true);
    expect(isApiError(error)).toBe(false);
    expect((error as ResponseShapeError).issues[0]?.path).toEqual(['id']);
    expect(onHttpError).not.toHaveBeenCalled();
    expect(server.requests).toHaveLength(1);
  });

  it('throws ResponseShapeError for a 2xx body that is not JSON', async () => {
    server.handle((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html' });
      response.end('<html>maintenance</html>');
    });
    const error = await caught(client().get('/things'));
    expect(error).toBeInstanceOf(ResponseShapeError);
    expect(error).toMatchObject({ status: 200 });
  });
});
