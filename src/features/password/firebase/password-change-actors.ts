import { fromPromise } from 'xstate';
import { NotAuthenticatedError } from '../../../../domain/password';
import type { ReauthenticateInput, UpdatePasswordInput } from '../../../../machines/password-change';
import type { FirebaseAuthHandle } from '../../auth/firebase/load-firebase-auth';

/**
 * The password-change machine's Firebase effects, on the current user. Firebase wants a recent
 * sign-in before a password change, hence re-authenticating with the current password first.
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
      // Firebase refuses a credential of another account (auth/user-mismatch).
      await sdk.reauthenticateWithCredential(user, sdk.EmailAuthProvider.credential(input.email, input.password));
    }),
    updatePassword: fromPromise<void, UpdatePasswordInput>(async ({ input }) => {
      const { user, sdk } = await currentUser();
      await sdk.updatePassword(user, input.newPassword);
    }),
  };
}
