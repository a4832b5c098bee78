import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import * as z from 'zod/mini';

/** The seed's catalogue of authentication errors. */
export type AuthErrorKind = 'invalidCredentials' | 'authFailed' | 'unknown' | 'notInitialized' | 'notAuthenticated';

export const authErrorMessages: Record<AuthErrorKind, MessageDescriptor> = {
  invalidCredentials: msg`Authentication error. Invalid credentials provided.`,
  authFailed: msg`Authentication error. Please try again later.`,
  unknown: msg`An unknown error occurred.`,
  notInitialized: msg`Auth is not initialized.`,
  notAuthenticated: msg`User not authenticated.`,
};

/** Maps a thrown error to its kind: Firebase auth errors carry a code starting with `auth/`. */
export function authErrorKind(error: unknown): AuthErrorKind {
  const code = typeof error === 'object' && error !== null && 'code' in error ? String((error as { code: unknown }).code) : '';
  if (code === 'auth/invalid-credential' || code === 'auth/wrong-password') return 'invalidCredentials';
  if (code.startsWith('auth/')) return 'authFailed';
  return 'unknown';
}

// Validation messages are message ids; the SPA translates them, the server sends the English.
export const authValidation = {
  emailRequired: msg`Email is required`,
  emailInvalid: msg`The email must be valid`,
  passwordRequired: msg`Password is required`,
};

export const emailSchema = z
  .string()
  .check(z.trim(), z.minLength(1, { error: authValidation.emailRequired.id }), z.email({ error: authValidation.emailInvalid.id }));

export const loginSchema = z.object({
  email: emailSchema,
  password: z.string().check(z.minLength(1, { error: authValidation.passwordRequired.id })),
});

/** After sign-in, follow `redirect` only when it is a path on this origin. */
export function safeRedirectPath(value: unknown): string | null {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  try {
    const url = new URL(value, 'http://same.origin');
    return url.origin === 'http://same.origin' ? `${url.pathname}${url.search}${url.hash}` : null;
  } catch {
    return null;
  }
}
