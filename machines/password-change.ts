import { assign, fromPromise, setup } from 'xstate';
import type { AuthErrorKind } from '../domain/auth';
import { fieldErrorsOf, passwordChangeSchema, passwordErrorKind, type PasswordChangeField } from '../domain/password';

/**
 * Changing the password from Settings: it needs a signed-in user, re-authenticates with the
 * current password (Firebase wants a recent sign-in), then updates the password.
 *
 * The signed-in user is Firebase's current user, the one both effects act on: without one they fail
 * with NotAuthenticatedError, which `rememberError` turns into 'User not authenticated.'. The form
 * itself only exists while the session has a user (the signed-in layout leaves Settings the moment
 * the session ends), so a submit never happens signed out and the machine has no branch for it.
 */

export type ReauthenticateInput = { password: string };
export type UpdatePasswordInput = { newPassword: string };

export type PasswordChangeContext = {
  /** Message ids of the fields' validation errors. */
  fieldErrors: Partial<Record<PasswordChangeField, string>>;
  error: AuthErrorKind | null;
  /** Held only between submitting and the update's answer. */
  pending: { currentPassword: string; newPassword: string } | null;
};

export type PasswordChangeEvent = {
  type: 'SUBMIT';
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
};

const valuesOf = (event: PasswordChangeEvent) => ({
  currentPassword: event.currentPassword,
  newPassword: event.newPassword,
  confirmPassword: event.confirmPassword,
});

export const passwordChangeMachine = setup({
  types: {
    context: {} as PasswordChangeContext,
    events: {} as PasswordChangeEvent,
    tags: {} as 'saving',
  },
  actors: {
    // Provided by src/features/password, on Firebase's current user (NotAuthenticatedError without
    // one): EmailAuthProvider.credential + reauthenticateWithCredential, then updatePassword.
    reauthenticate: fromPromise<void, ReauthenticateInput>(async () => {
      throw new Error('reauthenticate is not provided');
    }),
    updatePassword: fromPromise<void, UpdatePasswordInput>(async () => {
      throw new Error('updatePassword is not provided');
    }),
  },
  guards: {
    isValidChange: ({ event }) => passwordChangeSchema.safeParse(valuesOf(event)).success,
  },
  actions: {
    acceptChange: assign(({ event }) => ({
      fieldErrors: {},
      error: null,
      pending: { currentPassword: event.currentPassword, newPassword: event.newPassword },
    })),
    rejectChange: assign(({ event }) => ({ fieldErrors: fieldErrorsOf(passwordChangeSchema, valuesOf(event)), error: null })),
    /** The failure's kind: Firebase's (auth/...), or 'notAuthenticated' when Firebase has no current user. */
    rememberError: assign(({ event }) => ({ error: passwordErrorKind('error' in event ? event.error : undefined), pending: null })),
    forgetPending: assign({ pending: null }),
    // Provided by the view: empties the form's fields.
    clearForm: () => undefined,
  },
}).createMachine({
  id: 'passwordChange',
  initial: 'form',
  context: { fieldErrors: {}, error: null, pending: null },
  states: {
    form: {
      initial: 'editing',
      on: {
        SUBMIT: [
          { guard: 'isValidChange', target: 'reauthenticating', actions: 'acceptChange' },
          { target: '.editing', actions: 'rejectChange' },
        ],
      },
      states: {
        editing: {},
        failed: {},
        // 'Password changed.' until the next submit.
        changed: {},
      },
    },
    reauthenticating: {
      tags: 'saving',
      invoke: {
        id: 'reauthenticate',
        src: 'reauthenticate',
        input: ({ context }) => ({ password: context.pending?.currentPassword ?? '' }),
        onDone: 'updating',
        onError: { target: 'form.failed', actions: 'rememberError' },
      },
    },
    updating: {
      tags: 'saving',
      invoke: {
        id: 'updatePassword',
        src: 'updatePassword',
        input: ({ context }) => ({ newPassword: context.pending?.newPassword ?? '' }),
        onDone: { target: 'form.changed', actions: ['forgetPending', 'clearForm'] },
        onError: { target: 'form.failed', actions: 'rememberError' },
      },
    },
  },
});
