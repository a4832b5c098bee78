// The product server as the benchmarks run it: as production does (the bundle of
// build-server.ts, built once per bench into a scratch directory of .tmp/), its own process on a free
// loopback port, with the bench's environment (PGlite in a data dir, or PostgreSQL), no SPA, quiet
// logs, the Auth emulator; ready once /readyz answers.
import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { EMULATOR_HOST } from './auth-emulator';
import { buildScratchServer, SERVER_NODE_FLAGS } from './build-server';

/** The seeded PRNG the benchmarks generate their data with (tests/fixtures/seeded-random.ts). */
export { seededRandom } from '../tests/fixtures/seeded-random';

export type BenchServer = { url: string; child: ChildProcess; stop: () => Promise<void> };

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

let bundle: Promise<string> | null = null;
/** The server bundle the benches run (built once per bench run): its main.js. */
export const serverBundle = () => (bundle ??= buildScratchServer('bench-server'));

/** `env` is the target's (DATABASE_URL or DATA_DIR and the like); the caller's own are dropped. */
export async function startBenchServer(env: Record<string, string>): Promise<BenchServer> {
  const main = await serverBundle();
  const port = await freePort();
  const { DATABASE_URL: _url, DATA_DIR: _dir, NODE_ENV: _mode, ...inherited } = process.env;
  // BENCH_NODE_ARGS: flags for the server process (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof" to profile it).
  const nodeArgs = process.env.BENCH_NODE_ARGS?.split(/\s+/).filter(Boolean) ?? [];
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, ...nodeArgs, main], {
    env: { ...inherited, ...env, PORT: String(port), HOST: '127.0.0.1', DIST_DIR: '', LOG_LEVEL: 'warn', FIREBASE_AUTH_EMULATOR_HOST: EMULATOR_HOST },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  await untilReady(url, child);
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  return { url, child, stop };
}

/** Waits for /readyz to answer (two minutes at most); a server that exits first fails it. */
async function untilReady(url: string, child: ChildProcess) {
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The server exited with code ${child.exitCode}`);
    if (Date.now() > deadline) throw new Error('The server did not get ready within 120 s');
    if (await fetch(`${url}/readyz`).then((r) => r.ok, () => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/**
 * The production server for the public pages (the landing, server rendering): NODE_ENV=production,
 * no Firebase, a fresh PGlite in `dataDir`, the built SPA in `distDir`; ready once /readyz answers.
 */
export async function startPublicServer({ main, distDir, dataDir, env = {} }: { main: string; distDir: string; dataDir: string; env?: Record<string, string> }) {
  const port = await freePort();
  rmSync(dataDir, { recursive: true, force: true });
  // BENCH_NODE_ARGS: flags for the server process (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof" to profile it).
  const nodeArgs = process.env.BENCH_NODE_ARGS?.split(/\s+/).filter(Boolean) ?? [];
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, ...nodeArgs, main], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DIST_DIR: distDir,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      FIREBASE_AUTH_EMULATOR_HOST: '',
      ...env,
    },
  });
  const url = `http://127.0.0.1:${port}`;
  await untilReady(url, child);
  return { url, child, stop: () => child.kill('SIGTERM') };
}
