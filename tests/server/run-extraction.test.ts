// The extraction thread's runner (server/knowledge/extraction/run-extraction.ts) when the worker
// stops around it: a job stopped before its thread began, or while it runs, ends as 'aborted' (the
// queue hands it back untouched), never as an error counted against the file; and the server's
// requests are served while it stores a file's batches, one or several at once.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { expect, it } from 'vitest';
import { runExtraction } from '@/server/knowledge/extraction/run-extraction';

const csv = () => {
  const path = join(mkdtempSync(join(tmpdir(), 'catalyst-extraction-')), 'faq.csv');
  writeFileSync(path, 'Question;Answer\nDo you deliver?;Yes, in 3 to 7 days.\n'.repeat(2000));
  return path;
};
const handlers = { onPassages: async () => {}, onProgress: () => {}, onColumns: async () => {}, onNotes: async () => {} };

it('a job stopped before its thread began ends as aborted, with no thread started', async () => {
  const stopped = new AbortController();
  stopped.abort();
  await expect(runExtraction({ path: csv(), kind: 'csv' }, handlers, { signal: stopped.signal })).resolves.toEqual({
    ok: false,
    reason: 'aborted',
  });
});

it('a job stopped while its thread runs ends as aborted', async () => {
  const stopping = new AbortController();
  const outcome = runExtraction(
    { path: csv(), kind: 'csv' },
    { ...handlers, onPassages: async () => stopping.abort() },
    { signal: stopping.signal },
  );
  await expect(outcome).resolves.toEqual({ ok: false, reason: 'aborted' });
});

it("lets the server's timers and I/O run between stored batches, however far ahead the thread reads", async () => {
  // A store that answers without leaving promises, as PGlite does (its work runs in this thread):
  // each batch takes 20 ms, so the thread always has the next batch waiting.
  let turns = 0;
  const timer = setInterval(() => turns++, 1);
  const turnsBeforeBatch: number[] = [];
  try {
    const outcome = await runExtraction(
      { path: csv(), kind: 'csv' },
      {
        ...handlers,
        onPassages: async () => {
          turnsBeforeBatch.push(turns);
          const until = Date.now() + 20;
          while (Date.now() < until); // the database's work, in this thread
        },
      },
    );
    expect(outcome).toEqual({ ok: true });
  } finally {
    clearInterval(timer);
  }
  expect(turnsBeforeBatch.length).toBeGreaterThan(4);
  // Between any two batches the event loop took a turn: a request would have been answered.
  const starved = turnsBeforeBatch.slice(1).filter((turn, index) => turn === turnsBeforeBatch[index]);
  expect(starved).toEqual([]);
});

it('sends batches of the size the request asks for (the database decides it)', async () => {
  const sizes: number[] = [];
  const outcome = await runExtraction(
    { path: csv(), kind: 'csv', batchSize: 300 },
    { ...handlers, onPassages: async (batch) => void sizes.push(batch.length) },
  );
  expect(outcome).toEqual({ ok: true });
  // Full batches, then the rest.
  expect(sizes.length).toBeGreaterThan(2);
  expect(sizes.slice(0, -1).every((size) => size === 300)).toBe(true);
  expect(sizes.at(-1)).toBeGreaterThan(0);
  expect(sizes.at(-1)).toBeLessThanOrEqual(300);
});

it('stores as many batches at once as the request says, never more, all of them before it is done', async () => {
  for (const storesAtOnce of [1, 2]) {
    let storing = 0;
    let most = 0;
    let stored = 0;
    const outcome = await runExtraction(
      { path: csv(), kind: 'csv', batchSize: 100, storesAtOnce },
      {
        ...handlers,
        onPassages: async (batch) => {
          most = Math.max(most, ++storing);
          await new Promise((resolve) => setTimeout(resolve, 15)); // the database's work, in its own process
          storing--;
          stored += batch.length;
        },
      },
    );
    expect(outcome).toEqual({ ok: true });
    expect(stored).toBe(3999); // every line of csv() but its header
    expect(most).toBe(storesAtOnce);
  }
});

it('a batch that fails to store, beside another, ends the file as failed', async () => {
  let calls = 0;
  const outcome = await runExtraction(
    { path: csv(), kind: 'csv', batchSize: 100, storesAtOnce: 2 },
    {
      ...handlers,
      onPassages: async () => {
        if (++calls === 3) throw new Error('the database went away');
        await new Promise((resolve) => setTimeout(resolve, 15));
      },
    },
  );
  expect(outcome).toEqual({ ok: false, reason: 'processing_failed', detail: 'store: the database went away' });
});
