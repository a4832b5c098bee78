// The PDF reader's two ways of reading a file (server/knowledge/extraction/pdf-passages.ts): a
// small PDF is read whole; a big one by byte ranges, reopened every segment, to stay in bounded
// memory. Both must give the same passages or the same failure. Here the thresholds are made
// small, so that small files take the ranges path and reopen every few pages. Runs the reader
// in this thread, as the extraction thread does (PDF.js's "fake worker").
import 'pdfjs-dist/legacy/build/pdf.worker.mjs';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { generatePdf } from '@/scripts/bench-ingest-files';
import { ExtractionFailure, type ExtractedPassage } from '@/server/knowledge/extraction/extraction-protocol';
import { extractPdf, type PdfReadOptions } from '@/server/knowledge/extraction/pdf-passages';
import { corpusFile, hasCorpus } from './support/corpus';

const whole: PdfReadOptions = { wholeFileBytes: Number.MAX_SAFE_INTEGER, segmentBytes: Number.MAX_SAFE_INTEGER };
const byRanges = (segmentBytes: number): PdfReadOptions => ({ wholeFileBytes: 0, segmentBytes });

type Outcome = { passages: ExtractedPassage[] } | { reason: string };

async function extract(path: string, options: PdfReadOptions): Promise<Outcome> {
  const passages: ExtractedPassage[] = [];
  try {
    await extractPdf(
      path,
      { emit: async (passage) => void passages.push(passage), progress: () => {}, columns: () => {}, note: () => {} },
      options,
    );
    return { passages };
  } catch (error) {
    if (error instanceof ExtractionFailure) return { reason: error.reason };
    throw error;
  }
}

const scratch = mkdtempSync(join(tmpdir(), 'catalyst-pdf-ranges-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

// PDF.js is slow on a busy machine (the Diário Oficial takes seconds each way).
describe('PDFs read by ranges', { timeout: 120_000 }, () => {
  const corpusPdfs = hasCorpus ? readdirSync(corpusFile('pdf')).filter((name) => name.endsWith('.pdf')) : [];

  test.skipIf(!hasCorpus).each(corpusPdfs)('%s: the same passages or failure as read whole', async (name) => {
    const path = corpusFile(`pdf/${name}`);
    const expected = await extract(path, whole);
    // 256 KB segments: the 1 MB Diário Oficial is opened again every few pages.
    expect(await extract(path, byRanges(256 * 1024))).toEqual(expected);
  });

  test('a long PDF opened again every few pages gives every page, as read whole', async () => {
    const path = join(scratch, 'long.pdf');
    await generatePdf(path, 40); // about 2 MB, 4 passages a page
    const expected = await extract(path, whole);
    expect('passages' in expected && new Set(expected.passages.map((passage) => passage.source)).size).toBe(40);
    expect(await extract(path, byRanges(256 * 1024))).toEqual(expected);
  });

  test('pages that are only an image are counted as scanned, read whole or by ranges; the text pages are read', async () => {
    const path = join(scratch, 'half-scanned.pdf');
    await generatePdf(path, 6, { scanned: [2, 5] });
    for (const options of [whole, byRanges(64 * 1024)]) {
      const passages: ExtractedPassage[] = [];
      const notes: object[] = [];
      await extractPdf(
        path,
        {
          emit: async (passage) => void passages.push(passage),
          progress: () => {},
          columns: () => {},
          note: (note) => void notes.push(note),
        },
        options,
      );
      expect(notes).toEqual([{ scannedPages: 2, totalPages: 6 }]);
      expect(new Set(passages.map((passage) => passage.source))).toEqual(new Set(['page 1', 'page 3', 'page 4', 'page 6']));
    }
    // A PDF of text pages notes nothing.
    const notes: object[] = [];
    await generatePdf(join(scratch, 'text-only.pdf'), 3);
    await extractPdf(
      join(scratch, 'text-only.pdf'),
      { emit: async () => {}, progress: () => {}, columns: () => {}, note: (note) => void notes.push(note) },
      whole,
    );
    expect(notes).toEqual([]);
  });

  test('streams with a wrong /Length are found by scanning, by ranges as when read whole', async () => {
    const path = join(scratch, 'bad-lengths.pdf');
    // PDF.js scans each 3 MB image for its `endstream`; by 4 KB ranges that takes read-ahead.
    await generatePdf(path, 3, { imageBytes: 3 * 1024 * 1024, badLengths: true });
    const expected = await extract(path, whole);
    expect('passages' in expected && expected.passages.length).toBe(12);
    expect(await extract(path, byRanges(1024 * 1024))).toEqual(expected);
  });

  test('a truncated PDF (no startxref at its end) is read whole and fails as corrupt', async () => {
    const full = join(scratch, 'full.pdf');
    await generatePdf(full, 20);
    const path = join(scratch, 'truncated.pdf');
    const bytes = readFileSync(full);
    writeFileSync(path, bytes.subarray(0, bytes.length / 2));
    expect(await extract(path, byRanges(256 * 1024))).toEqual({ reason: 'corrupt_pdf' });
  });
});
