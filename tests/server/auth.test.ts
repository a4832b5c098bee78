// Bearer authentication on /api/v1 with real emulator tokens: what gets a 401, and which.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { adminAuth, createUser, expiredCopyOf, signIn, withClaims } from './support/emulator-users';
import { call, errorOf, startTestServer, type TestServer } from './support/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const me = (authorization?: string) => call(`${server.url}/api/v1/me`, authorization === undefined ? {} : { authorization });

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

function expect401(answer: Awaited<ReturnType<typeof me>>, code: string) {
  expect(answer.status).toBe(401);
  expect(errorOf(answer).code).toBe(code);
  expect(answer.headers.get('www-authenticate')).toMatch(/^Bearer /);
}

describe('401 without a valid Firebase ID token', () => {
  test('no Authorization header', async () => {
    expect401(await me(), 'unauthenticated');
  });

  test('another scheme', async () => {
    const { idToken } = await createUser('scheme');
    expect401(await me(`Basic ${Buffer.from('a:b').toString('base64')}`), 'unauthenticated');
    expect401(await me(`Token ${idToken}`), 'unauthenticated');
  });

  test('malformed bearer tokens', async () => {
    for (const authorization of [
      'Bearer',
      'Bearer ',
      'Bearer not-a-jwt',
      'Bearer a.b.c d',
      'Bearer a.b.c',
      'Bearer ' + 'x'.repeat(10_000),
    ]) {
      expect401(await me(authorization), 'invalid_token');
    }
  });

  test('an expired token', async () => {
    const { idToken } = await createUser('expired');
    expect((await me(`Bearer ${idToken}`)).status).toBe(200);
    expect401(await me(`Bearer ${expiredCopyOf(idToken)}`), 'token_expired');
  });

  test('a token for another Firebase project', async () => {
    const { idToken } = await createUser('audience');
    const foreign = withClaims(idToken, (claims) => ({
      ...claims,
      aud: 'someone-else',
      iss: 'https://securetoken.google.com/someone-else',
    }));
    expect401(await me(`Bearer ${foreign}`), 'invalid_token');
  });

  test('a token issued before its refresh tokens were revoked; a new sign-in works again', async () => {
    // Every request verified in full (AUTH_TOKEN_CACHE_SECONDS=0): the refusal is immediate.
    const strict = await startTestServer({ env: { AUTH_TOKEN_CACHE_SECONDS: '0' } });
    try {
      const meStrict = (token: string) => call(`${strict.url}/api/v1/me`, { token });
      const user = await createUser('revoked');
      expect((await meStrict(user.idToken)).status).toBe(200);
      // Revocation has one-second resolution: tokens from the same second stay valid.
      await sleep(1_100);
      await adminAuth().revokeRefreshTokens(user.uid);

      expect401(await meStrict(user.idToken), 'token_revoked');

      await sleep(1_100);
      expect((await meStrict(await signIn(user))).status).toBe(200);
    } finally {
      await strict.close();
    }
  });

  test('with the default token cache, a revoked token is refused once its memory has passed', async () => {
    // How long a token is remembered is proved on a controlled clock (tests/unit/token-cache.test.ts);
    // here, through the real server and emulator, that the remembered token does get refused.
    const user = await createUser('revoked-cached');
    expect((await me(`Bearer ${user.idToken}`)).status).toBe(200);
    await sleep(1_100);
    await adminAuth().revokeRefreshTokens(user.uid);

    let answer = await me(`Bearer ${user.idToken}`);
    for (let tries = 0; answer.status === 200 && tries < 240; tries++) {
      await sleep(250);
      answer = await me(`Bearer ${user.idToken}`);
    }
    expect401(answer, 'token_revoked');
  });

  test('a remembered token is still refused once it expires', async () => {
    const long = await startTestServer({ env: { AUTH_TOKEN_CACHE_SECONDS: '600' } });
    try {
      const { idToken } = await createUser('expiring');
      const now = Math.floor(Date.now() / 1000);
      const shortLived = withClaims(idToken, (claims) => ({ ...claims, exp: now + 2 }));
      const meLong = () => call(`${long.url}/api/v1/me`, { token: shortLived });
      expect((await meLong()).status).toBe(200);
      await sleep((now + 3) * 1000 - Date.now());
      expect401(await meLong(), 'token_expired');
    } finally {
      await long.close();
    }
  });

  test('a disabled user, and a deleted one', async () => {
    const disabled = await createUser('disabled');
    await adminAuth().updateUser(disabled.uid, { disabled: true });
    expect401(await me(`Bearer ${disabled.idToken}`), 'account_disabled');

    const deleted = await createUser('deleted');
    await adminAuth().deleteUser(deleted.uid);
    expect401(await me(`Bearer ${deleted.idToken}`), 'invalid_token');
  });

  test('every non-public /api/v1 route refuses a request without a token', async () => {
    const routes = server.app.registeredRoutes.filter((route) => route.url.startsWith('/api/v1/') && !route.public);
    expect(routes.length).toBeGreaterThan(0);
    for (const route of routes) {
      const path = route.url.replace(/:(\w+)/g, 'some-$1');
      const answer = await call(`${server.url}${path}`, {
        method: route.method,
        headers: { 'content-type': 'application/json' },
        body: route.method === 'GET' || route.method === 'DELETE' ? undefined : '{}',
      });
      expect(answer.status, `${route.method} ${route.url}`).toBe(401);
    }
  });

  test('a 401 says nothing about the token it refused', async () => {
    const { idToken } = await createUser('quiet');
    const answer = await me(`Bearer ${expiredCopyOf(idToken)}`);
    expect(answer.text).not.toContain(idToken.split('.')[1]!);
  });
});
