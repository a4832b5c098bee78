// `npm run bench:retrieval`: passage search latency as the answerer calls it, per language, over
// 100,000 passages of a base beside another account's, on PGlite, PostgreSQL and (for comparison)
// MiniSearch. BENCH_WRITE_DOC=1 rewrites each engine's table in docs/benchmarks.md. How it
// measures, and its settings: docs/benchmarks.md, 'Passage search'.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { inArray, sql } from 'drizzle-orm';
import MiniSearch from 'minisearch';
import type { AiBaseLanguage } from '../domain/ai-base';
import { textSearchConfigs } from '../domain/knowledge';
import { productFacts, type ProductFacts } from '../domain/knowledge-columns';
import { openDatabase, type Database, type DatabaseTarget } from '../server/db/database';
import { accounts } from '../server/accounts/account-tables';
import { aiBases } from '../server/ai-bases/ai-base-tables';
import { knowledgeFiles } from '../server/knowledge/knowledge-tables';
import { knowledgeStore } from '../server/knowledge/knowledge-store';
import { benchCommand, machineLabel, today, writeBenchBlocks } from './benchmarks-doc';
import { seededRandom } from './bench-server';

const PASSAGES = Number(process.env.BENCH_PASSAGES ?? 100_000);
const OTHER_PASSAGES = Number(process.env.BENCH_OTHER_PASSAGES ?? 100_000);
const QUERIES = Number(process.env.BENCH_QUERIES ?? 1_000);
const LANGUAGES = (process.env.BENCH_LANGUAGES ?? 'pt_br,en_us,es').split(',') as AiBaseLanguage[];
const P99_BUDGET_MS = 20;
const MINISEARCH_QUERIES = Math.min(QUERIES, 300);
/** BENCH_SLOWEST=n prints each run's n slowest questions (what to look at when a p99 grows). */
const SLOWEST = Number(process.env.BENCH_SLOWEST ?? 0);
const TARGETS = (process.env.BENCH_TARGETS ?? 'pglite,postgres').split(',');

type Words = { products: string; qualities: string; filler: string; labels: [string, string, string, string, string, string] };
const words: Record<AiBaseLanguage, Words> = {
  pt_br: {
    products:
      'camiseta calça vestido tênis bolsa jaqueta meia boné saia blusa bermuda sandália mochila casaco pijama cinto carteira relógio óculos caneca garrafa luminária almofada tapete',
    qualities:
      'azul preta branca vermelha verde amarela rosa cinza marrom bege algodão couro jeans linho poliéster malha moletom viscose lã seda confortável leve macia resistente elegante esportiva clássica térmica impermeável infantil feminina masculina troca devolução entrega frete prazo pagamento pix boleto cartão parcelamento desconto cupom promoção estoque tamanho garantia defeito pedido cancelamento reembolso atendimento retirada correios verão inverno festa trabalho academia praia viagem presente aniversário natal',
    filler: 'de o a e para com em no na do da um uma por que se mais muito',
    labels: ['Produto', 'Descrição', 'Preço', 'Estoque', 'Pergunta', 'Resposta'],
  },
  en_us: {
    products:
      'shirt trousers dress sneakers bag jacket socks cap skirt blouse shorts sandals backpack coat pajamas belt wallet watch glasses mug bottle lamp cushion rug',
    qualities:
      'blue black white red green yellow pink grey brown beige cotton leather denim linen polyester knit fleece viscose wool silk comfortable light soft sturdy elegant sporty classic thermal waterproof kids women men exchange return delivery shipping deadline payment card installments discount coupon sale stock size warranty defect order cancellation refund support pickup mail summer winter party work gym beach travel gift birthday christmas',
    filler: 'the of and to with in on for a an by that more very is',
    labels: ['Product', 'Description', 'Price', 'Stock', 'Question', 'Answer'],
  },
  es: {
    products:
      'camiseta pantalón vestido zapatillas bolso chaqueta calcetines gorra falda blusa bermudas sandalias mochila abrigo pijama cinturón cartera reloj gafas taza botella lámpara cojín alfombra',
    qualities:
      'azul negra blanca roja verde amarilla rosa gris marrón beige algodón cuero vaquero lino poliéster punto polar viscosa lana seda cómoda ligera suave resistente elegante deportiva clásica térmica impermeable infantil femenina masculina cambio devolución entrega envío plazo pago tarjeta cuotas descuento cupón promoción existencias talla garantía defecto pedido cancelación reembolso atención recogida correo verano invierno fiesta trabajo gimnasio playa viaje regalo cumpleaños navidad',
    filler: 'de el la y para con en del un una por que se más muy',
    labels: ['Producto', 'Descripción', 'Precio', 'Existencias', 'Pregunta', 'Respuesta'],
  },
};

