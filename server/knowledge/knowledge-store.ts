// Knowledge files and passages in the database. The routes' queries are keyed by the caller's
// uid and the base, so another account's ids find nothing (404). Registering an upload counts a
// training for the month and queues its processing in one transaction; the processor's calls
// (below `// processing`) are keyed by the file alone.
import { and, asc, eq, getTableName, inArray, sql } from 'drizzle-orm';
import type { AiBaseLanguage } from '@/domain/ai-base';
import {
  textSearchConfigs,
  type KnowledgeFailureReason,
  type KnowledgeFile,
  type KnowledgeFileKind,
  type Passage,
  type TextSearchConfig,
} from '@/domain/knowledge';
import type { ColumnOverride, KnowledgeFileNotes, LeftOutProduct, PassageFacts, TableColumn } from '@/domain/knowledge-columns';
import { monthStart } from '../accounts/account-store';
import { copyRowsThen } from '../db/copy-rows';
import type { Db } from '../db/database';
import { countTraining, lockAccount, trainingsInMonth, trainingsInMonthSql } from '../accounts/account-queries';
import { aiBaseFacts, baseLanguageSql, openTraining, openTrainingSql } from '../ai-bases/ai-base-queries';
import { knowledgeFiles, passageLexemes, passages } from './knowledge-tables';
import type { ExtractedPassage } from './extraction/extraction-protocol';
import { jobQueue } from '../jobs/job-queue';
import { searchPassages } from './passage-search';

export const PROCESS_FILE_QUEUE = 'knowledge.process-file';
/** Filled by a trigger on knowledge_files (migration 0003) whenever a row is deleted. */
export const REMOVE_FILE_QUEUE = 'knowledge.remove-file';
/** Passages whose words are counted in one statement when a file is finished: a slice short enough not to hold PGlite long. */
const LEXEME_COUNT_SLICE = 2_000;

type Row = typeof knowledgeFiles.$inferSelect;

/** What addPassages writes, in its rows' order; `id` and `search` are made by the table. */
const passageCopyColumns = [
  passages.baseId,
  passages.fileId,
  passages.uid,
  passages.position,
  passages.sourceLabel,
  passages.content,
  passages.facts,
  passages.language,
];

export class KnowledgeRefusal extends Error {
  constructor(readonly reason: 'not_found' | 'plan_limit') {
    super(reason);
  }
}

/** The file is no longer there (deleted while it was processed). */
export class KnowledgeFileGone extends Error {
  constructor() {
    super('The knowledge file was deleted.');
  }
}

