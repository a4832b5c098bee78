// PDFs into passages with PDF.js (pdfjs-dist, Mozilla's reader; legacy build for Node): the text
// layer of each page, grouped into lines by position and into paragraphs by the space between
// lines, labelled "page 3". Short paragraphs (headings) join the next one on their page. Runs only
// in the extraction thread, under its memory and time limits; a big file is read by byte ranges
// in segments, never whole (see extractPdf). A page with an image but (almost) no text looks
// scanned: it is counted, and the file's status says how many of its pages were not read.
import { readSync } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { getDocument, OPS, PDFDataRangeTransport, type PDFDocumentProxy, type PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { TextItem, TextMarkedContent } from 'pdfjs-dist/types/src/display/api';
import { ExtractionFailure, type PassageSink } from './extraction-protocol';
import { cleanText, splitText } from './passage-text';

/** A paragraph shorter than this joins the next one on its page (headings, captions). */
const MIN_PASSAGE_CHARS = 150;
/** A page with fewer letters and digits than this, and an image, looks scanned. */
export const SCANNED_PAGE_LETTERS = 20;
/** How many nearly textless pages are looked into for an image (each costs decoding its images); past it, such a page counts as scanned. */
const MAX_IMAGE_CHECKS = 200;
/** PDF.js's fonts and parsed objects go every this many pages. */
const CLEANUP_PAGES = 100;
/** What PDF.js reads at a time: one memory page, so a small object costs 4 KB, not 64 KB. */
const RANGE_CHUNK_BYTES = 4096;
/** Reads one after another grow up to this (PDF.js scanning for a stream's end, a big array). */
const MAX_READ_AHEAD_BYTES = 1024 * 1024;
/** A file is read by ranges only with `startxref` this near its end (see extractPdf). */
const TAIL_BYTES = 64 * 1024;

export type PdfReadOptions = {
  /** A PDF up to this size is read whole (as PDF.js likes best); a bigger one by ranges. */
  wholeFileBytes: number;
  /** Once the pages of a document read by ranges have fetched this much, it is opened again. */
  segmentBytes: number;
};

export const defaultPdfReadOptions: PdfReadOptions = { wholeFileBytes: 16 * 1024 * 1024, segmentBytes: 16 * 1024 * 1024 };

const pdfjsDir = dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));

type Line = { text: string; y: number; height: number };

const imageOps: ReadonlySet<number> = new Set([
  OPS.paintImageXObject,
  OPS.paintInlineImageXObject,
  OPS.paintImageMaskXObject,
  OPS.paintImageXObjectRepeat,
]);

/** Whether the page paints an image (PDF.js's operator list: only asked of pages with almost no text). */
async function paintsImage(page: PDFPageProxy): Promise<boolean> {
  const { fnArray } = await page.getOperatorList();
  return fnArray.some((fn) => imageOps.has(fn));
}

const isText = (item: TextItem | TextMarkedContent): item is TextItem => 'str' in item;

/** The page's text items as lines, in the order the page draws them. */
export function linesOf(items: readonly (TextItem | TextMarkedContent)[]): Line[] {
  const lines: Line[] = [];
  let line: Line | null = null;
  let lastEnd = 0;
  const end = () => {
    if (line && line.text.trim()) lines.push({ ...line, text: line.text.trim() });
    line = null;
  };
  for (const item of items) {
    if (!isText(item)) continue;
    const x = item.transform[4] as number;
    const y = item.transform[5] as number;
    const height = Math.abs(item.height || (item.transform[3] as number) || 0);
    if (item.str) {
      const current: Line | null = line;
      if (current && Math.abs(y - current.y) > 0.5 * Math.max(height, current.height, 1)) end();
      if (!line) line = { text: item.str, y, height };
      else {
        const gap = x - lastEnd;
        const spaced = /\s$/.test(line.text) || /^\s/.test(item.str);
        line.text += !spaced && gap > 0.15 * Math.max(height, 1) ? ` ${item.str}` : item.str;
        line.height = Math.max(line.height, height);
      }
      lastEnd = x + (item.width || 0);
    }
    if (item.hasEOL) end();
  }
  end();
  return lines;
}

/** Lines into paragraphs: a new one where the gap to the line above is over 1.7 line heights (or the text goes up). */
export function paragraphsOf(lines: readonly Line[]): string[] {
  const paragraphs: string[] = [];
  let current = '';
  let previous: Line | null = null;
  for (const line of lines) {
    const gap = previous ? previous.y - line.y : 0;
    if (previous && (gap < -1 || gap > 1.7 * Math.max(previous.height, line.height, 1))) {
      paragraphs.push(current);
      current = '';
    }
    if (!current) current = line.text;
    else if (/[\p{L}]-$/u.test(current) && /^\p{Ll}/u.test(line.text)) current = current.slice(0, -1) + line.text;
    else current += ` ${line.text}`;
    previous = line;
  }
  if (current) paragraphs.push(current);
  return paragraphs.map(cleanText).filter(Boolean);
}

