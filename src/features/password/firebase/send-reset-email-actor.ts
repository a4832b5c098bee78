import { fromPromise } from 'xstate';
import type { SendResetEmailInput } from '@/machines/password-reset';
import type { FirebaseAuthHandle } from '@/src/auth/load-firebase-auth';

/** Firebase answers this only when the project lacks email enumeration protection. */
const isUnknownAccount = (error: unknown) =>
  typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 'auth/user-not-found';

/**
 * The password-reset machine's `sendResetEmail`: Firebase's sendPasswordResetEmail, the email in
 * the page's language. An unknown account counts as sent, so the page never tells whether an
 * account exists (as production Firebase with email enumeration protection already behaves).
 */
export function sendResetEmailActor(firebase: () => Promise<FirebaseAuthHandle>) {
  return fromPromise<void, SendResetEmailInput>(async ({ input }) => {
    const { auth, sdk } = await firebase();
    auth.languageCode = input.language;
    try {
      await sdk.sendPasswordResetEmail(auth, input.email);
    } catch (error) {
      if (!isUnknownAccount(error)) throw error;
    }
  });
}
