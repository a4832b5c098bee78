// `npm run bench:dashboard`: the dashboard's two budgets (a 90-day dashboard over the rollups of 10
// million events; ingest through the real writers), PGlite then PostgreSQL. Prints figures, never
// fails; BENCH_WRITE_DOC=1 rewrites each database's table in docs/benchmarks.md. How it measures,
// and its settings: docs/benchmarks.md, 'Dashboard'.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { addDays, type DashboardQuery } from '../domain/dashboard';
import { dashboardStore } from '../server/dashboard/dashboard-store';
import { openDatabase, type DatabaseTarget, type Db } from '../server/db/database';
import { upsertAttributedOrders } from '../server/storefront/attributed-orders';
import { eventRecorder } from '../server/storefront/event-recorder';
import { benchCommand, machineLabel, today as measuredOn, writeBenchBlocks } from './benchmarks-doc';

const EVENTS = Number(process.env.BENCH_EVENTS ?? 10_000_000);
const ACCOUNTS = Number(process.env.BENCH_ACCOUNTS ?? 1_000);
const DAYS = Number(process.env.BENCH_DAYS ?? 90);
const RATE = Number(process.env.BENCH_RATE ?? 100);
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const TARGETS = (process.env.BENCH_TARGETS ?? 'pglite,postgres').split(',');
const PARTS = (process.env.BENCH_DASHBOARD ?? 'query,ingest').split(',');
const INGEST_RATE = Number(process.env.BENCH_INGEST_RATE ?? 2_000);
const INGEST_DURATION_S = Number(process.env.BENCH_INGEST_DURATION ?? 60);
const INGEST_ACCOUNTS = Number(process.env.BENCH_INGEST_ACCOUNTS ?? 100);
const P99_BUDGET_MS = 50;
/** Days of the seeded span (the 90 days and the previous period they are compared with). */
const SPAN_DAYS = DAYS * 2;

