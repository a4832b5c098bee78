// Passage search, as the answerers and the passages route call it: a base's passages best matching
// a question, found and ranked by its rarest words, so a common word neither drowns the candidates
// nor outranks a rare one. Two statements, each one's work bounded whatever the words and however
// many bases share the table: docs/how-it-works.md, 'Passage search'.
import { sql, type SQL } from 'drizzle-orm';
import type { AiBaseLanguage } from '@/domain/ai-base';
import { textSearchConfigs } from '@/domain/knowledge';
import type { PassageFacts } from '@/domain/knowledge-columns';
import type { Db } from '../db/database';
import { executeInOneTransaction } from '../db/in-one-transaction';
import { knowledgeFiles, passages } from './knowledge-tables';
import { foldedStopWords } from './folded-stop-words';

/** How many passages a search ranks at most. */
export const SEARCH_CANDIDATES = 150;
/** A word in this share of the base's passages or more is found by reading rows, not from the index. */
export const DENSE_SHARE = 0.02;
/** How many of the base's rows a common word's candidates are looked for in, at most. */
const DENSE_SCAN_ROWS = 800;
/** How many candidates a common word gives. */
const DENSE_CANDIDATES = 60;

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

  const [counts] = rowsOf<{ lexemes: Lexeme[] | null; total: number }>(
    await db.execute(sql`
      select (select coalesce(sum(${knowledgeFiles.passageCount}), 0)::int from ${knowledgeFiles} where ${knowledgeFiles.baseId} = ${base.id}) as total,
             (select json_agg(json_build_object('lexeme', l.lexeme, 'passages', (
                select coalesce(sum(s.passages), 0)::int from passage_lexemes s where s.base_id = ${base.id} and s.lexeme = l.lexeme)))
              from unnest(tsvector_to_array(to_tsvector(${config}, fold_accents(${question})))) as l(lexeme)) as lexemes`),
  );
  const words = counts?.lexemes ?? [];
  if (words.length === 0 || !counts?.total) return [];
  const total = counts.total;
  // Counted words, rarest first; the others are rare or absent (see the header), ranked as in one passage.
  const known = words.filter((entry) => entry.passages > 0).sort((a, b) => a.passages - b.passages);
  const uncounted = words.filter((entry) => entry.passages === 0);
  const ranking = [...uncounted.map((entry) => ({ ...entry, passages: 1 })), ...known];

  const tsquery = (lexemes: readonly Lexeme[], join = ' & ') =>
    sql`${lexemes.map((entry) => lexemeQuery(entry.lexeme)).join(join)}::tsquery`;
  // A word the candidates can hold whole is never "dense", however small the base.
  const isDense = (entry: Lexeme) => entry.passages > SEARCH_CANDIDATES && entry.passages >= DENSE_SHARE * total;
  // Each way to candidates is a materialized CTE read up to its count: planned alone, without a
  // LIMIT, a rare word's query is a bitmap from the GIN index; planned with one, PostgreSQL
  // would rather walk the primary key "until enough rows match" (and read the whole table).
  const ctes: SQL[] = [];
  const takes: SQL[] = [];
  /** From the GIN index: every passage of the base holding `query`, `count` at most. */
  const indexed = (query: SQL, count: number) => {
    const name = sql.raw(`words_${ctes.length}`);
    ctes.push(
      sql`${name} as materialized (select ${passages.id} as id from ${passages} where ${passages.search} @@ (${query} && ${inBase}))`,
    );
    takes.push(sql`(select id from ${name} limit ${count})`);
  };
  /** From the base's first DENSE_SCAN_ROWS rows (in passages_base order, read only as far as needed), those holding `query`. */
  const scanned = (query: SQL) => {
    if (!ctes.some((cte) => cte === baseRows)) ctes.push(baseRows);
    takes.push(sql`(select id from base_rows where search @@ ${query} limit ${DENSE_CANDIDATES})`);
  };
  // `between`, not `=`: with the base a constant, PostgreSQL reads "order by base_id, id" as "order by
  // id" and walks the primary key through other bases' rows; a range keeps passages_base the only way.
  const baseRows = sql`base_rows as materialized (select ${passages.id} as id, ${passages.search} as search from ${passages} where ${passages.baseId} between ${base.id} and ${base.id} order by ${passages.baseId}, ${passages.id} limit ${DENSE_SCAN_ROWS})`;

  // The candidates: rare words' passages whole, rarest first, while there is room; then, while
  // fewer than `limit` are sure, a common word's (all the words' first).
  let planned = 0;
  // match=all: the passages holding every word, from the index (common words together are most
  // often rarer than in the first rows, so reading rows would mostly be a detour); a word the base
  // lacks finds none. One word is the same question either way: a common one ('blue', in a tenth
  // of a catalog) is then read from the first rows, not from thousands of index entries.
  const allWords = match === 'all' && ranking.length > 1;
  if (allWords) indexed(tsquery(ranking), SEARCH_CANDIDATES);
  else {
    // An uncounted word's passages are few (or none): all of them, not counted as planned.
    for (const entry of uncounted) indexed(tsquery([entry]), SEARCH_CANDIDATES);
    for (const [index, entry] of known.entries()) {
      if (planned >= limit && (isDense(entry) || entry.passages > SEARCH_CANDIDATES - planned)) break;
      if (isDense(entry)) {
        if (index === 0 && known.length > 1) scanned(tsquery(known));
        scanned(tsquery([entry]));
        break;
      }
      const count = Math.min(entry.passages, SEARCH_CANDIDATES - planned);
      indexed(tsquery([entry]), count);
      planned += count;
    }
  }

  // Each word counts its rarity (log of total over its passages), twice in a name or question.
  const score = sql.join(
    ranking.map(({ lexeme, passages: count }) => {
      const idf = Math.log((total + 1) / (count + 0.5)).toFixed(4);
      return sql`(case when p.search @@ ${lexemeQuery(lexeme)}::tsquery then ${sql.raw(idf)} * (case when p.search @@ ${lexemeQuery(lexeme, ':A')}::tsquery then 2 else 1 end) else 0 end)`;
    }),
    sql` + `,
  );
  const searchStatement = () => sql`
      with ${sql.join(ctes, sql`, `)},
      candidates as (${sql.join(takes, sql` union all `)}),
      best as (
        select p.id, (${score})::float8 as rank, ts_rank(p.search, ${tsquery(ranking, ' | ')}, 1)::float8 as tie
        from ${passages} p
        where p.id in (select id from candidates) and p.base_id = ${base.id} and p.uid = ${uid}
        order by rank desc, tie desc, p.id
        limit ${limit}
      )
      select p.id::text as id, p.file_id as "fileId", f.original_name as "fileName", p.source_label as source, p.content, p.facts, b.rank
      from best b join ${passages} p on p.id = b.id join ${knowledgeFiles} f on f.id = p.file_id
      order by b.rank desc, b.tie desc, p.id
    `;
  const search = async () => rowsOf<SearchHit>(await db.execute(searchStatement()));

  // Common words only, all of them from the index (match=all, or rarer together than in the rows
  // read): the planner expects many rows and would read the whole table "until enough match";
  // told not to, in a transaction of its own (handed over whole: one message to the PGlite thread).
  const fromIndexOnly = async () =>
    (await executeInOneTransaction<SearchHit>(db, [sql`select set_config('enable_seqscan', 'off', true)`, searchStatement()]))[1]!;
  const commonOnly = uncounted.length === 0 && isDense(known[0]!);
  if (allWords) return (commonOnly ? await fromIndexOnly() : await search()).map(ranked);
  let found = await search();
  if (found.length < limit && known.length > 1 && isDense(known[0]!)) {
    indexed(tsquery(known), SEARCH_CANDIDATES);
    found = await fromIndexOnly();
  }
  return found.map(ranked);
}

const ranked = (row: SearchHit): SearchHit => ({ ...row, rank: Number(row.rank) });
