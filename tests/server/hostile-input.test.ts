// Input a careless client or an attacker sends, which reached the database and got a 500 (issue
// 11's five causes): NUL and lone surrogates in text, an integer past its column, a date PostgreSQL
// cannot hold, broken multipart framing. Each is now a 400 in the API's error shape, with the field
// where there is one. And a failed query is logged by its codes, never with the visitor's values.
import { randomUUID } from 'node:crypto';
import { connect, type AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildApp } from '@/server/app';
import { staffIdToken } from './support/emulator-users';
import { baseInstructions, knowledgeClient, scratchDataDir, storedUploads } from './support/knowledge-uploads';
import { testDatabase } from './support/test-database';
import { call, errorOf, startTestServer, testEnv, type ApiAnswer, type TestServer } from './support/test-server';

const data = scratchDataDir('hostile-input');
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ env: { DATA_DIR: data.dir } });
});
afterAll(async () => {
  await server.close();
  data.remove();
});
const { api, merchant, createBase, upload } = knowledgeClient(() => server.url);

/** A contact request as the landing page sends it. */
const leadRequest = (overrides: Record<string, unknown> = {}) => ({
  name: 'Ana',
  email: `ana-${randomUUID().slice(0, 8)}@loja.com.br`,
  phone: '+5511987654321',
  position: 'Gerente',
  website: 'https://loja.com.br',
  platform: 'vtex',
  privacyConsent: true,
  whatsappConsent: false,
  locale: 'pt',
  ...overrides,
});

/** A 400 in the API's shape; `field` named in `error.fields` when given. */
function expectRefused(answer: ApiAnswer, code: string, field?: string) {
  expect(answer.status, answer.text).toBe(400);
  expect(errorOf(answer).code).toBe(code);
  if (field) expect(Object.keys(errorOf(answer).fields ?? {})).toContain(field);
}

describe('text the database cannot store', () => {
  const hostile = { nul: 'a\u0000b', 'lone high surrogate': 'a\ud800b', 'lone low surrogate': 'a\udc00b' };

  for (const [what, value] of Object.entries(hostile)) {
    test(`${what} in step 1 and step 3 of an AI base is a field error, on create and on save`, async () => {
      const user = await merchant(`hostile-base-${what.replace(/ /g, '-')}`);
      for (const field of ['name', 'instructions', 'expectedInputs'])
        expectRefused(await api(user, 'POST', '/ai-bases', { ...baseInstructions, [field]: value }), 'validation_failed', field);
      const base = await createBase(user);
      expectRefused(
        await api(user, 'PUT', `/ai-bases/${base.id}/instructions`, {
          ...baseInstructions,
          instructions: value,
          expectedVersion: base.version,
        }),
        'validation_failed',
        'instructions',
      );
      const refinement = { blockedTerms: [value], creativity: 3, model: 'builtin-retrieval', expectedVersion: base.version };
      expectRefused(await api(user, 'PUT', `/ai-bases/${base.id}/refinement`, refinement), 'validation_failed', 'blockedTerms.0');
      expectRefused(
        await api(user, 'PUT', `/ai-bases/${base.id}/refinement`, { ...refinement, blockedTerms: [], model: value }),
        'validation_failed',
        'model',
      );
    });
  }

  test('the message id of the refusal is one the wizard translates', async () => {
    const user = await merchant('hostile-message');
    const answer = await api(user, 'POST', '/ai-bases', { ...baseInstructions, name: 'a\u0000b' });
    expect(errorOf(answer).fields?.name).toBe('ai_base.unstorable');
  });

  test('NUL in a lead form, a passage search and the staff plan route', async () => {
    const lead = leadRequest({ name: 'Ana\u0000' });
    const post = (body: unknown) =>
      call(`${server.url}/api/v1/contact-requests`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    expectRefused(await post(lead), 'validation_failed', 'name');
    expectRefused(await post({ ...lead, name: 'Ana', position: 'Gerente\u0000' }), 'validation_failed', 'position');

    const user = await merchant('hostile-search');
    const base = await createBase(user);
    expectRefused(
      await api(user, 'GET', `/ai-bases/${base.id}/passages?q=${encodeURIComponent('a\u0000b')}&match=all`),
      'validation_failed',
      'q',
    );

    const staffToken = await staffIdToken('hostile-staff');
    const planOf = (uid: string) =>
      call(`${server.url}/api/v1/admin/accounts/${encodeURIComponent(uid)}/plan`, {
        method: 'PUT',
        token: staffToken,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ plan: 'lite' }),
      });
    expectRefused(await planOf('a\u0000b'), 'validation_failed', 'uid');
  });

  test('text is stored in NFC: the same name typed two ways is the same name', async () => {
    const user = await merchant('hostile-nfc');
    const decomposed = await api(user, 'POST', '/ai-bases', { ...baseInstructions, name: 'Cafe\u0301' });
    expect(decomposed.status).toBe(201);
    expect((decomposed.body as { name: string }).name).toBe('Café');
    const composed = await api(user, 'POST', '/ai-bases', { ...baseInstructions, name: 'Café' });
    expect(errorOf(composed).fields?.name).toBe('ai_base.name_taken');
  });
});

test('an expected version past what an integer column holds is a field error', async () => {
  const user = await merchant('hostile-int');
  const base = await createBase(user);
  expectRefused(
    await api(user, 'POST', `/ai-bases/${base.id}/revert`, { expectedVersion: 2_147_483_648 }),
    'validation_failed',
    'expectedVersion',
  );
});

