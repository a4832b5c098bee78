// Verifies a Firebase ID token and says who is calling, or why not (as an HTTP error).
import type { Auth } from 'firebase-admin/auth';
import type { ApiErrorCode } from '@/domain/api-error';
import { HttpError } from '../http/http-error';

/** `admin`: the business's staff (the `admin` custom claim, set by `npm run admin -- grant-admin`). */
export type Principal = { uid: string; email: string | null; admin: boolean };
/** A verified caller and when its token expires (ms since the epoch). */
export type VerifiedToken = Principal & { expiresAt: number };
export type TokenVerifier = (idToken: string) => Promise<VerifiedToken>;

const tokenProblems: Record<string, { code: ApiErrorCode; message: string }> = {
  'auth/id-token-expired': { code: 'token_expired', message: 'The ID token has expired: get a fresh one and retry.' },
  'auth/id-token-revoked': { code: 'token_revoked', message: 'The ID token was revoked: sign in again.' },
  'auth/user-disabled': { code: 'account_disabled', message: 'This user is disabled.' },
  'auth/user-not-found': { code: 'invalid_token', message: 'The ID token names no existing user.' },
};

/**
 * Checks signature, audience and expiry, and (checkRevoked) that the user is neither disabled nor
 * signed out everywhere since the token was issued. That last check is a user lookup at Firebase
 * (at the emulator, which firebase-admin always asks), so callers cache the result briefly.
 */
export function firebaseTokenVerifier(auth: Auth): TokenVerifier {
  return async (idToken) => {
    try {
      const decoded = await auth.verifyIdToken(idToken, true);
      return { uid: decoded.uid, email: decoded.email ?? null, admin: decoded.admin === true, expiresAt: decoded.exp * 1000 };
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      const known = typeof code === 'string' ? tokenProblems[code] : undefined;
      if (known) throw HttpError.unauthorized(known.code, known.message);
      if (code === 'auth/argument-error' || code === 'auth/invalid-id-token') {
        throw HttpError.unauthorized('invalid_token', 'The ID token is not a valid Firebase ID token for this project.');
      }
      // Firebase unreachable (public keys, user lookup): not the caller's fault.
      throw new HttpError(503, 'auth_unavailable', 'Could not verify the ID token right now; retry shortly.', { cause: error });
    }
  };
}
