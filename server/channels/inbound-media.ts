// Reading what a shopper sent on WhatsApp that is not text, for an AI base answering with an
// OpenAI-compatible model: the media is downloaded from the Cloud API with the channel's token
// (within a size cap per kind), then an image becomes a `data:` URL for the vision model, a voice
// note or audio the endpoint's transcription, and a PDF, CSV or spreadsheet its text, read by the
// knowledge base's own extraction (in its thread) and cut to a size a prompt takes. What cannot be
// read (gone, too large, another type, nothing in it) answers a reason for a polite line; Meta's
// rate limits and server errors are thrown for the worker to retry. Nothing of the media is logged.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { knowledgeFileKindOf, type KnowledgeFileKind } from '@/domain/knowledge';
import type { AiBaseLanguage } from '@/domain/ai-base';
import type { InboundContent } from '@/domain/whatsapp-webhook';
import { AnswererFailure } from '../answering/answerer';
import type { LlmEndpoint } from '../answering/llm-endpoint';
import { runExtraction } from '../knowledge/extraction/run-extraction';
import { signatureMatches } from '../knowledge/file-signature';
import { RetryLater } from '../jobs/queue-worker';
import type { CloudApiResult } from './cloud-api-client';

export type MediaContent = Extract<InboundContent, { type: 'image' | 'audio' | 'document' }>;

/** The channel's media download (`GET /{media-id}`, then its URL, with the channel's token). */
export type MediaDownload = (mediaId: string, maxBytes: number) => Promise<CloudApiResult<{ mimeType: string; bytes: Buffer }>>;

/**
 * The largest media read, by type: WhatsApp's own limits for images (5 MB) and audio (16 MB); a
 * document (WhatsApp: 100 MB) is held in memory while read, so 20 MB, a large catalog's PDF.
 */
export const MEDIA_MAX_BYTES: Record<MediaContent['type'], number> = {
  image: 5 * 1024 * 1024,
  audio: 16 * 1024 * 1024,
  document: 20 * 1024 * 1024,
};
/** How much of a document's text goes to the model (some 2,000 tokens). */
export const DOCUMENT_TEXT_CHARS = 8_000;

/** Why media got a polite line instead of an answer. */
export type UnreadableMedia = 'expired' | 'too_large' | 'unsupported' | 'unreadable';

/** What the model is asked: the shopper's words (a caption, a transcript) and the image or document text with them. */
export type ReadMedia = { question: string; image?: string; document?: string };

/** Meta's servers failed or could not be reached for the download: the worker retries, then records the failure. */
export class MediaUnavailable extends Error {
  constructor(
    readonly failure: 'server' | 'unreachable',
    readonly errorCode: number | null,
  ) {
    super(`whatsapp media: ${failure}`);
    this.name = 'MediaUnavailable';
  }
}

/** What vision models take (OpenAI: PNG, JPEG, WEBP, non-animated GIF), told by the bytes, not the claim. */
function imageTypeOf(bytes: Buffer): string | null {
  if (bytes.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff]))) return 'image/jpeg';
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (bytes.subarray(0, 4).toString('latin1') === 'RIFF' && bytes.subarray(8, 12).toString('latin1') === 'WEBP') return 'image/webp';
  if (/^GIF8[79]a$/.test(bytes.subarray(0, 6).toString('latin1'))) return 'image/gif';
  return null;
}

/** The file extension transcription endpoints tell the format by (WhatsApp sends Opus in Ogg, AAC, MP4, MPEG, AMR). */
function audioFileName(mimeType: string): string {
  const type = mimeType.split(';')[0]!.trim().toLowerCase();
  const extension: Record<string, string> = {
    'audio/ogg': 'ogg',
    'audio/opus': 'ogg',
    'audio/mpeg': 'mp3',
    'audio/mp3': 'mp3',
    'audio/mp4': 'm4a',
    'audio/m4a': 'm4a',
    'audio/x-m4a': 'm4a',
    'audio/aac': 'aac',
    'audio/amr': 'amr',
    'audio/wav': 'wav',
    'audio/x-wav': 'wav',
    'audio/webm': 'webm',
    'audio/flac': 'flac',
  };
  return `voice-note.${extension[type] ?? 'ogg'}`;
}

const documentKinds: Record<string, KnowledgeFileKind> = {
  'application/pdf': 'pdf',
  'text/csv': 'csv',
  'application/csv': 'csv',
  'application/vnd.ms-excel': 'xls',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'xlsx',
};

