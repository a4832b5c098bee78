import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import * as z from 'zod/mini';
import { authErrorKind, authValidation, emailSchema, type AuthErrorKind } from './auth';

/** Firebase refuses shorter passwords (WEAK_PASSWORD). */
export const PASSWORD_MIN_LENGTH = 6;

// Validation messages are message ids, as in ./auth: the SPA translates them.
export const passwordValidation = {
  currentPasswordRequired: msg`Current password is required`,
  newPasswordRequired: msg`New password is required`,
  newPasswordTooShort: msg`The new password must have at least 6 characters`,
  confirmPasswordRequired: msg`Confirm the new password`,
  passwordsMismatch: msg`The passwords do not match`,
};

/** The password reset request: just the account's email. */
export const passwordResetSchema = z.object({ email: emailSchema });

export const passwordChangeSchema = z
  .object({
    currentPassword: z.string().check(z.minLength(1, { error: passwordValidation.currentPasswordRequired.id })),
    newPassword: z.string().check(
      // abort: an empty field says "required", not also "too short".
      z.minLength(1, { error: passwordValidation.newPasswordRequired.id, abort: true }),
      z.minLength(PASSWORD_MIN_LENGTH, { error: passwordValidation.newPasswordTooShort.id }),
    ),
    confirmPassword: z.string().check(z.minLength(1, { error: passwordValidation.confirmPasswordRequired.id })),
  })
  .check(
    z.refine((value) => value.confirmPassword === '' || value.confirmPassword === value.newPassword, {
      error: passwordValidation.passwordsMismatch.id,
      path: ['confirmPassword'],
    }),
  );

export type PasswordChangeInput = z.infer<typeof passwordChangeSchema>;
export type PasswordChangeField = keyof PasswordChangeInput;

/** The first message id per field, for a form to show under each field. */
export function fieldErrorsOf<T extends Record<string, unknown>>(
  schema: z.ZodMiniType<T>,
  value: unknown,
): Partial<Record<keyof T & string, string>> {
  const result = schema.safeParse(value);
  if (result.success) return {};
  const errors: Partial<Record<string, string>> = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? '');
    errors[field] ??= issue.message;
  }
  return errors as Partial<Record<keyof T & string, string>>;
}

/** Every validation message of the password forms by id, so a view can translate an id. */
export const passwordFormMessages: Record<string, MessageDescriptor> = Object.fromEntries(
  [...Object.values(authValidation), ...Object.values(passwordValidation)].map((descriptor) => [descriptor.id, descriptor]),
);

/** Thrown by the effects of the password flows when nobody is signed in. */
export class NotAuthenticatedError extends Error {
  readonly code = 'catalyst/not-authenticated';
  constructor() {
    super('User not authenticated.');
    this.name = 'NotAuthenticatedError';
  }
}

/** `authErrorKind`, plus the flows' own "nobody is signed in". */
export function passwordErrorKind(error: unknown): AuthErrorKind {
  return error instanceof NotAuthenticatedError ? 'notAuthenticated' : authErrorKind(error);
}
