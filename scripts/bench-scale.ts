// `npm run bench:scale`: inbound WhatsApp replies with 1, 2 and 4 worker processes (PROCESS_ROLE=
// worker) behind one web process, on PostgreSQL (DATABASE_URL), the server bundle as deployed, the
// loopback Cloud API as Meta (its throughput limit lifted: this measures our processes, not Meta's
// 80/s) and a local bucket. For each worker count, messages at 50, 100 and 200 a second for
// BENCH_SCALE_SECONDS from 200 shoppers in turn (each writes several times): the replies' rate, the
// delivery → reply p99, and how many were lost, answered twice or answered out of a shopper's order.
// Prints figures and a verdict per budget (issue 35: 2 workers ≥ 1.7 × one's throughput; 0 lost,
// doubled or out of order); never fails on one.
import type { ChildProcess } from 'node:child_process';
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { startObjectStoreServer } from '../tests/fixtures/object-store/object-store-server';
import {
  fixturePhoneNumber,
  startWhatsAppCloudApiServer,
  textMessage,
  wamid,
  type WhatsAppCloudApiServer,
} from '../tests/fixtures/whatsapp-cloud-api-server';
import { createUser } from '../tests/server/support/emulator-users';
import { EMULATOR_HOST, startAuthEmulator } from './auth-emulator';
import { freePort, merchantApi, removeBenchData, serverBundle, verdict } from './bench-server';
import { SERVER_ENV, SERVER_NODE_FLAGS } from './build-server';

