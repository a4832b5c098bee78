// `npm run bench:ssr`: server rendering of a public page, per request, in the production server.
// Builds into .tmp/ (`--no-build` reuses it) without the static landing files, so /en/, /pt/ and
// /es/ render on every request, and loads them on loopback at a steady rate (open loop, see
// open-loop-load.ts: BENCH_RATE 200 req/s, BENCH_DURATION 10 s, after a 3 s warm-up). Prints
// p50/p90/p99, the server's CPU and the machine's load; budget: p99 under 30 ms. BENCH_WRITE_DOC=1
// rewrites its table in docs/benchmarks.md.
import { rmSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { staticLandingPaths } from '../domain/public-pages';
import { buildAll } from './build';
import { benchCommand, machineLabel, today, writeBenchBlocks } from './benchmarks-doc';
import { startPublicServer } from './bench-server';
import { openLoopLoad } from './open-loop-load';
import { cpuMs } from './process-cpu';

const RATE = Number(process.env.BENCH_RATE ?? 200);
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const P99_BUDGET_MS = 30;
const workDir = resolve('.tmp/bench-ssr');
const distDir = join(workDir, 'dist');

if (!process.argv.includes('--no-build')) {
  console.log('Building into .tmp/bench-ssr…');
  await buildAll({
    outDir: distDir,
    serverOutDir: join(workDir, 'dist-server'),
  });
}
for (const { file } of staticLandingPaths) rmSync(join(distDir, file), { force: true });
const server = await startPublicServer({
  main: join(workDir, 'dist-server', 'main.js'),
  distDir,
  dataDir: join(workDir, 'data'),
  env: { SITE_URL: 'https://catalyst.example' },
});
const url = server.url;
try {
  const first = await fetch(`${url}/pt/`);
  const html = await first.text();
  if (!first.ok || !html.includes('</h1>') || !html.includes('$_TSR'))
    throw new Error(`/pt/ was not rendered by the server (${first.status})`);

  const paths = staticLandingPaths.map((path) => path.url);
  const load = (durationS: number) => openLoopLoad({ origin: url, paths, rate: RATE, durationS });
  console.log(
    `Warming up (3 s), then ${RATE} req/s, one every ${(1000 / RATE).toFixed(1)} ms, for ${DURATION_S} s over /en/, /pt/ and /es/, each rendered per request…`,
  );
  await load(3);
  const cpuBefore = cpuMs(server.child.pid);
  const result = await load(DURATION_S);
  const cpuAfter = cpuMs(server.child.pid);
  const serverCpu = cpuBefore === null || cpuAfter === null ? NaN : (cpuAfter - cpuBefore) / (DURATION_S * 1000);
  console.log(`\nServer rendering (${(html.length / 1024).toFixed(1)} KB page), ${result.ratePerSecond.toFixed(0)} req/s`);
  console.log(`  p50 ${result.p50} ms, p90 ${result.p90} ms, p99 ${result.p99} ms, max ${result.max} ms`);
  console.log(
    `  failed ${result.failed} of ${result.sent}; server CPU ${(serverCpu * 100).toFixed(0)}% of a core; load ${loadavg()[0]!.toFixed(2)}`,
  );
  const met = result.p99 < P99_BUDGET_MS && result.failed === 0;
  console.log(`  budget p99 < ${P99_BUDGET_MS} ms: ${met ? 'met' : 'NOT met'}`);
  writeBenchBlocks([
    {
      name: 'ssr',
      command: benchCommand('bench:ssr'),
      date: today(),
      machine: machineLabel(),
      table: {
        headers: ['figure', 'measured', 'budget', 'verdict'],
        rows: [
          [
            `/en/, /pt/ and /es/ rendered per request at ${RATE} req/s for ${DURATION_S} s (${result.ratePerSecond.toFixed(0)} answered a second)`,
            `p99 ${result.p99} ms (p50 ${result.p50}, p90 ${result.p90}, max ${result.max}), ${result.failed} failed of ${result.sent}; server CPU ${(serverCpu * 100).toFixed(0)} % of a core`,
            `p99 < ${P99_BUDGET_MS} ms`,
            met ? 'within budget' : result.failed > 0 ? 'FAILED REQUESTS' : 'OVER BUDGET',
          ],
        ],
      },
    },
  ]);
} finally {
  server.stop();
}
