// `npm run bench:ingest`: the knowledge import of big files (a 100 MB CSV, a ~100 MB PDF), end to
// end over HTTP to the real server, beside its floor. How it measures, and its settings:
// docs/benchmarks.md, 'Knowledge file import'.
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { startAuthEmulator } from './auth-emulator';
import { benchBaseFields, serverBundle, startBenchServer, uploadKnowledgeFile } from './bench-server';
import { readFloorSeconds } from './bench-read-floor';
import { copyFloorPglite, copyFloorPostgres } from './bench-copy-floor';
import { generateCsv, generatePdf } from './bench-ingest-files';
import { createUser, type TestUser } from '../tests/server/support/emulator-users';

const CSV_BYTES = Number(process.env.BENCH_CSV_MB ?? 100) * 1_000_000;
const PDF_PAGES = Number(process.env.BENCH_PDF_PAGES ?? 2_000);
const RSS_BUDGET_MB = 400;
const FLOOR_BUDGET = 1.3;

/** The comma list in `name` (lower-cased), or all of `all` when unset; refuses unknown entries. */
function choice<T extends string>(name: string, all: readonly T[]): T[] {
  const value = process.env[name]?.trim();
  if (!value) return [...all];
  const picked = value
    .toLowerCase()
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const unknown = picked.filter((entry) => !all.includes(entry as T));
  if (unknown.length > 0 || picked.length === 0) throw new Error(`${name} takes a comma list of ${all.join(', ')}, not "${value}"`);
  return picked as T[];
}

const FILES = choice('BENCH_FILES', ['csv', 'pdf'] as const);
const TARGETS = choice('BENCH_TARGETS', ['pglite', 'postgres'] as const);
if (TARGETS.includes('postgres') && !process.env.DATABASE_URL && process.env.BENCH_TARGETS) {
  throw new Error('BENCH_TARGETS=postgres needs DATABASE_URL');
}

type Target = { name: string; env: Record<string, string> };
type Figures = {
  target: string;
  file: string;
  sizeMb: number;
  uploadS: number;
  processS: number;
  passages: number;
  status: string;
  peakRssMb: number;
  idleRssMb: number;
  fileId: string;
  /** The same passages written by one COPY (./bench-copy-floor.ts), in seconds. */
  floorS: number;
  /** The file read by the extraction thread alone, nothing stored (./bench-read-floor.ts), in seconds. */
  readS: number;
  /** Another screen's reads while the file is processed: p50, p99 and the slowest, in ms. */
  readMs: { p50: number; p99: number; max: number; count: number };
};

/**
 * Reads the merchant's base list, one after another, until stopped: what another screen of the
 * product asks while a file is imported in the same server (the worker shares its database).
 */
