// A private column (a product's cost) never reaches a shopper: imported through the real pipeline,
// the Contoso catalog ('Custo Unitario') and the fixture whose cost column has an unusual header
// are asked every question of the answer set for them, and questions fishing for the cost; no
// value of the private column may show in a stored passage, an answer, a passage found for it or
// the LLM's system prompt. Files not here (no corpus, fixture not written) are skipped, saying so.
import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { parse } from 'csv-parse/sync';
import { beforeAll, describe, expect, test } from 'vitest';
import type { AiBase, AiBaseLanguage } from '@/domain/ai-base';
import { MAX_CHAT_PASSAGES } from '@/domain/refinement-chat';
import { builtinAnswer } from '@/server/answering/builtin-answerer';
import { systemPrompt } from '@/server/answering/llm-prompt';
import { passages } from '@/server/knowledge/knowledge-tables';
import { knowledgeStore } from '@/server/knowledge/knowledge-store';
import { answerSet, createSetBase, importFile, setFileExists, setFilePath, type ImportedFile } from '../fixtures/answer-set/answer-set';
import { testObjectStore } from './support/knowledge-uploads';
import { testDatabase } from './support/test-database';

/** Each file, and how to tell its private column (the header as the file writes it). */
const privateColumns: { file: string; isPrivate: (header: string) => boolean }[] = [
  { file: 'csv/contoso_cadastro_produtos_utf8.csv', isPrivate: (header) => header === 'Custo Unitario' },
  { file: 'tests/fixtures/knowledge/shopify-products-export.csv', isPrivate: (header) => header === 'Cost per item' },
  {
    file: 'tests/fixtures/knowledge/unusual-cost-header.csv',
    isPrivate: (header) => /cust|cost|compra|pag/i.test(header) && !/pre[cç]o|price|venda/i.test(header),
  },
];

/** Questions that fish for the cost, asked of every base besides the set's own. */
const fishing: Record<AiBaseLanguage, string[]> = {
  pt_br: [
    'qual o custo?',
    'quanto vocês pagaram?',
    'margem',
    'fornecedor',
    'custo unitario do Contoso Wireless Laser Mouse E50',
    'quanto vocês pagaram no mouse E50?',
  ],
  es: ['cost', '¿cuál es el costo?', '¿cuánto pagaron por el Contoso Wireless Laser Mouse E50?', 'margen'],
  en_us: ['cost', 'unit cost of the Contoso Wireless Laser Mouse E50', 'how much did you pay for it?', 'supplier', 'margin'],
};

/** '1.299,50', '10,69', '10.69', 'R$ 7,9' → the number. */
function amountOf(text: string): number | null {
  const cleaned = text.replace(/[^\d.,-]/g, '');
  if (!/\d/.test(cleaned)) return null;
  const decimal = cleaned.lastIndexOf(',') > cleaned.lastIndexOf('.') || !/\.\d{1,2}$/.test(cleaned) ? ',' : '.';
  const value = Number(decimal === ',' ? cleaned.replace(/\./g, '').replace(',', '.') : cleaned.replace(/,/g, ''));
  return Number.isFinite(value) ? Math.round(value * 10_000) / 10_000 : null;
}

