// Once per run, before any server test file: the Firebase Auth emulator (reused if one is
// already up: e2e tests and `npm start` share it, so tests never clear its accounts).
import { EMULATOR_HOST, startAuthEmulator } from '../../scripts/auth-emulator';

export default async function setup() {
  const emulator = await startAuthEmulator({ quiet: true });
  process.env.FIREBASE_AUTH_EMULATOR_HOST = EMULATOR_HOST;
  return () => emulator.stop();
}
