// Puts a stream of unknown length into one object over S3's multipart upload, a part at a time from
// two buffers made once and used again: one is sent while the other fills from the stream. A web
// process passes every knowledge file through here, so what an upload holds is those two buffers,
// whatever the file's size. (lib-storage's Upload copied each part together from its chunks into a
// new buffer every time; under a 100 MB upload a web process's peak was over its budget with it:
// docs/benchmarks.md, "Upload through a web process".) A body that fits one part goes
// in one PutObject. On any failure or abort the multipart upload is aborted: no half object is seen.
import type { Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  PutObjectCommand,
  UploadPartCommand,
  type CompletedPart,
  type S3Client,
} from '@aws-sdk/client-s3';

/** S3's smallest part (all but the last): what each of the two buffers holds. */
export const PART_BYTES = 5 * 1024 * 1024;

/** `promise`, or the abort's reason first. (Not a race with one promise kept for every wait: each race would keep its chunk.) */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  signal.throwIfAborted();
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/** Fills buffers from a stream: what a chunk held beyond the last buffer waits for the next. An abort ends a wait for the stream. */
function bufferFiller(body: Readable, signal?: AbortSignal) {
  const chunks = body[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  let rest: Buffer | null = null;
  let ended = false;
  return {
    /** Copies the next bytes into `buffer`, up to its size; how many (fewer only at the stream's end). */
    async fill(buffer: Buffer): Promise<number> {
      let filled = 0;
      while (filled < buffer.length) {
        if (!rest) {
          if (ended) break;
          const next = await (signal ? untilAborted(chunks.next(), signal) : chunks.next());
          if (next.done) {
            ended = true;
            break;
          }
          rest = Buffer.isBuffer(next.value) ? next.value : Buffer.from(next.value as Uint8Array);
        }
        const taken = rest.copy(buffer, filled);
        filled += taken;
        rest = taken < rest.length ? rest.subarray(taken) : null;
      }
      return filled;
    },
  };
}

/**
 * The stream's chunks a part was copied from are garbage once it is sent, but their bytes live
 * outside V8's heap, which an upload hardly grows, so V8 is slow to collect them: tens of MB a
 * 100 MB upload. A young-generation collection per part (about a millisecond) frees them. It needs
 * the server's --expose-gc (SERVER_NODE_FLAGS); without it they go at V8's own pace.
 */
const collectChunks = (globalThis as { gc?: (options: { type: 'minor' }) => void }).gc;

type Target = { Bucket: string; Key: string };

/** Streams `body` into the object; on a failure or an abort nothing of it stays (an abort as the last part went in removes the object). */
export async function multipartPut(client: S3Client, target: Target, body: Readable, signal?: AbortSignal) {
  try {
    await put(client, target, body, signal);
    signal?.throwIfAborted();
  } catch (error) {
    if (signal?.aborted) await client.send(new DeleteObjectCommand(target)).catch(() => {});
    throw error;
  }
}

async function put(client: S3Client, target: Target, body: Readable, signal?: AbortSignal) {
  const options = signal ? { abortSignal: signal } : {};
  const filler = bufferFiller(body, signal);
  let [sending, filling] = [Buffer.allocUnsafeSlow(PART_BYTES), Buffer.allocUnsafeSlow(PART_BYTES)];
  let size = await filler.fill(sending);
  signal?.throwIfAborted();
  if (size < PART_BYTES) {
    await client.send(new PutObjectCommand({ ...target, Body: sending.subarray(0, size), ContentLength: size }), options);
    return;
  }
  const { UploadId } = await client.send(new CreateMultipartUploadCommand(target), options);
  try {
    const parts: CompletedPart[] = [];
    while (size > 0) {
      const PartNumber = parts.length + 1;
      const sent = client.send(
        new UploadPartCommand({ ...target, UploadId, PartNumber, Body: sending.subarray(0, size), ContentLength: size }),
        options,
      );
      // The next part fills while this one is sent; either failing ends the wait.
      const [answer, nextSize] = await Promise.all([sent, filler.fill(filling)]);
      parts.push({ PartNumber, ETag: answer.ETag! });
      [sending, filling] = [filling, sending];
      collectChunks?.({ type: 'minor' });
      size = nextSize;
      signal?.throwIfAborted();
    }
    await client.send(new CompleteMultipartUploadCommand({ ...target, UploadId, MultipartUpload: { Parts: parts } }), options);
  } catch (error) {
    await client.send(new AbortMultipartUploadCommand({ ...target, UploadId })).catch(() => {});
    throw error;
  }
}