/** Word ranks 1..n with weight 1/rank: a few words in many passages, most in few. */
function zipfPicker(random: () => number, list: readonly string[]) {
  const weights = list.map((_, rank) => 1 / (rank + 1));
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  let sum = 0;
  const cumulative = weights.map((weight) => (sum += weight / total));
  return () => {
    const x = random();
    const index = cumulative.findIndex((edge) => x <= edge);
    return list[index === -1 ? list.length - 1 : index]!;
  };
}

type BenchPassage = { source: string; content: string; facts: ProductFacts | null };

/** The passages of one base: two in three products (a name, a model code, a description, a price), one in three FAQ rows. */
function passagesFor(language: AiBaseLanguage, count: number, seed: number): BenchPassage[] {
  const random = seededRandom(seed);
  const vocabulary = words[language];
  const product = zipfPicker(random, vocabulary.products.split(' '));
  const quality = zipfPicker(random, vocabulary.qualities.split(' '));
  const filler = vocabulary.filler.split(' ');
  const text = (length: number) =>
    Array.from({ length }, () => (random() < 0.3 ? filler[Math.floor(random() * filler.length)]! : quality())).join(' ');
  const [name, description, price, stock, question, answer] = vocabulary.labels;
  return Array.from({ length: count }, (_, n) => {
    const source = `row ${n + 2}`;
    if (n % 3 === 0)
      return { source, content: `${question}: ${text(4)}?\n${answer}: ${text(20 + Math.floor(random() * 40))}.`, facts: null };
    const title = `${product()} ${quality()} ${quality()} ${String.fromCharCode(65 + Math.floor(random() * 26))}${Math.floor(random() * 900 + 100)}`;
    const cents = Math.floor(1_000 + random() * 49_000);
    const facts = productFacts(title, cents, { currency: 'BRL' });
    return {
      source,
      content: `${name}: ${title}\n${price}: ${(cents / 100).toFixed(2).replace('.', ',')}\n${description}: ${text(12 + Math.floor(random() * 25))}\n${stock}: ${Math.floor(random() * 300)}`,
      facts,
    };
  });
}

/** 1–4 word questions in the language, one in four without its accents. */
function questionsFor(language: AiBaseLanguage, passages: readonly BenchPassage[]): string[] {
  const random = seededRandom(99);
  const vocabulary = words[language];
  const word = zipfPicker(random, `${vocabulary.products} ${vocabulary.qualities}`.split(' '));
  return Array.from({ length: QUERIES }, () => {
    const count = 1 + Math.floor(random() * 4);
    // One in five asks for a product by its model code, as shoppers paste it.
    const asked =
      random() < 0.2
        ? [
            ...Array.from({ length: count - 1 }, word),
            passages[1 + 3 * Math.floor(random() * (passages.length / 3 - 1))]!.facts!.name.split(' ').at(-1)!,
          ]
        : Array.from({ length: count }, word);
    const question = asked.join(' ');
    return random() < 0.25 ? question.normalize('NFD').replace(/\p{M}/gu, '') : question;
  });
}

