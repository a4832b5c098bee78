// The object store where merchants' uploaded files live (never on a process's disk): one bucket
// on the S3 protocol, shared by every web and worker process. In production that is Cloud Storage
// (its XML API, with HMAC keys: the bucket the Firebase configuration names), or S3, R2, MinIO; in
// `npm start` and the tests, the local S3 server of tests/fixtures/object-store/. Bytes stream in
// and out in parts: a 100 MB file is never held in memory, and an upload that fails or is refused
// before its end is aborted, so no half object is ever seen.
import { createWriteStream } from 'node:fs';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { DeleteObjectCommand, GetObjectCommand, HeadBucketCommand, ListObjectsV2Command, NoSuchKey, S3Client } from '@aws-sdk/client-s3';
import { multipartPut } from './multipart-put';

export type ObjectStoreConfig = {
  /** The S3 endpoint (`https://storage.googleapis.com`); null: AWS's own, from the region. */
  endpoint: string | null;
  bucket: string;
  region: string;
  /** Null: the SDK's default chain (instance role, AWS_* variables, ~/.aws). */
  credentials: { accessKeyId: string; secretAccessKey: string } | null;
};

export type ObjectStore = {
  readonly bucket: string;
  /**
   * Streams `body` into the object `key`. The object exists only once the whole body is in: when
   * `body` fails or `signal` aborts first, the upload is aborted and the error (or the abort's
   * reason) is thrown.
   */
  put: (key: string, body: Readable, signal?: AbortSignal) => Promise<void>;
  /** The object's bytes as a stream; null when there is no such object. */
  read: (key: string) => Promise<Readable | null>;
  /** Streams the object into a local file (scratch space of the reader); false when there is no such object. */
  download: (key: string, path: string) => Promise<boolean>;
  /** Removes the object; one already gone is fine. */
  remove: (key: string) => Promise<void>;
  /** The keys under `prefix` (tests and tools; a bucket of a real size is not listed whole). */
  list: (prefix: string) => Promise<string[]>;
  /** Throws unless the bucket answers (/readyz). */
  ping: (signal?: AbortSignal) => Promise<void>;
};

export function s3ObjectStore(config: ObjectStoreConfig): ObjectStore {
  // The SDK warns on every process start that its 2027 releases will need Node 22; this codebase's
  // Node is fixed by package.json's engines, and the move is noted in docs/deployment.md.
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  const client = new S3Client({
    region: config.region,
    ...(config.endpoint ? { endpoint: config.endpoint, forcePathStyle: true } : {}),
    ...(config.credentials ? { credentials: config.credentials } : {}),
    // Checksums only where S3 requires them: Cloud Storage's XML API and other S3-compatible stores
    // refuse the SDK's newer default trailers.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = config.bucket;

  async function read(key: string): Promise<Readable | null> {
    try {
      const answer = await client.send(new GetObjectCommand({ Bucket, Key: key }));
      return answer.Body as Readable;
    } catch (error) {
      if (error instanceof NoSuchKey) return null;
      throw error;
    }
  }

  return {
    bucket: Bucket,
    async put(key, body, signal) {
      try {
        await multipartPut(client, { Bucket, Key: key }, body, signal);
      } catch (error) {
        throw signal?.aborted ? signal.reason : error;
      }
    },
    read,
    async download(key, path) {
      const body = await read(key);
      if (!body) return false;
      await pipeline(body, createWriteStream(path));
      return true;
    },
    async remove(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
    async list(prefix) {
      const keys: string[] = [];
      let token: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix: prefix, ContinuationToken: token }));
        keys.push(...(page.Contents ?? []).flatMap((object) => (object.Key ? [object.Key] : [])));
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return keys;
    },
    async ping(signal) {
      await client.send(new HeadBucketCommand({ Bucket }), signal ? { abortSignal: signal } : {});
    },
  };
}
