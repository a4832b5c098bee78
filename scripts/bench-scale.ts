// `npm run bench:scale`: inbound WhatsApp replies with 1, 2 and 4 worker processes (PROCESS_ROLE=
// worker) behind one web process, on PostgreSQL (DATABASE_URL), the server bundle as deployed, the
// loopback Cloud API as Meta (its throughput limit lifted: this measures our processes, not Meta's
// 80/s) and a local bucket. For each worker count, messages at 50, 100 and 200 a second for
// BENCH_SCALE_SECONDS from 200 shoppers in turn (each writes several times): the replies' rate, the
// delivery → reply p99, and how many were lost, answered twice or answered out of a shopper's order.
// Prints figures and a verdict per budget (issue 35: 2 workers ≥ 1.7 × one's throughput; 0 lost,
// doubled or out of order); never fails on one. Then the upload part (./bench-scale-upload.ts): a
// 100 MB CSV uploaded through a web process into the bucket and imported by a worker process.
// BENCH_SCALE_PARTS=replies,upload (default both) runs either part alone. BENCH_SCALE_LLM_MS answers
// through an OpenAI-compatible model on loopback that takes that long a reply (the fixture of
// tests/fixtures/openai-compatible-server.ts) instead of the built-in answerer: replies that wait on
// the model, as in production, where worker processes add reply slots rather than CPU.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { startObjectStoreServer } from '../tests/fixtures/object-store/object-store-server';
import { FIXTURE_API_KEY, FIXTURE_MODELS, startOpenAiCompatibleServer } from '../tests/fixtures/openai-compatible-server';
import {
  fixturePhoneNumber,
  startWhatsAppCloudApiServer,
  textMessage,
  wamid,
  type WhatsAppCloudApiServer,
} from '../tests/fixtures/whatsapp-cloud-api-server';
import { createUser } from '../tests/server/support/emulator-users';
import { EMULATOR_HOST, startAuthEmulator } from './auth-emulator';
import { benchScaleUpload, reportScaleUpload, type ScaleUploadFigures } from './bench-scale-upload';
import { choice, merchantApi, removeBenchData, type RoleProcess, serverBundle, startProcess, stopProcess, verdict } from './bench-server';

const env = process.env;
const databaseUrl = env.DATABASE_URL;
if (!databaseUrl) throw new Error('bench:scale needs PostgreSQL: set DATABASE_URL (web and worker processes share it)');
const SECONDS = Number(env.BENCH_SCALE_SECONDS ?? 15);
const LLM_MS = Number(env.BENCH_SCALE_LLM_MS ?? 0);
const LLM_MODEL = FIXTURE_MODELS[0]!;
const RATES = (env.BENCH_SCALE_RATES ?? '50,100,200').split(',').map(Number);
const WORKERS = (env.BENCH_SCALE_WORKERS ?? '1,2,4').split(',').map(Number);
const PARTS = choice('BENCH_SCALE_PARTS', ['replies', 'upload'] as const);
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

