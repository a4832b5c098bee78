// Runs the extraction of one file in its own worker_thread, with a memory limit and a stall
// watchdog: an out-of-memory or a thread that says nothing for too long (a pathological PDF)
// ends as `too_complex`, a crash as `processing_failed`; the server process is never at risk.
import { Worker } from 'node:worker_threads';
import type { KnowledgeFailureReason } from '@/domain/knowledge';
import type { KnowledgeFileNotes, LeftOutProduct, TableColumn } from '@/domain/knowledge-columns';
import type { ExtractedPassage, ExtractionRequest, ServerMessage, ThreadMessage } from './extraction-protocol';

export type ExtractionLimits = {
  /** The thread's V8 old-space limit in MB. */
  heapMb: number;
  /** The longest the thread may work without a word (progress or passages), in ms. */
  stallMs: number;
};

export const defaultExtractionLimits: ExtractionLimits = { heapMb: 256, stallMs: 120_000 };

/** The thread's V8 limits; a small young generation: more, shorter scavenges, and less resident memory. */
export const threadResourceLimits = ({ heapMb }: Pick<ExtractionLimits, 'heapMb'>) => ({
  maxOldGenerationSizeMb: heapMb,
  maxYoungGenerationSizeMb: 16,
});

export type ExtractionOutcome =
  { ok: true } | { ok: false; reason: KnowledgeFailureReason; detail: string } | { ok: false; reason: 'aborted' };

type Handlers = {
  /** Stores a batch; the thread waits for it (backpressure). */
  onPassages: (passages: ExtractedPassage[]) => Promise<void>;
  onProgress: (fraction: number) => void;
  /** A table's columns with their roles. */
  onColumns: (columns: TableColumn[]) => Promise<void>;
  /** What the reader noticed, and the products it left out by name, just before it is done. */
  onNotes: (notes: KnowledgeFileNotes, leftOut: LeftOutProduct[]) => Promise<void>;
};

const boot = new URL('./extraction-thread-boot.js', import.meta.url);
const entry = new URL(`./extraction-thread${import.meta.url.endsWith('.ts') ? '.ts' : '.js'}`, import.meta.url).href;

export function runExtraction(
  request: ExtractionRequest,
  handlers: Handlers,
  { signal, limits = defaultExtractionLimits }: { signal?: AbortSignal; limits?: ExtractionLimits } = {},
): Promise<ExtractionOutcome> {
  return new Promise((resolve) => {
    // Stopped before it began (the worker shuts down as the job is claimed): no thread at all.
    if (signal?.aborted) return resolve({ ok: false, reason: 'aborted' });
    const worker = new Worker(boot, {
      workerData: { entry, request },
      // Not the server's `--import tsx`: the boot file loads the libraries first, then tsx.
      execArgv: [],
      resourceLimits: threadResourceLimits(limits),
      stdout: true,
      stderr: true,
    });
    // The thread's console (PDF.js warnings) is not ours to print.
    worker.stdout.resume();
    worker.stderr.resume();

    let settled = false;
    /** Stores running; the watchdog waits for the database, not the thread, while any runs. */
    let busy = 0;
    let lastWord = Date.now();
    // A thread that says nothing for too long is stopped (its callback runs after `finish` exists).
    const watchdog = setInterval(
      () => {
        if (busy === 0 && Date.now() - lastWord > limits.stallMs) {
          finish({ ok: false, reason: 'too_complex', detail: `No progress for ${limits.stallMs} ms.` });
        }
      },
      Math.min(1_000, limits.stallMs),
    );
    const finish = (outcome: ExtractionOutcome) => {
      if (settled) return;
      settled = true;
      clearInterval(watchdog);
      signal?.removeEventListener('abort', abort);
      void worker.terminate();
      resolve(outcome);
    };
    const abort = () => finish({ ok: false, reason: 'aborted' });
    signal?.addEventListener('abort', abort, { once: true });

    // Messages are handled one at a time, in order. A batch of passages starts storing when its
    // turn comes, beside at most `storesAtOnce - 1` others still storing (PostgreSQL: two backends
    // on two cores); anything else waits until every batch before it is stored.
    const storesAtOnce = Math.max(1, request.storesAtOnce ?? 1);
    const storing = new Set<Promise<void>>();
    const stored = (work: () => Promise<unknown>) => async () => {
      busy++;
      try {
        await work();
      } catch (error) {
        // Storing failed (the file was deleted meanwhile, the database went away): stop here.
        finish({ ok: false, reason: 'processing_failed', detail: `store: ${error instanceof Error ? error.message : String(error)}` });
        throw error;
      } finally {
        busy--;
        lastWord = Date.now();
      }
    };
    const allStored = () => Promise.all(storing);
    let queue: Promise<unknown> = Promise.resolve();
    worker.on('message', (message: ThreadMessage) => {
      lastWord = Date.now();
      queue = queue.then(async () => {
        if (settled) return;
        if (message.type === 'progress') return handlers.onProgress(message.fraction);
        if (message.type === 'passages') {
          while (storing.size >= storesAtOnce) await Promise.race(storing);
          if (settled) return;
          // The server's requests first: this chain of stores is all promises (PGlite answers
          // without leaving them), so while the thread keeps a batch ahead it would run on and
          // starve the event loop's I/O for the whole import.
          await new Promise<void>((resolve) => setImmediate(resolve));
          const store = stored(() => handlers.onPassages(message.passages))().then(
            // Only a batch of passages is acknowledged: the thread counts those in flight.
            () => void (settled || worker.postMessage({ type: 'ack' } satisfies ServerMessage)),
          );
          storing.add(store);
          void store.then(
            () => storing.delete(store),
            () => storing.delete(store),
          );
          return;
        }
        await allStored();
        if (settled) return;
        if (message.type === 'columns') await stored(() => handlers.onColumns(message.columns))();
        else if (message.type === 'notes') await stored(() => handlers.onNotes(message.notes, message.leftOut))();
        else if (message.type === 'done') finish({ ok: true });
        else finish({ ok: false, reason: message.reason, detail: message.detail });
      });
      queue = queue.catch(() => {});
    });
    worker.on('error', (error: Error & { code?: string }) => {
      if (error.code === 'ERR_WORKER_OUT_OF_MEMORY')
        finish({ ok: false, reason: 'too_complex', detail: 'The file needs more memory than a file may take.' });
      else finish({ ok: false, reason: 'processing_failed', detail: `${error.name}: ${error.message}` });
    });
    worker.on('exit', (code) => {
      // After 'done' the thread is terminated by finish(); an exit before it is a crash.
      void queue
        .then(allStored)
        .catch(() => {})
        .then(() => finish({ ok: false, reason: 'processing_failed', detail: `The extraction thread exited (${code}).` }));
    });
  });
}