test('a date PostgreSQL cannot hold is a field error', async () => {
  const token = await staffIdToken('hostile-dates');
  for (const since of ['0000-01-01T00:00:00Z', '-000001-01-01T00:00:00Z', '10000-01-01T00:00:00Z']) {
    const answer = await call(`${server.url}/api/v1/admin/lead-requests?since=${encodeURIComponent(since)}`, { token });
    expectRefused(answer, 'validation_failed', 'since');
  }
});

describe('broken multipart framing on an upload', () => {
  const boundary = 'catalyst-boundary';
  const part = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="faq.csv"\r\nContent-Type: text/csv\r\n\r\nPergunta;Resposta\nTroca?;Em 30 dias.\n`;
  const bodies = {
    'no closing boundary': part,
    garbage: 'this is not a multipart body at all',
    'a boundary the body does not use': part.replaceAll(boundary, 'another-boundary') + `\r\n--another-boundary--\r\n`,
  };
  for (const [what, body] of Object.entries(bodies)) {
    test(`${what}: 400 malformed_multipart, and nothing is kept`, async () => {
      const user = await merchant(`hostile-multipart-${what.replace(/ /g, '-')}`);
      const base = await createBase(user);
      const answer = await call(`${server.url}/api/v1/ai-bases/${base.id}/files`, {
        method: 'POST',
        token: user.idToken,
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
        body,
      });
      expect(answer.status, answer.text).toBe(400);
      expect(errorOf(answer).code).toBe('malformed_multipart');
      const files = await api(user, 'GET', `/ai-bases/${base.id}/files`);
      expect((files.body as { files: unknown[] }).files).toEqual([]);
    });
  }
});

test("a URL past the server's header limit gets 431 in the API's error shape, not the framework's", async () => {
  const { port } = new URL(server.url);
  const raw = await new Promise<string>((resolve, reject) => {
    const socket = connect(Number(port), '127.0.0.1', () =>
      socket.write(`GET /api/v1/plans?q=${'x'.repeat(20_000)} HTTP/1.1\r\nHost: localhost\r\n\r\n`),
    );
    let text = '';
    socket.on('data', (chunk) => (text += chunk.toString()));
    socket.on('close', () => resolve(text));
    socket.on('error', reject);
  });
  expect(raw.split('\r\n')[0]).toBe('HTTP/1.1 431 Request Header Fields Too Large');
  const body = JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4)) as { error: { code: string; message: string } };
  expect(body.error.code).toBe('request_header_fields_too_large');
  expect(typeof body.error.message).toBe('string');
});

test('a 300-character file name keeps its extension: the stem is shortened to fit 255 characters', async () => {
  const user = await merchant('hostile-long-name');
  const base = await createBase(user);
  const name = `${'catálogo-de-verão-'.repeat(17)}2026.csv`;
  expect(name.length).toBeGreaterThan(300);
  const answer = await upload(user, base.id, name, 'Pergunta;Resposta\nTroca?;Em 30 dias.\n');
  expect(answer.status, answer.text).toBe(201);
  const stored = (answer.body as { name: string }).name;
  expect(stored.endsWith('2026.csv') || stored.endsWith('.csv')).toBe(true);
  expect(Array.from(stored).length).toBeLessThanOrEqual(255);
  expect(name.startsWith(stored.slice(0, -'.csv'.length))).toBe(true);
});

test('two files in one upload form are refused with a clear answer, and neither is kept', async () => {
  const user = await merchant('hostile-two-files');
  const base = await createBase(user);
  const form = new FormData();
  form.append('file', new Blob(['Pergunta;Resposta\nTroca?;Em 30 dias.\n']), 'first.csv');
  form.append('file', new Blob(['Pergunta;Resposta\nEntrega?;Sim.\n']), 'second.csv');
  const response = await fetch(`${server.url}/api/v1/ai-bases/${base.id}/files`, {
    method: 'POST',
    headers: { authorization: `Bearer ${user.idToken}` },
    body: form,
  });
  const body = (await response.json()) as { error: { code: string } };
  expect([response.status, body.error.code]).toEqual([400, 'too_many_files']);
  const files = await api(user, 'GET', `/ai-bases/${base.id}/files`);
  expect((files.body as { files: unknown[] }).files).toEqual([]);
  expect((await storedUploads()).filter((path) => path.startsWith(`${user.uid}/`))).toEqual([]);
});

test("a lead request whose insert fails is logged by its codes: the visitor's e-mail and phone are in no line", async () => {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString().split('\n').filter(Boolean));
      done();
    },
  });
  const database = await testDatabase();
  const app = await buildApp({ env: testEnv, database, logger: { level: 'info', stream: sink } });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const email = `refused-${randomUUID().slice(0, 8)}@loja.com.br`;
  const phone = '+5511912345678';
  // This one address makes the insert fail, as a database failing mid-request would.
  await database.db.execute(sql.raw(`ALTER TABLE lead_requests ADD CONSTRAINT hostile_input_probe CHECK (email <> '${email}')`));
  try {
    const answer = await call(`http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/v1/contact-requests`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-request-id': 'hostile-log-probe' },
      body: JSON.stringify(leadRequest({ name: 'Visitante', email, phone })),
    });
    expect(answer.status).toBe(500);
    expect(errorOf(answer).code).toBe('internal_error');
    expect(answer.text).not.toContain(email);
  } finally {
    await database.db.execute(sql.raw('ALTER TABLE lead_requests DROP CONSTRAINT hostile_input_probe'));
    await app.close();
  }
  const failure = lines
    .map((line) => JSON.parse(line) as Record<string, unknown>)
    .find((line) => line.reqId === 'hostile-log-probe' && line.msg === 'request failed');
  expect(failure).toMatchObject({ err: { code: '23514', constraint: 'hostile_input_probe' } });
  const all = lines.join('\n');
  expect(all).not.toContain(email);
  expect(all).not.toContain(phone.slice(1));
});