function readProbe(url: string, user: TestUser) {
  const times: number[] = [];
  let running = true;
  const done = (async () => {
    while (running) {
      const started = performance.now();
      const response = await fetch(`${url}/api/v1/ai-bases`, { headers: { authorization: `Bearer ${user.idToken}` } });
      await response.arrayBuffer();
      times.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();
  return {
    async stop(): Promise<Figures['readMs']> {
      running = false;
      await done;
      const sorted = [...times].sort((a, b) => a - b);
      const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
      return { p50: at(0.5), p99: at(0.99), max: sorted.at(-1) ?? NaN, count: sorted.length };
    },
  };
}

function rssMb(pid: number | undefined): number {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) / 1024 : NaN;
  } catch {
    return NaN;
  }
}

async function api(url: string, user: TestUser, method: string, path: string, body?: unknown) {
  const response = await fetch(`${url}/api/v1${path}`, {
    method,
    headers: { authorization: `Bearer ${user.idToken}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await response.json()) as Record<string, unknown>;
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${JSON.stringify(json)}`);
  return json;
}

type BenchFile = { path: string; name: string; kind: 'csv' | 'pdf'; readS: number };

async function bench(target: Target, files: BenchFile[]): Promise<Figures[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'catalyst-bench-ingest-'));
  if (!target.env.DATABASE_URL) {
    // A merchant's server creates its PGlite database once (initdb, whose memory the process keeps)
    // and runs on it from then on: the bench measures that server, started on a made database.
    console.log(`\n${target.name}: creating the database…`);
    await (await startBenchServer({ ...target.env, DATA_DIR: dataDir })).stop();
  }
  console.log(`${target.name}: starting the server…`);
  const server = await startBenchServer({ ...target.env, DATA_DIR: dataDir });
  const figures: Figures[] = [];
  let user: TestUser | undefined;
  try {
    user = await createUser('bench-ingest');
    const base = await api(server.url, user, 'POST', '/ai-bases', benchBaseFields());
    await new Promise((resolve) => setTimeout(resolve, 1000));
    for (const file of files) {
      const idleRssMb = rssMb(server.child.pid);
      let peak = idleRssMb;
      const sampler = setInterval(() => (peak = Math.max(peak, rssMb(server.child.pid))), 50);
      const sizeMb = statSync(file.path).size / 1_000_000;
      console.log(`${target.name}: uploading ${file.name} (${sizeMb.toFixed(1)} MB)…`);
      const started = Date.now();
      const response = await uploadKnowledgeFile(server, user, String(base.id), file.path, file.name);
      const created = (await response.json()) as { id: string; error?: unknown };
      if (response.status !== 201) throw new Error(`Upload answered ${response.status}: ${JSON.stringify(created)}`);
      const uploaded = Date.now();
      const probe = readProbe(server.url, user);
      let status = '';
      let passages = 0;
      let lastReport = 0;
      for (;;) {
        const state = await api(server.url, user, 'GET', `/ai-bases/${base.id}/files/${created.id}`);
        status = String(state.status);
        passages = Number(state.passageCount);
        if (status === 'ready' || status === 'failed') {
          if (status === 'failed') status = `failed: ${String(state.failureReason)}`;
          break;
        }
        if (Date.now() - lastReport > 15_000) {
          lastReport = Date.now();
          console.log(`  ${status} ${state.progress} %, ${passages} passages, ${peak.toFixed(0)} MB peak RSS so far`);
        }
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      clearInterval(sampler);
      const readMs = await probe.stop();
      figures.push({
        target: target.name,
        file: file.name,
        sizeMb,
        uploadS: (uploaded - started) / 1000,
        processS: (Date.now() - uploaded) / 1000,
        passages,
        status,
        peakRssMb: peak,
        idleRssMb,
        readMs,
        fileId: created.id,
        readS: file.readS,
        floorS: target.env.DATABASE_URL ? await copyFloorPostgres(target.env.DATABASE_URL, created.id) : NaN,
      });
    }
    if (!target.env.DATABASE_URL) {
      // PGlite has one owner: the server goes, then the bench opens its data dir.
      await server.stop();
      const floors = await copyFloorPglite(
        dataDir,
        figures.map((f) => f.fileId),
      );
      figures.forEach((f, index) => (f.floorS = floors[index]!));
    }
  } finally {
    if (user && target.env.DATABASE_URL) {
      // PostgreSQL outlives the run: the bench's account goes, with its base and passages.
      const client = new pg.Client(target.env.DATABASE_URL);
      await client.connect();
      await client.query('delete from accounts where uid = $1', [user.uid]);
      await client.end();
    }
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  return figures;
}

const work = mkdtempSync(join(tmpdir(), 'catalyst-bench-files-'));
const csvPath = join(work, 'catalogo.csv');
const pdfPath = join(work, 'catalogo.pdf');
const emulator = await startAuthEmulator({ quiet: true });
const all: Figures[] = [];
try {
  const files: BenchFile[] = [];
  if (FILES.includes('csv')) {
    console.log(`Generating a ${CSV_BYTES / 1_000_000} MB CSV…`);
    const rows = await generateCsv(csvPath, CSV_BYTES);
    console.log(`  CSV: ${rows} rows`);
    files.push({ path: csvPath, name: 'catalogo.csv', kind: 'csv', readS: NaN });
  }
  if (FILES.includes('pdf')) {
    console.log(`Generating a ${PDF_PAGES}-page PDF…`);
    await generatePdf(pdfPath, PDF_PAGES);
    console.log(`  PDF: ${(statSync(pdfPath).size / 1_000_000).toFixed(1)} MB`);
    files.push({ path: pdfPath, name: 'catalogo.pdf', kind: 'pdf', readS: NaN });
  }
  for (const file of files) {
    console.log(`Reading ${file.name} alone (the extraction thread, nothing stored)…`);
    file.readS = await readFloorSeconds(await serverBundle(), file.path, file.kind);
  }
  const targets: Target[] = [];
  if (TARGETS.includes('pglite')) targets.push({ name: 'PGlite', env: {} });
  if (TARGETS.includes('postgres')) {
    if (process.env.DATABASE_URL) targets.push({ name: 'PostgreSQL', env: { DATABASE_URL: process.env.DATABASE_URL } });
    else console.log('DATABASE_URL is not set: PGlite only.');
  }
  for (const target of targets) all.push(...(await bench(target, files)));
} finally {
  rmSync(work, { recursive: true, force: true });
  await emulator.stop();
}

console.log(
  `\nKnowledge import, upload over HTTP + background processing; budgets: peak server RSS under ${RSS_BUDGET_MB} MB, processing within ${FLOOR_BUDGET} × the floor: the slower of reading the file alone and one COPY of its passages (load avg ${loadavg()[0]!.toFixed(1)})\n`,
);
console.log(
  'database    file            MB   upload s  process s  read alone s  COPY floor s  × floor  passages  passages/s  idle RSS MB  peak RSS MB  reads p50/p99/max ms  status / verdict',
);
for (const f of all) {
  const floor = Math.max(f.floorS, f.readS);
  const over = [f.peakRssMb < RSS_BUDGET_MB ? '' : 'RSS', f.processS <= FLOOR_BUDGET * floor ? '' : 'time'].filter(Boolean);
  const verdict = f.status !== 'ready' ? f.status : over.length === 0 ? 'ready, within budget' : `ready, OVER BUDGET (${over.join(', ')})`;
  console.log(
    `${f.target.padEnd(11)} ${f.file.padEnd(13)} ${f.sizeMb.toFixed(1).padStart(6)} ${f.uploadS.toFixed(1).padStart(9)} ${f.processS.toFixed(1).padStart(10)} ${f.readS.toFixed(1).padStart(13)} ${f.floorS.toFixed(1).padStart(13)} ${(f.processS / floor).toFixed(2).padStart(8)} ${String(f.passages).padStart(9)} ${(f.passages / f.processS).toFixed(0).padStart(11)} ${f.idleRssMb.toFixed(0).padStart(12)} ${f.peakRssMb.toFixed(0).padStart(12)}  ${`${f.readMs.p50.toFixed(0)}/${f.readMs.p99.toFixed(0)}/${f.readMs.max.toFixed(0)}`.padStart(20)}  ${verdict}`,
  );
}
