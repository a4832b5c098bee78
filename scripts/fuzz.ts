// `npm run fuzz`: tests/server/fuzz-routes.test.ts with 20,000 requests (FUZZ_REQUESTS to change,
// FUZZ_SEED to replay), printing the table of answers by status class per route. On PGlite, or on
// the PostgreSQL of DATABASE_URL.
import { spawnSync } from 'node:child_process';

const result = spawnSync('npx', ['vitest', 'run', '--project', 'server', 'tests/server/fuzz-routes.test.ts', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...process.env, FUZZ_REQUESTS: process.env.FUZZ_REQUESTS ?? '20000' },
});
process.exit(result.status ?? 1);
