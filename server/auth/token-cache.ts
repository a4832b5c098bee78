// Remembers verified ID tokens for a few seconds. A full verification includes a user lookup at
// Firebase (revoked? disabled?): a network round trip in production. A signed-in page fires several
// API calls with one token, so a short memory saves most lookups, at a price: a revoked or disabled
// user keeps access for at most `ttlMs` (AUTH_TOKEN_CACHE_SECONDS; 0 checks every request). Only
// successes are remembered, never past the token's own expiry, and concurrent first uses of one
// token share one verification.
import { createHash } from 'node:crypto';
import type { TokenVerifier, VerifiedToken } from './token-verifier';

export const DEFAULT_TOKEN_CACHE_SECONDS = 5;

type Options = { ttlMs: number; maxEntries?: number; now?: () => number };

export function cachingVerifier(verify: TokenVerifier, { ttlMs, maxEntries = 10_000, now = Date.now }: Options): TokenVerifier {
  if (ttlMs <= 0) return verify;
  const verified = new Map<string, { token: VerifiedToken; until: number }>(); // oldest first
  const inFlight = new Map<string, Promise<VerifiedToken>>();

  return async (idToken) => {
    const key = createHash('sha256').update(idToken).digest('base64url'); // bounded keys, no tokens kept
    const hit = verified.get(key);
    if (hit && hit.until > now()) return hit.token;
    if (hit) verified.delete(key);

    let pending = inFlight.get(key);
    if (!pending) {
      pending = verify(idToken).finally(() => inFlight.delete(key));
      inFlight.set(key, pending);
    }
    const token = await pending;
    if (!verified.has(key)) {
      verified.set(key, { token, until: Math.min(now() + ttlMs, token.expiresAt) });
      if (verified.size > maxEntries) verified.delete(verified.keys().next().value!);
    }
    return token;
  };
}
