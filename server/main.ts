// The server process: refuses unsafe configuration, opens (and owns) the database, serves the HTTP
// app and runs this process's background workers beside it.
import { assertSafeForProduction, EXIT_UNSAFE_CONFIG, UnsafeConfigError } from './auth/auth-config';
import { DataDirLockedError, EXIT_DATA_DIR_LOCKED } from './db/data-dir-lock';
import { databaseTargetFromEnv, openDatabase } from './db/database';
import { buildApp } from './app';
import { buildServices } from './services';
import { appWithWorkers, workerSettingsFromEnv } from './workers';

const env = process.env;
const port = Number(env.PORT ?? 3000);
const host = env.HOST ?? '127.0.0.1';
// DIST_DIR= (empty) serves the API alone, e.g. for the API benchmark.
const distDir = env.DIST_DIR ?? 'dist';

function refuse(message: string, code: number): never {
  console.error(message);
  process.exit(code);
}

try {
  assertSafeForProduction(env);
} catch (error) {
  if (error instanceof UnsafeConfigError) refuse(error.message, EXIT_UNSAFE_CONFIG);
  throw error;
}
const workerSettings = workerSettingsFromEnv(env);

const database = await openDatabase(databaseTargetFromEnv(env), `catalyst server, port ${port}`).catch((error: unknown) => {
  if (error instanceof DataDirLockedError) refuse(error.message, EXIT_DATA_DIR_LOCKED);
  throw error;
});

// Built once: the app and the workers share each store (the webhook's channel cache among them).
const services = buildServices(database.db, env);
const app = await appWithWorkers({ db: database.db, settings: workerSettings, services }, (onWorkQueued) =>
  buildApp({ env, distDir: distDir || undefined, database, services, logger: { level: env.LOG_LEVEL ?? 'info' }, onWorkQueued }),
).catch(async (error: unknown) => {
  await database.close();
  throw error;
});
// On close: the workers hand their jobs back, then the HTTP server stops, then the database closes.
app.addHook('onClose', () => database.close());
await app.listen({ port, host });
app.log.info({ database: database.description }, 'database ready');

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void app.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
}