const env = process.env;
const databaseUrl = env.DATABASE_URL;
if (!databaseUrl) throw new Error('bench:scale needs PostgreSQL: set DATABASE_URL (web and worker processes share it)');
const SECONDS = Number(env.BENCH_SCALE_SECONDS ?? 15);
const RATES = (env.BENCH_SCALE_RATES ?? '50,100,200').split(',').map(Number);
const WORKERS = (env.BENCH_SCALE_WORKERS ?? '1,2,4').split(',').map(Number);
const SHOPPERS = 200;
const DRAIN_S = 120;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const percentile = (sorted: readonly number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
const faq = [
  'Pergunta;Resposta',
  'Posso trocar um produto?;Sim, em até 30 dias após a entrega, sem uso e com etiqueta.',
  'Qual o prazo de entrega?;De 3 a 7 dias úteis para capitais.',
  'Quais as formas de pagamento?;Pix, boleto e cartão em até 6 vezes.',
].join('\n');
const questions = ['Posso trocar um produto?', 'Qual o prazo de entrega?', 'Quais as formas de pagamento?', 'Tem frete grátis?'];

type Proc = { role: 'web' | 'worker'; url: string; child: ChildProcess };

async function startProcess(main: string, role: Proc['role'], common: Record<string, string>): Promise<Proc> {
  const port = await freePort();
  const { DATABASE_URL: _url, DATA_DIR: _dir, NODE_ENV: _mode, ...inherited } = env;
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
  for (const deadline = Date.now() + 60_000; ; await sleep(200)) {
    if (child.exitCode !== null) throw new Error(`the ${role} process exited with ${child.exitCode}`);
    if (
      (await fetch(`${url}/readyz`).then(
        (answer) => answer.status,
        () => 0,
      )) === 200
    )
      break;
    if (Date.now() > deadline) throw new Error(`the ${role} process was not ready within a minute`);
  }
  return { role, url, child };
}

const stopProcess = (proc: Proc) =>
  new Promise<void>((resolve) => {
    if (proc.child.exitCode !== null) return resolve();
    proc.child.once('exit', () => resolve());
    proc.child.kill('SIGTERM');
  });

type Delivered = { id: string; waId: string; sentAt: number };
type Result = {
  workers: number;
  rate: number;
  delivered: number;
  repliesPerSecond: number;
  p50: number;
  p99: number;
  lost: number;
  twice: number;
  outOfOrder: number;
};

/** Messages at `rate` for SECONDS, open loop, shopper after shopper; then waits for every reply (or DRAIN_S). */
async function measure(
  fixture: WhatsAppCloudApiServer,
  number: ReturnType<typeof fixturePhoneNumber>,
  workers: number,
  rate: number,
  round: number,
) {
  const total = Math.round(rate * SECONDS);
  const delivered: Delivered[] = [];
  const pending: Promise<unknown>[] = [];
  const start = performance.now() + 10;
  for (let n = 0; n < total; n++) {
    const wait = start + (n * 1000) / rate - performance.now();
    if (wait > 0) await sleep(wait);
    // Shoppers new to each round: a round's replies are told apart by their recipients.
    const waId = `55119${String(round * 1_000 + (n % SHOPPERS)).padStart(8, '0')}`;
    const record: Delivered = { id: wamid(waId), waId, sentAt: Date.now() };
    delivered.push(record);
    pending.push(
      fixture.deliver(textMessage(number, { waId, name: `Cliente ${n % SHOPPERS}` }, questions[n % questions.length]!, { id: record.id })),
    );
  }
  await Promise.all(pending);
  const ids = new Set(delivered.map((d) => d.id));
  const replies = () => fixture.sent(number.phoneNumberId).filter((message) => message.replyTo !== null && ids.has(message.replyTo));
  for (const drainStarted = Date.now(); new Set(replies().map((m) => m.replyTo)).size < delivered.length; await sleep(250))
    if (Date.now() - drainStarted > DRAIN_S * 1000) break;
  const sent = replies();
  const firstReply = new Map<string, number>();
  const count = new Map<string, number>();
  for (const message of sent) {
    count.set(message.replyTo!, (count.get(message.replyTo!) ?? 0) + 1);
    if (!firstReply.has(message.replyTo!)) firstReply.set(message.replyTo!, message.at);
  }
  const latencies = delivered.flatMap((d) => (firstReply.has(d.id) ? [firstReply.get(d.id)! - d.sentAt] : [])).sort((a, b) => a - b);
  // Each shopper's replies in the order of their messages.
  let outOfOrder = 0;
  const byShopper = new Map<string, string[]>();
  for (const d of delivered) byShopper.set(d.waId, [...(byShopper.get(d.waId) ?? []), d.id]);
  for (const [waId, sentIds] of byShopper) {
    const replied = sent.filter((message) => message.to === waId).map((message) => message.replyTo!);
    const expected = sentIds.filter((id) => replied.includes(id));
    if (replied.join() !== expected.join()) outOfOrder += 1;
  }
  const lastReply = Math.max(...sent.map((message) => message.at));
  const result: Result = {
    workers,
    rate,
    delivered: delivered.length,
    repliesPerSecond: firstReply.size / ((lastReply - delivered[0]!.sentAt) / 1000),
    p50: Math.round(percentile(latencies, 0.5)),
    p99: Math.round(percentile(latencies, 0.99)),
    lost: delivered.length - firstReply.size,
    twice: [...count.values()].filter((n) => n > 1).length,
    outOfOrder,
  };
  console.log(
    `  ${workers} worker(s), ${rate}/s × ${SECONDS} s: ${result.delivered} delivered, ${firstReply.size} answered at ${result.repliesPerSecond.toFixed(1)}/s; ` +
      `delivery → reply p50 ${result.p50} ms, p99 ${result.p99} ms; lost ${result.lost}, twice ${result.twice}, shoppers out of order ${outOfOrder}; ` +
      `load ${loadavg()[0]!.toFixed(2)}`,
  );
  return result;
}

const main = await serverBundle();
const emulator = await startAuthEmulator({ quiet: true });
const bucketDir = mkdtempSync(join(tmpdir(), 'catalyst-bench-scale-'));
const bucket = await startObjectStoreServer({ directory: bucketDir, buckets: ['catalyst-bench'] });
const results: Result[] = [];
try {
  for (const [index, workers] of WORKERS.entries()) {
    const number = fixturePhoneNumber(7000 + Math.floor(Math.random() * 900) * 4 + index);
    const fixture = await startWhatsAppCloudApiServer({ numbers: [number], throughputPerSecond: 100_000 });
    const common = {
      DATABASE_URL: databaseUrl,
      ...bucket.env('catalyst-bench'),
      SECRETS_KEY: randomBytes(32).toString('base64'),
      FIREBASE_AUTH_EMULATOR_HOST: EMULATOR_HOST,
      WHATSAPP_GRAPH_URL: fixture.graphUrl,
    };
    const user = await createUser('bench-scale');
    const procs: Proc[] = [];
    try {
      const web = await startProcess(main, 'web', common);
      procs.push(web, ...(await Promise.all(Array.from({ length: workers }, () => startProcess(main, 'worker', common)))));
      // The merchant's active base, its FAQ imported by a worker, and the number connected to it, through the API.
      const api = merchantApi(web, user);
      const base = (
        await api('/ai-bases', 'POST', {
          name: 'Bench',
          function: 'support',
          language: 'pt_br',
          voiceTone: 'default',
          personalized: false,
          instructions: 'Responda a partir da base.',
          expectedInputs: '',
        })
      ).body as { id: string; version: number };
      const form = new FormData();
      form.append('file', new Blob([faq]), 'faq.csv');
      const uploaded = await fetch(`${web.url}/api/v1/ai-bases/${base.id}/files`, {
        method: 'POST',
        headers: { authorization: `Bearer ${user.idToken}` },
        body: form,
      });
      const file = (await uploaded.json()) as { id: string };
      for (let status = ''; status !== 'ready'; await sleep(200)) {
        status = String((await api(`/ai-bases/${base.id}/files/${file.id}`)).body.status);
        if (status === 'failed') throw new Error('the FAQ failed to import');
      }
      const knowledge = (await api(`/ai-bases/${base.id}/knowledge`, 'PUT', { expectedVersion: base.version })).body as { version: number };
      await api(`/ai-bases/${base.id}/refinement`, 'PUT', {
        blockedTerms: [],
        creativity: 3,
        model: 'builtin-retrieval',
        expectedVersion: knowledge.version,
      });
      const activated = await api(`/ai-bases/${base.id}/activate`, 'POST');
      if (activated.status !== 200) throw new Error(`activation answered ${activated.status}`);
      const connected = await api('/channels', 'POST', {
        phoneNumberId: number.phoneNumberId,
        wabaId: number.wabaId,
        accessToken: number.accessToken,
        appSecret: number.appSecret,
        aiBaseId: base.id,
      });
      if (connected.status !== 201) throw new Error(`connecting answered ${connected.status}: ${JSON.stringify(connected.body)}`);
      fixture.setWebhookUrl(number.phoneNumberId, `${web.url}/webhooks/whatsapp`);
      console.log(`\n${workers} worker process(es) beside one web process:`);
      await measure(fixture, number, workers, 5, 999 - index); // warm-up, not counted
      for (const [round, rate] of RATES.entries()) results.push(await measure(fixture, number, workers, rate, index * 10 + round));
    } finally {
      await Promise.all(procs.map(stopProcess));
      await fixture.close();
      await removeBenchData({ env: { DATABASE_URL: databaseUrl } }, user);
    }
  }
} finally {
  await bucket.close();
  rmSync(bucketDir, { recursive: true, force: true });
  await emulator.stop();
}

console.log(
  `\nInbound replies by worker processes on PostgreSQL; ${availableParallelism()} cores, built-in answerer, ${SECONDS} s a rate\n`,
);
console.log('workers  rate/s  delivered  replies/s  p50 ms  p99 ms  lost  twice  out of order');
for (const r of results)
  console.log(
    [r.workers, r.rate, r.delivered, r.repliesPerSecond.toFixed(1), r.p50, r.p99, r.lost, r.twice, r.outOfOrder]
      .map((cell, i) => String(cell).padStart([7, 6, 9, 9, 6, 6, 4, 5, 12][i]!))
      .join('  '),
  );
const best = (workers: number) => Math.max(...results.filter((r) => r.workers === workers).map((r) => r.repliesPerSecond));
if (WORKERS.includes(1) && WORKERS.includes(2)) {
  const ratio = best(2) / best(1);
  console.log(`\n2 workers: ${ratio.toFixed(2)} × one worker's best rate (budget ≥ 1.7): ${verdict(ratio >= 1.7)}`);
}
const bad = results.reduce((sum, r) => sum + r.lost + r.twice + r.outOfOrder, 0);
console.log(`lost, doubled or out of order, all runs: ${bad} (budget 0): ${verdict(bad === 0)}`);
