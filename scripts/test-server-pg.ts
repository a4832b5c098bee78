// `npm run test:server`: the server tests (tests/server) on PostgreSQL, the database DATABASE_URL
// names. `npm test` runs them on PGlite in its Vitest run first; this is the second pass CI makes
// (.ci/run starts a PostgreSQL and sets DATABASE_URL). Without DATABASE_URL it says so and passes.
// Extra arguments go to Vitest: `npm run test:server -- tests/server/me.test.ts`.
import { spawnSync } from 'node:child_process';

const url = process.env.DATABASE_URL;
if (!url) {
  console.log('test:server: DATABASE_URL is not set, so the server tests ran on PGlite only (npx vitest run --project server).');
  process.exit(0);
}
const where = (() => {
  try {
    const parsed = new URL(url);
    return `${parsed.hostname}:${parsed.port || 5432}${parsed.pathname}`;
  } catch {
    return 'DATABASE_URL';
  }
})();
console.log(`test:server: the server tests on PostgreSQL at ${where}`);
const result = spawnSync('npx', ['vitest', 'run', '--project', 'server', ...process.argv.slice(2)], { stdio: 'inherit' });
process.exit(result.status ?? 1);
