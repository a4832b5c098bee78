// `npm run bench:answers`: answer quality on the labelled set (tests/fixtures/answer-set). Each
// language gets a base in a throwaway in-memory PGlite with the files its questions ask about,
// imported through the real pipeline; every question is searched as the refinement chat searches
// and answered by the built-in answerer. Prints top-1/top-3 hit rates (the expected row or page
// among the first passages), the share of price answers holding the right price, the misses,
// and the time per question. Figures only: nothing here passes or fails.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { AiBase, AiBaseFunction, AiBaseLanguage } from '../domain/ai-base';
import { MAX_CHAT_PASSAGES } from '../domain/refinement-chat';
import { builtinAnswer } from '../server/answering/builtin-answerer';
import { openDatabase } from '../server/db/database';
import { knowledgeStore } from '../server/knowledge/knowledge-store';
import {
  answerSet,
  corpusDir,
  createSetBase,
  hasCorpus,
  holdsPrice,
  importFile,
  isExpected,
  setFileExists,
  type AnswerQuestion,
} from '../tests/fixtures/answer-set/answer-set';

type Outcome = { question: AnswerQuestion; rank: number | null; top3: string[]; answer: string; priceHeld: boolean | null; ms: number };

const languages: AiBaseLanguage[] = ['pt_br', 'en_us', 'es'];
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
      const imported = await importFile(db, dataDir, owner, file);
      console.log(`${language}: ${file} → ${imported.status}, ${imported.passages} passages in ${(imported.ms / 1000).toFixed(1)} s`);
    }
    const base: AiBase = owner.base;
    const settings = { blockedTerms: base.blockedTerms, creativity: base.creativity, model: base.model };
    for (const question of asked) {
      const started = performance.now();
      // As the refinement chat asks (server/answering/refinement-chat.ts).
      const passages = await store.search(owner.uid, base, question.question, { limit: MAX_CHAT_PASSAGES, match: 'any' });
      // Not a literal: the answerer takes the question only since it composes replies (no excess-property error before).
      const input = { base, settings, passages, question: question.question, history: [] };
      const answer = builtinAnswer(input);
      const ms = performance.now() - started;
      const index = passages.findIndex((passage) => isExpected(passage, question));
      const top3 = passages
        .slice(0, 3)
        .map((passage) =>
          passage.fileName === question.file.split('/').pop() ? passage.source : `${passage.fileName}: ${passage.source}`,
        );
      const priceHeld = question.expected.price === undefined ? null : holdsPrice(answer.text, question.expected.price);
      outcomes.push({ question, rank: index === -1 ? null : index + 1, top3, answer: answer.text, priceHeld, ms });
    }
  }
} finally {
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
}

function figures(label: string, of: Outcome[]) {
  const priced = of.filter((outcome) => outcome.priceHeld !== null);
  const times = of.map((outcome) => outcome.ms).sort((a, b) => a - b);
  const top = (n: number) => of.filter((outcome) => outcome.rank !== null && outcome.rank <= n).length;
  const mean = times.reduce((sum, ms) => sum + ms, 0) / Math.max(times.length, 1);
  console.log(
    `${label.padEnd(16)} ${String(of.length).padStart(4)} ${percent(top(1), of.length)} ${percent(top(3), of.length)}  ${percent(priced.filter((outcome) => outcome.priceHeld).length, priced.length)} of ${String(priced.length).padEnd(3)} ${mean.toFixed(1).padStart(8)} ${(times[Math.floor(times.length * 0.95)] ?? 0).toFixed(1).padStart(7)}`,
  );
}

console.log(
  `\nAnswer quality on the labelled set: ${MAX_CHAT_PASSAGES} passages searched per question (match=any), built-in answerer; target top-3 ≥ 90 %\n`,
);
console.log('                    n  top-1  top-3   right price       ms/q  p95 ms');
for (const language of languages)
  figures(
    language,
    outcomes.filter((outcome) => outcome.question.language === language),
  );
figures('all', outcomes);
console.log('\nby tag (every language)');
for (const tag of [...new Set(outcomes.flatMap((outcome) => outcome.question.tags))].sort())
  figures(
    `  ${tag}`,
    outcomes.filter((outcome) => outcome.question.tags.includes(tag)),
  );

const misses = outcomes.filter((outcome) => outcome.rank === null || outcome.rank > 3 || outcome.priceHeld === false);
console.log(`\nMisses (not in the top 3, or the answer without the right price): ${misses.length}`);
for (const { question, rank, top3, answer, priceHeld } of misses) {
  const expected = typeof question.expected.source === 'string' ? question.expected.source : question.expected.source.join(' | ');
  const found = rank === null ? 'not found' : `rank ${rank}`;
  console.log(`  ${question.id} "${question.question}"  expected ${expected} (${found}); top 3: ${top3.join('; ') || 'none'}`);
  if (priceHeld === false) console.log(`      price ${question.expected.price} not in: ${oneLine(answer)}`);
}
