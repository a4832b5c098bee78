// Structured logs: JSON lines that carry the request id, and never the caller's token.
import { Writable } from 'node:stream';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { buildApp } from '@/server/app';
import { createUser } from './support/emulator-users';
import { testDatabase } from './support/test-database';
import { call, testEnv } from './support/test-server';

const lines: Array<Record<string, unknown>> = [];
const sink = new Writable({
  write(chunk: Buffer, _encoding, done) {
    for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
    done();
  },
});

let url: string;
let close: () => Promise<void>;
beforeAll(async () => {
  const app = await buildApp({ env: testEnv, database: await testDatabase(), logger: { level: 'info', stream: sink } });
  await app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  close = () => app.close();
});
afterAll(() => close());

test('every line of a request carries its id; the token is in none', async () => {
  const { idToken } = await createUser('logs');
  await call(`${url}/api/v1/me`, { token: idToken, headers: { 'x-request-id': 'log-probe-1' } });
  await call(`${url}/api/v1/me`, { authorization: 'Bearer not.a-valid.token', headers: { 'x-request-id': 'log-probe-2' } });

  for (const id of ['log-probe-1', 'log-probe-2']) {
    const ofRequest = lines.filter((line) => line.reqId === id);
    expect(ofRequest.map((line) => line.msg)).toEqual(expect.arrayContaining(['incoming request', 'request completed']));
  }
  expect(lines.find((line) => line.reqId === 'log-probe-2' && line.msg === 'request completed')).toMatchObject({
    res: { statusCode: 401 },
  });
  const all = JSON.stringify(lines);
  expect(all).not.toContain(idToken.split('.')[1]!);
  expect(all).not.toContain('not.a-valid.token');
});

test("a request's query string is in no line: it may hold a shopper's number (a contacts search)", async () => {
  const { idToken } = await createUser('logs-query');
  await call(`${url}/api/v1/contacts?q=5511987654321`, { token: idToken, headers: { 'x-request-id': 'log-probe-3' } });
  const ofRequest = lines.filter((line) => line.reqId === 'log-probe-3');
  expect(ofRequest.find((line) => line.msg === 'incoming request')).toMatchObject({ req: { method: 'GET', url: '/api/v1/contacts' } });
  expect(JSON.stringify(ofRequest)).not.toContain('5511987654321');
});
