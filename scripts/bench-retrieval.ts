// `npm run bench:retrieval`: passage search latency, as the answerer calls it (the knowledge
// store's search, in process), over one AI base of 100,000 passages with Zipf-skewed words, beside
// as many passages of another account (the search must not pay for other tenants). PGlite, then
// PostgreSQL with DATABASE_URL. Prints p50/p90/p99/max per match mode; budget: p99 under 50 ms.
// BENCH_PASSAGES, BENCH_OTHER_PASSAGES and BENCH_QUERIES change the sizes.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { inArray, sql } from 'drizzle-orm';
import { openDatabase, type Database, type DatabaseTarget } from '../server/db/database';
import { accounts, aiBases, knowledgeFiles } from '../server/db/schema';
import { knowledgeStore } from '../server/knowledge/knowledge-store';
import { seededRandom } from './bench-server';

const PASSAGES = Number(process.env.BENCH_PASSAGES ?? 100_000);
const OTHER_PASSAGES = Number(process.env.BENCH_OTHER_PASSAGES ?? PASSAGES);
const QUERIES = Number(process.env.BENCH_QUERIES ?? 2_000);
const P99_BUDGET_MS = 50;


const vocabulary = (
  'camiseta calça vestido tênis bolsa jaqueta meia boné saia blusa bermuda sandália mochila casaco pijama cinto carteira relógio óculos ' +
  'azul preta branca vermelha verde amarela rosa cinza marrom bege vinho marinho estampada lisa listrada xadrez ' +
  'algodão couro jeans linho poliéster malha moletom viscose lã seda sintético ' +
  'confortável leve macia resistente elegante esportiva clássica térmica impermeável ajustada folgada infantil feminina masculina ' +
  'troca devolução entrega frete prazo pagamento pix boleto cartão parcelamento desconto cupom promoção estoque tamanho medida ' +
  'lavagem garantia defeito nota fiscal rastreamento pedido cancelamento reembolso atendimento loja retirada correios transportadora ' +
  'verão inverno festa trabalho academia praia viagem presente aniversário natal'
).split(' ');
const filler = 'de o a e para com em no na do da um uma por que se mais muito'.split(' ');

/** Word ranks 1..n with weight 1/rank: a few words in many passages, most in few. */
function zipfPicker(random: () => number, words: readonly string[]) {
  const weights = words.map((_, rank) => 1 / (rank + 1));
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  let sum = 0;
  const cumulative = weights.map((weight) => (sum += weight / total));
  return () => {
    const x = random();
    const index = cumulative.findIndex((edge) => x <= edge);
    return words[index === -1 ? words.length - 1 : index]!;
  };
}

