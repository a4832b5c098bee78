// Processes one queued knowledge file: copies it from the object store into this process's scratch
// space (streamed; removed at the end), reads it in an extraction thread (streamed for CSV), stores
// its passages batch by batch with the progress, and ends it ready (with its passage count) or
// failed (with the reason the merchant sees). A file deleted meanwhile just stops. Errors of our
// own (the database or the bucket went away) are thrown, for the queue to retry the job later.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ObjectStore } from '../files/object-store';
import type { KnowledgeStore } from './knowledge-store';
import { KnowledgeFileGone } from './knowledge-store';
import { runExtraction, type ExtractionLimits } from './extraction/run-extraction';

export type ProcessorDeps = {
  store: KnowledgeStore;
  /** The bucket the uploaded files are in. */
  files: ObjectStore;
  /** Where a file is copied to be read (the system's temporary directory unless a test says). */
  scratchDir?: string;
  limits?: ExtractionLimits;
  /** Passages stored per batch, and batches stored at once (KnowledgeWorkerOptions says why). */
  batchSize?: number;
  storesAtOnce?: number;
  log: { info: (details: object, message: string) => void; warn: (details: object, message: string) => void };
};

/** How often the progress is written while no passages come (a PDF's pages, a workbook opening). */
const PROGRESS_WRITE_MS = 1_000;

/** 'stopped': `signal` aborted (the server is stopping) before the end; the job should run again. */
export async function processKnowledgeFile(
  { files, scratchDir = tmpdir(), ...deps }: ProcessorDeps,
  fileId: string,
  signal: AbortSignal,
): Promise<'done' | 'stopped'> {
  const started = await deps.store.startProcessing(fileId);
  if (!started) return 'done'; // deleted before its turn
  const scratch = await mkdtemp(join(scratchDir, 'catalyst-import-'));
  try {
    const path = join(scratch, 'file');
    if (!(await files.download(started.file.storedPath, path))) {
      deps.log.warn({ fileId }, 'knowledge file missing in the object store');
      await deps.store.fail(fileId, 'processing_failed');
      return 'done';
    }
    return await extractAndStore(deps, started, path, signal);
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

type Started = NonNullable<Awaited<ReturnType<KnowledgeStore['startProcessing']>>>;

async function extractAndStore(
  { store, limits, batchSize, storesAtOnce, log }: Omit<ProcessorDeps, 'files' | 'scratchDir'>,
  { file, config, language }: Started,
  path: string,
  signal: AbortSignal,
): Promise<'done' | 'stopped'> {
  const fileId = file.id;

  const gone = new AbortController();
  let position = 0;
  let progress = 0;
  let lastWrite = Date.now();
  let storeError: unknown = null;
  const startedAt = Date.now();

  const outcome = await runExtraction(
    {
      path,
      kind: file.kind,
      columns: file.columnOverrides,
      language,
      ...(batchSize ? { batchSize } : {}),
      ...(storesAtOnce ? { storesAtOnce } : {}),
    },
    {
      onPassages: async (batch) => {
        // Its place in the file is taken now: the next batch may be stored beside it.
        const at = position;
        position += batch.length;
        try {
          await store.addPassages(file, config, at, batch, progress);
        } catch (error) {
          if (error instanceof KnowledgeFileGone) gone.abort();
          else storeError ??= error;
          throw error;
        }
        lastWrite = Date.now();
      },
      onColumns: async (columns) => {
        if (!(await store.addColumns(fileId, columns))) gone.abort();
      },
      onNotes: async (notes, leftOut) => {
        if (!(await store.setNotes(fileId, notes, leftOut))) gone.abort();
      },
      onProgress: (fraction) => {
        progress = Math.min(99, Math.floor(fraction * 100));
        if (Date.now() - lastWrite < PROGRESS_WRITE_MS) return;
        lastWrite = Date.now();
        void store.setProgress(fileId, progress).then(
          (found) => found || gone.abort(),
          () => {},
        );
      },
    },
    { signal: AbortSignal.any([signal, gone.signal]), ...(limits ? { limits } : {}) },
  );

  if (gone.signal.aborted || !(await store.exists(fileId))) return 'done';
  if (storeError) throw storeError;
  if (!outcome.ok && outcome.reason === 'aborted') return 'stopped';
  if (!outcome.ok) {
    log.info({ fileId, reason: outcome.reason, detail: outcome.detail }, 'knowledge file failed');
    await store.fail(fileId, outcome.reason);
  } else if (position === 0) {
    await store.fail(fileId, 'no_content');
  } else {
    const finishing = Date.now();
    await store.finish(fileId);
    // finishMs: the words' count and the index's merge after the last passage (knowledge-store.ts's finish).
    log.info(
      { fileId, kind: file.kind, passages: position, ms: Date.now() - startedAt, finishMs: Date.now() - finishing },
      'knowledge file ready',
    );
  }
  return 'done';
}
