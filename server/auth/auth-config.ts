// Which Firebase project verifies tokens, and whether through the Auth emulator.
export type AuthConfig = { projectId: string; emulatorHost: string | null };

type Env = Record<string, string | undefined>;

export class UnsafeConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UnsafeConfigError';
  }
}

/** The exit code of a server refused for its configuration (sysexits EX_CONFIG). */
export const EXIT_UNSAFE_CONFIG = 78;

/**
 * Emulator tokens are unsigned and firebase-admin accepts forged ones in emulator mode, so a
 * production server with FIREBASE_AUTH_EMULATOR_HOST set would let anyone sign in as anyone.
 */
export function assertSafeForProduction(env: Env): void {
  if (env.NODE_ENV === 'production' && (env.FIREBASE_AUTH_EMULATOR_HOST || process.env.FIREBASE_AUTH_EMULATOR_HOST)) {
    throw new UnsafeConfigError(
      'Refusing to start: NODE_ENV=production with FIREBASE_AUTH_EMULATOR_HOST set. Emulator tokens are unsigned, ' +
        'so anyone could sign in as anyone. Unset FIREBASE_AUTH_EMULATOR_HOST (and use a Firebase project) or unset NODE_ENV.',
    );
  }
}
