// `npm run bench:answers`: answer quality on the labelled set (tests/fixtures/answer-set), each
// question searched and answered as the refinement chat does. Figures only: nothing passes or
// fails. BENCH_WRITE_DOC=1 rewrites its table in docs/benchmarks.md; what each figure means:
// docs/benchmarks.md, 'Answers'.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { AiBase, AiBaseFunction, AiBaseLanguage } from '../domain/ai-base';
import { MAX_CHAT_PASSAGES } from '../domain/refinement-chat';
import { agentPhrases } from '../server/answering/agent-phrases';
import { builtinAnswer } from '../server/answering/builtin-answerer';
import { leftOutAsked } from '../server/answering/base-answer';
import { openDatabase } from '../server/db/database';
import { knowledgeStore } from '../server/knowledge/knowledge-store';
import { s3ObjectStore } from '../server/files/object-store';
import { OBJECT_STORE_CREDENTIALS, startObjectStoreServer } from '../tests/fixtures/object-store/object-store-server';
import { benchCommand, machineLabel, today, writeBenchBlocks } from './benchmarks-doc';
import {
  answerSet,
  corpusDir,
  createSetBase,
  hasCorpus,
  holdsPrice,
  importFile,
  isExpected,
  plainSpaces,
  setFileExists,
  type AnswerQuestion,
} from '../tests/fixtures/answer-set/answer-set';

type Outcome = {
  question: AnswerQuestion;
  rank: number | null;
  top3: string[];
  answer: string;
  priceHeld: boolean | null;
  /** Of a question about a product: whether the answer is wrong (null: not about a product). */
  wrong: boolean | null;
  /** Of a left-out product: whether the answer says it is not for sale. */
  notForSale: boolean | null;
  ms: number;
};

const languages: AiBaseLanguage[] = ['pt_br', 'en_us', 'es'];
/** Whether a text states an amount of money ('R$ 20,96', '$20.96', '20,96', '13 €'). */
const saysAmount = (text: string) => /(?:R\$|US\$|\$|€)\s?\d|\d(?:[.,]\d{3})*[.,]\d{2}(?!\d)|\d\s?(?:€|reais)/.test(plainSpaces(text));
const percent = (part: number, whole: number) => (whole === 0 ? '    –' : `${((100 * part) / whole).toFixed(0).padStart(4)} %`);
const oneLine = (text: string, max = 140) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
};

if (!hasCorpus) console.log(`No corpus at ${corpusDir} (see SOURCES.md there): only the fixture files' questions run.`);
const missing = [...new Set(answerSet.filter((q) => !setFileExists(q.file)).map((q) => q.file))];
for (const file of missing) console.log(`Skipped, not here: ${file} (${answerSet.filter((q) => q.file === file).length} questions)`);
const questions = answerSet.filter((q) => setFileExists(q.file));
if (questions.length === 0) {
  console.log('No question of the set has its file here: nothing to measure.');
  process.exit(0);
}

const dataDir = mkdtempSync(join(tmpdir(), 'catalyst-bench-answers-'));
// The files go through the object store, as an upload's do (on loopback: tests/fixtures/object-store/).
const objects = await startObjectStoreServer({ directory: join(dataDir, 'object-store'), buckets: ['bench-answers'] });
const objectStore = s3ObjectStore({
  endpoint: objects.url,
  bucket: 'bench-answers',
  region: 'us-east-1',
  credentials: OBJECT_STORE_CREDENTIALS,
});
const opened = performance.now();
const database = await openDatabase({ kind: 'pglite', dataDir: null }, 'bench:answers');
console.log(`PGlite in memory, opened in ${((performance.now() - opened) / 1000).toFixed(1)} s`);
const outcomes: Outcome[] = [];
try {
  const { db } = database;
  const store = knowledgeStore(db);
  for (const language of languages) {
    const asked = questions.filter((q) => q.language === language);
    if (asked.length === 0) continue;
    const files = [...new Set(asked.map((q) => q.file))];
    // A catalog's base sells; a base of FAQs and documents supports (only the reply's ending differs).
    const fn: AiBaseFunction = files.some((file) => /produto|product/i.test(file)) ? 'seller' : 'support';
    const owner = await createSetBase(db, language, fn, 'bench-answers');
    for (const file of files) {
      const imported = await importFile(db, objectStore, owner, file);
      console.log(`${language}: ${file} → ${imported.status}, ${imported.passages} passages in ${(imported.ms / 1000).toFixed(1)} s`);
    }
    const base: AiBase = owner.base;
    const settings = { blockedTerms: base.blockedTerms, creativity: base.creativity, model: base.model };
    for (const question of asked) {
      const started = performance.now();
      // As the refinement chat asks (server/answering/refinement-chat.ts).
      const passages = await store.search(owner.uid, base, question.question, { limit: MAX_CHAT_PASSAGES, match: 'any' });
      const leftOut = await leftOutAsked(store, owner.uid, base, question.question, passages);
      // Not a literal: the answerer takes the question only since it composes replies (no excess-property error before).
      const input = { base, settings, passages, question: question.question, history: [], leftOut };
      const answer = builtinAnswer(input);
      const ms = performance.now() - started;
      const index = passages.findIndex((passage) => isExpected(passage, question));
      const top3 = passages
        .slice(0, 3)
        .map((passage) =>
          passage.fileName === question.file.split('/').pop() ? passage.source : `${passage.fileName}: ${passage.source}`,
        );
      const priceHeld = question.expected.price === undefined ? null : holdsPrice(answer.text, question.expected.price);
      // Wrong: an amount said with confidence that is not the right price (a page quoted without the
      // amount is a miss, not a wrong answer), or an absent product answered as if it were there.
      const confident = !answer.noKnowledge;
      const wrong = question.expected.absent ? confident : priceHeld === null ? null : confident && !priceHeld && saysAmount(answer.text);
      const leftOutName = question.expected.leftOut;
      const notForSale = leftOutName === undefined ? null : answer.text.includes(agentPhrases[language].notForSale(leftOutName));
      outcomes.push({ question, rank: index === -1 ? null : index + 1, top3, answer: answer.text, priceHeld, wrong, notForSale, ms });
    }
  }
} finally {
  await database.close();
  await objects.close();
  rmSync(dataDir, { recursive: true, force: true });
}

