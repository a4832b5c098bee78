import { assign, fromPromise, setup } from 'xstate';
import type { AuthErrorKind } from '../domain/auth';
import type { Locale } from '../domain/locales';
import { fieldErrorsOf, passwordErrorKind, passwordResetSchema } from '../domain/password';

/**
 * "Forgot your password?": the merchant enters the account's email, the reset email is sent
 * (in the page's language), then "Email sent!" with a resend action that unlocks after a
 * cool-down counted down one second at a time.
 */

/** Seconds before the reset email may be sent again. */
export const RESEND_COOLDOWN_SECONDS = 60;

export type SendResetEmailInput = { email: string; language: Locale };

export type PasswordResetContext = {
  email: string;
  language: Locale;
  /** Message id of the email field's validation error. */
  emailError: string | null;
  error: AuthErrorKind | null;
  /** Seconds until resending unlocks (0 once it has). */
  secondsLeft: number;
};

export type PasswordResetEvent = { type: 'SUBMIT'; email: string; language: Locale } | { type: 'RESEND'; language: Locale };

export const passwordResetMachine = setup({
  types: {
    context: {} as PasswordResetContext,
    events: {} as PasswordResetEvent,
  },
  actors: {
    // Firebase's sendPasswordResetEmail, provided by src/features/password. An unknown account
    // must resolve too (as Firebase does with email enumeration protection): never reveal it.
    sendResetEmail: fromPromise<void, SendResetEmailInput>(async () => {
      throw new Error('sendResetEmail is not provided');
    }),
  },
  guards: {
    isValidRequest: ({ event }) => event.type === 'SUBMIT' && passwordResetSchema.safeParse({ email: event.email }).success,
    isLastSecond: ({ context }) => context.secondsLeft <= 1,
  },
  actions: {
    acceptRequest: assign(({ event }) =>
      event.type === 'SUBMIT'
        ? { email: passwordResetSchema.parse({ email: event.email }).email, language: event.language, emailError: null, error: null }
        : {},
    ),
    rejectRequest: assign(({ event }) =>
      event.type === 'SUBMIT' ? { emailError: fieldErrorsOf(passwordResetSchema, { email: event.email }).email ?? null, error: null } : {},
    ),
    acceptResend: assign(({ event }) => (event.type === 'RESEND' ? { language: event.language, error: null } : {})),
    rememberError: assign({ error: ({ event }) => passwordErrorKind('error' in event ? event.error : undefined) }),
    startCooldown: assign({ secondsLeft: RESEND_COOLDOWN_SECONDS, error: null }),
    countDown: assign({ secondsLeft: ({ context }) => Math.max(0, context.secondsLeft - 1) }),
  },
  delays: {
    resendTick: 1000,
  },
}).createMachine({
  id: 'passwordReset',
  initial: 'form',
  context: { email: '', language: 'en', emailError: null, error: null, secondsLeft: 0 },
  states: {
    form: {
      initial: 'editing',
      on: {
        SUBMIT: [
          { guard: 'isValidRequest', target: 'sending', actions: 'acceptRequest' },
          { target: '.editing', actions: 'rejectRequest' },
        ],
      },
      states: {
        editing: {},
        // The translated error kind shows above the form; the merchant may submit again.
        failed: {},
      },
    },
    sending: {
      invoke: {
        id: 'sendResetEmail',
        src: 'sendResetEmail',
        input: ({ context }) => ({ email: context.email, language: context.language }),
        onDone: { target: 'sent', actions: 'startCooldown' },
        onError: { target: 'form.failed', actions: 'rememberError' },
      },
    },
    sent: {
      initial: 'coolingDown',
      states: {
        coolingDown: {
          after: {
            resendTick: [
              { guard: 'isLastSecond', target: 'ready', actions: 'countDown' },
              // Re-entering restarts the one-second delay.
              { target: 'coolingDown', reenter: true, actions: 'countDown' },
            ],
          },
        },
        ready: {
          on: { RESEND: { target: 'resending', actions: 'acceptResend' } },
        },
        resending: {
          invoke: {
            id: 'resendResetEmail',
            src: 'sendResetEmail',
            input: ({ context }) => ({ email: context.email, language: context.language }),
            onDone: { target: 'coolingDown', actions: 'startCooldown' },
            // The email went out once already: stay on "Email sent!" and offer resending again.
            onError: { target: 'ready', actions: 'rememberError' },
          },
        },
      },
    },
  },
});
