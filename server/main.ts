import { buildApp } from './app';

const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? '127.0.0.1';
const distDir = process.env.DIST_DIR ?? 'dist';

const app = await buildApp({ env: process.env, distDir, logger: { level: process.env.LOG_LEVEL ?? 'info' } });
await app.listen({ port, host });

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void app.close().then(() => process.exit(0));
  });
}
