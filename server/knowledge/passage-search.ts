// Passage search, as the answerers and the passages route call it: a base's passages best matching
// a question, found and ranked by its rarest words. Both sides lose their accents (fold_accents,
// migration 0008) and are stemmed in the base's language; a product's name or an answer's question
// counts double. The work per search is bounded whatever the words and however many bases share
// the table:
//   1. the question's lexemes and how many of the base's passages hold each (passage_lexemes, a
//      primary-key lookup per word);
//   2. candidates from the GIN index, rarest word first, each word with the base's own lexeme
//      (GIN's fast scan skips through the base's long posting list), until SEARCH_CANDIDATES; when
//      even the rarest word is in more passages than that, the passages holding all the words;
//   3. the candidates ranked by the rarity of the words each holds (an IDF sum, as BM25 without
//      length), ties to PostgreSQL's ts_rank.
// A common word ('preço', 'mouse') then neither drowns the candidates nor outranks a rare one
// ('e50', 'x850').
import { sql, type SQL } from 'drizzle-orm';
import type { AiBaseLanguage } from '../../domain/ai-base';
import { textSearchConfigs } from '../../domain/knowledge';
import type { PassageFacts } from '../../domain/knowledge-columns';
import type { Db } from '../db/database';
import { knowledgeFiles, passages } from '../db/schema';
import { foldedStopWords } from './folded-stop-words';

/** How many passages a search ranks at most. */
export const SEARCH_CANDIDATES = 500;

/** A passage as search finds it (what the API shows, and what it means for the answerers). */
export type SearchHit = {
  id: string;
  fileId: string;
  fileName: string;
  source: string;
  content: string;
  rank: number;
  facts: PassageFacts | null;
};

/** The rows of `db.execute` (node-postgres and PGlite both answer `{ rows }`). */
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** A lexeme as a tsquery literal, quoted: 'casa-119' is one lexeme, not an expression. */
const lexemeQuery = (lexeme: string, weights = '') => `'${lexeme.replace(/\\/g, '\\\\').replace(/'/g, "''")}'${weights}`;

type Lexeme = { lexeme: string; passages: number };

const fold = (word: string) => word.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** The question's words but stop words that lose their accent when folded (./folded-stop-words). */
export const withoutFoldedStopWords = (q: string) =>
  (q.match(/[\p{L}\p{N}][\p{L}\p{N}'-]*/gu) ?? []).filter((word) => !foldedStopWords.has(fold(word))).join(' ');

export async function searchPassages(
  db: Db,
  uid: string,
  base: { id: string; language: AiBaseLanguage },
  q: string,
  { limit, match }: { limit: number; match: 'any' | 'all' },
): Promise<SearchHit[]> {
  const question = withoutFoldedStopWords(q);
  if (!/[\p{L}\p{N}]/u.test(question)) return [];
  // The configuration as a literal (one of three fixed names): a text parameter cast to
  // regconfig is no constant to the planner, and the query would be parsed again per row.
  const config = sql.raw(`'${textSearchConfigs[base.language]}'::regconfig`);
  const inBase = sql`${`'base:${base.id}'`}::tsquery`;

  return db.transaction(async (tx) => {
    const [counts] = rowsOf<{ lexemes: Lexeme[] | null; total: number }>(
      await tx.execute(sql`
        select (select coalesce(sum(${knowledgeFiles.passageCount}), 0)::int from ${knowledgeFiles} where ${knowledgeFiles.baseId} = ${base.id}) as total,
               (select json_agg(json_build_object('lexeme', l.lexeme, 'passages', (
                  select coalesce(sum(s.passages), 0)::int from passage_lexemes s where s.base_id = ${base.id} and s.lexeme = l.lexeme)))
                from unnest(tsvector_to_array(to_tsvector(${config}, fold_accents(${question})))) as l(lexeme)) as lexemes`),
    );
    const known = (counts?.lexemes ?? []).filter((entry) => entry.passages > 0).sort((a, b) => a.passages - b.passages);
    const total = Math.max(counts?.total ?? 0, 1);
    if (known.length === 0) return [];
    const asked = counts!.lexemes!;
    // match=all: every word of the question must be there, a word the base lacks too.
    if (match === 'all' && known.length < asked.length) return [];

    const everyWord = sql`${known.map((entry) => lexemeQuery(entry.lexeme)).join(' & ')}::tsquery`;
    const candidates = async (query: SQL, count: number) =>
      rowsOf<{ id: string }>(
        await tx.execute(
          sql`select ${passages.id}::text as id from ${passages} where ${passages.search} @@ (${query} && ${inBase}) limit ${count}`,
        ),
      ).map((row) => row.id);

    // From the GIN index, always: a sequential scan "until enough rows match" looks cheaper to
    // the planner, but reads the whole table when the words are rarer together than it estimates.
    await tx.execute(sql`set local enable_seqscan = off`);
    await tx.execute(sql`set local enable_indexscan = off`);
    const ids = new Set<string>();
    if (match === 'all' || known[0]!.passages > SEARCH_CANDIDATES) {
      for (const id of await candidates(everyWord, SEARCH_CANDIDATES)) ids.add(id);
    }
    if (match === 'any') {
      for (const entry of known) {
        if (ids.size >= SEARCH_CANDIDATES) break;
        // A word in more passages than there is room for would fill it with arbitrary ones.
        if (entry.passages > SEARCH_CANDIDATES - ids.size && ids.size >= limit) break;
        for (const id of await candidates(sql`${lexemeQuery(entry.lexeme)}::tsquery`, SEARCH_CANDIDATES - ids.size)) ids.add(id);
      }
    }
    await tx.execute(sql`set local enable_seqscan = on`);
    await tx.execute(sql`set local enable_indexscan = on`);
    if (ids.size === 0) return [];

    // Each word counts its rarity (log of total over its passages), twice in a name or question.
    const score = sql.join(
      known.map(({ lexeme, passages: count }) => {
        const idf = Math.log((total + 1) / (count + 0.5)).toFixed(4);
        return sql`(case when p.search @@ ${lexemeQuery(lexeme)}::tsquery then ${sql.raw(idf)} * (case when p.search @@ ${lexemeQuery(lexeme, ':A')}::tsquery then 2 else 1 end) else 0 end)`;
      }),
      sql` + `,
    );
    const anyWord = sql`${known.map((entry) => lexemeQuery(entry.lexeme)).join(' | ')}::tsquery`;
    const found = rowsOf<SearchHit & { tie: number }>(
      await tx.execute(sql`
        select p.id::text as id, p.file_id as "fileId", f.original_name as "fileName", p.source_label as source, p.content, p.facts,
               (${score})::float8 as rank, ts_rank(p.search, ${anyWord}, 1)::float8 as tie
        from ${passages} p join ${knowledgeFiles} f on f.id = p.file_id
        where p.id in ${[...ids]} and p.base_id = ${base.id} and p.uid = ${uid}
        order by rank desc, tie desc, p.id
        limit ${limit}
      `),
    );
    return found.map(({ tie: _tie, ...row }) => ({ ...row, rank: Number(row.rank) }));
  });
}
