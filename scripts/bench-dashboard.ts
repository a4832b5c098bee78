// `npm run bench:dashboard`: the dashboard's figures for a 90-day range, one account among many,
// over the rollups 10 million events leave. Seeds the rollups directly in bulk (as the triggers
// would have summed them: quarter hours with events, per account, with their inventory, AI base and
// number), then asks the dashboard store (server/dashboard/dashboard-store.ts, the route's whole
// database work) open-loop at BENCH_RATE for BENCH_DURATION s, each latency counted from when it
// was due; HTTP and token checks are bench:api's. PGlite in a scratch dir, then PostgreSQL with
// DATABASE_URL (its own scratch accounts, removed at the end). Prints figures, never fails.
// Budget: p99 < 50 ms. BENCH_EVENTS (10,000,000), BENCH_ACCOUNTS (1,000), BENCH_DAYS (90), BENCH_RATE (100/s),
// BENCH_DURATION (10 s), BENCH_TARGETS (pglite,postgres).
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { addDays, type DashboardQuery } from '../domain/dashboard';
import { dashboardStore } from '../server/dashboard/dashboard-store';
import { openDatabase, type DatabaseTarget } from '../server/db/database';

const EVENTS = Number(process.env.BENCH_EVENTS ?? 10_000_000);
const ACCOUNTS = Number(process.env.BENCH_ACCOUNTS ?? 1_000);
const DAYS = Number(process.env.BENCH_DAYS ?? 90);
const RATE = Number(process.env.BENCH_RATE ?? 100);
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const TARGETS = (process.env.BENCH_TARGETS ?? 'pglite,postgres').split(',');
const P99_BUDGET_MS = 50;
/** Quarter hours of the seeded span (the 90 days and the previous period they are compared with). */
const BUCKETS = DAYS * 2 * 96;

type Figures = {
  target: string;
  rollupRows: number;
  events: number;
  seedS: number;
  sent: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  failed: number;
  load: number;
};

const quantile = (sorted: number[], q: number) =>
  sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;

