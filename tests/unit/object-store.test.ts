// The object store (server/files/object-store.ts) against a real S3 server on loopback
// (tests/fixtures/object-store/): bytes in and out as streams, an upload that fails or is aborted
// before its end leaves no object (small bodies and multipart ones alike), and a bucket that does
// not answer fails the readiness ping.
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { ObjectStore } from '@/server/files/object-store';
import { PART_BYTES } from '@/server/files/multipart-put';
import { scratchObjectStore } from '@/tests/fixtures/object-store/object-store-server';

let scratch: string;
let files: ObjectStore;
let bucket: Awaited<ReturnType<typeof scratchObjectStore>>;
beforeAll(async () => {
  bucket = await scratchObjectStore('files');
  ({ scratch, files } = bucket);
});
afterAll(() => bucket.close());

/** `size` bytes of `fill` in 1 MiB chunks; `failAt`: the stream errors once that many bytes are out. */
function body(size: number, { fill = 97, failAt }: { fill?: number; failAt?: number } = {}) {
  let sent = 0;
  return new Readable({
    read() {
      if (failAt !== undefined && sent >= failAt) return this.destroy(new Error('the client went away'));
      if (sent >= size) return this.push(null);
      const chunk = Math.min(1 << 20, size - sent);
      sent += chunk;
      this.push(Buffer.alloc(chunk, fill));
    },
  });
}

test('a file put as a stream is read back whole, copied to a local file, listed by prefix and removed', async () => {
  await files.put('uploads/u1/b1/f1', Readable.from([Buffer.from('question,answer\nDo you ship?,Yes\n')]));
  expect(await text((await files.read('uploads/u1/b1/f1'))!)).toBe('question,answer\nDo you ship?,Yes\n');
  const copy = join(scratch, 'copy.csv');
  expect(await files.download('uploads/u1/b1/f1', copy)).toBe(true);
  expect(await readFile(copy, 'utf8')).toBe('question,answer\nDo you ship?,Yes\n');
  expect(await files.list('uploads/u1/')).toEqual(['uploads/u1/b1/f1']);
  expect(await files.list('uploads/u2/')).toEqual([]);
  await files.remove('uploads/u1/b1/f1');
  await files.remove('uploads/u1/b1/f1'); // gone already: fine
  expect(await files.read('uploads/u1/b1/f1')).toBeNull();
  expect(await files.download('uploads/u1/b1/f1', copy)).toBe(false);
});

test('a file of several parts (20 MiB) goes in and comes out byte for byte', async () => {
  await files.put('uploads/u3/b/big', body(20 * 1024 * 1024, { fill: 98 }));
  const copy = join(scratch, 'big');
  await files.download('uploads/u3/b/big', copy);
  const bytes = await readFile(copy);
  expect(bytes.length).toBe(20 * 1024 * 1024);
  expect(bytes.every((byte) => byte === 98)).toBe(true);
  await files.remove('uploads/u3/b/big');
});

test('bytes come out as they went in at every size around the part size, from chunks of any size', async () => {
  // Chunks of an odd size, each byte told apart by its position: a part cut or joined wrong shows.
  const patterned = (size: number, chunk: number) =>
    Readable.from(
      (function* () {
        for (let at = 0; at < size; at += chunk)
          yield Buffer.from(Array.from({ length: Math.min(chunk, size - at) }, (_, n) => ((at + n) * 31 + ((at + n) >> 16)) & 0xff));
      })(),
    );
  const expected = (size: number) =>
    createHash('sha256').update(Buffer.from(Array.from({ length: size }, (_, n) => (n * 31 + (n >> 16)) & 0xff)));
  for (const size of [0, 1, PART_BYTES - 1, PART_BYTES, PART_BYTES + 1, 2 * PART_BYTES, 2 * PART_BYTES + 777_777]) {
    const key = `uploads/u6/b/${size}`;
    await files.put(key, patterned(size, 777_777));
    const stored = createHash('sha256');
    for await (const chunk of (await files.read(key))!) stored.update(chunk as Buffer);
    expect(stored.digest('hex'), String(size)).toBe(expected(size).digest('hex'));
    await files.remove(key);
  }
}, 60_000);

test('a body that fails before its end leaves no object, and its own error is the one thrown', async () => {
  for (const [key, size, failAt] of [
    ['uploads/u4/b/small', 3 * 1024 * 1024, 2 * 1024 * 1024],
    ['uploads/u4/b/multipart', 30 * 1024 * 1024, 20 * 1024 * 1024],
  ] as const) {
    await expect(files.put(key, body(size, { failAt }))).rejects.toThrow('the client went away');
    expect(await files.read(key), key).toBeNull();
  }
  expect(await files.list('uploads/u4/')).toEqual([]);
});

test('an upload aborted by its signal leaves no object and throws the reason', async () => {
  const controller = new AbortController();
  const slow = body(30 * 1024 * 1024);
  slow.once('data', () => setImmediate(() => controller.abort(new Error('stopped by the caller'))));
  await expect(files.put('uploads/u5/b/aborted', slow, controller.signal)).rejects.toThrow('stopped by the caller');
  expect(await files.read('uploads/u5/b/aborted')).toBeNull();
});

test('the readiness ping answers for a bucket that exists, and fails for one that does not or a store that is down', async () => {
  await expect(files.ping()).resolves.toBeUndefined();
  await expect(bucket.storeOn('no-such-bucket').ping()).rejects.toThrow();
  await expect(bucket.storeOn('files', 'http://127.0.0.1:9').ping()).rejects.toThrow();
});