/** Prints a row of figures; returns it for docs/benchmarks.md. */
function figures(label: string, of: Outcome[]): string[] {
  // Hit rates are of the questions with an expected passage (a product the files do not hold has none).
  const sourced = of.filter((outcome) => !outcome.question.expected.absent);
  const priced = of.filter((outcome) => outcome.priceHeld !== null);
  const judged = of.filter((outcome) => outcome.wrong !== null);
  const times = of.map((outcome) => outcome.ms).sort((a, b) => a - b);
  const top = (n: number) => sourced.filter((outcome) => outcome.rank !== null && outcome.rank <= n).length;
  const mean = times.reduce((sum, ms) => sum + ms, 0) / Math.max(times.length, 1);
  const wrong = judged.filter((outcome) => outcome.wrong).length;
  const rightPrice = priced.filter((outcome) => outcome.priceHeld).length;
  console.log(
    `${label.padEnd(16)} ${String(of.length).padStart(4)} ${percent(top(1), sourced.length)} ${percent(top(3), sourced.length)}  ${percent(rightPrice, priced.length)} of ${String(priced.length).padEnd(3)} ${percent(wrong, judged.length)} of ${String(judged.length).padEnd(3)} ${mean.toFixed(1).padStart(8)} ${(times[Math.floor(times.length * 0.95)] ?? 0).toFixed(1).padStart(7)}`,
  );
  return [
    label,
    String(of.length),
    percent(top(1), sourced.length),
    percent(top(3), sourced.length),
    `${percent(rightPrice, priced.length)} of ${priced.length}`,
    `${percent(wrong, judged.length)} of ${judged.length}`,
  ].map((value) => value.trim());
}

console.log(
  `\nAnswer quality on the labelled set: ${MAX_CHAT_PASSAGES} passages searched per question (match=any), built-in answerer; target top-3 ≥ 90 %, wrong answers ≤ 2 % of the product questions\n`,
);
console.log('                    n  top-1  top-3   right price     wrong answers     ms/q  p95 ms');
const docRows = languages.map((language) =>
  figures(
    language,
    outcomes.filter((outcome) => outcome.question.language === language),
  ),
);
docRows.push(figures('all', outcomes));
console.log('\nby tag (every language)');
for (const tag of [...new Set(outcomes.flatMap((outcome) => outcome.question.tags))].sort())
  figures(
    `  ${tag}`,
    outcomes.filter((outcome) => outcome.question.tags.includes(tag)),
  );

const absent = outcomes.filter((outcome) => outcome.question.expected.absent);
const leftOut = absent.filter((outcome) => outcome.notForSale !== null);
console.log(
  `\nProducts the files do not hold: ${absent.length}, told 'not found' (not in the knowledge base) ${absent.filter((outcome) => !outcome.wrong).length}; left out of an export ${leftOut.length}, told 'not for sale' ${leftOut.filter((outcome) => outcome.notForSale).length}`,
);

const misses = outcomes.filter(
  (outcome) =>
    (!outcome.question.expected.absent && (outcome.rank === null || outcome.rank > 3)) ||
    outcome.priceHeld === false ||
    outcome.wrong === true ||
    outcome.notForSale === false,
);
console.log(
  `\nMisses (not in the top 3, the answer without the right price, a wrong answer, a left-out product not said to be not for sale): ${misses.length}`,
);
for (const { question, rank, top3, answer, priceHeld, wrong, notForSale } of misses) {
  const { source } = question.expected;
  const expected = question.expected.absent ? 'not found' : typeof source === 'string' ? source : (source ?? []).join(' | ');
  const found = question.expected.absent ? '' : rank === null ? ' (not found)' : ` (rank ${rank})`;
  console.log(`  ${question.id} "${question.question}"  expected ${expected}${found}; top 3: ${top3.join('; ') || 'none'}`);
  if (wrong) console.log(`      WRONG: ${oneLine(answer)}`);
  else if (priceHeld === false) console.log(`      price ${question.expected.price} not in: ${oneLine(answer)}`);
  if (notForSale === false) console.log(`      not said to be not for sale: ${oneLine(answer)}`);
}

writeBenchBlocks([
  {
    name: 'answers',
    command: benchCommand('bench:answers'),
    date: today(),
    machine: machineLabel(),
    table: { headers: ['language', 'questions', 'top-1', 'top-3', 'right price', 'wrong answers'], rows: docRows },
    note: `Built-in answerer, ${MAX_CHAT_PASSAGES} passages searched per question (match=any)${missing.length > 0 ? `; ${missing.length} file(s) of the set not here` : ''}.`,
  },
]);