/** Paragraphs into passages: short ones join the next, long ones are cut. */
export function passagesOf(paragraphs: readonly string[]): string[] {
  const passages: string[] = [];
  let pending = '';
  for (const paragraph of paragraphs) {
    pending = pending ? `${pending}\n${paragraph}` : paragraph;
    if (pending.length >= MIN_PASSAGE_CHARS) {
      passages.push(...splitText(pending));
      pending = '';
    }
  }
  if (pending) {
    // A short end of page joins the passage before it when that stays short enough.
    const last = passages.at(-1);
    if (last && last.length + pending.length < 1_000) passages[passages.length - 1] = `${last}\n${pending}`;
    else passages.push(pending);
  }
  return passages;
}

/**
 * The stored file as PDF.js's range transport: each range it asks for is one positioned read,
 * longer when PDF.js reads on from where the last one ended (it rescans an object from its start
 * after each missing chunk, so chunk by chunk a long scan would be quadratic). Counts the bytes
 * read. PDF.js cannot be told that a read failed (it would wait for the range forever), so a
 * failed or short read rejects `failed`, which the reader races against PDF.js's promises.
 */
class FileRangeTransport extends PDFDataRangeTransport {
  bytesRead = 0;
  failure: Error | null = null;
  readonly failed: Promise<never>;
  private rejectFailed: (error: Error) => void = () => {};
  private nextBegin = -1;
  private readAhead = 0;

  constructor(
    private readonly file: FileHandle,
    length: number,
  ) {
    super(length, null);
    this.failed = new Promise<never>((_, reject) => (this.rejectFailed = reject));
    this.failed.catch(() => {});
  }

  override requestDataRange(begin: number, end: number): void {
    // PDF.js asks for whole chunks (the last may be short) and takes more than it asked for.
    this.readAhead = begin === this.nextBegin ? Math.min(Math.max(2 * this.readAhead, end - begin), MAX_READ_AHEAD_BYTES) : 0;
    const stop = Math.min(this.length, Math.max(end, begin + this.readAhead));
    this.nextBegin = stop;
    // An array of its own, not a pooled Buffer's view: PDF.js takes its ArrayBuffer whole.
    const chunk = new Uint8Array(stop - begin);
    // Read at once, in this thread: PDF.js asks for thousands of small ranges, and through the
    // process's shared pool of fs threads each would wait its turn (seconds on a busy machine).
    let bytesRead = 0;
    try {
      bytesRead = readSync(this.file.fd, chunk, 0, chunk.length, begin);
    } catch (error) {
      this.fail(error instanceof Error ? error : new Error(String(error)));
      return;
    }
    if (bytesRead !== chunk.length)
      return this.fail(new Error(`Read ${bytesRead} of ${chunk.length} bytes at ${begin}: the file changed.`));
    this.bytesRead += bytesRead;
    // Delivered as a network read would be: after PDF.js has finished asking.
    queueMicrotask(() => this.onDataRange(begin, chunk));
  }

  private fail(error: Error) {
    if (this.failure) return;
    this.failure = error;
    this.rejectFailed(error);
  }
}

/** `promise`, unless the transport's read fails first. */
const unlessReadFails = <T>(promise: Promise<T>, transport: FileRangeTransport | null): Promise<T> =>
  transport ? Promise.race([promise, transport.failed]) : promise;

/** An open document; `transport` null when the file was read whole. */
type OpenPdf = { document: PDFDocumentProxy; transport: FileRangeTransport | null };

async function hasStartXref(file: FileHandle, length: number): Promise<boolean> {
  const size = Math.min(length, TAIL_BYTES);
  const tail = Buffer.alloc(size);
  const { bytesRead } = await file.read(tail, 0, size, length - size);
  return tail.subarray(0, bytesRead).includes('startxref', 0, 'latin1');
}