function view(row: Row): KnowledgeFile {
  return {
    id: row.id,
    baseId: row.baseId,
    name: row.originalName,
    kind: row.kind,
    sizeBytes: row.sizeBytes,
    status: row.status,
    progress: row.progress,
    passageCount: row.passageCount,
    failureReason: row.failureReason,
    columns: row.columns,
    notes: row.notes,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export type NewKnowledgeFile = { id: string; name: string; kind: KnowledgeFileKind; sizeBytes: number; storedPath: string };

/** A passage as search finds it: what the API shows, and what it means (for the answerers). */
export type FoundPassage = Passage & { facts: PassageFacts | null };

export function knowledgeStore(db: Db) {
  const queue = jobQueue(db);
  const mine = (uid: string, baseId: string, fileId: string) =>
    and(eq(knowledgeFiles.uid, uid), eq(knowledgeFiles.baseId, baseId), eq(knowledgeFiles.id, fileId));

  return {
    /** The caller's base (its language for search), or null. */
    async baseOf(uid: string, baseId: string): Promise<{ id: string; language: AiBaseLanguage } | null> {
      const base = await aiBaseFacts(db, uid, baseId);
      return base ? { id: baseId, language: base.language } : null;
    },

    /**
     * Why an upload to the base would be refused before its bytes are read, or null: no such base
     * of the caller's, or no training left this month to start (joining the base's open training
     * needs none). One statement, so a training another upload opens meanwhile is seen whole.
     */
    async uploadRefusal(uid: string, baseId: string, trainingsLimit: number, now = new Date()): Promise<KnowledgeRefusal['reason'] | null> {
      const month = monthStart(now);
      const [row] = (
        (await db.execute(
          sql`select ${openTrainingSql(uid, baseId)} as base, ${trainingsInMonthSql(uid, month)} as trainings`,
        )) as unknown as {
          rows: { base: { open: string | null } | null; trainings: number | string }[];
        }
      ).rows;
      if (!row?.base) return 'not_found';
      return row.base.open !== month && Number(row.trainings) >= trainingsLimit ? 'plan_limit' : null;
    },

    /** How many trainings the account used this month. */
    async trainingsThisMonth(uid: string, now = new Date()): Promise<number> {
      return trainingsInMonth(db, uid, monthStart(now));
    },

    /**
     * Records a stored upload: inserts the file and queues its processing, all or nothing. The
     * first upload to a base since its step 2 was last saved starts a training (refused past
     * `trainingsLimit` this month); the files uploaded with it join that training.
     */
    async register(uid: string, baseId: string, file: NewKnowledgeFile, trainingsLimit: number, now = new Date()): Promise<KnowledgeFile> {
      return db.transaction(async (tx) => {
        // The account row serialises one account's uploads: two cannot both take the last training.
        await lockAccount(tx, uid);
        const base = await aiBaseFacts(tx, uid, baseId);
        if (!base) throw new KnowledgeRefusal('not_found');
        const month = monthStart(now);
        if (base.openTrainingMonth !== month) {
          if ((await trainingsInMonth(tx, uid, month)) >= trainingsLimit) throw new KnowledgeRefusal('plan_limit');
          await countTraining(tx, uid, month);
          await openTraining(tx, baseId, month);
        }
        const [row] = await tx
          .insert(knowledgeFiles)
          .values({
            id: file.id,
            baseId,
            uid,
            originalName: file.name,
            kind: file.kind,
            sizeBytes: file.sizeBytes,
            storedPath: file.storedPath,
          })
          .returning();
        await queue.enqueue(tx, PROCESS_FILE_QUEUE, { fileId: file.id });
        return view(row!);
      });
    },

    async list(uid: string, baseId: string): Promise<KnowledgeFile[]> {
      const rows = await db
        .select()
        .from(knowledgeFiles)
        .where(and(eq(knowledgeFiles.uid, uid), eq(knowledgeFiles.baseId, baseId)))
        .orderBy(asc(knowledgeFiles.createdAt), asc(knowledgeFiles.id));
      return rows.map(view);
    },

    async get(uid: string, baseId: string, fileId: string): Promise<KnowledgeFile | null> {
      const [row] = await db
        .select()
        .from(knowledgeFiles)
        .where(mine(uid, baseId, fileId));
      return row ? view(row) : null;
    },

    /** Deletes the file with its passages; returns where its bytes are (null: no such file of the caller's). */
    async remove(uid: string, baseId: string, fileId: string): Promise<string | null> {
      const [deleted] = await db
        .delete(knowledgeFiles)
        .where(mine(uid, baseId, fileId))
        .returning({ storedPath: knowledgeFiles.storedPath });
      return deleted?.storedPath ?? null;
    },

    /** The products the base's ready files hold but its knowledge leaves out (archived, draft, unpublished), by name. */
    async leftOutProducts(uid: string, baseId: string): Promise<LeftOutProduct[]> {
      const rows = await db
        .select({ leftOut: knowledgeFiles.leftOutProducts })
        .from(knowledgeFiles)
        .where(and(eq(knowledgeFiles.uid, uid), eq(knowledgeFiles.baseId, baseId), eq(knowledgeFiles.status, 'ready')));
      return rows.flatMap((row) => row.leftOut);
    },

    /** The base's passages best matching `q`, best first (./passage-search). */
    search(
      uid: string,
      base: { id: string; language: AiBaseLanguage },
      q: string,
      options: { limit: number; match: 'any' | 'all' },
    ): Promise<FoundPassage[]> {
      return searchPassages(db, uid, base, q, options);
    },

    // processing

    /**
     * Starts (or restarts) processing: the file's passages of an earlier attempt go, its status is
     * `processing` at 0 %. Null when the file is gone.
     */
    async startProcessing(fileId: string): Promise<{ file: Row; config: TextSearchConfig; language: AiBaseLanguage } | null> {
      return db.transaction(async (tx) => {
        const [found] = await tx
          .select({ file: knowledgeFiles, language: baseLanguageSql(knowledgeFiles.baseId) })
          .from(knowledgeFiles)
          .where(eq(knowledgeFiles.id, fileId))
          .for('update', { of: knowledgeFiles });
        if (!found) return null;
        await tx.delete(passages).where(eq(passages.fileId, fileId));
        await tx.delete(passageLexemes).where(eq(passageLexemes.fileId, fileId));
        const [file] = await tx
          .update(knowledgeFiles)
          .set({
            status: 'processing',
            progress: 0,
            passageCount: 0,
            failureReason: null,
            columns: [],
            notes: {},
            leftOutProducts: [],
            updatedAt: new Date(),
          })
          .where(eq(knowledgeFiles.id, fileId))
          .returning();
        return { file: file!, config: textSearchConfigs[found.language], language: found.language };
      });
    },

    /** Stores a batch of passages from `position` on and counts them; throws KnowledgeFileGone if the file was deleted. */
    async addPassages(file: Row, config: TextSearchConfig, position: number, batch: readonly ExtractedPassage[], progress: number) {
      if (batch.length === 0) return;
      try {
        // COPY, not INSERT (../db/copy-rows.ts says why); then the file's count, which also finds it gone.
        const count = db
          .update(knowledgeFiles)
          .set({ passageCount: sql`${knowledgeFiles.passageCount} + ${batch.length}`, progress, updatedAt: new Date() })
          .where(eq(knowledgeFiles.id, file.id))
          .returning({ id: knowledgeFiles.id })
          .toSQL();
        const counted = await copyRowsThen(
          db,
          {
            table: getTableName(passages),
            columns: passageCopyColumns.map((column) => column.name),
            rows: batch.map((passage, index) => [
              file.baseId,
              file.id,
              file.uid,
              position + index,
              passage.source,
              passage.content,
              passage.facts ?? null,
              config,
            ]),
          },
          { text: count.sql, params: count.params },
        );
        if (!counted) throw new KnowledgeFileGone();
      } catch (error) {
        if (!(error instanceof KnowledgeFileGone) && !(await this.exists(file.id))) throw new KnowledgeFileGone();
        throw error;
      }
    },

    /** Adds a table's columns (a workbook sends one table per sheet); false when the file is gone. */
    async addColumns(fileId: string, columns: readonly TableColumn[]): Promise<boolean> {
      const updated = await db
        .update(knowledgeFiles)
        .set({ columns: sql`${knowledgeFiles.columns} || ${JSON.stringify(columns)}::jsonb` })
        .where(eq(knowledgeFiles.id, fileId))
        .returning({ id: knowledgeFiles.id });
      return updated.length > 0;
    },

    /** The file's notes and the products it left out by name; false when the file is gone. */
    async setNotes(fileId: string, notes: KnowledgeFileNotes, leftOut: readonly LeftOutProduct[] = []): Promise<boolean> {
      const updated = await db
        .update(knowledgeFiles)
        .set({ notes, leftOutProducts: [...leftOut] })
        .where(eq(knowledgeFiles.id, fileId))
        .returning({ id: knowledgeFiles.id });
      return updated.length > 0;
    },

    /**
     * The merchant's column roles for a table file of the caller's, and its processing queued
     * again so its passages follow them (no training counted: the same file, read again). Null:
     * no such file, or not a table file.
     */
    async setColumnRoles(uid: string, baseId: string, fileId: string, overrides: readonly ColumnOverride[]): Promise<KnowledgeFile | null> {
      return db.transaction(async (tx) => {
        const [found] = await tx
          .select({ columns: knowledgeFiles.columns })
          .from(knowledgeFiles)
          .where(and(mine(uid, baseId, fileId), inArray(knowledgeFiles.kind, ['csv', 'xls', 'xlsx'])))
          .for('update');
        if (!found) return null;
        const roleOf = (column: TableColumn) =>
          overrides.find((override) => override.sheet === column.sheet && override.index === column.index)?.role ?? column.guessed;
        // The columns show the new roles at once (a private column's sample goes); the file's reading fills them again.
        const columns = found.columns.map((column) => {
          const role = roleOf(column);
          return { ...column, role, sample: role === 'private' ? '' : column.sample };
        });
        const [row] = await tx
          .update(knowledgeFiles)
          .set({ columnOverrides: [...overrides], columns, status: 'uploaded', progress: 0, passageCount: 0, updatedAt: new Date() })
          .where(eq(knowledgeFiles.id, fileId))
          .returning();
        // A column just marked private stops being searchable now, not when the file's turn comes.
        await tx.delete(passages).where(eq(passages.fileId, fileId));
        await tx.delete(passageLexemes).where(eq(passageLexemes.fileId, fileId));
        await queue.enqueue(tx, PROCESS_FILE_QUEUE, { fileId });
        return view(row!);
      });
    },

    async exists(fileId: string): Promise<boolean> {
      const [row] = await db.select({ id: knowledgeFiles.id }).from(knowledgeFiles).where(eq(knowledgeFiles.id, fileId));
      return row !== undefined;
    },

    /** False when the file is gone. */
    async setProgress(fileId: string, progress: number): Promise<boolean> {
      const updated = await db
        .update(knowledgeFiles)
        .set({ progress, updatedAt: new Date() })
        .where(and(eq(knowledgeFiles.id, fileId), eq(knowledgeFiles.status, 'processing')))
        .returning({ id: knowledgeFiles.id });
      return updated.length > 0;
    },

    /**
     * Ready, with the passages following the base's language if it changed meanwhile, and the
     * file's words counted for search (./passage-search). The count runs a slice of the file at a
     * time, each its own statement: PGlite runs one statement at a time, and the whole file's count
     * in one statement held every other statement for seconds. A word in one passage of a slice is
     * not written (search reads no count as one): a catalog's SKUs and model numbers are most of
     * its words, and their rows were most of the count's time.
     */
    async finish(fileId: string): Promise<void> {
      const found = await db.transaction(async (tx) => {
        const [file] = await tx
          .select({ language: baseLanguageSql(knowledgeFiles.baseId), passageCount: knowledgeFiles.passageCount })
          .from(knowledgeFiles)
          .where(eq(knowledgeFiles.id, fileId));
        if (!file) return null;
        const config = textSearchConfigs[file.language];
        await tx
          .update(passages)
          .set({ language: config })
          .where(and(eq(passages.fileId, fileId), sql`${passages.language} <> ${config}::regconfig`));
        await tx.delete(passageLexemes).where(eq(passageLexemes.fileId, fileId)); // a finish run again counts afresh
        return file;
      });
      if (!found) return;
      for (let from = 0; from < found.passageCount; from += LEXEME_COUNT_SLICE) {
        await new Promise<void>((resolve) => setImmediate(resolve));
        await db.execute(sql`
          insert into ${passageLexemes} (file_id, base_id, lexeme, passages)
          select f.id, f.base_id, s.word, s.ndoc
          from ${knowledgeFiles} f,
            ts_stat(format('SELECT "search" FROM "passages" WHERE "file_id" = %L AND "position" >= %s AND "position" < %s', ${fileId}::uuid, ${from}::int, ${from + LEXEME_COUNT_SLICE}::int)) s
          where f.id = ${fileId}::uuid and s.ndoc > 1 and s.word not like 'base:%'
          on conflict (file_id, lexeme) do update set passages = ${passageLexemes.passages} + excluded.passages`);
      }
      await db.transaction(async (tx) => {
        const [now] = await tx
          .select({ language: baseLanguageSql(knowledgeFiles.baseId) })
          .from(knowledgeFiles)
          .where(eq(knowledgeFiles.id, fileId));
        if (!now) return;
        // The base's language changed while the words were counted (its trigger moved the passages
        // to the new stems but counts ready files only): counted again, whole.
        if (now.language !== found.language) await tx.execute(sql`select passage_lexemes_refresh(${fileId}::uuid)`);
        // The GIN index's pending list (new entries not yet in its tree) is read in full by every
        // search until a vacuum merges it, and PGlite runs no autovacuum: merged now.
        await tx.execute(sql`select gin_clean_pending_list('passages_search'::regclass)`);
        await tx.update(knowledgeFiles).set({ status: 'ready', progress: 100, updatedAt: new Date() }).where(eq(knowledgeFiles.id, fileId));
      });
    },

    /** Failed for `reason`: whatever passages it got are removed. */
    async fail(fileId: string, reason: KnowledgeFailureReason): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.delete(passages).where(eq(passages.fileId, fileId));
        await tx.delete(passageLexemes).where(eq(passageLexemes.fileId, fileId));
        await tx
          .update(knowledgeFiles)
          .set({ status: 'failed', failureReason: reason, passageCount: 0, updatedAt: new Date() })
          .where(eq(knowledgeFiles.id, fileId));
      });
    },
  };
}

export type KnowledgeStore = ReturnType<typeof knowledgeStore>;
