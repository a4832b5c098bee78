// The knowledge upload intake (server/knowledge/upload-intake.ts) on its own: each refusal as the
// typed value the route answers, nothing read before the base and the plan allow it, and nothing
// left in the object store (a real S3 server on loopback) of a refused file. The HTTP answers
// themselves: tests/server/knowledge-files.test.ts.
import { Readable } from 'node:stream';
import type { MultipartFile } from '@fastify/multipart';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { KnowledgeFile } from '@/domain/knowledge';
import type { AccountStore } from '@/server/accounts/account-store';
import { KnowledgeRefusal, type KnowledgeStore } from '@/server/knowledge/knowledge-store';
import { uploadIntake, type UploadRequest } from '@/server/knowledge/upload-intake';
import type { ObjectStore } from '@/server/files/object-store';
import { scratchObjectStore } from '@/tests/fixtures/object-store/object-store-server';

const uid = 'merchant-1';
const baseId = '0b6c1c7e-5a4e-4f4b-9d52-2f1f3b0d6a11';
const csv = Buffer.from('question,answer\nDo you ship?,Yes\n');

let files: ObjectStore;
let bucket: Awaited<ReturnType<typeof scratchObjectStore>>;
beforeAll(async () => {
  bucket = await scratchObjectStore('intake');
  ({ files } = bucket);
});
afterAll(() => bucket.close());

/** A file part as @fastify/multipart hands it over: its stream says whether the size limit cut it. */
function part(filename: string, bytes: Buffer, truncated = false): MultipartFile {
  const file = Object.assign(Readable.from([bytes]), { truncated });
  return { filename, file } as unknown as MultipartFile;
}

/** A request whose parts come in this order; an Error in the list is thrown by that `next()`. */
function request(parts: ReadonlyArray<MultipartFile | Error>, multipart = true): UploadRequest & { reads: () => number } {
  let reads = 0;
  const iterator = {
    async next(): Promise<IteratorResult<MultipartFile>> {
      const item = parts[reads++];
      if (item instanceof Error) throw item;
      return item ? { done: false, value: item } : { done: true, value: undefined };
    },
    [Symbol.asyncIterator]() {
      return this;
    },
  };
  return { isMultipart: () => multipart, files: () => iterator as AsyncIterableIterator<MultipartFile>, reads: () => reads };
}

/** The intake over a store that refuses `upfront` before reading, or `onRegister` as it registers. */
function intake({ upfront = null, onRegister }: { upfront?: KnowledgeRefusal['reason'] | null; onRegister?: Error } = {}) {
  const registered: string[] = [];
  const store = {
    uploadRefusal: async () => upfront,
    register: async (_uid: string, base: string, file: { id: string; name: string; kind: string; sizeBytes: number }) => {
      if (onRegister) throw onRegister;
      registered.push(file.name);
      return { id: file.id, baseId: base, name: file.name, kind: file.kind, sizeBytes: file.sizeBytes } as KnowledgeFile;
    },
  } as unknown as KnowledgeStore;
  const accounts = { findOrCreate: async () => ({ plan: 'basic' }) } as unknown as AccountStore;
  return { registered, receive: (req: UploadRequest) => uploadIntake({ store, accounts, files }).receive(req, uid, null, baseId) };
}

/** This merchant's objects in the bucket (a refused upload leaves none). */
const stored = async () => files.list(`uploads/${uid}/`);

describe('refusals', () => {
  test("another account's base, or no training left: refused before the body is read", async () => {
    for (const reason of ['not_found', 'plan_limit'] as const) {
      const req = request([part('faq.csv', csv)]);
      expect(await intake({ upfront: reason }).receive(req)).toEqual({ ok: false, refusal: { reason } });
      expect(req.reads()).toBe(0);
    }
  });

  test('not multipart, no file, a body busboy cannot frame', async () => {
    expect(await intake().receive(request([], false))).toEqual({ ok: false, refusal: { reason: 'not_multipart' } });
    expect(await intake().receive(request([]))).toEqual({ ok: false, refusal: { reason: 'no_file' } });
    const malformed = request([new Error('Unexpected end of form')]);
    expect(await intake().receive(malformed)).toEqual({ ok: false, refusal: { reason: 'malformed_multipart' } });
  });

  test('an error that is not the client’s framing is thrown, not refused', async () => {
    const failure = Object.assign(new Error('request file too large'), { statusCode: 413 });
    await expect(intake().receive(request([failure]))).rejects.toBe(failure);
  });

  test('by extension, size, emptiness and magic bytes, the file removed each time', async () => {
    const cases = [
      [part('setup.exe', csv), { reason: 'unsupported_type' }],
      [part('faq.csv', csv, true), { reason: 'too_large' }],
      [part('faq.csv', Buffer.alloc(0)), { reason: 'empty_file' }],
      [part('manual.pdf', csv), { reason: 'type_mismatch', kind: 'pdf' }],
    ] as const;
    for (const [upload, refusal] of cases) {
      expect(await intake().receive(request([upload])), upload.filename).toEqual({ ok: false, refusal });
      expect(await stored()).toEqual([]);
    }
  });

  test('a second file in the form, or past the parser’s file limit: too many files, the first removed', async () => {
    const limit = Object.assign(new Error('reach files limit'), { code: 'FST_FILES_LIMIT' });
    for (const second of [part('more.csv', csv), limit]) {
      const checked = intake();
      expect(await checked.receive(request([part('faq.csv', csv), second]))).toEqual({ ok: false, refusal: { reason: 'too_many_files' } });
      expect(checked.registered).toEqual([]);
      expect(await stored()).toEqual([]);
    }
  });

  test('the last training taken meanwhile: refused as the store says, the file removed', async () => {
    const outcome = await intake({ onRegister: new KnowledgeRefusal('plan_limit') }).receive(request([part('faq.csv', csv)]));
    expect(outcome).toEqual({ ok: false, refusal: { reason: 'plan_limit' } });
    expect(await stored()).toEqual([]);
  });
});

test('an accepted file is registered under its shown name and kept under a server-made path', async () => {
  const accepting = intake();
  const outcome = await accepting.receive(request([part('../../etc/faq.csv', csv)]));
  expect(outcome).toMatchObject({ ok: true, file: { baseId, name: 'faq.csv', kind: 'csv', sizeBytes: csv.length } });
  expect(accepting.registered).toEqual(['faq.csv']);
  if (!outcome.ok) throw new Error('refused');
  expect(await stored()).toContain(`uploads/${uid}/${baseId}/${outcome.file.id}`);
  await files.remove(`uploads/${uid}/${baseId}/${outcome.file.id}`);
});
