// PDFs into passages with PDF.js (pdfjs-dist, Mozilla's reader; legacy build for Node): the text
// layer of each page, grouped into lines by position and into paragraphs by the space between
// lines, labelled "page 3". Short paragraphs (headings) join the next one on their page. PDF.js
// needs the whole file in memory (it reads a PDF by random access, and even text extraction
// fetches every image to learn it is one), so a 100 MB PDF costs about 100 MB plus PDF.js's own
// objects. Runs only in the extraction thread, under its memory and time limits.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { getDocument, type PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { TextItem, TextMarkedContent } from 'pdfjs-dist/types/src/display/api';
import { ExtractionFailure, type PassageSink } from './extraction-protocol';
import { cleanText, splitText } from './passage-text';

/** A paragraph shorter than this joins the next one on its page (headings, captions). */
const MIN_PASSAGE_CHARS = 150;

const pdfjsDir = dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));

type Line = { text: string; y: number; height: number };

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

async function openPdf(path: string): Promise<PDFDocumentProxy> {
  const bytes = await readFile(path);
  try {
    return await getDocument({
      // A view, not a copy: PDF.js takes the buffer over.
      data: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length),
      password: '',
      isEvalSupported: false,
      disableFontFace: true,
      useSystemFonts: false,
      enableXfa: false,
      verbosity: 0,
      cMapUrl: join(pdfjsDir, 'cmaps') + '/',
      cMapPacked: true,
      standardFontDataUrl: join(pdfjsDir, 'standard_fonts') + '/',
    }).promise;
  } catch (error) {
    const name = (error as { name?: string }).name;
    const message = error instanceof Error ? error.message : String(error);
    if (name === 'PasswordException') throw new ExtractionFailure('encrypted_pdf', message);
    throw new ExtractionFailure('corrupt_pdf', `${name ?? 'Error'}: ${message}`);
  }
}

export async function extractPdf(path: string, sink: PassageSink): Promise<void> {
  const document = await openPdf(path);
  try {
    let readable = 0;
    let unreadable = 0;
    let letters = 0;
    for (let number = 1; number <= document.numPages; number++) {
      let passages: string[];
      try {
        const page = await document.getPage(number);
        const content = await page.getTextContent();
        passages = passagesOf(paragraphsOf(linesOf(content.items)));
        page.cleanup();
        readable++;
        // PDF.js keeps fonts and parsed objects for the whole document: let them go now and then.
        if (number % 100 === 0) await document.cleanup();
      } catch {
        unreadable++;
        continue;
      }
      for (const content of passages) {
        letters += (content.match(/[\p{L}\p{N}]/gu) ?? []).length;
        await sink.emit({ source: `page ${number}`, content });
      }
      sink.progress(number / document.numPages);
    }
    if (readable === 0 && unreadable > 0) throw new ExtractionFailure('corrupt_pdf', `None of the ${unreadable} pages could be read.`);
    if (letters === 0) throw new ExtractionFailure('no_text_layer', 'The pages have no text layer (scanned images?).');
  } finally {
    await document.destroy();
  }
}