type Figures = {
  target: string;
  ingest: IngestFigures | null;
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

type IngestFigures = {
  offered: number;
  written: number;
  seconds: number;
  maxBacklog: number;
  requestP99: number;
  accounts: number;
  mismatched: number;
};

const quantile = (sorted: number[], q: number) =>
  sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** The ingest half: events through the real writers, then counted and compared with a recount. */
async function ingest(name: string, db: Db, prefix: string): Promise<IngestFigures> {
  const accountPrefix = `${prefix}ingest-`;
  console.log(
    `\n${name}: ingest: ${INGEST_RATE.toLocaleString('en')} events/s for ${INGEST_DURATION_S} s into ${INGEST_ACCOUNTS} accounts…`,
  );
  await db.execute(
    sql`insert into accounts (uid, time_zone) select ${accountPrefix} || a, 'America/Sao_Paulo' from generate_series(1, ${INGEST_ACCOUNTS}) a`,
  );
  const shops = rowsOf<{ id: string; uid: string }>(
    await db.execute(sql`
      insert into inventories (uid, name, public_id)
      select ${accountPrefix} || a, 'Bench', ${accountPrefix} || a from generate_series(1, ${INGEST_ACCOUNTS}) a
      returning id, uid`),
  );
  const recorder = eventRecorder(db);
  const kinds = ['access', 'access', 'access', 'cart_view', 'checkout'] as const;
  const requestRate = Math.min(50, INGEST_RATE / 10);
  const requestLatencies: number[] = [];
  const requestWrites: Promise<void>[] = [];
  let offered = 0;
  let maxBacklog = 0;
  let orderBatch = 0;
  const begin = performance.now();
  // Ticks of 50 ms: each offers its share of storefront events, AI requests and (every 5 s) orders.
  for (let tick = 0; tick < (INGEST_DURATION_S * 1000) / 50; tick++) {
    const due = begin + tick * 50;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const events = Math.round(((tick + 1) * (INGEST_RATE - requestRate)) / 20) - Math.round((tick * (INGEST_RATE - requestRate)) / 20);
    for (let n = 0; n < events; n++, offered++) {
      const shop = shops[offered % shops.length]!;
      recorder.record({
        inventoryId: shop.id,
        kind: kinds[offered % kinds.length]!,
        locale: 'pt',
        visitorId: `visitor-${offered % 997}`,
      });
    }
    const requests = Math.round(((tick + 1) * requestRate) / 20) - Math.round((tick * requestRate) / 20);
    for (let n = 0; n < requests; n++, offered++) {
      const shop = shops[offered % shops.length]!;
      const started = performance.now();
      requestWrites.push(
        db
          .execute(sql`insert into ai_requests (uid, media_type, extra) values (${shop.uid}, 'text', false)`)
          .then(() => void requestLatencies.push(performance.now() - started)),
      );
    }
    if (tick % 100 === 99) {
      orderBatch++;
      const orders = shops.slice(0, 20).map((shop, n) => ({
        inventoryId: shop.id,
        orderId: `gid://shopify/Order/${orderBatch}-${n}`,
        cartId: null,
        attributedBy: 'referral_code' as const,
        valueMinor: 9_990,
        currency: 'BRL',
        orderedAt: new Date(Date.now() - n * 3_600_000),
        cancelledAt: null,
      }));
      offered += orders.length;
      requestWrites.push(upsertAttributedOrders(db, orders).then(() => undefined));
    }
    maxBacklog = Math.max(maxBacklog, recorder.pending);
  }
  await Promise.all(requestWrites);
  await recorder.close();
  const seconds = (performance.now() - begin) / 1000;
  const [written] = rowsOf<{ events: number }>(
    await db.execute(sql`select
      (select count(*) from storefront_events e join inventories i on i.id = e.inventory_id where i.uid like ${`${accountPrefix}%`})
      + (select count(*) from ai_requests where uid like ${`${accountPrefix}%`})
      + (select count(*) from attributed_orders o join inventories i on i.id = o.inventory_id where i.uid like ${`${accountPrefix}%`}) as events`),
  );
  // The rollups the triggers kept, then the same recounted from the raw events, compared row by row.
  const snapshot = async () =>
    new Set(
      rowsOf<Record<string, unknown>>(
        await db.execute(sql`select uid, day::text, inventory_id, ai_base_id, channel_id, currency, accesses, cart_views, checkouts,
          catalogs_sent, orders, order_value_minor::text, requests_text, requests_vision, requests_file, requests_voice, extra_requests
          from dashboard_rollups where uid like ${`${accountPrefix}%`}`),
      ).map((row) => JSON.stringify(row)),
    );
  const kept = await snapshot();
  for (const shop of shops) await db.execute(sql`select dashboard_recount(${shop.uid})`);
  const recounted = await snapshot();
  const mismatched = [...kept].filter((row) => !recounted.has(row)).length + [...recounted].filter((row) => !kept.has(row)).length;
  return {
    offered,
    written: Number(written?.events ?? 0),
    seconds,
    maxBacklog,
    requestP99: quantile(
      requestLatencies.sort((a, b) => a - b),
      0.99,
    ),
    accounts: shops.length,
    mismatched,
  };
}

async function bench(name: string, target: DatabaseTarget): Promise<Figures> {
  console.log(`\n${name}: opening and migrating…`);
  const database = await openDatabase(target, 'bench:dashboard');
  const { db } = database;
  const run = randomUUID().slice(0, 8);
  const prefix = `bench-dashboard-${run}-`;
  try {
    const today = new Date().toISOString().slice(0, 10);
    const spanStart = addDays(today, -SPAN_DAYS + 1);
    // Events per account day, shared out over its three sources: the shop (accesses, cart views,
    // checkouts), the AI (requests and catalogs sent, under a base and number) and the orders.
    const perDay = EVENTS / ACCOUNTS / SPAN_DAYS;
    console.log(
      `${name}: seeding ${ACCOUNTS} accounts, ${(ACCOUNTS * SPAN_DAYS * 3).toLocaleString('en')} rollup rows for ${EVENTS.toLocaleString('en')} events…`,
    );
    const started = performance.now();
    await db.execute(
      sql`insert into accounts (uid, time_zone) select ${prefix} || a, 'America/Sao_Paulo' from generate_series(1, ${ACCOUNTS}) a`,
    );
    await db.execute(sql`
      insert into inventories (uid, name, public_id)
      select ${prefix} || a, 'Bench', ${prefix} || a from generate_series(1, ${ACCOUNTS}) a`);
    // An account at a time: one statement per account keeps each transaction's memory small on PGlite.
    for (let account = 1; account <= (PARTS.includes('query') ? ACCOUNTS : 0); account++)
      await db.execute(sql`
        insert into dashboard_rollups (uid, day, inventory_id, ai_base_id, channel_id, currency, accesses, cart_views, checkouts,
          catalogs_sent, orders, order_value_minor, requests_text, requests_vision)
        select i.uid, ${spanStart}::date + d, i.id,
          case when k = 1 then md5(i.uid || 'base')::uuid end, case when k = 1 then md5(i.uid || 'number')::uuid end,
          case when k = 2 then 'BRL' else '' end,
          case when k = 0 then round(${perDay} * 0.40 * (0.5 + random()))::int else 0 end,
          case when k = 0 then round(${perDay} * 0.05 * (0.5 + random()))::int else 0 end,
          case when k = 0 then round(${perDay} * 0.02 * (0.5 + random()))::int else 0 end,
          case when k = 1 then round(${perDay} * 0.15 * (0.5 + random()))::int else 0 end,
          case when k = 2 then round(${perDay} * 0.02 * (0.5 + random()))::int else 0 end,
          case when k = 2 then round(${perDay} * 0.02 * 9990 * (0.5 + random()))::int else 0 end,
          case when k = 1 then round(${perDay} * 0.31 * (0.5 + random()))::int else 0 end,
          case when k = 1 then round(${perDay} * 0.05 * (0.5 + random()))::int else 0 end
        from inventories i, generate_series(0, ${SPAN_DAYS - 1}) d, generate_series(0, 2) k
        where i.uid = ${prefix + account}`);
    await db.execute(sql`analyze dashboard_rollups`);
    const seedS = (performance.now() - started) / 1000;
    const [totals] = (
      (await db.execute(sql`
        select count(*)::float8 as rows,
          sum(accesses + cart_views + checkouts + catalogs_sent + orders + requests_text + requests_vision)::float8 as events
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
    const query_ = PARTS.includes('query');
    if (query_) await load(2);
    const { latencies, failed } = query_ ? await load(DURATION_S) : { latencies: [], failed: 0 };
    const ingested = PARTS.includes('ingest') ? await ingest(name, db, prefix) : null;
    return {
      target: name,
      ingest: ingested,
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
const queryVerdict = (f: Figures) => (f.failed > 0 ? 'FAILED REQUESTS' : f.p99 < P99_BUDGET_MS ? 'within budget' : 'OVER BUDGET');
const ingestVerdict = (i: IngestFigures) =>
  i.written !== i.offered || i.mismatched > 0
    ? 'LOST OR MISCOUNTED'
    : i.written / i.seconds >= INGEST_RATE * 0.98
      ? 'within budget'
      : 'NOT SUSTAINED';
if (PARTS.includes('query'))
  console.log('database    rollup rows      events  seed s   sent  p50 ms  p90 ms  p99 ms  max ms  failed  load avg  verdict');
for (const f of PARTS.includes('query') ? figures : []) {
  console.log(
    `${f.target.padEnd(10)} ${f.rollupRows.toLocaleString('en').padStart(12)} ${f.events.toLocaleString('en').padStart(11)} ${f.seedS.toFixed(0).padStart(7)} ${String(f.sent).padStart(6)} ${f.p50.toFixed(1).padStart(7)} ${f.p90.toFixed(1).padStart(7)} ${f.p99.toFixed(1).padStart(7)} ${f.max.toFixed(1).padStart(7)} ${String(f.failed).padStart(7)} ${f.load.toFixed(1).padStart(9)}  ${queryVerdict(f)}`,
  );
}

if (PARTS.includes('ingest')) {
  console.log(
    `\nIngest: ${INGEST_RATE.toLocaleString('en')} events/s for ${INGEST_DURATION_S} s through the real writers; budget: sustained, 0 lost, rollups equal to a recount\n`,
  );
  console.log('database     offered   written  lost  events/s  max backlog  AI insert p99 ms  accounts  rows ≠ recount  verdict');
  for (const f of figures) {
    const i = f.ingest;
    if (!i) continue;
    const rate = i.written / i.seconds;
    console.log(
      `${f.target.padEnd(10)} ${String(i.offered).padStart(9)} ${String(i.written).padStart(9)} ${String(i.offered - i.written).padStart(5)} ${rate.toFixed(0).padStart(9)} ${String(i.maxBacklog).padStart(12)} ${i.requestP99.toFixed(1).padStart(17)} ${String(i.accounts).padStart(9)} ${String(i.mismatched).padStart(14)}  ${ingestVerdict(i)}`,
    );
  }
}

const command = benchCommand('bench:dashboard');
const machine = machineLabel();
writeBenchBlocks(
  figures.map((f) => ({
    name: `dashboard-${f.target.toLowerCase()}`,
    command,
    date: measuredOn(),
    machine,
    table: {
      headers: ['figure', 'measured', 'budget', 'verdict'],
      rows: [
        ...(PARTS.includes('query')
          ? [
              [
                `${DAYS}-day dashboard at ${RATE}/s for ${DURATION_S} s, ${f.events.toLocaleString('en')} events of ${ACCOUNTS.toLocaleString('en')} accounts`,
                `p99 ${f.p99.toFixed(1)} ms (p50 ${f.p50.toFixed(1)}, max ${f.max.toFixed(1)}), ${f.failed} failed`,
                `p99 < ${P99_BUDGET_MS} ms`,
                queryVerdict(f),
              ],
            ]
          : []),
        ...(f.ingest
          ? [
              [
                `ingest for ${INGEST_DURATION_S} s through the real writers`,
                `${(f.ingest.written / f.ingest.seconds).toFixed(0)} events/s, ${f.ingest.offered - f.ingest.written} lost of ${f.ingest.offered.toLocaleString('en')}, ${f.ingest.mismatched} rollup rows ≠ recount`,
                `${INGEST_RATE.toLocaleString('en')}/s, 0 lost, 0 ≠ recount`,
                ingestVerdict(f.ingest),
              ],
            ]
          : []),
      ],
    },
  })),
);
