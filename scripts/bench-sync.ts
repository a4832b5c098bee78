// `npm run bench:sync`: the inventory sync, end to end in the production server bundle, against
// the loopback Shopify store and Meta catalog, in three scenarios (paged, bulk, 1,000 inventories
// at once). The scenarios and settings: docs/benchmarks.md, 'Catalog sync'; BENCH_WRITE_DOC=1
// rewrites each database's table there.
import { readdirSync, readFileSync, mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { startAuthEmulator } from './auth-emulator';
import { startBenchServer, type BenchServer } from './bench-server';
import { benchCommand, machineLabel, today, writeBenchBlocks } from './benchmarks-doc';
import { startDemoPeers, type DemoPeers } from '../tests/fixtures/demo-peers';
import { generatedStoreProducts } from '../tests/fixtures/shopify-admin-server';
import { createUser, type TestUser } from '../tests/server/support/emulator-users';

const FLOOR_BUDGET = 1.2;
const RSS_BUDGET_MB = 300;
const SCENARIOS = (process.env.BENCH_SYNC ?? '1,2,3').split(',').map((entry) => entry.trim());
const TARGETS = (process.env.BENCH_TARGETS ?? 'pglite,postgres').split(',').map((entry) => entry.trim());
const CLK_TCK = 100;

type Api = (path: string, method?: string, body?: unknown) => Promise<{ status: number; body: Record<string, unknown> }>;
const apiFor =
  (server: BenchServer, user: TestUser): Api =>
  async (path, method = 'GET', body) => {
    const response = await fetch(`${server.url}/api/v1${path}`, {
      method,
      headers: { authorization: `Bearer ${user.idToken}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: response.status, body: (await response.json().catch(() => ({}))) as Record<string, unknown> };
  };

function rssMb(pid: number | undefined): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) / 1024 : NaN;
}

/** CPU seconds (user + system) of a process. */
function cpuSeconds(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / CLK_TCK;
  } catch {
    return 0;
  }
}
/** CPU seconds of every PostgreSQL process on this machine (the local server's backends). */
const postgresCpu = () =>
  readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/comm`, 'utf8').trim().startsWith('postgres');
      } catch {
        return false;
      }
    })
    .reduce((sum, pid) => sum + cpuSeconds(Number(pid)), 0);

/** Names an inventory, links the store and the catalog (which queues its first sync); returns its id. */
async function linkInventory(api: Api, peers: DemoPeers, name: string): Promise<string> {
  const created = await api('/inventories', 'POST', { name });
  if (created.status !== 201) throw new Error(`create answered ${created.status}: ${JSON.stringify(created.body)}`);
  const id = String(created.body.id);
  const integration = await api(`/inventories/${id}/integration`, 'PUT', {
    name,
    ecommerceType: 'shopify',
    shopifyToken: peers.shopify.accessToken,
    shopifyUrl: peers.shopify.adminUrl,
    website: 'https://loja.example.com',
    checkoutParams: '',
    trackingUrl: '',
    expectedVersion: 1,
  });
  if (integration.status !== 200) throw new Error(`integration answered ${integration.status}: ${JSON.stringify(integration.body)}`);
  const catalog = await api(`/inventories/${id}/catalog`, 'PUT', { catalogId: peers.catalogId, expectedVersion: 2 });
  if (catalog.status !== 200) throw new Error(`catalog answered ${catalog.status}: ${JSON.stringify(catalog.body)}`);
  return id;
}

/** Waits until the inventory's first sync ends; its status. */
async function synced(api: Api, id: string, timeoutMs = 30 * 60_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { body } = await api(`/inventories/${id}`);
    if (body.syncStatus === 'synced' || body.syncStatus === 'failed')
      return String(body.syncStatus) + (body.syncFailure ? `: ${String(body.syncFailure)}` : '');
    if (Date.now() > deadline) return 'timeout';
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** PostgreSQL outlives the run: the bench's account goes, with its inventories and products. */
async function dropAccount(target: { env: Record<string, string> }, user: TestUser) {
  if (!target.env.DATABASE_URL) return;
  const client = new pg.Client(target.env.DATABASE_URL);
  await client.connect();
  await client.query('delete from accounts where uid = $1', [user.uid]);
  await client.end();
}

type Row = {
  target: string;
  scenario: string;
  seconds: number;
  floor: string;
  ratio: string;
  peakMb: number;
  share: string;
  verdict: string;
};
const rows: Row[] = [];

async function withServer<T>(
  target: { name: string; env: Record<string, string> },
  peers: DemoPeers,
  extra: Record<string, string>,
  work: (server: BenchServer, api: Api) => Promise<T>,
) {
  const server = await startBenchServer({
    ...target.env,
    META_GRAPH_URL: peers.meta.graphUrl,
    META_ACCESS_TOKEN: peers.meta.accessToken,
    KNOWLEDGE_WORKER: 'off',
    ...extra,
  });
  const user = await createUser('bench-sync');
  try {
    return await work(server, apiFor(server, user));
  } finally {
    await server.stop();
    await dropAccount(target, user);
  }
}

/** Scenarios 1 and 2: one store synced; the time from saving the catalog to synced, and the server's peak RSS. */
async function oneStore(
  target: { name: string; env: Record<string, string> },
  variants: number,
  bucket: { maximumAvailable: number; restoreRate: number },
  label: string,
) {
  console.log(`${target.name}: ${label}, generating ${variants.toLocaleString('en')} variants…`);
  const peers = await startDemoPeers({ products: generatedStoreProducts(variants, 11), currency: 'BRL', bucket });
  try {
    await withServer(target, peers, {}, async (server, api) => {
      const idle = rssMb(server.child.pid);
      let peak = idle;
      const sampler = setInterval(() => (peak = Math.max(peak, rssMb(server.child.pid))), 50);
      const spentBefore = peers.shopify.spent();
      const started = Date.now();
      const id = await linkInventory(api, peers, label);
      const status = await synced(api, id);
      const seconds = (Date.now() - started) / 1000;
      clearInterval(sampler);
      const spent = peers.shopify.spent() - spentBefore;
      const floor = spent / bucket.restoreRate;
      const runs = (await api(`/inventories/${id}/runs`)).body.runs as { report: { counts: { variants: number } } | null }[];
      const read = runs[0]?.report?.counts.variants ?? 0;
      const paced = variants <= 10_000;
      const ratio = seconds / floor;
      const verdicts = [
        status === 'synced' && read === variants ? null : `NOT SYNCED (${status}, ${read} variants)`,
        peak <= RSS_BUDGET_MB ? null : 'OVER BUDGET (RSS)',
        !paced || ratio <= FLOOR_BUDGET ? null : 'OVER BUDGET (time)',
      ].filter(Boolean);
      rows.push({
        target: target.name,
        scenario: label,
        seconds,
        floor: paced
          ? `${floor.toFixed(1)} (${spent.toLocaleString('en')} pts; ${(Math.max(0, spent - bucket.maximumAvailable) / bucket.restoreRate).toFixed(1)} less the bucket)`
          : `${spent} pts (bulk)`,
        ratio: paced ? ratio.toFixed(2) : '—',
        peakMb: peak,
        share: `idle ${idle.toFixed(0)} MB`,
        verdict: verdicts.length ? verdicts.join(', ') : 'within budget',
      });
    });
  } finally {
    await peers.close();
  }
}

/** Scenario 3: 1,000 inventories of 500 variants linked with the worker off, then all synced by one process. */
async function manyInventories(target: { name: string; env: Record<string, string> }, dataDir: string | null) {
  const count = Number(process.env.BENCH_SYNC_INVENTORIES ?? 1_000);
  console.log(`${target.name}: ${count} inventories of 500 variants, linking…`);
  // Every inventory reads the same loopback store: its bucket is made big, so what is measured is our side.
  const peers = await startDemoPeers({
    products: generatedStoreProducts(500, 5),
    currency: 'BRL',
    bucket: { maximumAvailable: 1e9, restoreRate: 1e9 },
  });
  const env: Record<string, string> = dataDir ? { DATA_DIR: dataDir } : {};
  try {
    const user = await createUser('bench-sync-many');
    const linked = await (async () => {
      const server = await startBenchServer({
        ...target.env,
        ...env,
        META_GRAPH_URL: peers.meta.graphUrl,
        META_ACCESS_TOKEN: peers.meta.accessToken,
        KNOWLEDGE_WORKER: 'off',
        INVENTORY_SYNC_WORKER: 'off',
      });
      try {
        const api = apiFor(server, user);
        const ids: string[] = [];
        for (let n = 0; n < count; n += 10)
          ids.push(
            ...(await Promise.all(Array.from({ length: Math.min(10, count - n) }, (_, k) => linkInventory(api, peers, `Loja ${n + k}`)))),
          );
        return ids;
      } finally {
        await server.stop();
      }
    })();
    console.log(`${target.name}: ${linked.length} linked; syncing them all in one server process…`);
    const server = await startBenchServer({
      ...target.env,
      ...env,
      META_GRAPH_URL: peers.meta.graphUrl,
      META_ACCESS_TOKEN: peers.meta.accessToken,
      KNOWLEDGE_WORKER: 'off',
    });
    try {
      const api = apiFor(server, user);
      const pid = server.child.pid!;
      const [serverCpu0, pgCpu0] = [cpuSeconds(pid), postgresCpu()];
      let peak = rssMb(pid);
      const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 100);
      const started = Date.now();
      for (;;) {
        const { body } = await api('/inventories');
        const list = body.inventories as { syncStatus: string }[];
        if (list.every((inventory) => inventory.syncStatus === 'synced' || inventory.syncStatus === 'failed')) {
          const failed = list.filter((inventory) => inventory.syncStatus === 'failed').length;
          const seconds = (Date.now() - started) / 1000;
          clearInterval(sampler);
          const serverCpu = cpuSeconds(pid) - serverCpu0;
          const pgCpu = postgresCpu() - pgCpu0;
          rows.push({
            target: target.name,
            scenario: `${count} inventories × 500`,
            seconds,
            floor: `${((seconds / count) * 1000).toFixed(0)} ms per inventory`,
            ratio: '—',
            peakMb: peak,
            share: target.env.DATABASE_URL
              ? `database ${((pgCpu / (pgCpu + serverCpu)) * 100).toFixed(0)} % of ${(pgCpu + serverCpu).toFixed(1)} CPU s`
              : `server ${serverCpu.toFixed(1)} CPU s (PGlite in-process)`,
            verdict: failed ? `${failed} failed` : seconds < 3600 ? 'within the hour' : 'OVER THE HOUR',
          });
          break;
        }
        await new Promise((resolve) => setTimeout(resolve, 1_000));
      }
    } finally {
      await server.stop();
      await dropAccount(target, user);
    }
  } finally {
    await peers.close();
  }
}

const targets: { name: string; env: Record<string, string> }[] = [];
if (TARGETS.includes('pglite')) targets.push({ name: 'PGlite', env: {} });
if (TARGETS.includes('postgres') && process.env.DATABASE_URL)
  targets.push({ name: 'PostgreSQL', env: { DATABASE_URL: process.env.DATABASE_URL } });
const emulator = await startAuthEmulator({ quiet: true });
try {
  for (const target of targets) {
    const dataDir = target.env.DATABASE_URL ? null : mkdtempSync(join(tmpdir(), 'catalyst-bench-sync-'));
    const withData = dataDir ? { ...target, env: { ...target.env, DATA_DIR: dataDir } } : target;
    // A merchant's server creates its PGlite database once (initdb, whose memory the process keeps)
    // and runs on it from then on: the bench measures servers started on a made database.
    if (dataDir) {
      console.log(`${target.name}: creating the database…`);
      await (await startBenchServer({ DATA_DIR: dataDir })).stop();
    }
    try {
      if (SCENARIOS.includes('1'))
        await oneStore(withData, 10_000, { maximumAvailable: 2_000, restoreRate: 100 }, '10,000 variants, paged');
      if (SCENARIOS.includes('2'))
        await oneStore(withData, 100_000, { maximumAvailable: 2_000, restoreRate: 100 }, '100,000 variants, bulk');
      if (SCENARIOS.includes('3')) await manyInventories(target, dataDir);
    } finally {
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    }
  }
} finally {
  await emulator.stop();
}

console.log(
  `\nInventory sync, production server bundle; budgets: ≤ ${FLOOR_BUDGET} × the rate limit's floor, peak server RSS ≤ ${RSS_BUDGET_MB} MB (load avg ${loadavg()[0]!.toFixed(1)})\n`,
);
console.log(
  'database    scenario                      seconds  floor s                                          × floor  peak RSS MB  notes                                  verdict',
);
for (const row of rows)
  console.log(
    `${row.target.padEnd(11)} ${row.scenario.padEnd(29)} ${row.seconds.toFixed(1).padStart(7)}  ${row.floor.padEnd(48)} ${row.ratio.padStart(7)}  ${row.peakMb.toFixed(0).padStart(11)}  ${row.share.padEnd(38)} ${row.verdict}`,
  );

const command = benchCommand('bench:sync');
const machine = machineLabel();
writeBenchBlocks(
  targets
    .filter((target) => rows.some((row) => row.target === target.name))
    .map((target) => ({
      name: `sync-${target.name.toLowerCase()}`,
      command,
      date: today(),
      machine,
      table: {
        headers: ['scenario', 'time', "× the rate limit's floor", 'peak RSS', 'verdict'],
        rows: rows
          .filter((row) => row.target === target.name)
          .map((row) => [row.scenario, `${row.seconds.toFixed(1)} s`, row.ratio, `${row.peakMb.toFixed(0)} MB`, row.verdict]),
      },
      note: `Budgets: ≤ ${FLOOR_BUDGET} × the floor Shopify's rate limit allows, ≤ ${RSS_BUDGET_MB} MB RSS.`,
    })),
);