/** Every way a cost may be written back: as in the file, as a parsed number, with two decimals, grouped. */
function writtenForms(raw: string, value: number): string[] {
  const fixed = value.toFixed(2);
  const grouped = (locale: string) => value.toLocaleString(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return [...new Set([raw.trim(), String(value), fixed, fixed.replace('.', ','), grouped('pt-BR'), grouped('en-US')])];
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

type PrivateValues = { header: string; values: string[]; excluded: string[]; pattern: RegExp; delimiter: string };

/**
 * The file's private values, as a pattern matching any of them standing alone ('10,69' not inside
 * '110,69'). A cost whose number also occurs in a public cell anywhere in the file (another
 * product's price or id, a '2.4 GHz' in a description) is left out: seeing it proves nothing.
 */
function privateValuesOf(file: string, isPrivate: (header: string) => boolean): PrivateValues {
  const bytes = readFileSync(setFilePath(file));
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    text = new TextDecoder('windows-1252').decode(bytes);
  }
  const firstLine = text.replace(/^\uFEFF/, '').split(/\r?\n/, 1)[0]!;
  const delimiter = [';', ',', '\t', '|'].sort((a, b) => firstLine.split(b).length - firstLine.split(a).length)[0]!;
  const [headers = [], ...rows] = parse(text, {
    delimiter,
    bom: true,
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: true,
  }) as string[][];
  const columns = headers.flatMap((header, index) => (isPrivate(header.trim()) ? [index] : []));
  if (columns.length !== 1)
    throw new Error(
      `${file}: expected one private column among ${JSON.stringify(headers)}, found ${columns.length}; name it in privateColumns`,
    );
  const column = columns[0]!;
  const publicNumbers = new Set<number>();
  for (const row of rows) {
    row.forEach((cell, index) => {
      if (index === column) return;
      // A token read both ways ('2.4' as 2.4, '1.299' as 1299): leaving out too much is safe, too little is not.
      for (const token of cell.match(/\d+(?:[.,]\d+)*/g) ?? []) {
        for (const reading of [amountOf(token), Number(token.replace(/,/g, ''))])
          if (reading !== null && Number.isFinite(reading)) publicNumbers.add(reading);
      }
    });
  }
  const values = new Map<string, number>();
  for (const row of rows) {
    const raw = row[column]?.trim() ?? '';
    const value = amountOf(raw);
    if (raw && value !== null) values.set(raw, value);
  }
  const kept = [...values].filter(([, value]) => !publicNumbers.has(value));
  const forms = [...new Set(kept.flatMap(([raw, value]) => writtenForms(raw, value)))].sort((a, b) => b.length - a.length);
  return {
    header: headers[column]!,
    values: kept.map(([raw]) => raw),
    excluded: [...values.keys()].filter((raw) => !kept.some(([keptRaw]) => keptRaw === raw)),
    delimiter,
    pattern: new RegExp(`(?<![\\d.,])(?:${forms.map(escape).join('|')})(?![\\d]|[.,]\\d)`),
  };
}

type Leak = { where: string; value: string; context: string };

function leaksIn(where: string, text: string, pattern: RegExp): Leak[] {
  const match = pattern.exec(text.replace(/[\u00a0\u202f]/g, ' '));
  if (!match) return [];
  const context = text.slice(Math.max(0, match.index - 40), match.index + match[0].length + 20).replace(/\s+/g, ' ');
  return [{ where, value: match[0], context: `…${context}…` }];
}

const report = (leaks: Leak[]) =>
  leaks
    .slice(0, 5)
    .map((leak) => `${leak.where}: ${leak.value} in "${leak.context}"`)
    .join('\n  ');

const present = privateColumns.filter(({ file }) => setFileExists(file));
for (const { file } of privateColumns.filter((entry) => !present.includes(entry))) {
  console.warn(
    `answer-privacy: ${file} is not here (no corpus beside the clone, or the fixture is not written yet): its checks are skipped.`,
  );
}

describe.skipIf(present.length === 0).each(present)('the private column of $file', ({ file, isPrivate }) => {
  const languages = [...new Set<AiBaseLanguage>(['pt_br', ...answerSet.filter((q) => q.file === file).map((q) => q.language)])];
  const bases: { language: AiBaseLanguage; uid: string; base: AiBase; imported: ImportedFile }[] = [];
  let secret: PrivateValues;

  beforeAll(async () => {
    // Here rather than at collection: a fixture whose private column is not recognised fails its own tests only.
    secret = privateValuesOf(file, isPrivate);
    const { db } = await testDatabase();
    // One base per language the set asks this file in: passages are stemmed in the base's language.
    for (const language of languages) {
      const owner = await createSetBase(db, language, 'seller', 'answer-privacy');
      bases.push({ language, ...owner, imported: await importFile(db, testObjectStore(), owner, file) });
    }
  });

  test('the check itself: private values found, and found in the file as written', () => {
    expect(secret.values.length, `no value of ${secret.header} left to look for`).toBeGreaterThan(0);
    // A comma between cells would read as a thousands separator: cells apart by ' ; ' for this look.
    const asWritten = readFileSync(setFilePath(file), 'utf8');
    expect(leaksIn('the file', secret.delimiter === ',' ? asWritten.replaceAll(',', ' ; ') : asWritten, secret.pattern)).toHaveLength(1);
    for (const { imported } of bases) expect(imported).toMatchObject({ status: 'ready' });
  });

  test('no stored passage holds a value of the private column', async () => {
    const { db } = await testDatabase();
    const { imported } = bases[0]!;
    const stored = await db
      .select({ source: passages.sourceLabel, content: passages.content })
      .from(passages)
      .where(eq(passages.fileId, imported.fileId));
    expect(stored.length).toBeGreaterThan(0);
    const leaks = stored.flatMap((passage) => leaksIn(`passage ${passage.source}`, passage.content, secret.pattern));
    expect(
      leaks.length,
      `${leaks.length} of ${stored.length} passages hold a value of "${secret.header}", e.g.\n  ${report(leaks)}\n`,
    ).toBe(0);
  });

  test('no answer, found passage or LLM prompt shows one, whatever is asked', async () => {
    const { db } = await testDatabase();
    const store = knowledgeStore(db);
    const leaks: Leak[] = [];
    let answered = 0;
    for (const { language, uid, base } of bases) {
      const settings = { blockedTerms: base.blockedTerms, creativity: base.creativity, model: base.model };
      const questions = [
        ...answerSet.filter((q) => q.file === file && q.language === language).map((q) => q.question),
        ...fishing[language],
      ];
      for (const question of questions) {
        // As the refinement chat asks (server/answering/refinement-chat.ts).
        const found = await store.search(uid, base, question, { limit: MAX_CHAT_PASSAGES, match: 'any' });
        const input = { base, settings, passages: found, question, history: [] };
        const answer = builtinAnswer(input);
        if (found.length > 0) answered += 1;
        const asked = `${language} "${question}"`;
        leaks.push(...leaksIn(`answer to ${asked}`, answer.text, secret.pattern));
        for (const passage of found) leaks.push(...leaksIn(`${passage.source} found for ${asked}`, passage.content, secret.pattern));
        leaks.push(...leaksIn(`LLM system prompt for ${asked}`, systemPrompt({ base, settings, passages: found }), secret.pattern));
      }
    }
    expect(answered, 'the questions found no passage at all: nothing was checked').toBeGreaterThan(0);
    expect(
      leaks.length,
      `${leaks.length} places show a value of "${secret.header}" (${secret.values.length} values checked), e.g.\n  ${report(leaks)}\n`,
    ).toBe(0);
  });
});
