// Files an older version kept on disk (`<DATA_DIR>/uploads/…`) moved into the object store by
// `npm start` (scripts/local-uploads.ts), against a real S3 server on loopback: each under the key the
// database already names, its bytes whole, the disk copy and its folders gone; a second start moves nothing.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { moveLocalUploads } from '@/scripts/local-uploads';
import { scratchObjectStore } from '@/tests/fixtures/object-store/object-store-server';

let bucket: Awaited<ReturnType<typeof scratchObjectStore>>;
beforeAll(async () => void (bucket = await scratchObjectStore()));
afterAll(() => bucket.close());

test('each file goes to the bucket under its stored path, and leaves the disk; a data dir without uploads moves nothing', async () => {
  const dataDir = join(bucket.scratch, 'data');
  const stored = ['uploads/uid-a/base-1/file-1', 'uploads/uid-a/base-1/file-2', 'uploads/uid-b/base-2/file-3'];
  for (const [n, path] of stored.entries()) {
    mkdirSync(join(dataDir, path, '..'), { recursive: true });
    writeFileSync(join(dataDir, path), `Pergunta;Resposta\nArquivo ${n};Sim\n`);
  }
  expect(await moveLocalUploads(dataDir, bucket.files)).toBe(3);
  expect((await bucket.files.list('uploads/')).sort()).toEqual(stored);
  expect(await text((await bucket.files.read(stored[2]!))!)).toBe('Pergunta;Resposta\nArquivo 2;Sim\n');
  expect(existsSync(join(dataDir, 'uploads'))).toBe(false);
  expect(await moveLocalUploads(dataDir, bucket.files)).toBe(0);
});
