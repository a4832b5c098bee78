// Once per run, before the component tests: the Auth emulator (reused when up), the object store
// (tests/fixtures/object-store/) and the real API server on loopback, on a PGlite database of the run, with its background workers (uploads get
// processed), and the WhatsApp Cloud API fixture as its Graph peer, every number's webhooks going
// to the server (a view's test connects a number and has a shopper write through the fixture's
// simulated shopper, /_demo/shopper), the demo number with those of support/whatsapp-numbers.ts, and
// the fixture's control (support/whatsapp-control.ts: a number's new access token). It runs here, in plain Node, not in the test files' happy-dom: the views reach it
// through the app's own API client, over HTTP.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import type { TestProject } from 'vitest/node';
import { EMULATOR_HOST, EMULATOR_PROJECT, startAuthEmulator } from '@/scripts/auth-emulator';
import { buildApp } from '@/server/app';
import { openDatabase } from '@/server/db/database';
import { appWithWorkers, workerSettingsFrom } from '@/server/workers';
import { parseConfig } from '@/server/config';
import { buildServices } from '@/server/services';
import { DEMO_WHATSAPP_NUMBER, startWhatsAppCloudApiServer } from '../fixtures/whatsapp-cloud-api-server';
import { startObjectStoreServer } from '../fixtures/object-store/object-store-server';
import { startWhatsappControl } from './support/whatsapp-control';
import { whatsappNumbers } from './support/whatsapp-numbers';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The API server's origin, e.g. http://127.0.0.1:41234. */
    componentServerUrl: string;
    /** The WhatsApp Cloud API fixture's origin (its simulated shopper is at /_demo/shopper). */
    componentWhatsappUrl: string;
    /** The fixture's control (support/whatsapp-control.ts): a number's new access token. */
    componentWhatsappControlUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const emulator = await startAuthEmulator({ quiet: true });
  const scratch = mkdtempSync(join(tmpdir(), 'catalyst-component-tests-'));
  const numbers = [DEMO_WHATSAPP_NUMBER, ...Object.values(whatsappNumbers)];
  const whatsapp = await startWhatsAppCloudApiServer({ numbers });
  const control = await startWhatsappControl(whatsapp, numbers);
  const objects = await startObjectStoreServer({ directory: join(scratch, 'object-store'), buckets: ['catalyst-component-tests'] });
  const env = {
    ...objects.env('catalyst-component-tests'),
    FIREBASE_AUTH_EMULATOR_HOST: EMULATOR_HOST,
    FIREBASE_PROJECT_ID: EMULATOR_PROJECT,
    DATA_DIR: scratch,
    WHATSAPP_GRAPH_URL: whatsapp.graphUrl,
  };
  const database = await openDatabase({ kind: 'pglite', dataDir: join(scratch, 'data') }, 'component tests');
  const config = parseConfig(env);
  const services = buildServices(database.db, config);
  const app = await appWithWorkers({ db: database.db, settings: workerSettingsFrom(config), services }, (onWorkQueued) =>
    buildApp({ config, database, services, onWorkQueued }),
  );
  await app.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  // Every number's webhooks go to the server: a shopper may write to any of them (/_demo/shopper).
  for (const { phoneNumberId } of numbers) whatsapp.setWebhookUrl(phoneNumberId, `${url}/webhooks/whatsapp`);
  project.provide('componentServerUrl', url);
  project.provide('componentWhatsappUrl', whatsapp.origin);
  project.provide('componentWhatsappControlUrl', control.origin);
  return async () => {
    await app.close();
    await database.close();
    await control.close();
    await whatsapp.close();
    await objects.close();
    rmSync(scratch, { recursive: true, force: true });
    await emulator.stop();
  };
}
