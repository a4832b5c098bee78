// The server process: parses its configuration once (refusing an unsafe one), opens (and owns) the
// database, builds the services once, serves the HTTP app and runs this process's background
// workers beside it.
import { EXIT_UNSAFE_CONFIG, UnsafeConfigError } from './auth/auth-config';
import { parseConfig, type Config } from './config';
import { DataDirLockedError, EXIT_DATA_DIR_LOCKED } from './db/data-dir-lock';
import { openDatabase } from './db/database';
import { buildApp } from './app';
import { buildServices } from './services';
import { appWithWorkers, workerSettingsFrom } from './workers';

function refuse(message: string, code: number): never {
  console.error(message);
  process.exit(code);
}

let config: Config;
try {
  config = parseConfig(process.env);
} catch (error) {
  if (error instanceof UnsafeConfigError) refuse(error.message, EXIT_UNSAFE_CONFIG);
  throw error;
}
// DIST_DIR= (empty) serves the API alone, e.g. for the API benchmark.
const { port, host, distDir } = config;
const workerSettings = workerSettingsFrom(config);

const database = await openDatabase(config.database, `catalyst server, port ${port}`).catch((error: unknown) => {
  if (error instanceof DataDirLockedError) refuse(error.message, EXIT_DATA_DIR_LOCKED);
  throw error;
});

// Built once: the app and the workers share each store (the webhook's channel cache among them).
const services = buildServices(database.db, config);
const noticesUrl = config.database.kind === 'postgres' ? config.database.url : undefined;
const app = await appWithWorkers(
  { db: database.db, settings: workerSettings, services, ...(noticesUrl ? { noticesUrl } : {}) },
  (onWorkQueued) => buildApp({ config, distDir, database, services, logger: { level: config.logLevel }, onWorkQueued }),
).catch(async (error: unknown) => {
  await database.close();
  throw error;
});
// On close: the workers hand their jobs back, then the HTTP server stops (the event recorders write
// what they hold in its routes' onClose hooks), then the database closes. Not an onClose hook of its
// own: Fastify runs the root's before its plugins', so the recorders' last batches found it closed.
const closeAll = () => app.close().finally(() => database.close());
await app.listen({ port, host });
app.log.info({ database: database.description }, 'database ready');

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void closeAll().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
}
