// `npm run test:install`: what the Dockerfile's image does, done here where no container runtime
// runs. Follows the Dockerfile's final stage as written (its ENV, its `RUN npm ci …` on the
// lockfile, its `COPY --from=build` of the build's output, its CMD) in a clean directory with
// nothing else, then starts that install as a `web` and as a `worker` process on PostgreSQL
// (DATABASE_URL) and a local S3 bucket: both must become ready (/readyz: database with every
// migration, bucket), the web one serving the landing page and the API, the worker one only its
// health checks. Needs `npm run build` first; without DATABASE_URL it says so and passes (web and
// worker need PostgreSQL), as `npm run test:server` does.
import { execSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startObjectStoreServer } from '../tests/fixtures/object-store/object-store-server';

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) {
  console.log('test:install: DATABASE_URL is not set, so the production install was not started (web and worker need PostgreSQL).');
  process.exit(0);
}

/** The Dockerfile's final stage: its environment, its commands, what it copies from the build, its command. */
function finalStage(dockerfile: string) {
  const stages = dockerfile.split(/^FROM /m).slice(1);
  const stage = stages[stages.length - 1]!.replace(/\\\n\s*/g, ' ');
  const env: Record<string, string> = {};
  const runs: string[] = [];
  const copied: string[] = [];
  let command: string[] = [];
  for (const line of stage.split('\n').map((text) => text.trim())) {
    const [instruction, ...rest] = line.split(/\s+/);
    const args = rest.join(' ');
    if (instruction === 'ENV') for (const [, key, value] of args.matchAll(/(\w+)=(\S+)/g)) env[key!] = value!;
    else if (instruction === 'RUN') runs.push(args);
    else if (instruction === 'COPY' && args.startsWith('--from=build')) copied.push(args.split(/\s+/)[1]!.replace(/^\/app\//, ''));
    else if (instruction === 'CMD') command = JSON.parse(args) as string[];
  }
  return { env, runs, copied, command };
}

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

async function readyOrExit(url: string, child: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`exited with ${child.exitCode} before it was ready:\n${log()}`);
    const status = await fetch(`${url}/readyz`).then(
      (answer) => answer.status,
      () => 0,
    );
    if (status === 200) return;
    if (Date.now() > deadline) throw new Error(`not ready after a minute (last /readyz: ${status}):\n${log()}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

const stage = finalStage(readFileSync('Dockerfile', 'utf8'));
for (const built of stage.copied) if (!existsSync(built)) throw new Error(`${built} is missing: run npm run build first`);
const app = mkdtempSync(join(tmpdir(), 'catalyst-install-'));
const started: ChildProcess[] = [];
const objects = await startObjectStoreServer({ directory: `${app}-bucket`, buckets: ['catalyst-install'] });
try {
  console.log(`test:install: the Dockerfile's final stage in ${app}`);
  cpSync('package.json', join(app, 'package.json'));
  cpSync('package-lock.json', join(app, 'package-lock.json'));
  for (const run of stage.runs) {
    const began = Date.now();
    // A cache of its own: the stage's `npm cache clean` must not empty this machine's.
    const env = { ...process.env, ...stage.env, npm_config_cache: join(app, '.npm-cache') };
    execSync(run, { cwd: app, stdio: ['ignore', 'ignore', 'inherit'], env });
    console.log(`  RUN ${run} (${((Date.now() - began) / 1000).toFixed(1)} s)`);
  }
  for (const built of stage.copied) cpSync(built, join(app, built), { recursive: true });
  const devOnly = ['vite', 'vitest', 's3rver', 'tsx', 'firebase-tools'].filter((name) => existsSync(join(app, 'node_modules', name)));
  if (devOnly.length > 0) throw new Error(`development packages in the production install: ${devOnly.join(', ')}`);

  const secretsKey = randomBytes(32).toString('base64');
  for (const role of ['web', 'worker'] as const) {
    const port = await freePort();
    const [binary, ...args] = stage.command;
    let log = '';
    const child = spawn(binary === 'node' ? process.execPath : binary!, args, {
      cwd: app,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        PATH: process.env.PATH,
        ...stage.env,
        PROCESS_ROLE: role,
        HOST: '127.0.0.1',
        PORT: String(port),
        DATABASE_URL: databaseUrl,
        SECRETS_KEY: secretsKey,
        FIREBASE_PROJECT_ID: 'catalyst-install-check',
        SITE_URL: 'https://catalyst.example',
        ...objects.env('catalyst-install'),
      },
    });
    started.push(child);
    child.stdout!.on('data', (chunk: Buffer) => (log += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (log += chunk.toString()));
    const url = `http://127.0.0.1:${port}`;
    await readyOrExit(url, child, () => log);
    const landing = (await fetch(`${url}/pt/`)).status;
    // The API is there (and asks for a token) on the web process only.
    const me = (await fetch(`${url}/api/v1/me`)).status;
    const expected = role === 'web' ? [200, 401] : [404, 404];
    if (landing !== expected[0] || me !== expected[1])
      throw new Error(`${role}: /pt/ answered ${landing} and /api/v1/me ${me}, not ${expected.join(' and ')}:\n${log}`);
    console.log(`  ${role}: ready on PostgreSQL and the bucket; /pt/ ${landing}, /api/v1/me ${me}`);
  }
  // Stopped as an orchestrator stops them: SIGTERM, and a clean exit.
  for (const child of started) {
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    const code = await exited;
    if (code !== 0) throw new Error(`a process exited with ${code} on SIGTERM`);
  }
  console.log('test:install: passed');
} finally {
  for (const child of started) if (child.exitCode === null) child.kill('SIGKILL');
  await objects.close();
  rmSync(app, { recursive: true, force: true });
  rmSync(`${app}-bucket`, { recursive: true, force: true });
}
