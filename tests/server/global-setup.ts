// Once per run, before any server test file: the Firebase Auth emulator (reused if one is
// already up: e2e tests and `npm start` share it, so tests never clear its accounts), the object
// store of the uploaded files (tests/fixtures/object-store/), and a
// scratch directory for the run's PGlite database, removed at the end (vitest ends its workers
// without an exit event, so they cannot clean up after themselves).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { EMULATOR_HOST, startAuthEmulator } from '@/scripts/auth-emulator';
import { startObjectStoreServer } from '../fixtures/object-store/object-store-server';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A directory of this run's own, for the test database. */
    serverTestsScratch: string;
    /** The OBJECT_STORE_* variables of the run's object store (one bucket: each test's keys start with its merchants' uids). */
    objectStoreEnv: Record<string, string>;
  }
}

const TEST_BUCKET = 'catalyst-server-tests';

export default async function setup(project: TestProject) {
  const emulator = await startAuthEmulator({ quiet: true });
  process.env.FIREBASE_AUTH_EMULATOR_HOST = EMULATOR_HOST;
  const scratch = mkdtempSync(join(tmpdir(), 'catalyst-server-tests-'));
  project.provide('serverTestsScratch', scratch);
  const objects = await startObjectStoreServer({ directory: join(scratch, 'object-store'), buckets: [TEST_BUCKET] });
  project.provide('objectStoreEnv', objects.env(TEST_BUCKET));
  return async () => {
    await objects.close();
    rmSync(scratch, { recursive: true, force: true });
    await emulator.stop();
  };
}
