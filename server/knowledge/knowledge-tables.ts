// A base's knowledge: its files, their passages (full-text searchable) and the lexemes of typo-tolerant search.
// After a change: `npm run db:generate`, then commit the new migration in server/db/migrations/.
import { sql } from 'drizzle-orm';
import { bigint, check, customType, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import {
  knowledgeFailureReasons,
  knowledgeFileKinds,
  knowledgeFileStatuses,
  type KnowledgeFailureReason,
  type KnowledgeFileKind,
  type KnowledgeFileStatus,
  type TextSearchConfig,
} from '@/domain/knowledge';
import type { ColumnOverride, KnowledgeFileNotes, LeftOutProduct, PassageFacts, TableColumn } from '@/domain/knowledge-columns';
import { sqlList } from '../db/sql-list';
import { accounts } from '../accounts/account-tables';
import { aiBases } from '../ai-bases/ai-base-tables';

/** PostgreSQL's text search configuration type (its name as text on the wire). */
const regconfig = customType<{ data: TextSearchConfig; driverData: string }>({
  dataType: () => 'regconfig',
});
/** A full-text search document; only ever computed by the database. */
const tsvector = customType<{ data: string; driverData: string }>({
  dataType: () => 'tsvector',
});

/**
 * The files of an AI base's knowledge base. The bytes live on disk at `stored_path` (relative to
 * DATA_DIR, made by the server: uploads/<uid>/<base id>/<file id>); `status` runs uploaded →
 * processing (with `progress`) → ready (with `passage_count`) or failed (with `failure_reason`).
 */
export const knowledgeFiles = pgTable(
  'knowledge_files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    baseId: uuid('base_id')
      .notNull()
      .references(() => aiBases.id, { onDelete: 'cascade' }),
    uid: text('uid')
      .notNull()
      .references(() => accounts.uid, { onDelete: 'cascade' }),
    originalName: text('original_name').notNull(),
    kind: text('kind').$type<KnowledgeFileKind>().notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    storedPath: text('stored_path').notNull(),
    status: text('status').$type<KnowledgeFileStatus>().notNull().default('uploaded'),
    progress: integer('progress').notNull().default(0),
    passageCount: integer('passage_count').notNull().default(0),
    failureReason: text('failure_reason').$type<KnowledgeFailureReason>(),
    /** A table file's columns with their roles, as last read (empty for a PDF). */
    columns: jsonb('columns').$type<TableColumn[]>().notNull().default([]),
    /** The roles the merchant chose in step 2: they win over the importer's guesses when the file is read (again). */
    columnOverrides: jsonb('column_overrides').$type<ColumnOverride[]>().notNull().default([]),
    /** What the import noticed (counts only): products, skipped products, scanned pages… */
    notes: jsonb('notes').$type<KnowledgeFileNotes>().notNull().default({}),
    /** Products the file holds that the knowledge leaves out (archived, draft, unpublished), by name: never shown, never a passage. */
    leftOutProducts: jsonb('left_out_products').$type<LeftOutProduct[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('knowledge_files_base').on(table.baseId, table.createdAt),
    check('knowledge_files_kind_known', sql`${table.kind} in (${sqlList(knowledgeFileKinds)})`),
    check('knowledge_files_status_known', sql`${table.status} in (${sqlList(knowledgeFileStatuses)})`),
    check('knowledge_files_reason_known', sql`${table.failureReason} in (${sqlList(knowledgeFailureReasons)})`),
    check('knowledge_files_progress_range', sql`${table.progress} between 0 and 100`),
  ],
);

/** The generated `search` column's expression (migration 0008). */
const passageSearchDocument = sql`setweight(to_tsvector("language", fold_accents(coalesce("facts"->>'name', "facts"->>'question', ''))), 'A') || to_tsvector("language", fold_accents(CASE WHEN "source_label" ~ '[[:<:]]row [0-9]+' THEN regexp_replace("content", '^[^:[:cntrl:]]{1,60}:[[:blank:]]+', '', 'gn') ELSE "content" END)) || array_to_tsvector(array['base:' || "base_id"::text])`;

/**
 * What the answerer searches: one passage per table row (with its column headers) or per PDF
 * paragraph. `language` is the base's text search configuration; `search` is computed from it by
 * the database, and a trigger (migration 0003) follows the base when its language changes.
 * `search` also holds the lexeme 'base:<base id>' (migration 0005; see knowledge-store.ts).
 */
export const passages = pgTable(
  'passages',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /**
     * Its file's base, copied for search. No foreign key of its own: the file's cascades from the
     * base already, and each key is a check per row written, which a big import pays hundreds of
     * thousands of times (migration 0021).
     */
    baseId: uuid('base_id').notNull(),
    fileId: uuid('file_id')
      .notNull()
      .references(() => knowledgeFiles.id, { onDelete: 'cascade' }),
    uid: text('uid').notNull(),
    /** Order within the file. */
    position: integer('position').notNull(),
    /** "row 12", "Sheet1, row 12", "page 3". */
    sourceLabel: text('source_label').notNull(),
    /** Only what shoppers may see: a private column's values are never stored. */
    content: text('content').notNull(),
    /** What the passage means when the importer knows: a product with its fields, or an answer. */
    facts: jsonb('facts').$type<PassageFacts>(),
    language: regconfig('language').notNull(),
    search: tsvector('search')
      .notNull()
      // The text's lexemes without accents (fold_accents, migration 0008): a product's name or an
      // answer's question weighted A, a table row's values without their column names (a header
      // word like 'Preço' would match every row); and one lexeme naming the base ('base:<id>'): a
      // search asks the GIN index for both at once, so it reads only its base's matches however
      // many bases share the table.
      .generatedAlwaysAs(passageSearchDocument),
  },
  (table) => [
    index('passages_search').using('gin', table.search),
    index('passages_base').on(table.baseId, table.id),
    index('passages_file').on(table.fileId, table.position),
  ],
);

/**
 * How many passages of a file hold each lexeme (PostgreSQL's ts_stat over its search documents,
 * refreshed when the file is ready and when its base's language changes): a search looks up its
 * words' counts to find candidates by its rarest words and to rank by how rare each word is.
 */
export const passageLexemes = pgTable(
  'passage_lexemes',
  {
    fileId: uuid('file_id')
      .notNull()
      .references(() => knowledgeFiles.id, { onDelete: 'cascade' }),
    baseId: uuid('base_id').notNull(),
    lexeme: text('lexeme').notNull(),
    passages: integer('passages').notNull(),
  },
  (table) => [primaryKey({ columns: [table.fileId, table.lexeme] }), index('passage_lexemes_base').on(table.baseId, table.lexeme)],
);
