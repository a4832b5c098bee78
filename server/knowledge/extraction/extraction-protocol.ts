// What the extraction thread and the server say to each other. The thread reads one file and
// sends its passages in batches; the server stores each batch and acknowledges it, so the thread
// never runs more than a couple of batches ahead of the database (bounded memory).
import type { KnowledgeFailureReason, KnowledgeFileKind } from '../../../domain/knowledge';

export type ExtractionRequest = { path: string; kind: KnowledgeFileKind };

/** `source` says where in the file: "row 12", "Sheet1, row 12", "page 3". */
export type ExtractedPassage = { source: string; content: string };

export type ThreadMessage =
  | { type: 'passages'; passages: ExtractedPassage[] }
  /** 0–1 of the file read. */
  | { type: 'progress'; fraction: number }
  | { type: 'done' }
  | { type: 'failed'; reason: KnowledgeFailureReason; detail: string };

export type ServerMessage = { type: 'ack' };

/** Where an extractor puts what it finds. */
export type PassageSink = {
  emit: (passage: ExtractedPassage) => Promise<void>;
  progress: (fraction: number) => void;
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