/** A message delivered: when sent, and when and whether the web process acknowledged it (200). */
type Delivered = { id: string; waId: string; sentAt: number; ackedAt: number | null };
type Result = {
  workers: number;
  rate: number;
  delivered: number;
  repliesPerSecond: number;
  p50: number;
  p99: number;
  /** Not acknowledged (timed out or refused under overload): Meta delivers those again; the bench does not. */
  unacknowledged: number;
  /** Acknowledged, never answered. */
  lost: number;
  twice: number;
  /** Shoppers answered out of the order their messages were acknowledged (taken in). */
  outOfOrder: number;
  /** Shoppers answered out of the order their messages were sent (the web took them in another order). */
  outOfSendingOrder: number;
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
    const record: Delivered = { id: wamid(waId), waId, sentAt: Date.now(), ackedAt: null };
    delivered.push(record);
    pending.push(
      fixture
        .deliver(textMessage(number, { waId, name: `Cliente ${n % SHOPPERS}` }, questions[n % questions.length]!, { id: record.id }))
        .then(([answer]) => {
          if (answer?.status === 200) record.ackedAt = Date.now();
        }),
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
  // Each shopper's replies in the order of their messages: as acknowledged, and as sent.
  const shoppersOutOfOrder = (ordered: Delivered[]) => {
    const byShopper = new Map<string, string[]>();
    for (const d of ordered) byShopper.set(d.waId, [...(byShopper.get(d.waId) ?? []), d.id]);
    let shoppers = 0;
    for (const [waId, ids] of byShopper) {
      const replied = sent.filter((message) => message.to === waId).map((message) => message.replyTo!);
      const expected = ids.filter((id) => replied.includes(id));
      if (replied.filter((id) => ids.includes(id)).join() !== expected.join()) shoppers += 1;
    }
    return shoppers;
  };
  const acknowledged = delivered.filter((d) => d.ackedAt !== null);
  const outOfOrder = shoppersOutOfOrder([...acknowledged].sort((a, b) => a.ackedAt! - b.ackedAt!));
  const outOfSendingOrder = shoppersOutOfOrder(delivered);
  const lastReply = Math.max(...sent.map((message) => message.at));
  const result: Result = {
    workers,
    rate,
    delivered: delivered.length,
    repliesPerSecond: firstReply.size / ((lastReply - delivered[0]!.sentAt) / 1000),
    p50: Math.round(percentile(latencies, 0.5)),
    p99: Math.round(percentile(latencies, 0.99)),
    unacknowledged: delivered.length - acknowledged.length,
    lost: acknowledged.filter((d) => !firstReply.has(d.id)).length,
    twice: [...count.values()].filter((n) => n > 1).length,
    outOfOrder,
    outOfSendingOrder,
  };
  console.log(
    `  ${workers} worker(s), ${rate}/s × ${SECONDS} s: ${result.delivered} delivered, ${firstReply.size} answered at ${result.repliesPerSecond.toFixed(1)}/s; ` +
      `delivery → reply p50 ${result.p50} ms, p99 ${result.p99} ms; unacknowledged ${result.unacknowledged}, lost ${result.lost}, ` +
      `twice ${result.twice}, shoppers out of order ${outOfOrder} (of sending order ${outOfSendingOrder}); ` +
      `load ${loadavg()[0]!.toFixed(2)}`,
  );
  return result;
}

const main = await serverBundle();
const emulator = await startAuthEmulator({ quiet: true });
const bucketDir = mkdtempSync(join(tmpdir(), 'catalyst-bench-scale-'));
const bucket = await startObjectStoreServer({ directory: bucketDir, buckets: ['catalyst-bench'] });
// Every chat completion of the model answered after LLM_MS, as a hosted model takes its time.
const llm = LLM_MS > 0 ? await startOpenAiCompatibleServer({ fixedReplies: { [LLM_MODEL]: { kind: 'slow', delayMs: LLM_MS } } }) : null;
// What every process of the deployment shares: the database, the bucket, the secrets key and the Auth emulator.
const deployment = () => ({
  DATABASE_URL: databaseUrl,
  ...bucket.env('catalyst-bench'),
  SECRETS_KEY: randomBytes(32).toString('base64'),
  FIREBASE_AUTH_EMULATOR_HOST: EMULATOR_HOST,
});
const results: Result[] = [];
let upload: ScaleUploadFigures | null = null;
try {
  for (const [index, workers] of PARTS.includes('replies') ? WORKERS.entries() : []) {
    const number = fixturePhoneNumber(7000 + Math.floor(Math.random() * 900) * 4 + index);
    const fixture = await startWhatsAppCloudApiServer({ numbers: [number], throughputPerSecond: 100_000 });
    const common = {
      ...deployment(),
      WHATSAPP_GRAPH_URL: fixture.graphUrl,
      ...(llm ? { LLM_BASE_URL: llm.baseUrl, LLM_API_KEY: FIXTURE_API_KEY } : {}),
    };
    const user = await createUser('bench-scale');
    const procs: RoleProcess[] = [];
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
        model: llm ? LLM_MODEL : 'builtin-retrieval',
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
  if (PARTS.includes('upload')) upload = await benchScaleUpload(main, deployment());
} finally {
  await bucket.close();
  await llm?.close();
  rmSync(bucketDir, { recursive: true, force: true });
  await emulator.stop();
}

if (PARTS.includes('replies')) {
  console.log(
    `\nInbound replies by worker processes on PostgreSQL; ${availableParallelism()} cores, ${llm ? `a model answering in ${LLM_MS} ms` : 'built-in answerer'}, ${SECONDS} s a rate\n`,
  );
  console.log('workers  rate/s  delivered  replies/s  p50 ms  p99 ms  unacked  lost  twice  out of order  (as sent)');
  for (const r of results)
    console.log(
      [
        r.workers,
        r.rate,
        r.delivered,
        r.repliesPerSecond.toFixed(1),
        r.p50,
        r.p99,
        r.unacknowledged,
        r.lost,
        r.twice,
        r.outOfOrder,
        r.outOfSendingOrder,
      ]
        .map((cell, i) => String(cell).padStart([7, 6, 9, 9, 6, 6, 7, 4, 5, 12, 9][i]!))
        .join('  '),
    );
  const best = (workers: number) => Math.max(...results.filter((r) => r.workers === workers).map((r) => r.repliesPerSecond));
  if (WORKERS.includes(1) && WORKERS.includes(2)) {
    const ratio = best(2) / best(1);
    console.log(`\n2 workers: ${ratio.toFixed(2)} × one worker's best rate (budget ≥ 1.7): ${verdict(ratio >= 1.7)}`);
  }
  const bad = results.reduce((sum, r) => sum + r.lost + r.twice + r.outOfOrder, 0);
  console.log(`acknowledged and lost, doubled or answered out of the order taken in, all runs: ${bad} (budget 0): ${verdict(bad === 0)}`);
  const unacknowledged = results.reduce((sum, r) => sum + r.unacknowledged, 0);
  if (unacknowledged > 0) console.log(`not acknowledged (the web process overloaded; Meta would deliver them again): ${unacknowledged}`);
}
if (upload) reportScaleUpload(upload);