const percentile = (sorted: readonly number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

type Figures = {
  target: string;
  language: AiBaseLanguage;
  match: string;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  meanHits: number;
  buildS: number;
};

async function timed(
  label: Omit<Figures, 'p50' | 'p90' | 'p99' | 'max' | 'meanHits'>,
  questions: readonly string[],
  search: (q: string) => Promise<number> | number,
) {
  for (const q of questions.slice(0, 100)) await search(q); // warm-up
  const times: number[] = [];
  const slowest: { q: string; ms: number }[] = [];
  let hits = 0;
  for (const q of questions) {
    const started = performance.now();
    hits += await search(q);
    const ms = performance.now() - started;
    times.push(ms);
    if (SLOWEST > 0) slowest.push({ q, ms });
  }
  times.sort((a, b) => a - b);
  console.log(
    `  ${label.target} ${label.language} ${label.match}: p50 ${percentile(times, 50).toFixed(1)} ms, p99 ${percentile(times, 99).toFixed(1)} ms`,
  );
  for (const { q, ms } of slowest.sort((a, b) => b.ms - a.ms).slice(0, SLOWEST))
    console.log(`    ${ms.toFixed(1)} ms: ${JSON.stringify(q)}`);
  return {
    ...label,
    p50: percentile(times, 50),
    p90: percentile(times, 90),
    p99: percentile(times, 99),
    max: times.at(-1)!,
    meanHits: hits / questions.length,
  };
}

const corpora = new Map(LANGUAGES.map((language, index) => [language, passagesFor(language, PASSAGES, 1 + index)]));

async function benchDatabase(name: string, target: DatabaseTarget): Promise<Figures[]> {
  console.log(`\n${name}: opening the database…`);
  const database: Database = await openDatabase(target, 'bench:retrieval');
  const owners: string[] = [];
  try {
    const { db } = database;
    const store = knowledgeStore(db);
    /** An account with one base of these passages. */
    const seed = async (language: AiBaseLanguage, list: readonly BenchPassage[]) => {
      const owner = `bench-retrieval-${randomUUID()}`;
      owners.push(owner);
      await db.insert(accounts).values({ uid: owner, email: null, plan: 'enterprise' });
      const [base] = await db
        .insert(aiBases)
        .values({
          uid: owner,
          name: 'Bench',
          function: 'seller',
          language,
          voiceTone: 'default',
          personalized: false,
          creativity: 3,
          model: 'builtin-retrieval',
        })
        .returning();
      const [file] = await db
        .insert(knowledgeFiles)
        .values({
          baseId: base!.id,
          uid: owner,
          originalName: 'bench.csv',
          kind: 'csv',
          sizeBytes: 0,
          storedPath: 'uploads/bench/none',
          status: 'processing',
        })
        .returning();
      for (let position = 0; position < list.length; position += 1_000) {
        await store.addPassages(file!, textSearchConfigs[language], position, list.slice(position, position + 1_000), 0);
      }
      await store.finish(file!.id);
      return { uid: owner, base: base! };
    };

    if (OTHER_PASSAGES > 0) {
      console.log(`${name}: ${OTHER_PASSAGES.toLocaleString('en')} passages of another account…`);
      await seed('pt_br', passagesFor('pt_br', OTHER_PASSAGES, 77));
    }
    const figures: Figures[] = [];
    for (const language of LANGUAGES) {
      const list = corpora.get(language)!;
      const started = performance.now();
      const { uid, base } = await seed(language, list);
      const buildS = (performance.now() - started) / 1000;
      await db.execute(sql`analyze passages`);
      console.log(
        `${name}: ${language}: ${list.length.toLocaleString('en')} passages imported in ${buildS.toFixed(1)} s; ${QUERIES} questions per match mode…`,
      );
      const questions = questionsFor(language, list);
      for (const match of ['any', 'all'] as const) {
        figures.push(
          await timed(
            { target: name, language, match, buildS },
            questions,
            async (q) => (await store.search(uid, base, q, { limit: 10, match })).length,
          ),
        );
      }
    }
    return figures;
  } finally {
    await database.db
      .delete(accounts)
      .where(inArray(accounts.uid, owners))
      .catch(() => {});
    await database.close();
  }
}

/** The same passages in MiniSearch: accents folded, the name boosted, prefix and fuzzy matching (its documented options for this). */
async function benchMiniSearch(): Promise<Figures[]> {
  const figures: Figures[] = [];
  const fold = (term: string) => term.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
  for (const language of LANGUAGES) {
    const list = corpora.get(language)!;
    (globalThis as { gc?: () => void }).gc?.();
    const heapBefore = process.memoryUsage().heapUsed;
    const started = performance.now();
    const index = new MiniSearch<{ id: number; name: string; text: string }>({
      fields: ['name', 'text'],
      processTerm: (term) => (term.length > 1 ? fold(term) : null),
      searchOptions: { boost: { name: 2 }, prefix: true, fuzzy: 0.2, combineWith: 'OR' },
    });
    index.addAll(
      list.map((passage, id) => ({ id, name: passage.facts?.name ?? '', text: passage.content.replace(/^[^:\n]{1,60}:\s+/gm, '') })),
    );
    const buildS = (performance.now() - started) / 1000;
    (globalThis as { gc?: () => void }).gc?.();
    console.log(
      `MiniSearch: ${language}: ${list.length.toLocaleString('en')} passages indexed in ${buildS.toFixed(1)} s, ${Math.round((process.memoryUsage().heapUsed - heapBefore) / 1e6)} MB of heap; ${MINISEARCH_QUERIES} questions per match mode (it is slow: fewer)…`,
    );
    const questions = questionsFor(language, list).slice(0, MINISEARCH_QUERIES);
    for (const match of ['any', 'all'] as const) {
      const combineWith = match === 'any' ? 'OR' : 'AND';
      figures.push(
        await timed(
          { target: 'MiniSearch', language, match, buildS },
          questions,
          (q) => index.search(q, { combineWith }).slice(0, 10).length,
        ),
      );
    }
  }
  return figures;
}

const dataDir = mkdtempSync(join(tmpdir(), 'catalyst-bench-retrieval-'));
const results: Figures[] = [];
try {
  if (TARGETS.includes('pglite')) results.push(...(await benchDatabase('PGlite', { kind: 'pglite', dataDir })));
  if (!TARGETS.includes('postgres')) console.log('PostgreSQL left out (BENCH_TARGETS).');
  else if (process.env.DATABASE_URL)
    results.push(...(await benchDatabase('PostgreSQL', { kind: 'postgres', url: process.env.DATABASE_URL })));
  else console.log('DATABASE_URL is not set: PGlite only.');
  if (process.env.BENCH_MINISEARCH !== '0') results.push(...(await benchMiniSearch()));
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}

console.log(
  `\nPassage search over ${PASSAGES.toLocaleString('en')} passages of one base per language (${OTHER_PASSAGES.toLocaleString('en')} more of another account in the table), top 10, ${QUERIES} questions of 1–4 words; budget: p99 under ${P99_BUDGET_MS} ms (load avg ${loadavg()[0]!.toFixed(1)})\n`,
);
const verdictOf = (f: Figures) => (f.target === 'MiniSearch' ? '(comparison)' : f.p99 < P99_BUDGET_MS ? 'within budget' : 'OVER BUDGET');
console.log('engine      lang   match  build s  p50 ms  p90 ms  p99 ms  max ms  hits/q  verdict');
for (const f of results) {
  console.log(
    `${f.target.padEnd(11)} ${f.language.padEnd(6)} ${f.match.padEnd(5)} ${f.buildS.toFixed(1).padStart(8)} ${f.p50.toFixed(1).padStart(7)} ${f.p90.toFixed(1).padStart(7)} ${f.p99.toFixed(1).padStart(7)} ${f.max.toFixed(1).padStart(7)} ${f.meanHits.toFixed(1).padStart(7)}  ${verdictOf(f)}`,
  );
}

const command = benchCommand('bench:retrieval');
const machine = machineLabel();
writeBenchBlocks(
  [...new Set(results.map((f) => f.target))].map((target) => {
    const ofTarget = results.filter((f) => f.target === target);
    const ofLanguage = (language: AiBaseLanguage) => ofTarget.filter((f) => f.language === language);
    const p99 = (language: AiBaseLanguage, match: string) =>
      ofLanguage(language)
        .find((f) => f.match === match)
        ?.p99.toFixed(1) ?? '–';
    // A language's verdict is its slower mode's.
    const slower = (language: AiBaseLanguage) => ofLanguage(language).reduce((a, b) => (b.p99 > a.p99 ? b : a));
    return {
      name: `retrieval-${target.toLowerCase()}`,
      command,
      date: today(),
      machine,
      table: {
        headers: ['language', "'any' p99 ms", "'all' p99 ms", 'verdict'],
        rows: [...new Set(ofTarget.map((f) => f.language))].map((language) => [
          language,
          p99(language, 'any'),
          p99(language, 'all'),
          verdictOf(slower(language)),
        ]),
      },
      note: `${PASSAGES.toLocaleString('en')} passages of one base per language beside ${OTHER_PASSAGES.toLocaleString('en')} of another account, top 10, ${(target === 'MiniSearch' ? MINISEARCH_QUERIES : QUERIES).toLocaleString('en')} questions of 1–4 words per match mode.`,
    };
  }),
);
