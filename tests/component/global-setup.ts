// Once per run, before the component tests: the Auth emulator (reused when up) and the real API
// server on loopback, on a PGlite database of the run, with its background workers (uploads get
// processed). It runs here, in plain Node, not in the test files' happy-dom: the views reach it
// through the app's own API client, over HTTP.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import type { TestProject } from 'vitest/node';
import { EMULATOR_HOST, EMULATOR_PROJECT, startAuthEmulator } from '../../scripts/auth-emulator';
import { buildApp } from '../../server/app';
import { openDatabase } from '../../server/db/database';
import { appWithWorkers, workerSettingsFromEnv } from '../../server/workers';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The API server's origin, e.g. http://127.0.0.1:41234. */
    componentServerUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const emulator = await startAuthEmulator({ quiet: true });
  const scratch = mkdtempSync(join(tmpdir(), 'catalyst-component-tests-'));
  const env = { FIREBASE_AUTH_EMULATOR_HOST: EMULATOR_HOST, FIREBASE_PROJECT_ID: EMULATOR_PROJECT, DATA_DIR: scratch };
  const database = await openDatabase({ kind: 'pglite', dataDir: join(scratch, 'data') }, 'component tests');
  const app = await appWithWorkers({ db: database.db, settings: workerSettingsFromEnv(env) }, (onWorkQueued) =>
    buildApp({ env, database, onWorkQueued }),
  );
  await app.listen({ port: 0, host: '127.0.0.1' });
  project.provide('componentServerUrl', `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`);
  return async () => {
    await app.close();
    await database.close();
    rmSync(scratch, { recursive: true, force: true });
    await emulator.stop();
  };
}
