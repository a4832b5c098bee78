// The landing page's public forms on the wire: what is stored, what is refused and why, the
// honeypot, repeats, the rate limit per client address, and the staff's read route.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { leadRequestBody } from '@/tests/fixtures/lead-request-body';
import { leadValidation } from '@/domain/lead-requests';
import { leadRequestStore } from '@/server/leads/lead-request-store';
import { adminAuth, createUser, signIn } from './support/emulator-users';
import { testDatabase } from './support/test-database';
import { call, errorOf, startTestServer, type TestServer } from './support/test-server';

let server: TestServer;
beforeAll(async () => {
  // A generous limit here; the limit itself has its own servers below.
  server = await startTestServer({ env: { LEAD_RATE_LIMIT_MAX: '1000' } });
});
afterAll(() => server.close());

const request = leadRequestBody;

const post = (target: TestServer, path: string, body: unknown, headers: Record<string, string> = {}) =>
  call(`${target.url}/api/v1/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

async function storedFor(email: string) {
  const rows = await leadRequestStore((await testDatabase()).db).list();
  return rows.filter((row) => row.email.toLowerCase() === email.toLowerCase());
}

describe.each([
  ['contact-requests', 'contact'],
  ['material-requests', 'material'],
] as const)('POST /api/v1/%s', (path, kind) => {
  test('stores the request with its locale, consents and time, and answers 202', async () => {
    const body = request({ whatsappConsent: true, locale: 'es', phone: '+5491123456789' });
    const before = Date.now();
    const answer = await post(server, path, body);
    expect(answer.status).toBe(202);
    expect(answer.body).toEqual({ status: 'received' });

    const [row, ...others] = await storedFor(body.email);
    expect(others).toEqual([]);
    expect(row).toMatchObject({
      kind,
      name: 'Ana Souza',
      phone: '+5491123456789',
      position: 'Gerente de e-commerce',
      segment: 'fashion',
      website: 'https://loja.com.br',
      platform: 'vtex',
      privacyConsent: true,
      whatsappConsent: true,
      locale: 'es',
      submissions: 1,
    });
    expect(Date.parse(row!.createdAt)).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(row!.createdAt)).toBeLessThanOrEqual(Date.now() + 1000);
  });

  test('a repeated identical request is stored once (the email in any case), counting the repeats', async () => {
    const body = request();
    expect((await post(server, path, body)).status).toBe(202);
    expect((await post(server, path, { ...body, email: body.email.toUpperCase(), locale: 'en' })).status).toBe(202);
    const rows = await storedFor(body.email);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ submissions: 2, locale: 'pt' });
    expect(Date.parse(rows[0]!.lastSubmittedAt)).toBeGreaterThanOrEqual(Date.parse(rows[0]!.createdAt));

    // A different answer is a different request.
    expect((await post(server, path, { ...body, whatsappConsent: true })).status).toBe(202);
    expect(await storedFor(body.email)).toHaveLength(2);
  });

  test('a filled honeypot gets the same answer and is not stored', async () => {
    const body = request({ nickname: 'http://spam.example' });
    const answer = await post(server, path, body);
    expect(answer.status).toBe(202);
    expect(answer.body).toEqual({ status: 'received' });
    expect(await storedFor(body.email)).toEqual([]);
  });

  test("missing answers get 400 with the seed's message per field, and nothing is stored", async () => {
    const body = request({ name: ' ', email: '', phone: '', position: '', website: '', platform: '', privacyConsent: false });
    const answer = await post(server, path, body);
    expect(answer.status).toBe(400);
    expect(errorOf(answer)).toMatchObject({
      code: 'validation_failed',
      fields: {
        name: leadValidation.nameRequired,
        email: leadValidation.emailRequired,
        phone: leadValidation.phoneRequired,
        position: leadValidation.positionRequired,
        website: leadValidation.websiteRequired,
        platform: leadValidation.platformRequired,
        privacyConsent: leadValidation.privacyConsentRequired,
      },
    });
    expect(await storedFor(body.email)).toEqual([]);
  });

  test('invalid answers get 400 naming each field', async () => {
    const body = request({ email: 'ana@', phone: '+551234', website: 'javascript:alert(1)' });
    const answer = await post(server, path, body);
    expect(answer.status).toBe(400);
    expect(errorOf(answer).fields).toEqual({
      email: leadValidation.emailInvalid,
      phone: leadValidation.phoneInvalid,
      website: leadValidation.websiteInvalid,
    });
  });

  test('unknown fields, wrong types, malformed JSON and oversized bodies are clear 4xx, never 500', async () => {
    const unknown = await post(server, path, request({ company: 'ACME' }));
    expect(unknown.status).toBe(400);
    expect(errorOf(unknown).fields).toEqual({ company: 'Unknown field' });

    const wrongType = await post(server, path, request({ privacyConsent: 'yes', locale: 'fr' }));
    expect(wrongType.status).toBe(400);
    expect(Object.keys(errorOf(wrongType).fields ?? {}).sort()).toEqual(['locale', 'privacyConsent']);

    const malformed = await post(server, path, '{"name": "Ana"');
    expect(malformed.status).toBe(400);
    expect(errorOf(malformed).code).toBe('invalid_json');

    const oversized = await post(server, path, request({ name: 'x'.repeat(1024 * 1024 + 10) }));
    expect(oversized.status).toBe(413);
    expect(errorOf(oversized).code).toBe('payload_too_large');
  });
});

describe('the rate limit per client address', () => {
  let limited: TestServer;
  let behindProxy: TestServer;
  beforeAll(async () => {
    [limited, behindProxy] = await Promise.all([
      startTestServer({ env: { LEAD_RATE_LIMIT_MAX: '2', LEAD_RATE_LIMIT_WINDOW_SECONDS: '120' } }),
      startTestServer({ env: { LEAD_RATE_LIMIT_MAX: '2', LEAD_RATE_LIMIT_WINDOW_SECONDS: '120', TRUST_PROXY: '127.0.0.1' } }),
    ]);
  });
  afterAll(() => Promise.all([limited.close(), behindProxy.close()]));

  test('past the limit (both forms count): 429 with Retry-After, and the request is not stored', async () => {
    expect((await post(limited, 'contact-requests', request())).status).toBe(202);
    expect((await post(limited, 'material-requests', request())).status).toBe(202);
    const body = request();
    const refused = await post(limited, 'contact-requests', body);
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(120);
    expect(errorOf(refused)).toMatchObject({ code: 'rate_limited', message: expect.stringMatching(/try again in/) });
    expect(await storedFor(body.email)).toEqual([]);
  });

  test('X-Forwarded-For counts only behind a trusted proxy', async () => {
    // Untrusted: a client cannot dodge the limit by making up addresses.
    for (let i = 0; i < 2; i++) await post(limited, 'contact-requests', request(), { 'x-forwarded-for': `203.0.113.${i}` });
    expect((await post(limited, 'contact-requests', request(), { 'x-forwarded-for': '203.0.113.99' })).status).toBe(429);

    // Trusted (TRUST_PROXY): each forwarded address has its own budget.
    const from = (address: string) => post(behindProxy, 'contact-requests', request(), { 'x-forwarded-for': address });
    expect((await from('198.51.100.1')).status).toBe(202);
    expect((await from('198.51.100.1')).status).toBe(202);
    expect((await from('198.51.100.1')).status).toBe(429);
    expect((await from('198.51.100.2')).status).toBe(202);
  });

  test('the limit holds across server processes sharing the database: one budget per address, wherever it lands', async () => {
    // A second web process beside `behindProxy`, as behind a load balancer (the counts are in PostgreSQL).
    const other = await startTestServer({
      env: { LEAD_RATE_LIMIT_MAX: '2', LEAD_RATE_LIMIT_WINDOW_SECONDS: '120', TRUST_PROXY: '127.0.0.1' },
    });
    try {
      const on = (server: TestServer) => post(server, 'contact-requests', request(), { 'x-forwarded-for': '198.51.100.7' });
      expect((await on(behindProxy)).status).toBe(202);
      expect((await on(other)).status).toBe(202);
      expect((await on(behindProxy)).status).toBe(429);
      expect((await on(other)).status).toBe(429);
    } finally {
      await other.close();
    }
  });
});

describe('GET /api/v1/admin/lead-requests', () => {
  test('needs a token, then the admin claim; staff read the requests, filtered by kind', async () => {
    const body = request();
    await post(server, 'contact-requests', body);
    await post(server, 'material-requests', body);
    const url = `${server.url}/api/v1/admin/lead-requests`;

    expect((await call(url)).status).toBe(401);
    const merchant = await createUser('not-staff');
    const refused = await call(url, { token: merchant.idToken });
    expect(refused.status).toBe(403);
    expect(refused.text).not.toContain(body.email);

    const staff = await createUser('staff');
    await adminAuth().setCustomUserClaims(staff.uid, { admin: true });
    const staffToken = await signIn(staff); // a fresh token carries the new claim

    const all = await call(url, { token: staffToken });
    expect(all.status).toBe(200);
    const mine = (all.body as { requests: { email: string; kind: string }[] }).requests.filter((r) => r.email === body.email);
    expect(mine.map((r) => r.kind).sort()).toEqual(['contact', 'material']);

    const contacts = await call(`${url}?kind=contact`, { token: staffToken });
    const kinds = new Set((contacts.body as { requests: { kind: string }[] }).requests.map((r) => r.kind));
    expect([...kinds]).toEqual(['contact']);

    expect((await call(`${url}?kind=spam`, { token: staffToken })).status).toBe(400);
  });
});

test('the OpenAPI document lists both forms as public', async () => {
  const doc = (await call(`${server.url}/api/docs/json`)).body as { paths: Record<string, Record<string, { security?: unknown }>> };
  for (const path of ['/api/v1/contact-requests', '/api/v1/material-requests']) {
    expect(doc.paths[path]?.post).toBeDefined();
    expect(doc.paths[path]!.post!.security).toBeUndefined();
  }
  expect(doc.paths['/api/v1/admin/lead-requests']?.get?.security).toEqual([{ firebaseIdToken: [] }]);
});
