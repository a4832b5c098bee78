// Starts the Firebase Auth emulator (firebase-tools, project demo-catalyst, UI off, no network
// checks) and configures it as production behaves: improved email privacy on, so wrong
// credentials answer auth/invalid-credential. Used by `npm start`, the server tests and e2e.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';

export const EMULATOR_PROJECT = 'demo-catalyst';
export const EMULATOR_HOST = process.env.AUTH_EMULATOR_HOST_PORT ?? '127.0.0.1:9099';
const base = `http://${EMULATOR_HOST}`;

export async function isEmulatorUp(): Promise<boolean> {
  try {
    return (await fetch(`${base}/`)).ok;
  } catch {
    return false;
  }
}

export async function configureEmulator(): Promise<void> {
  const response = await fetch(`${base}/emulator/v1/projects/${EMULATOR_PROJECT}/config`, {
    method: 'PATCH',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ emailPrivacyConfig: { enableImprovedEmailPrivacy: true } }),
  });
  if (!response.ok) throw new Error(`Could not configure the Auth emulator: ${response.status}`);
}

/** Creates an email/password user unless it exists; returns its uid (null when it already existed). */
export async function ensureEmulatorUser(email: string, password: string): Promise<string | null> {
  const response = await fetch(`${base}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-api-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, returnSecureToken: true }),
  });
  const body = (await response.json()) as { localId?: string; error?: { message?: string } };
  if (response.ok) return body.localId ?? null;
  if (body.error?.message === 'EMAIL_EXISTS') return null;
  throw new Error(`Could not create ${email}: ${body.error?.message ?? response.status}`);
}

/** Starts the emulator unless one already answers; resolves once it is configured. */
export async function startAuthEmulator(
  options: { quiet?: boolean; persistDir?: string } = {},
): Promise<{ child: ChildProcess | null; stop: () => Promise<void> }> {
  if (await isEmulatorUp()) {
    await configureEmulator();
    return { child: null, stop: async () => {} };
  }
  const args = [firebaseBin(), 'emulators:start', '--only', 'auth', '--project', EMULATOR_PROJECT, '--config', 'firebase.json'];
  if (options.persistDir) {
    // Accounts survive restarts: exported on exit, imported at the next start.
    if (existsSync(options.persistDir)) args.push('--import', options.persistDir);
    args.push('--export-on-exit', options.persistDir);
  }
  const child = spawn(process.execPath, args, {
    stdio: options.quiet ? 'ignore' : ['ignore', 'inherit', 'inherit'],
    env: { ...process.env, CI: '1', NO_UPDATE_NOTIFIER: '1' },
    detached: process.platform !== 'win32', // its own process group, so stop() ends all of it
  });
  const deadline = Date.now() + 60_000;
  while (!(await isEmulatorUp())) {
    if (child.exitCode !== null) throw new Error(`The Auth emulator exited with code ${child.exitCode}`);
    if (Date.now() > deadline) throw new Error('The Auth emulator did not start within 60 s');
    await new Promise((r) => setTimeout(r, 250));
  }
  await configureEmulator();
  const stop = async () => {
    if (child.exitCode !== null || child.pid === undefined) return;
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      child.kill('SIGTERM');
    }
    await new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        try {
          process.kill(-child.pid!, 'SIGKILL');
        } catch {
          /* already gone */
        }
        resolve();
      }, 15_000); // the export on exit takes a moment
      child.once('exit', () => {
        clearTimeout(timer);
        resolve();
      });
    });
  };
  return { child, stop };
}

function firebaseBin(): string {
  return new URL('../node_modules/firebase-tools/lib/bin/firebase.js', import.meta.url).pathname;
}
