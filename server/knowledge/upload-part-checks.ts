// The checks an uploaded part goes through as it streams in (./upload-intake.ts): the name it is
// shown by, its first bytes against its extension, and which multipart errors are the client's.
import { Transform, Writable } from 'node:stream';
import { withoutBidiControls } from '@/domain/bidi-controls';
import { withoutUnstorable } from '@/domain/storable-values';
import { SIGNATURE_BYTES } from './file-signature';

const MAX_NAME_LENGTH = 255;

/**
 * The name to display: no folders, no control characters (bidirectional ones included: they make a
 * name read as another) or half surrogate pairs, NFC, at most 255 characters, its extension kept.
 */
export function displayName(fileName: string): string {
  const base = withoutUnstorable(
    withoutBidiControls(fileName)
      .split(/[\\/]/)
      .pop()!
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u001f\u007f]/g, ''),
  )
    .normalize('NFC')
    .trim();
  // At most 255 characters (whole code points), the extension kept: a long stem is shortened.
  const chars = Array.from(base);
  if (chars.length <= MAX_NAME_LENGTH) return base || 'file';
  const dot = base.lastIndexOf('.');
  const extension = dot > 0 && base.length - dot <= 10 ? Array.from(base.slice(dot)) : [];
  return (
    chars
      .slice(0, MAX_NAME_LENGTH - extension.length)
      .join('')
      .trimEnd() + extension.join('')
  );
}

/** Why the upload's stream stopped before its end: the intake answers it as a refusal. */
export class UploadStopped extends Error {
  constructor(readonly reason: 'empty_file' | 'type_mismatch' | 'too_large') {
    super(`upload stopped: ${reason}`);
    this.name = 'UploadStopped';
  }
}

/**
 * Passes the upload through while it keeps its first bytes for the signature check; once they are
 * known not to match (or the stream ends empty), it fails with UploadStopped, so what it feeds (the
 * object store's upload) is aborted and nothing of the file is kept.
 */
export function signatureCheck(matches: (head: Buffer) => boolean) {
  let head = Buffer.alloc(0);
  let verdict: boolean | null = null;
  let size = 0;
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      size += chunk.length;
      if (verdict === null) {
        head = Buffer.concat([head, chunk.subarray(0, SIGNATURE_BYTES - head.length)]);
        if (head.length >= SIGNATURE_BYTES) verdict = matches(head);
      }
      callback(verdict === false ? new UploadStopped('type_mismatch') : null, chunk);
    },
    flush(callback) {
      if (size === 0) return callback(new UploadStopped('empty_file'));
      if (verdict === null) verdict = matches(head);
      callback(verdict ? null : new UploadStopped('type_mismatch'));
    },
  });
  return { stream, size: () => size };
}

/** A sink for a refused part's bytes: the request is read to its end before it is answered. */
export const discard = () =>
  new Writable({
    write(_chunk, _encoding, callback) {
      callback();
    },
  });

/**
 * Whether `error` is one of busboy's framing errors (no closing boundary, garbage, a boundary the
 * body does not use): plain Errors without a status, the client's malformed body rather than ours.
 */
export function isMalformedMultipart(error: unknown): boolean {
  if ((error as { statusCode?: unknown }).statusCode !== undefined) return false;
  const message = error instanceof Error ? error.message : '';
  return /multipart|unexpected end of (form|file)|malformed part header|boundary/i.test(message);
}