async function bench(name: string, target: DatabaseTarget): Promise<Figures> {
  console.log(`\n${name}: opening and migrating…`);
  const database = await openDatabase(target, 'bench:dashboard');
  const { db } = database;
  const run = randomUUID().slice(0, 8);
  const prefix = `bench-dashboard-${run}-`;
  try {
    const today = new Date().toISOString().slice(0, 10);
    const spanStart = `${addDays(today, -2 * DAYS + 1)}T00:00:00Z`;
    // Events per seeded row: each account's quarter hours hold an event or more with this fill.
    const perAccount = EVENTS / ACCOUNTS;
    const fill = Math.min(1, perAccount / BUCKETS);
    const perRow = perAccount / (BUCKETS * fill);
    console.log(
      `${name}: seeding ${ACCOUNTS} accounts, ~${Math.round(ACCOUNTS * BUCKETS * fill).toLocaleString('en')} rollup rows for ${EVENTS.toLocaleString('en')} events…`,
    );
    const started = performance.now();
    await db.execute(sql`insert into accounts (uid) select ${prefix} || a from generate_series(1, ${ACCOUNTS}) a`);
    await db.execute(sql`
      insert into inventories (uid, name, public_id)
      select ${prefix} || a, 'Bench', ${prefix} || a from generate_series(1, ${ACCOUNTS}) a`);
    // An account at a time: one statement per account keeps each transaction's memory small on PGlite.
    for (let account = 1; account <= ACCOUNTS; account++)
      await db.execute(sql`
        insert into dashboard_rollups (uid, bucket, inventory_id, ai_base_id, channel_id, currency,
          accesses, catalogs_sent, orders, order_value_minor, requests_text, requests_vision)
        select i.uid, ${spanStart}::timestamptz + (b * interval '15 minutes'), i.id, null, null, 'BRL',
          greatest(1, round(${perRow} * 0.5 * (0.5 + random())))::int,
          round(${perRow} * 0.2 * (0.5 + random()))::int,
          (random() < ${perRow} * 0.02)::int, ((random() < ${perRow} * 0.02)::int * 9990),
          round(${perRow} * 0.25 * (0.5 + random()))::int,
          round(${perRow} * 0.05 * (0.5 + random()))::int
        from inventories i, generate_series(0, ${BUCKETS - 1}) b
        where i.uid = ${prefix + account} and random() < ${fill}`);
    await db.execute(sql`analyze dashboard_rollups`);
    const seedS = (performance.now() - started) / 1000;
    const [totals] = (
      (await db.execute(sql`
        select count(*)::float8 as rows, sum(accesses + catalogs_sent + orders + requests_text + requests_vision)::float8 as events
        from dashboard_rollups where uid like ${`${prefix}%`}`)) as unknown as {
        rows: { rows: number; events: number }[];
      }
    ).rows;

    const store = dashboardStore(db);
    const query: DashboardQuery = {
      from: addDays(today, -DAYS + 1),
      to: today,
      tz: 'America/Sao_Paulo',
      currency: 'BRL',
    };
    const uidOf = (n: number) => `${prefix}${1 + ((n * 7919) % ACCOUNTS)}`;
    console.log(`${name}: warming up (2 s), then ${RATE} dashboards/s for ${DURATION_S} s…`);
    const load = async (durationS: number) => {
      const latencies: number[] = [];
      let failed = 0;
      const begin = performance.now();
      const pending: Promise<void>[] = [];
      for (let n = 0; n < RATE * durationS; n++) {
        const due = begin + (n * 1000) / RATE;
        const wait = due - performance.now();
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        pending.push(
          store.dashboard(uidOf(n), query).then(
            () => void latencies.push(performance.now() - due),
            () => void failed++,
          ),
        );
      }
      await Promise.all(pending);
      return { latencies: latencies.sort((a, b) => a - b), failed };
    };
    await load(2);
    const { latencies, failed } = await load(DURATION_S);
    return {
      target: name,
      rollupRows: totals?.rows ?? 0,
      events: totals?.events ?? 0,
      seedS,
      sent: RATE * DURATION_S,
      p50: quantile(latencies, 0.5),
      p90: quantile(latencies, 0.9),
      p99: quantile(latencies, 0.99),
      max: latencies.at(-1) ?? NaN,
      failed,
      load: loadavg()[0]!,
    };
  } finally {
    // The scratch accounts go with their rollups and inventories (cascades); PGlite's dir is removed anyway.
    await db.execute(sql`delete from accounts where uid like ${`${prefix}%`}`).catch(() => undefined);
    await database.close();
  }
}

const figures: Figures[] = [];
const dataDir = mkdtempSync(join(tmpdir(), 'catalyst-bench-dashboard-'));
try {
  if (TARGETS.includes('pglite')) figures.push(await bench('PGlite', { kind: 'pglite', dataDir }));
  if (TARGETS.includes('postgres') && process.env.DATABASE_URL)
    figures.push(
      await bench('PostgreSQL', {
        kind: 'postgres',
        url: process.env.DATABASE_URL,
      }),
    );
  else if (TARGETS.includes('postgres')) console.log('DATABASE_URL is not set: PGlite only.');
} catch (error) {
  console.log(`The bench stopped: ${error instanceof Error ? error.stack : String(error)}`);
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}

console.log(
  `\nThe dashboard of a ${DAYS}-day range (and its previous period), one account among ${ACCOUNTS.toLocaleString('en')}, at ${RATE}/s for ${DURATION_S} s; ` +
    `budget: p99 under ${P99_BUDGET_MS} ms on an otherwise idle machine (${availableParallelism()} cores)\n`,
);
console.log('database    rollup rows      events  seed s   sent  p50 ms  p90 ms  p99 ms  max ms  failed  load avg  verdict');
for (const f of figures) {
  const verdict = f.failed > 0 ? 'FAILED REQUESTS' : f.p99 < P99_BUDGET_MS ? 'within budget' : 'OVER BUDGET';
  console.log(
    `${f.target.padEnd(10)} ${f.rollupRows.toLocaleString('en').padStart(12)} ${f.events.toLocaleString('en').padStart(11)} ${f.seedS.toFixed(0).padStart(7)} ${String(f.sent).padStart(6)} ${f.p50.toFixed(1).padStart(7)} ${f.p90.toFixed(1).padStart(7)} ${f.p99.toFixed(1).padStart(7)} ${f.max.toFixed(1).padStart(7)} ${String(f.failed).padStart(7)} ${f.load.toFixed(1).padStart(9)}  ${verdict}`,
  );
}
