// The extraction thread: reads one knowledge file (path and kind in workerData) and sends its
// passages to the server in batches, waiting for the server's acknowledgement before running more
// than one batch ahead of those it stores. Runs in a worker_thread with memory limits (see
// run-extraction.ts), so a hostile or enormous file fails alone: the server process and its other
// work go on.
import { parentPort, workerData } from 'node:worker_threads';
import type { KnowledgeFileKind } from '@/domain/knowledge';
import { addNotes, MAX_LEFT_OUT_PRODUCTS, type KnowledgeFileNotes, type LeftOutProduct } from '@/domain/knowledge-columns';
import {
  ExtractionFailure,
  type ExtractedPassage,
  type ExtractionRequest,
  type PassageSink,
  type ServerMessage,
  type ThreadMessage,
} from './extraction-protocol';

const port = parentPort!;
const { request } = workerData as { request: ExtractionRequest };

/** Passages per stored batch, unless the request says (see knowledge-worker.ts's batch sizes). */
const DEFAULT_BATCH_SIZE = 100;
/** Batches sent and not yet stored: one more than the server stores at once, so one is always ready. */
const MAX_BATCHES_IN_FLIGHT = (request.storesAtOnce ?? 1) + 1;

type Extractor = (path: string, sink: PassageSink, request: ExtractionRequest) => Promise<void>;

// Loaded on demand: a thread loads only its kind's reader.
const extractors: Record<KnowledgeFileKind, () => Promise<Extractor>> = {
  csv: async () => (await import('./csv-passages')).extractCsv,
  xls: async () => (await import('./sheet-passages')).extractSheet,
  xlsx: async () => (await import('./sheet-passages')).extractSheet,
  pdf: async () => {
    const { extractPdf } = await import('./pdf-passages');
    return (path, sink) => extractPdf(path, sink);
  },
};

const send = (message: ThreadMessage) => port.postMessage(message);

let inFlight = 0;
let wake: (() => void) | null = null;
port.on('message', (message: ServerMessage) => {
  if (message.type === 'ack') {
    inFlight--;
    wake?.();
  }
});

let batch: ExtractedPassage[] = [];
let lastProgress = 0;
const notes: KnowledgeFileNotes = {};
const leftOut: LeftOutProduct[] = [];

async function flush() {
  if (batch.length === 0) return;
  send({ type: 'passages', passages: batch });
  batch = [];
  inFlight++;
  while (inFlight >= MAX_BATCHES_IN_FLIGHT) await new Promise<void>((resolve) => (wake = resolve));
}

const sink: PassageSink = {
  async emit(passage) {
    batch.push(passage);
    if (batch.length >= (request.batchSize ?? DEFAULT_BATCH_SIZE)) await flush();
  },
  progress(fraction) {
    const now = Date.now();
    if (now - lastProgress < 250) return;
    lastProgress = now;
    send({ type: 'progress', fraction: Math.min(Math.max(fraction, 0), 1) });
  },
  columns(columns) {
    send({ type: 'columns', columns });
  },
  note(more, products = []) {
    addNotes(notes, more);
    leftOut.push(...products.slice(0, MAX_LEFT_OUT_PRODUCTS - leftOut.length));
  },
};

try {
  const extract = await extractors[request.kind]();
  await extract(request.path, sink, request);
  await flush();
  if (Object.keys(notes).length > 0 || leftOut.length > 0) send({ type: 'notes', notes, leftOut });
  while (inFlight > 0) await new Promise<void>((resolve) => (wake = resolve));
  send({ type: 'done' });
} catch (error) {
  if (error instanceof ExtractionFailure) send({ type: 'failed', reason: error.reason, detail: error.message });
  else
    send({
      type: 'failed',
      reason: 'processing_failed',
      detail: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
    });
} finally {
  port.unref();
}
