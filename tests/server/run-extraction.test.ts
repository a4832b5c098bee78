// The extraction thread's runner (server/knowledge/extraction/run-extraction.ts) when the worker
// stops around it: a job stopped before its thread began, or while it runs, ends as 'aborted' (the
// queue hands it back untouched), never as an error counted against the file.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { expect, it } from 'vitest';
import { runExtraction } from '../../server/knowledge/extraction/run-extraction';

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