async function openPdf(file: FileHandle, length: number, byRanges: boolean): Promise<OpenPdf> {
  let transport: FileRangeTransport | null = null;
  let data: Uint8Array | undefined;
  if (byRanges) transport = new FileRangeTransport(file, length);
  else {
    const bytes = await file.readFile();
    // A view, not a copy: PDF.js takes the buffer over.
    data = new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length);
  }
  const task = getDocument({
    ...(transport ? { range: transport, rangeChunkSize: RANGE_CHUNK_BYTES } : { data }),
    // By ranges: only those a page needs, when it needs them.
    disableAutoFetch: true,
    disableStream: true,
    password: '',
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    enableXfa: false,
    verbosity: 0,
    cMapUrl: join(pdfjsDir, 'cmaps') + '/',
    cMapPacked: true,
    standardFontDataUrl: join(pdfjsDir, 'standard_fonts') + '/',
  });
  try {
    return { document: await unlessReadFails(task.promise, transport), transport };
  } catch (error) {
    // Not destroyed: PDF.js, destroyed while it waits for a range, throws where nothing catches
    // it. The extraction thread ends with this failure anyway.
    if (transport?.failure) throw transport.failure;
    const name = (error as { name?: string }).name;
    const message = error instanceof Error ? error.message : String(error);
    if (name === 'PasswordException') throw new ExtractionFailure('encrypted_pdf', message);
    throw new ExtractionFailure('corrupt_pdf', `${name ?? 'Error'}: ${message}`);
  }
}

/**
 * Bounded memory: a big file is never read whole. PDF.js gets a range transport over the stored
 * file and asks for the byte ranges it needs (the xref, then each page's objects), each one a
 * positioned read, in 4 KB chunks, with no auto-fetch and no streaming. But PDF.js keeps every
 * chunk it has fetched until the document is destroyed (and even text extraction fetches each
 * image whole, to learn it is one; opening a document whose pages are all children of the root
 * fetches every page's dictionary), so once the pages have fetched a segment's worth (16 MB) the
 * document is closed and opened again at the next page. A 100 MB PDF costs a segment plus PDF.js's
 * own objects, not 100 MB. Only the text content is asked for: nothing is rendered, no image
 * decoded. Read whole instead: a PDF no bigger than a segment, and one without `startxref` near
 * its end (truncated, broken: PDF.js rebuilds its xref from every byte anyway, and its backwards
 * search for `startxref` by ranges would take a round trip per chunk, rescanning each time).
 */
export async function extractPdf(
  path: string,
  sink: PassageSink,
  { wholeFileBytes, segmentBytes }: PdfReadOptions = defaultPdfReadOptions,
): Promise<void> {
  const file = await open(path, 'r');
  let current: OpenPdf | null = null;
  try {
    const length = (await file.stat()).size;
    const byRanges = length > wholeFileBytes && (await hasStartXref(file, length));
    current = await openPdf(file, length, byRanges);
    const pages = current.document.numPages;
    let readable = 0;
    let unreadable = 0;
    let letters = 0;
    let scanned = 0;
    let imageChecks = 0;
    // By ranges: what the document had read by the end of its first page (the xref, the page
    // tree, maybe every page's dictionary: what opening it costs); null before that page.
    let opened: number | null = null;
    let segmentPages = 0;
    for (let number = 1; number <= pages; number++) {
      if (current.transport && opened !== null && current.transport.bytesRead - opened > segmentBytes) {
        const previous: OpenPdf = current;
        current = null;
        await previous.document.destroy();
        current = await openPdf(file, length, true);
        opened = null;
        segmentPages = 0;
      }
      const { document, transport } = current;
      let passages: string[];
      try {
        const page = await unlessReadFails(document.getPage(number), transport);
        const content = await unlessReadFails(page.getTextContent(), transport);
        passages = passagesOf(paragraphsOf(linesOf(content.items)));
        const pageLetters = passages.reduce((sum, text) => sum + (text.match(/[\p{L}\p{N}]/gu) ?? []).length, 0);
        if (
          pageLetters < SCANNED_PAGE_LETTERS &&
          (++imageChecks > MAX_IMAGE_CHECKS || (await unlessReadFails(paintsImage(page), transport)))
        )
          scanned++;
        page.cleanup();
        readable++;
        // PDF.js keeps fonts and parsed objects for the whole document: let them go now and then.
        if (++segmentPages % CLEANUP_PAGES === 0) await document.cleanup();
      } catch {
        if (transport?.failure) throw transport.failure;
        unreadable++;
        continue;
      } finally {
        opened ??= transport?.bytesRead ?? 0;
      }
      for (const content of passages) {
        letters += (content.match(/[\p{L}\p{N}]/gu) ?? []).length;
        await sink.emit({ source: `page ${number}`, content });
      }
      sink.progress(number / pages);
    }
    if (readable === 0 && unreadable > 0) throw new ExtractionFailure('corrupt_pdf', `None of the ${unreadable} pages could be read.`);
    if (letters === 0) throw new ExtractionFailure('no_text_layer', 'The pages have no text layer (scanned images?).');
    if (scanned > 0) sink.note({ scannedPages: scanned, totalPages: pages });
  } finally {
    await current?.document.destroy();
    await file.close();
  }
}
