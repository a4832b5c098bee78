import { describe, expect, it } from 'vitest';
import { authValidation } from '@/domain/auth';
import {
  fieldErrorsOf,
  NotAuthenticatedError,
  passwordChangeSchema,
  passwordErrorKind,
  passwordFormMessages,
  passwordResetSchema,
  passwordValidation,
} from '@/domain/password';

const v = passwordValidation;

describe('passwordResetSchema', () => {
  it('requires an email, then a valid one', () => {
    expect(fieldErrorsOf(passwordResetSchema, { email: '' })).toEqual({ email: authValidation.emailRequired.id });
    expect(fieldErrorsOf(passwordResetSchema, { email: 'merchant@' })).toEqual({ email: authValidation.emailInvalid.id });
  });
  it('accepts and trims a valid email', () => {
    expect(fieldErrorsOf(passwordResetSchema, { email: ' merchant@shop.com ' })).toEqual({});
    expect(passwordResetSchema.parse({ email: ' merchant@shop.com ' })).toEqual({ email: 'merchant@shop.com' });
  });
});

describe('passwordChangeSchema', () => {
  const errors = (currentPassword: string, newPassword: string, confirmPassword: string) =>
    fieldErrorsOf(passwordChangeSchema, { currentPassword, newPassword, confirmPassword });

  it('requires every field, one message each', () =>
    expect(errors('', '', '')).toEqual({
      currentPassword: v.currentPasswordRequired.id,
      newPassword: v.newPasswordRequired.id,
      confirmPassword: v.confirmPasswordRequired.id,
    }));
  it('wants at least 6 characters, as Firebase does', () => {
    expect(errors('old', 'abcde', 'abcde')).toEqual({ newPassword: v.newPasswordTooShort.id });
    expect(errors('old', 'abcdef', 'abcdef')).toEqual({});
  });
  it('wants the confirmation to match', () => {
    expect(errors('old', 'abcdefg', 'abcdefh')).toEqual({ confirmPassword: v.passwordsMismatch.id });
    expect(errors('old', 'abc', 'abd')).toEqual({ newPassword: v.newPasswordTooShort.id, confirmPassword: v.passwordsMismatch.id });
  });
});

describe('password form messages', () => {
  it('translate every id the schemas produce', () => {
    for (const id of [...Object.values(authValidation), ...Object.values(v)].map((d) => d.id))
      expect(passwordFormMessages[id]?.id).toBe(id);
  });
});

describe('passwordErrorKind', () => {
  it('knows "nobody is signed in"', () => expect(passwordErrorKind(new NotAuthenticatedError())).toBe('notAuthenticated'));
  it('maps Firebase errors like the sign-in does', () => {
    expect(passwordErrorKind({ code: 'auth/invalid-credential' })).toBe('invalidCredentials');
    expect(passwordErrorKind({ code: 'auth/network-request-failed' })).toBe('authFailed');
    expect(passwordErrorKind(new TypeError('Failed to fetch dynamically imported module'))).toBe('unknown');
  });
});
