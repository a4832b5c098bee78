// The upload part of `npm run bench:scale` (issue 35's second benchmark): a 100 MB CSV (BENCH_CSV_MB)
// streamed from disk through one `web` process of the server bundle into the bucket, then imported
// by one `worker` process, on PostgreSQL. A web process passes every upload through, so its memory
// must not grow with a file (budget: peak RSS ≤ 150 MB); the worker keeps the import's 400 MB budget;
// and the time from the upload's start to the file 'ready' must stay within 1.1 × the import when
// files were kept on the server's disk (before 826887e): BENCH_DISK_IMPORT_SECONDS, measured as
// docs/benchmarks.md says. Peaks are each process's VmHWM (/proc/<pid>/status), read once it is ready.
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createUser } from '../tests/server/support/emulator-users';
import { generateCsv } from './bench-ingest-files';
import {
  benchBaseFields,
  merchantApi,
  removeBenchData,
  type RoleProcess,
  startProcess,
  stopProcess,
  uploadKnowledgeFile,
  verdict,
} from './bench-server';

const CSV_BYTES = Number(process.env.BENCH_CSV_MB ?? 100) * 1_000_000;
const WEB_BUDGET_MB = 150;
const WORKER_BUDGET_MB = 400;
const TIME_BUDGET = 1.1;

/** A process's resident memory in MB: its peak since it started (VmHWM) and now (VmRSS). */
type Memory = { peakMb: number; rssMb: number };

export type ScaleUploadFigures = {
  sizeMb: number;
  rows: number;
  /** Upload start → the web process's 201 (the file whole in the bucket), in seconds. */
  uploadS: number;
  /** Upload start → the file 'ready' (imported by the worker), in seconds. */
  readyS: number;
  passages: number;
  status: string;
  web: Memory;
  worker: Memory;
  /** The same, read just before the upload started: what the processes held from their start. */
  webBefore: Memory;
  workerBefore: Memory;
  /** The machine's load average (1 minute) as the file got ready: another process's work slows the import. */
  load: number;
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function memory(proc: RoleProcess): Memory {
  const status = readFileSync(`/proc/${proc.child.pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? NaN);
  return { peakMb: kb('VmHWM') / 1024, rssMb: kb('VmRSS') / 1024 };
}

/** Runs the upload part with `main` (the bundle) and `common` (what the deployment's processes share: DATABASE_URL, the bucket…). */
export async function benchScaleUpload(main: string, common: Record<string, string>): Promise<ScaleUploadFigures> {
  const work = mkdtempSync(join(tmpdir(), 'catalyst-bench-scale-upload-'));
  const csv = join(work, 'catalogo.csv');
  const user = await createUser('bench-scale-upload');
  const procs: RoleProcess[] = [];
  try {
    console.log(`\nUpload: generating a ${CSV_BYTES / 1_000_000} MB CSV…`);
    const rows = await generateCsv(csv, CSV_BYTES);
    const web = await startProcess(main, 'web', common);
    procs.push(web);
    const worker = await startProcess(main, 'worker', common);
    procs.push(worker);
    const api = merchantApi(web, user);
    const base = await api('/ai-bases', 'POST', benchBaseFields());
    if (base.status !== 201) throw new Error(`creating the base answered ${base.status}: ${JSON.stringify(base.body)}`);
    const baseId = String(base.body.id);
    const sizeMb = statSync(csv).size / 1_000_000;
    console.log(`Upload: ${rows} rows (${sizeMb.toFixed(1)} MB) through the web process into the bucket, imported by the worker process…`);
    const [webBefore, workerBefore] = [memory(web), memory(worker)];
    const started = performance.now();
    const response = await uploadKnowledgeFile(web, user, baseId, csv, 'catalogo.csv');
    const created = (await response.json()) as { id: string };
    if (response.status !== 201) throw new Error(`the upload answered ${response.status}: ${JSON.stringify(created)}`);
    const uploadS = (performance.now() - started) / 1000;
    let state: Record<string, unknown> = {};
    for (let lastReport = performance.now(); ; await sleep(250)) {
      state = (await api(`/ai-bases/${baseId}/files/${created.id}`)).body;
      if (state.status === 'ready' || state.status === 'failed') break;
      if (performance.now() - lastReport > 15_000) {
        lastReport = performance.now();
        console.log(
          `  ${String(state.status)} ${String(state.progress)} %, ${String(state.passageCount)} passages; RSS web ${memory(web).rssMb.toFixed(0)} MB, worker ${memory(worker).rssMb.toFixed(0)} MB`,
        );
      }
    }
    return {
      sizeMb,
      rows,
      uploadS,
      readyS: (performance.now() - started) / 1000,
      passages: Number(state.passageCount),
      status: state.status === 'failed' ? `failed: ${String(state.failureReason)}` : 'ready',
      web: memory(web),
      worker: memory(worker),
      webBefore,
      workerBefore,
      load: loadavg()[0]!,
    };
  } finally {
    await Promise.all(procs.map(stopProcess));
    await removeBenchData({ env: { DATABASE_URL: common.DATABASE_URL! } }, user);
    rmSync(work, { recursive: true, force: true });
  }
}

/** Prints the upload part's figures and a verdict per budget. */
export function reportScaleUpload(f: ScaleUploadFigures) {
  const mb = (value: number) => value.toFixed(0);
  console.log(
    `\nA ${f.sizeMb.toFixed(1)} MB CSV (${f.rows} rows) uploaded through one web process into the bucket and imported by one worker process, on PostgreSQL; ${availableParallelism()} cores\n`,
  );
  console.log(
    `upload → 201 ${f.uploadS.toFixed(1)} s; upload → ${f.status} ${f.readyS.toFixed(1)} s; ${f.passages} passages; load ${f.load.toFixed(2)}`,
  );
  console.log(
    `web process: peak RSS (VmHWM) ${mb(f.web.peakMb)} MB, RSS at the end ${mb(f.web.rssMb)} MB; before the upload ${mb(f.webBefore.peakMb)} / ${mb(f.webBefore.rssMb)} MB (budget ≤ ${WEB_BUDGET_MB} MB): ${verdict(f.web.peakMb <= WEB_BUDGET_MB)}`,
  );
  console.log(
    `worker process: peak RSS (VmHWM) ${mb(f.worker.peakMb)} MB, RSS at the end ${mb(f.worker.rssMb)} MB; before the upload ${mb(f.workerBefore.peakMb)} / ${mb(f.workerBefore.rssMb)} MB (budget < ${WORKER_BUDGET_MB} MB): ${verdict(f.worker.peakMb < WORKER_BUDGET_MB)}`,
  );
  const baseline = Number(process.env.BENCH_DISK_IMPORT_SECONDS);
  if (f.status !== 'ready') console.log(`import time: the file is ${f.status}: ${verdict(false)}`);
  else if (!(baseline > 0)) console.log('import time vs the disk-based import: baseline not given (BENCH_DISK_IMPORT_SECONDS)');
  else {
    const ratio = f.readyS / baseline;
    console.log(
      `import time: ${f.readyS.toFixed(1)} s, ${ratio.toFixed(2)} × the disk-based import's ${baseline} s (budget ≤ ${TIME_BUDGET} ×): ${verdict(ratio <= TIME_BUDGET)}`,
    );
  }
}
