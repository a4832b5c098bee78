// What the extraction thread and the server say to each other. The thread reads one file and
// sends its passages in batches; the server stores each batch and acknowledges it, so the thread
// never runs more than a couple of batches ahead of the database (bounded memory).
import type { AiBaseLanguage } from '@/domain/ai-base';
import type { KnowledgeFailureReason, KnowledgeFileKind } from '@/domain/knowledge';
import type { ColumnOverride, KnowledgeFileNotes, LeftOutProduct, PassageFacts, TableColumn } from '@/domain/knowledge-columns';

export type { ColumnOverride };

/** `columns`: the merchant's roles for a table file; `language`: the base's (a price's currency when the file does not say). */
export type ExtractionRequest = {
  path: string;
  kind: KnowledgeFileKind;
  columns?: readonly ColumnOverride[];
  language?: AiBaseLanguage;
  /** Passages per batch sent to be stored (the database's best size: see knowledge-worker.ts). */
  batchSize?: number;
  /** Batches stored at once (1: one after another; PostgreSQL takes 2, see knowledge-worker.ts). */
  storesAtOnce?: number;
};

/**
 * `source` says where in the file: "row 12", "Sheet1, row 12", "page 3". `content` holds only
 * what shoppers may see (no private column); `facts` what it means, when the importer knows.
 */
export type ExtractedPassage = { source: string; content: string; facts?: PassageFacts | null };

export type ThreadMessage =
  | { type: 'passages'; passages: ExtractedPassage[] }
  /** 0–1 of the file read. */
  | { type: 'progress'; fraction: number }
  /** A table's columns with their roles (once per CSV, once per sheet). */
  | { type: 'columns'; columns: TableColumn[] }
  /** What the reader noticed (counts), and the products it left out by name, sent before `done`. */
  | { type: 'notes'; notes: KnowledgeFileNotes; leftOut: LeftOutProduct[] }
  | { type: 'done' }
  | { type: 'failed'; reason: KnowledgeFailureReason; detail: string };

export type ServerMessage = { type: 'ack' };

/** Where an extractor puts what it finds. */
export type PassageSink = {
  emit: (passage: ExtractedPassage) => Promise<void>;
  progress: (fraction: number) => void;
  /** A table's columns, as soon as its header and first rows are read. */
  columns: (columns: TableColumn[]) => void;
  /** Counts for the file's status line, and products left out by name; later calls add to earlier ones. */
  note: (notes: KnowledgeFileNotes, leftOut?: readonly LeftOutProduct[]) => void;
};

/** A file that cannot be imported, for a reason the merchant is told. */
export class ExtractionFailure extends Error {
  constructor(
    readonly reason: KnowledgeFailureReason,
    detail: string,
  ) {
    super(detail);
    this.name = 'ExtractionFailure';
  }
}
