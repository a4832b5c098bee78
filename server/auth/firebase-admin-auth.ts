// firebase-admin's Auth for a config: the emulator (no credentials) or a real project
// (credentials from GOOGLE_APPLICATION_CREDENTIALS or the platform, public keys cached by
// firebase-admin). Shared by the server and the admin CLI.
import { applicationDefault, getApps, initializeApp } from 'firebase-admin/app';
import { getAuth, type Auth } from 'firebase-admin/auth';
import type { AuthConfig } from './auth-config';

export function firebaseAdminAuth(config: AuthConfig): Auth {
  // firebase-admin reads the emulator host from process.env on every call, for the whole
  // process: make process.env agree with the config, and refuse a process that mixes both.
  const processHost = process.env.FIREBASE_AUTH_EMULATOR_HOST || null;
  if (config.emulatorHost && !processHost) process.env.FIREBASE_AUTH_EMULATOR_HOST = config.emulatorHost;
  else if (processHost !== config.emulatorHost) {
    throw new Error(
      `FIREBASE_AUTH_EMULATOR_HOST is ${processHost ?? 'unset'} in this process but ${config.emulatorHost ?? 'unset'} in the server's config; ` +
        'firebase-admin cannot serve both.',
    );
  }
  const name = `catalyst:${config.projectId}:${config.emulatorHost ?? 'firebase'}`;
  const app =
    getApps().find((candidate) => candidate.name === name) ??
    initializeApp(
      config.emulatorHost ? { projectId: config.projectId } : { projectId: config.projectId, credential: applicationDefault() },
      name,
    );
  return getAuth(app);
}
