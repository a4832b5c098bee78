// `npm run bench:api`: authenticated API reads under load. Starts the Auth emulator and the real
// server (PGlite in a fresh DATA_DIR, then PostgreSQL with DATABASE_URL) and sends GET /api/v1/me
// with valid ID tokens on loopback (BENCH_RATE 500 req/s, BENCH_DURATION 10 s, BENCH_CONNECTIONS).
// Prints req/s, p50/p90/p99, the server's CPU and the machine's load; budget: p99 under 25 ms.
// Emulator tokens are unsigned; either way the server remembers a verified token for
// AUTH_TOKEN_CACHE_SECONDS (server/auth/token-cache.ts). BENCH_WRITE_DOC=1 rewrites each database's
// table in docs/benchmarks.md.
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { startAuthEmulator } from './auth-emulator';
import { startBenchServer } from './bench-server';
import { benchCommand, machineLabel, today, writeBenchBlocks } from './benchmarks-doc';
import { cpuMs } from './process-cpu';
import { createUser } from '../tests/server/support/emulator-users';

const RATE = Number(process.env.BENCH_RATE ?? 500);
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const USERS = 5;
// autocannon spends each connection's share of the second's requests as fast as answers come
// back, so the load arrives in bursts of up to CONNECTIONS concurrent requests.
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const P99_BUDGET_MS = 25;

type Target = { name: string; env: Record<string, string> };
type Figures = {
  target: string;
  requestsPerSecond: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  non2xx: number;
  errors: number;
  /** The server process's CPU time over the run, as a share of one core: near 100% means saturated. */
  serverCpu: number;
  /** The machine's 1-minute load average after the run: latency only means something on an idle machine. */
  load: number;
};

function load(url: string, tokens: string[], durationS: number): Promise<autocannon.Result> {
  let next = 0;
  return autocannon({
    url,
    connections: CONNECTIONS,
    overallRate: RATE,
    duration: durationS,
    // autocannon's coordinated-omission correction takes 1/rate (per connection, in seconds) as
    // an interval in ms, which files every slow response as dozens of samples: record raw latencies.
    ignoreCoordinatedOmission: true,
    requests: [
      {
        method: 'GET',
        path: '/api/v1/me',
        setupRequest: (request) => ({
          ...request,
          headers: { ...request.headers, authorization: `Bearer ${tokens[next++ % tokens.length]}` },
        }),
      },
    ],
  });
}

async function bench(target: Target): Promise<Figures> {
  console.log(`\n${target.name}: starting the server…`);
  const server = await startBenchServer(target.env);
  try {
    const users = await Promise.all(Array.from({ length: USERS }, (_, i) => createUser(`bench-${i}`)));
    const tokens = users.map((user) => user.idToken);
    for (const token of tokens) {
      const response = await fetch(`${server.url}/api/v1/me`, { headers: { authorization: `Bearer ${token}` } });
      if (!response.ok) throw new Error(`/api/v1/me answered ${response.status}: ${await response.text()}`);
    }
    console.log(`${target.name}: warming up (3 s), then ${RATE} req/s for ${DURATION_S} s…`);
    await load(server.url, tokens, 3);
    const cpuBefore = cpuMs(server.child.pid);
    const result = await load(server.url, tokens, DURATION_S);
    const cpuAfter = cpuMs(server.child.pid);
    return {
      target: target.name,
      requestsPerSecond: result.requests.average,
      p50: result.latency.p50,
      p90: result.latency.p90,
      p99: result.latency.p99,
      max: result.latency.max,
      non2xx: result.non2xx,
      errors: result.errors + result.timeouts,
      serverCpu: cpuBefore === null || cpuAfter === null ? NaN : (cpuAfter - cpuBefore) / (DURATION_S * 1000),
      load: loadavg()[0]!,
    };
  } finally {
    await server.stop();
  }
}

const emulator = await startAuthEmulator({ quiet: true });
const dataDir = mkdtempSync(join(tmpdir(), 'catalyst-bench-'));
const targets: Target[] = [{ name: 'PGlite', env: { DATA_DIR: dataDir } }];
if (process.env.DATABASE_URL) targets.push({ name: 'PostgreSQL', env: { DATABASE_URL: process.env.DATABASE_URL } });
else console.log('DATABASE_URL is not set: PGlite only.');

const figures: Figures[] = [];
try {
  for (const target of targets) figures.push(await bench(target));
} finally {
  rmSync(dataDir, { recursive: true, force: true });
  await emulator.stop();
}

console.log(
  `\nGET /api/v1/me at ${RATE} req/s for ${DURATION_S} s; budget: p99 under ${P99_BUDGET_MS} ms on an otherwise idle machine (${availableParallelism()} cores)\n`,
);
console.log('database     req/s   p50 ms  p90 ms  p99 ms  max ms  non-2xx  errors  server CPU  load avg  verdict');
const verdictOf = (f: Figures) => (f.non2xx + f.errors > 0 ? 'FAILED REQUESTS' : f.p99 < P99_BUDGET_MS ? 'within budget' : 'OVER BUDGET');
for (const f of figures) {
  console.log(
    `${f.target.padEnd(10)} ${f.requestsPerSecond.toFixed(0).padStart(7)} ${String(f.p50).padStart(8)} ${String(f.p90).padStart(7)} ${String(f.p99).padStart(7)} ${String(f.max).padStart(7)} ${String(f.non2xx).padStart(8)} ${String(f.errors).padStart(7)}  ${`${(f.serverCpu * 100).toFixed(0)}%`.padStart(10)}  ${f.load.toFixed(1).padStart(8)}  ${verdictOf(f)}`,
  );
}

const command = benchCommand('bench:api');
const machine = machineLabel();
writeBenchBlocks(
  figures.map((f) => ({
    name: `api-${f.target.toLowerCase()}`,
    command,
    date: today(),
    machine,
    table: {
      headers: ['figure', 'measured', 'budget', 'verdict'],
      rows: [
        [
          `GET /api/v1/me at ${RATE} req/s for ${DURATION_S} s (${f.requestsPerSecond.toFixed(0)} answered a second)`,
          `p99 ${f.p99} ms (p50 ${f.p50}, p90 ${f.p90}, max ${f.max}), ${f.non2xx} non-2xx, ${f.errors} errors; server CPU ${(f.serverCpu * 100).toFixed(0)} % of a core`,
          `p99 < ${P99_BUDGET_MS} ms`,
          verdictOf(f),
        ],
      ],
    },
  })),
);
