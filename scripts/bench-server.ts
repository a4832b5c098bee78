// The product server as the benchmarks run it: as production does (the bundle of
// build-server.ts, built once per bench into a scratch directory of .tmp/), its own process on a free
// loopback port, with the bench's environment (PGlite in a data dir, or PostgreSQL), no SPA, quiet
// logs, the Auth emulator; ready once /readyz answers. Beside it, what the benches of a merchant's
// server share (bench-channel.ts, bench-storefront.ts): the databases BENCH_TARGETS picks, the
// merchant's API calls, a knowledge file streamed from disk, the server's CPU over a load, reading its
// database after it stopped, the bench's data removed, and the closing table's rows; and the bundle
// started by role (PROCESS_ROLE=web|worker) as the processes of one deployment (bench-scale.ts).
import { spawn, type ChildProcess } from 'node:child_process';
import { createReadStream, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { textSearchConfigs } from '../domain/knowledge';
import { accounts } from '../server/accounts/account-tables';
import { aiBases } from '../server/ai-bases/ai-base-tables';
import { parseConfig } from '../server/config';
import { openDatabase, pgliteStartParams } from '../server/db/database';
import { pgliteExtensions } from '../server/db/pglite-extensions';
import { knowledgeFiles } from '../server/knowledge/knowledge-tables';
import type { ExtractedPassage } from '../server/knowledge/extraction/extraction-protocol';
import { knowledgeStore } from '../server/knowledge/knowledge-store';
import type { TestUser } from '../tests/server/support/emulator-users';
import { startObjectStoreServer } from '../tests/fixtures/object-store/object-store-server';
import { EMULATOR_HOST } from './auth-emulator';
import { buildScratchServer, SERVER_ENV, SERVER_NODE_FLAGS } from './build-server';
import { cpuMs } from './process-cpu';

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

/** The comma list in `name` (lower-cased), or `fallback` when unset; refuses unknown entries. */
export function choice<T extends string>(name: string, all: readonly T[], fallback: readonly T[] = all): T[] {
  const value = process.env[name]?.trim();
  if (!value) return [...fallback];
  const picked = value
    .toLowerCase()
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const unknown = picked.filter((entry) => !all.includes(entry as T));
  if (unknown.length > 0 || picked.length === 0) throw new Error(`${name} takes a comma list of ${all.join(', ')}, not "${value}"`);
  return picked as T[];
}

/** The databases BENCH_TARGETS picks: by default PGlite, and PostgreSQL too when DATABASE_URL is set. */
export function benchTargetNames() {
  const names = choice('BENCH_TARGETS', ['pglite', 'postgres'] as const, process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite']);
  if (names.includes('postgres') && !process.env.DATABASE_URL) throw new Error('BENCH_TARGETS=postgres needs DATABASE_URL');
  return names;
}

/** The uploaded files' bucket of a bench's server, in the bench's own process (tests/fixtures/object-store/). */
async function benchObjectStore() {
  const directory = mkdtempSync(join(tmpdir(), 'catalyst-bench-objects-'));
  const server = await startObjectStoreServer({ directory, buckets: ['catalyst-bench'] });
  return {
    env: server.env('catalyst-bench'),
    close: async () => {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

export type BenchServerOptions = {
  /** The bundle's main.js when the bench built its own (default: serverBundle()). */
  main?: string;
  /** The built SPA and pages the server serves (default: none). */
  distDir?: string;
  /** 'pipe' for a bench that reads the server's log lines: `onSpawn` gets the child before it is ready. */
  stdout?: 'inherit' | 'pipe';
  onSpawn?: (child: ChildProcess) => void;
};

/**
 * `env` is the target's (DATABASE_URL or DATA_DIR and the like) and the bench's; the caller's own
 * DATABASE_URL, DATA_DIR and NODE_ENV are dropped.
 */
export async function startBenchServer(env: Record<string, string>, options: BenchServerOptions = {}): Promise<BenchServer> {
  const { distDir = '', stdout = 'inherit', onSpawn } = options;
  const main = options.main ?? (await serverBundle());
  const port = await freePort();
  const { DATABASE_URL: _url, DATA_DIR: _dir, NODE_ENV: _mode, ...inherited } = process.env;
  // BENCH_NODE_ARGS: flags for the server process (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof" to profile it);
  // BENCH_LOG_LEVEL its log level (default warn; info shows each knowledge file's ready line with its times).
  const nodeArgs = process.env.BENCH_NODE_ARGS?.split(/\s+/).filter(Boolean) ?? [];
  const objects = env.OBJECT_STORE_URL ? null : await benchObjectStore();
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, ...nodeArgs, main], {
    env: {
      ...SERVER_ENV,
      ...inherited,
      ...objects?.env,
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DIST_DIR: distDir,
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
      FIREBASE_AUTH_EMULATOR_HOST: EMULATOR_HOST,
    },
    stdio: ['ignore', stdout, 'inherit'],
  });
  onSpawn?.(child);
  const url = `http://127.0.0.1:${port}`;
  await untilReady(url, child);
  const stop = async () => {
    await stopProcess({ child });
    await objects?.close();
  };
  return { url, child, stop };
}

/** A new AI base's fields as a bench creates it (POST /api/v1/ai-bases): a seller in Portuguese; `fields` changes some. */
export const benchBaseFields = (fields: Record<string, unknown> = {}) => ({
  name: 'Bench',
  function: 'seller',
  language: 'pt_br',
  voiceTone: 'default',
  personalized: false,
  instructions: '',
  expectedInputs: '',
  ...fields,
});

/** A process of the server bundle in one role (PROCESS_ROLE), as a deployment with several runs it. */
export type RoleProcess = { role: 'web' | 'worker'; url: string; child: ChildProcess };

/**
 * Starts the bundle's `main` as `role` on a free loopback port with `common` (DATABASE_URL, the
 * bucket, the emulator: what every process of the deployment shares); ready once /readyz answers.
 */
export async function startProcess(main: string, role: RoleProcess['role'], common: Record<string, string>): Promise<RoleProcess> {
  const port = await freePort();
  const { DATABASE_URL: _url, DATA_DIR: _dir, NODE_ENV: _mode, ...inherited } = process.env;
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, main], {
    env: {
      ...SERVER_ENV,
      ...inherited,
      ...common,
      PROCESS_ROLE: role,
      PORT: String(port),
      HOST: '127.0.0.1',
      DIST_DIR: '',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  await untilReady(url, child);
  return { role, url, child };
}

export const stopProcess = (proc: { child: ChildProcess }) =>
  new Promise<void>((resolve) => {
    if (proc.child.exitCode !== null) return resolve();
    proc.child.once('exit', () => resolve());
    proc.child.kill('SIGTERM');
  });

/** Streams the file at `path` from disk to the base's knowledge files as multipart/form-data, as a browser uploads it. */
export function uploadKnowledgeFile(server: { url: string }, user: TestUser, baseId: string, path: string, name: string) {
  const boundary = `----catalyst-bench-${Date.now()}`;
  async function* parts() {
    yield Buffer.from(
      `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="${name}"\r\ncontent-type: application/octet-stream\r\n\r\n`,
    );
    yield* createReadStream(path, { highWaterMark: 1024 * 1024 });
    yield Buffer.from(`\r\n--${boundary}--\r\n`);
  }
  return fetch(`${server.url}/api/v1/ai-bases/${baseId}/files`, {
    method: 'POST',
    headers: { authorization: `Bearer ${user.idToken}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
    body: Readable.toWeb(Readable.from(parts())) as ReadableStream<Uint8Array>,
    duplex: 'half',
  } as RequestInit);
}

/** A call to the server's API as `user` (a merchant of the Auth emulator): the status and the JSON body ({} when there is none). */
export type MerchantApi = (path: string, method?: string, body?: unknown) => Promise<{ status: number; body: Record<string, unknown> }>;

export const merchantApi =
  (server: { url: string }, user: TestUser): MerchantApi =>
  async (path, method = 'GET', body) => {
    const response = await fetch(`${server.url}/api/v1${path}`, {
      method,
      headers: {
        authorization: `Bearer ${user.idToken}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return {
      status: response.status,
      body: (await response.json().catch(() => ({}))) as Record<string, unknown>,
    };
  };

/**
 * What a bench left in its target: PostgreSQL outlives the run, so the merchant's account goes (and
 * all it owns with it); a PGlite data dir goes whole.
 */
export async function removeBenchData(target: { env: Record<string, string> }, user: TestUser) {
  if (target.env.DATABASE_URL) {
    const client = new pg.Client(target.env.DATABASE_URL);
    await client.connect();
    await client.query('delete from accounts where uid = $1', [user.uid]);
    await client.end();
  } else rmSync(target.env.DATA_DIR!, { recursive: true, force: true });
}

/** A line of a bench's closing table: a figure of a target (its database) against its budget. */
export type BenchRow = {
  target: string;
  figure: string;
  value: string;
  budget: string;
  verdict: string;
};
export const verdict = (met: boolean) => (met ? 'met' : 'NOT met');

/** A query of the target's database: its rows. */
export type TargetQuery = (text: string, params: unknown[]) => Promise<Record<string, unknown>[]>;

/** `run` over the target's database; on PGlite only once its server has stopped (one process owns a data dir). */
export async function readTargetDatabase<T>(target: { env: Record<string, string> }, run: (query: TargetQuery) => Promise<T>): Promise<T> {
  if (target.env.DATABASE_URL) {
    const client = new pg.Client(target.env.DATABASE_URL);
    await client.connect();
    try {
      return await run(async (text, params) => (await client.query(text, params)).rows as Record<string, unknown>[]);
    } finally {
      await client.end();
    }
  }
  const db = await PGlite.create({
    dataDir: join(target.env.DATA_DIR!, 'pglite'),
    startParams: pgliteStartParams(),
    extensions: pgliteExtensions,
  });
  try {
    return await run(async (text, params) => (await db.query<Record<string, unknown>>(text, params)).rows);
  } finally {
    await db.close();
  }
}

export type Cpu = { ms: number; share: number };

/** The server process's CPU time over `work` (all its threads), and as a share of one core over the time it took. */
export async function withCpu<T>(server: { child: ChildProcess }, work: () => Promise<T>): Promise<[T, Cpu]> {
  const before = cpuMs(server.child.pid);
  const started = performance.now();
  const result = await work();
  const after = cpuMs(server.child.pid);
  const ms = before === null || after === null ? NaN : after - before;
  return [result, { ms, share: ms / (performance.now() - started) }];
}

/** Waits for /readyz to answer (two minutes at most); a server that exits first fails it. */
async function untilReady(url: string, child: ChildProcess) {
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The server exited with code ${child.exitCode}`);
    if (Date.now() > deadline) throw new Error('The server did not get ready within 120 s');
    if (
      await fetch(`${url}/readyz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/**
 * The production server for the public pages (the landing, server rendering): NODE_ENV=production,
 * no Firebase, a fresh PGlite in `dataDir`, the built SPA in `distDir`; ready once /readyz answers.
 */
export async function startPublicServer({
  main,
  distDir,
  dataDir,
  env = {},
}: {
  main: string;
  distDir: string;
  dataDir: string;
  env?: Record<string, string>;
}) {
  const port = await freePort();
  rmSync(dataDir, { recursive: true, force: true });
  // BENCH_NODE_ARGS: flags for the server process (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof" to profile it).
  const nodeArgs = process.env.BENCH_NODE_ARGS?.split(/\s+/).filter(Boolean) ?? [];
  const objects = await benchObjectStore();
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, ...nodeArgs, main], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...SERVER_ENV,
      ...process.env,
      ...objects.env,
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
  child.once('exit', () => void objects.close());
  return { url, child, stop: () => child.kill('SIGTERM') };
}

/**
 * The merchant's account (Enterprise: no query limit in the way), an active seller base on the built-in
 * answerer and its Portuguese passages, written straight into the target's database before the server
 * starts (bench:channel's and bench:widget's bases of 10,000 passages, too many to upload and extract).
 */
export async function seedBenchBase(
  target: { env: Record<string, string> },
  user: TestUser,
  list: readonly ExtractedPassage[],
  label: string,
): Promise<{ baseId: string; seconds: number }> {
  const started = performance.now();
  const database = await openDatabase(parseConfig(target.env).database, label);
  try {
    const { db } = database;
    await db.insert(accounts).values({ uid: user.uid, email: user.email, plan: 'enterprise' }).onConflictDoNothing();
    const [base] = await db
      .insert(aiBases)
      .values({
        uid: user.uid,
        name: 'Vendedora Bench',
        function: 'seller',
        language: 'pt_br',
        voiceTone: 'friendly',
        personalized: false,
        creativity: 3,
        model: 'builtin-retrieval',
        savedSteps: 3,
        status: 'active',
      })
      .returning();
    const [file] = await db
      .insert(knowledgeFiles)
      .values({
        baseId: base!.id,
        uid: user.uid,
        originalName: 'catalogo.csv',
        kind: 'csv',
        sizeBytes: 0,
        storedPath: 'uploads/bench/none',
        status: 'processing',
      })
      .returning();
    const store = knowledgeStore(db);
    for (let position = 0; position < list.length; position += 1_000)
      await store.addPassages(file!, textSearchConfigs.pt_br, position, list.slice(position, position + 1_000), 0);
    await store.finish(file!.id);
    await db.execute(sql`analyze passages`);
    return { baseId: base!.id, seconds: (performance.now() - started) / 1000 };
  } finally {
    await database.close();
  }
}