/** The document's kind by its type, else its file name's extension; null for one the extraction does not read. */
function documentKindOf(mimeType: string, fileName: string | null): KnowledgeFileKind | null {
  return documentKinds[mimeType.split(';')[0]!.trim().toLowerCase()] ?? (fileName ? knowledgeFileKindOf(fileName) : null);
}

/** The document's text, up to DOCUMENT_TEXT_CHARS (the extraction stops once it has that much); null when it cannot be read. */
async function documentText(bytes: Buffer, kind: KnowledgeFileKind, language: AiBaseLanguage): Promise<string | null> {
  const dir = await mkdtemp(join(tmpdir(), 'catalyst-whatsapp-'));
  try {
    const path = join(dir, `document.${kind}`);
    await writeFile(path, bytes, { mode: 0o600 });
    const texts: string[] = [];
    let size = 0;
    const enough = new AbortController();
    const outcome = await runExtraction(
      { path, kind, language },
      {
        onPassages: async (passages) => {
          for (const passage of passages) {
            if (size >= DOCUMENT_TEXT_CHARS) break;
            texts.push(passage.content);
            size += passage.content.length + 1;
          }
          if (size >= DOCUMENT_TEXT_CHARS) enough.abort();
        },
        onProgress: () => {},
        onColumns: async () => {},
        onNotes: async () => {},
      },
      // A chat's document, not a knowledge file: less memory, and a shopper waits.
      { signal: enough.signal, limits: { heapMb: 128, stallMs: 20_000 } },
    );
    if (!outcome.ok && !(outcome.reason === 'aborted' && enough.signal.aborted)) return null;
    const text = texts.join('\n').trim();
    return text ? (text.length > DOCUMENT_TEXT_CHARS ? `${text.slice(0, DOCUMENT_TEXT_CHARS)}…` : text) : null;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The provider refused what was sent (a format it does not take, a file too large), not the request: no retry helps. */
export const refusedMedia = (error: unknown) =>
  error instanceof AnswererFailure && error.kind === 'unavailable' && [400, 413, 415, 422].includes(error.status ?? 0);

/**
 * The media read for the model, or why not. Throws RetryLater (Meta's rate limits), MediaUnavailable
 * (Meta's server errors) and the endpoint's AnswererFailures (but for its refusal of the media).
 */
export async function readMedia(
  endpoint: LlmEndpoint,
  download: MediaDownload,
  content: MediaContent,
  language: AiBaseLanguage,
): Promise<ReadMedia | { unreadable: UnreadableMedia }> {
  const found = await download(content.mediaId, MEDIA_MAX_BYTES[content.type]);
  if (!found.ok) {
    const { failure } = found;
    switch (failure.kind) {
      case 'not-found':
        return { unreadable: 'expired' };
      case 'too-large':
        return { unreadable: 'too_large' };
      case 'throughput':
      case 'pair-rate-limit':
        throw new RetryLater(failure.retryAfterMs, `media_${failure.kind}`);
      case 'server':
        throw new MediaUnavailable('server', failure.status);
      case 'unreachable':
        throw new MediaUnavailable('unreachable', null);
      // A token refused: the polite line's send meets the same refusal, and the channel is marked there.
      case 'token-invalid':
      case 'outside-window':
      case 'invalid':
        return { unreadable: 'unreadable' };
    }
  }
  const { bytes, mimeType } = found.value;
  if (bytes.length === 0) return { unreadable: 'unreadable' };
  switch (content.type) {
    case 'image': {
      const type = imageTypeOf(bytes);
      if (!type) return { unreadable: 'unsupported' };
      return { question: content.caption?.trim() ?? '', image: `data:${type};base64,${bytes.toString('base64')}` };
    }
    case 'audio': {
      let transcript: string;
      try {
        transcript = await endpoint.transcribe({ bytes, mimeType, fileName: audioFileName(mimeType) });
      } catch (error) {
        if (refusedMedia(error)) return { unreadable: 'unreadable' };
        throw error;
      }
      return transcript ? { question: transcript } : { unreadable: 'unreadable' };
    }
    case 'document': {
      const kind = documentKindOf(mimeType, content.filename);
      if (!kind) return { unreadable: 'unsupported' };
      if (!signatureMatches(kind, bytes.subarray(0, 8 * 1024))) return { unreadable: 'unreadable' };
      const text = await documentText(bytes, kind, language);
      if (!text) return { unreadable: 'unreadable' };
      const name = content.filename?.trim() ? ` "${content.filename.trim()}"` : '';
      return { question: content.caption?.trim() ?? '', document: `The customer's document${name} (its text, maybe cut):\n${text}` };
    }
  }
}