function passageText(random: () => number, word: () => string, n: number): string {
  if (n % 3 === 0) {
    const words = Array.from({ length: 20 + Math.floor(random() * 40) }, () => (random() < 0.35 ? filler[Math.floor(random() * filler.length)]! : word()));
    return `Pergunta: Como funciona ${word()} e ${word()}?\nResposta: ${words.join(' ')}.`;
  }
  const description = Array.from({ length: 12 + Math.floor(random() * 25) }, () => (random() < 0.3 ? filler[Math.floor(random() * filler.length)]! : word())).join(' ');
  return `Produto: ${word()} ${word()} ${word()}\nDescrição: ${description}\nPreço: ${(10 + random() * 490).toFixed(2).replace('.', ',')}\nEstoque: ${Math.floor(random() * 300)}`;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

type Figures = { target: string; match: string; p50: number; p90: number; p99: number; max: number; meanHits: number };

async function bench(name: string, target: DatabaseTarget): Promise<{ figures: Figures[]; insertS: number }> {
  console.log(`\n${name}: opening the database…`);
  const database: Database = await openDatabase(target, 'bench:retrieval');
  const uid = `bench-retrieval-${randomUUID()}`;
  const otherUid = `bench-retrieval-other-${randomUUID()}`;
  try {
    const { db } = database;
    const store = knowledgeStore(db);
    /** An account with one base of `count` passages. */
    const seed = async (owner: string, count: number, seedNumber: number) => {
      await db.insert(accounts).values({ uid: owner, email: null, plan: 'enterprise' });
      const [base] = await db
        .insert(aiBases)
        .values({ uid: owner, name: 'Bench', function: 'support', language: 'pt_br', voiceTone: 'default', personalized: false, creativity: 3, model: 'builtin-retrieval' })
        .returning();
      const [file] = await db
        .insert(knowledgeFiles)
        .values({ baseId: base!.id, uid: owner, originalName: 'bench.csv', kind: 'csv', sizeBytes: 0, storedPath: 'uploads/bench/none', status: 'processing' })
        .returning();
      const random = seededRandom(seedNumber);
      const word = zipfPicker(random, vocabulary);
      for (let position = 0; position < count; position += 1_000) {
        const batch = Array.from({ length: Math.min(1_000, count - position) }, (_, i) => ({ source: `row ${position + i + 2}`, content: passageText(random, word, position + i) }));
        await store.addPassages(file!, 'portuguese', position, batch, 0);
      }
      await store.finish(file!.id);
      return base!;
    };

    console.log(`${name}: inserting ${PASSAGES.toLocaleString('en')} passages, and ${OTHER_PASSAGES.toLocaleString('en')} of another account…`);
    const started = performance.now();
    const base = await seed(uid, PASSAGES, 1);
    const insertS = (performance.now() - started) / 1000;
    if (OTHER_PASSAGES > 0) await seed(otherUid, OTHER_PASSAGES, 2);
    console.log(`${name}: inserted in ${insertS.toFixed(1)} s; analysing, then ${QUERIES} queries per match mode…`);
    await db.execute(sql`analyze passages`);

    const queryRandom = seededRandom(99);
    const queryWord = zipfPicker(queryRandom, vocabulary);
    const queries = Array.from({ length: QUERIES }, () => Array.from({ length: 1 + Math.floor(queryRandom() * 4) }, () => queryWord()).join(' '));
    const figures: Figures[] = [];
    for (const match of ['any', 'all'] as const) {
      for (const q of queries.slice(0, 100)) await store.search(uid, base, q, { limit: 10, match }); // warm-up
      const times: number[] = [];
      let hits = 0;
      for (const q of queries) {
        const t = performance.now();
        hits += (await store.search(uid, base, q, { limit: 10, match })).length;
        times.push(performance.now() - t);
      }
      times.sort((a, b) => a - b);
      figures.push({ target: name, match, p50: percentile(times, 50), p90: percentile(times, 90), p99: percentile(times, 99), max: times.at(-1)!, meanHits: hits / QUERIES });
    }
    return { figures, insertS };
  } finally {
    await database.db.delete(accounts).where(inArray(accounts.uid, [uid, otherUid])).catch(() => {});
    await database.close();
  }
}

const dataDir = mkdtempSync(join(tmpdir(), 'catalyst-bench-retrieval-'));
const results: { figures: Figures[]; insertS: number }[] = [];
try {
  results.push(await bench('PGlite', { kind: 'pglite', dataDir }));
  if (process.env.DATABASE_URL) results.push(await bench('PostgreSQL', { kind: 'postgres', url: process.env.DATABASE_URL }));
  else console.log('DATABASE_URL is not set: PGlite only.');
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}

console.log(
  `\nPassage search over ${PASSAGES.toLocaleString('en')} passages of one base (${OTHER_PASSAGES.toLocaleString('en')} more of another account in the table), top 10, ${QUERIES} queries of 1–4 words each; budget: p99 under ${P99_BUDGET_MS} ms (load avg ${loadavg()[0]!.toFixed(1)})\n`,
);
console.log('database    match  insert s  p50 ms  p90 ms  p99 ms  max ms  hits/query  verdict');
for (const { figures, insertS } of results) {
  for (const f of figures) {
    console.log(
      `${f.target.padEnd(11)} ${f.match.padEnd(5)} ${insertS.toFixed(1).padStart(9)} ${f.p50.toFixed(1).padStart(7)} ${f.p90.toFixed(1).padStart(7)} ${f.p99.toFixed(1).padStart(7)} ${f.max.toFixed(1).padStart(7)} ${f.meanHits.toFixed(1).padStart(11)}  ${f.p99 < P99_BUDGET_MS ? 'within budget' : 'OVER BUDGET'}`,
    );
  }
}
