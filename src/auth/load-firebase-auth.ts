import type { Auth } from 'firebase/auth';
import type * as FirebaseAuthSdk from 'firebase/auth';
import type { RuntimeConfig } from '@/domain/runtime-config';

export type FirebaseAuthModule = typeof FirebaseAuthSdk;
export type FirebaseAuthHandle = { auth: Auth; sdk: FirebaseAuthModule };

let loading: Promise<FirebaseAuthHandle> | null = null;

/**
 * Loads the Firebase JS SDK on first use (never on public routes: it is a separate chunk) and
 * initialises it from the runtime config, connected to the Auth emulator when the config says so.
 */
export function loadFirebaseAuth(config: RuntimeConfig): Promise<FirebaseAuthHandle> {
  loading ??= (async () => {
    const [{ initializeApp }, sdk] = await Promise.all([import('firebase/app'), import('firebase/auth')]);
    const app = initializeApp(config.firebase);
    const auth = sdk.getAuth(app);
    if (config.authEmulatorUrl) sdk.connectAuthEmulator(auth, config.authEmulatorUrl, { disableWarnings: true });
    return { auth, sdk };
  })();
  loading.catch(() => (loading = null)); // a failed chunk load may be retried
  return loading;
}
