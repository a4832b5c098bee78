// The verified-token cache in front of firebase-admin (server/auth/token-cache.ts), with a
// counting verifier in place of Firebase: what it remembers, for how long, and what never.
import { describe, expect, test } from 'vitest';
import { cachingVerifier } from '@/server/auth/token-cache';
import { parseConfig } from '@/server/config';
import type { VerifiedToken } from '@/server/auth/token-verifier';

function counting(result: (token: string) => VerifiedToken | Error) {
  const calls: string[] = [];
  const verify = async (token: string) => {
    calls.push(token);
    await new Promise((resolve) => setTimeout(resolve, 5));
    const outcome = result(token);
    if (outcome instanceof Error) throw outcome;
    return outcome;
  };
  return { calls, verify };
}

const valid = (token: string): VerifiedToken => ({ uid: `uid-${token}`, email: null, admin: false, expiresAt: Date.now() + 3_600_000 });

describe('cachingVerifier', () => {
  test('verifies a token once within the time to live, then again', async () => {
    let now = 1_000;
    const { calls, verify } = counting(valid);
    const cached = cachingVerifier(verify, { ttlMs: 5_000, now: () => now });
    expect(await cached('a')).toMatchObject({ uid: 'uid-a' });
    expect(await cached('a')).toMatchObject({ uid: 'uid-a' });
    now += 4_999;
    await cached('a');
    expect(calls).toEqual(['a']);
    now += 2;
    await cached('a');
    expect(calls).toEqual(['a', 'a']);
  });

  test('never past the token expiry', async () => {
    let now = 1_000;
    const { calls, verify } = counting((token) => ({ uid: token, email: null, admin: false, expiresAt: 2_000 }));
    const cached = cachingVerifier(verify, { ttlMs: 60_000, now: () => now });
    await cached('a');
    now = 2_000;
    await cached('a');
    expect(calls).toEqual(['a', 'a']);
  });

  test('refusals are not remembered', async () => {
    let refuse = true;
    const { calls, verify } = counting((token) => (refuse ? new Error('revoked') : valid(token)));
    const cached = cachingVerifier(verify, { ttlMs: 60_000 });
    await expect(cached('a')).rejects.toThrow('revoked');
    refuse = false;
    await expect(cached('a')).resolves.toMatchObject({ uid: 'uid-a' });
    expect(calls).toEqual(['a', 'a']);
  });

  test('concurrent first uses of one token share one verification', async () => {
    const { calls, verify } = counting(valid);
    const cached = cachingVerifier(verify, { ttlMs: 60_000 });
    const results = await Promise.all(Array.from({ length: 10 }, () => cached('a')));
    expect(new Set(results.map((r) => r.uid))).toEqual(new Set(['uid-a']));
    expect(calls).toEqual(['a']);
  });

  test('holds at most maxEntries tokens, dropping the oldest', async () => {
    const { calls, verify } = counting(valid);
    const cached = cachingVerifier(verify, { ttlMs: 60_000, maxEntries: 2 });
    for (const token of ['a', 'b', 'c', 'c', 'b', 'a']) await cached(token);
    expect(calls).toEqual(['a', 'b', 'c', 'a']);
  });

  test('a time to live of 0 verifies every time', async () => {
    const { calls, verify } = counting(valid);
    const cached = cachingVerifier(verify, { ttlMs: 0 });
    await cached('a');
    await cached('a');
    expect(calls).toEqual(['a', 'a']);
  });

  test('AUTH_TOKEN_CACHE_SECONDS: 5 s by default, 0 allowed, nonsense refused', () => {
    const tokenCacheTtlMs = (env: Record<string, string>) => parseConfig(env).auth.tokenCacheTtlMs;
    expect(tokenCacheTtlMs({})).toBe(5_000);
    expect(tokenCacheTtlMs({ AUTH_TOKEN_CACHE_SECONDS: '0' })).toBe(0);
    expect(tokenCacheTtlMs({ AUTH_TOKEN_CACHE_SECONDS: '1.5' })).toBe(1_500);
    expect(() => tokenCacheTtlMs({ AUTH_TOKEN_CACHE_SECONDS: 'soon' })).toThrow(/AUTH_TOKEN_CACHE_SECONDS/);
    expect(() => tokenCacheTtlMs({ AUTH_TOKEN_CACHE_SECONDS: '-1' })).toThrow(/AUTH_TOKEN_CACHE_SECONDS/);
  });
});
