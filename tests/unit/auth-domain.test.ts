import { describe, expect, it } from 'vitest';
import { authErrorKind, authValidation, loginSchema, safeRedirectPath } from '@/domain/auth';

describe('authErrorKind', () => {
  it('maps wrong credentials', () => {
    expect(authErrorKind({ code: 'auth/invalid-credential' })).toBe('invalidCredentials');
    expect(authErrorKind({ code: 'auth/wrong-password' })).toBe('invalidCredentials');
  });
  it('maps other auth errors', () => expect(authErrorKind({ code: 'auth/too-many-requests' })).toBe('authFailed'));
  it('maps anything else to unknown', () => {
    expect(authErrorKind(new TypeError('network'))).toBe('unknown');
    expect(authErrorKind(undefined)).toBe('unknown');
  });
});

describe('loginSchema', () => {
  const issues = (input: unknown) => {
    const result = loginSchema.safeParse(input);
    return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
  };
  it('requires the email and the password', () =>
    expect(issues({ email: '', password: '' })).toEqual([
      `email: ${authValidation.emailRequired.id}`,
      `email: ${authValidation.emailInvalid.id}`,
      `password: ${authValidation.passwordRequired.id}`,
    ]));
  it('wants a valid email', () =>
    expect(issues({ email: 'merchant@', password: 'x' })).toEqual([`email: ${authValidation.emailInvalid.id}`]));
  it('accepts a valid pair', () => expect(issues({ email: ' merchant@shop.com ', password: 'secret' })).toEqual([]));
});

describe('safeRedirectPath', () => {
  it('keeps same-origin paths', () => expect(safeRedirectPath('/pt/ia-bases?x=1#top')).toBe('/pt/ia-bases?x=1#top'));
  it('refuses other origins', () => {
    for (const value of ['https://evil.example/', '//evil.example/x', '/\\evil.example', 'javascript:alert(1)', 'dashboard', 42]) {
      expect(safeRedirectPath(value)).toBeNull();
    }
  });
});
