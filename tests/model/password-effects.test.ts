// The Firebase effects the password machines are given in the app (src/features/password/firebase),
// against a stand-in for the SDK: the rules they add on top of Firebase.
import { describe, expect, it } from 'vitest';
import { createActor, toPromise, type AnyActorLogic } from 'xstate';
import { NotAuthenticatedError } from '@/domain/password';
import { passwordChangeActors } from '@/src/features/password/firebase/password-change-actors';
import { sendResetEmailActor } from '@/src/features/password/firebase/send-reset-email-actor';
import type { FirebaseAuthHandle } from '@/src/auth/load-firebase-auth';

function fakeFirebase(options: { currentUser?: object | null; fail?: Record<string, unknown> } = {}) {
  const calls: Array<[string, ...unknown[]]> = [];
  const auth = { languageCode: null as string | null, currentUser: options.currentUser ?? null };
  const call =
    (name: string) =>
    async (...args: unknown[]) => {
      calls.push([name, ...args]);
      if (options.fail?.[name]) throw options.fail[name];
    };
  const sdk = {
    sendPasswordResetEmail: async (a: typeof auth, email: string) => {
      calls.push(['sendPasswordResetEmail', a.languageCode, email]);
      if (options.fail?.sendPasswordResetEmail) throw options.fail.sendPasswordResetEmail;
    },
    EmailAuthProvider: { credential: (email: string, password: string) => ({ email, password }) },
    reauthenticateWithCredential: call('reauthenticateWithCredential'),
    updatePassword: call('updatePassword'),
  };
  const handle = { auth, sdk } as unknown as FirebaseAuthHandle;
  return { calls, load: async () => handle };
}

const run = (logic: AnyActorLogic, input: unknown) => toPromise(createActor(logic, { input }).start());

describe('sendResetEmail', () => {
  it('asks Firebase for the email in the page language', async () => {
    const firebase = fakeFirebase();
    await run(sendResetEmailActor(firebase.load), { email: 'merchant@example.com', language: 'pt' });
    expect(firebase.calls).toEqual([['sendPasswordResetEmail', 'pt', 'merchant@example.com']]);
  });

  it('counts an unknown account as sent: the page never tells whether an account exists', async () => {
    const firebase = fakeFirebase({ fail: { sendPasswordResetEmail: { code: 'auth/user-not-found' } } });
    await expect(run(sendResetEmailActor(firebase.load), { email: 'nobody@example.com', language: 'en' })).resolves.toBeUndefined();
  });

  it('lets every other failure through', async () => {
    const firebase = fakeFirebase({ fail: { sendPasswordResetEmail: { code: 'auth/network-request-failed' } } });
    await expect(run(sendResetEmailActor(firebase.load), { email: 'merchant@example.com', language: 'en' })).rejects.toEqual({
      code: 'auth/network-request-failed',
    });
  });
});

describe('reauthenticate and updatePassword', () => {
  const user = { uid: 'u1', email: 'merchant@example.com' };

  it('re-authenticate the current user with a credential of its own email, then update its password', async () => {
    const firebase = fakeFirebase({ currentUser: user });
    const actors = passwordChangeActors(firebase.load);
    await run(actors.reauthenticate, { password: 'current-secret' });
    await run(actors.updatePassword, { newPassword: 'new-secret' });
    expect(firebase.calls).toEqual([
      ['reauthenticateWithCredential', user, { email: 'merchant@example.com', password: 'current-secret' }],
      ['updatePassword', user, 'new-secret'],
    ]);
  });

  it('refuse without a signed-in user', async () => {
    const actors = passwordChangeActors(fakeFirebase({ currentUser: null }).load);
    await expect(run(actors.reauthenticate, { password: 'x' })).rejects.toBeInstanceOf(NotAuthenticatedError);
    await expect(run(actors.updatePassword, { newPassword: 'new-secret' })).rejects.toBeInstanceOf(NotAuthenticatedError);
  });
});
