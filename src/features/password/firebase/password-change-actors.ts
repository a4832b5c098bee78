import { fromPromise } from 'xstate';
import { NotAuthenticatedError } from '@/domain/password';
import type { ReauthenticateInput, UpdatePasswordInput } from '@/machines/password-change';
import type { FirebaseAuthHandle } from '@/src/auth/load-firebase-auth';

/**
 * The password-change machine's Firebase effects, on the current user: a password change needs a
 * signed-in user, so both refuse with NotAuthenticatedError when Firebase has none. Firebase wants
 * a recent sign-in before a password change, hence re-authenticating with the current password first.
 */
export function passwordChangeActors(firebase: () => Promise<FirebaseAuthHandle>) {
  const currentUser = async () => {
    const { auth, sdk } = await firebase();
    if (!auth.currentUser) throw new NotAuthenticatedError();
    return { user: auth.currentUser, sdk };
  };
  return {
    reauthenticate: fromPromise<void, ReauthenticateInput>(async ({ input }) => {
      const { user, sdk } = await currentUser();
      // With the user's own email: the only credential Firebase accepts for it (else auth/user-mismatch).
      await sdk.reauthenticateWithCredential(user, sdk.EmailAuthProvider.credential(user.email ?? '', input.password));
    }),
    updatePassword: fromPromise<void, UpdatePasswordInput>(async ({ input }) => {
      const { user, sdk } = await currentUser();
      await sdk.updatePassword(user, input.newPassword);
    }),
  };
}
