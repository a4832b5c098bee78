// CSV files into passages, streamed: one per record (or per product of a Shopify export), the
// columns' roles guessed from the header and first rows (./table-reader), private columns left
// out. Reads
// what spreadsheets export in the wild: UTF-8 (with or without a BOM), UTF-16 with a BOM, else
// Windows-1252 (what Excel writes on a Brazilian Windows); `,`, `;`, tab or `|` delimiters, found
// by which gives the most consistent columns; decimal commas stay as written ("20,96").
import { createReadStream } from 'node:fs';
import { open, stat } from 'node:fs/promises';
import { Transform, type Readable } from 'node:stream';
import { parse } from 'csv-parse';
import { parse as parseSync } from 'csv-parse/sync';
import { ExtractionFailure, type ExtractionRequest, type PassageSink } from './extraction-protocol';
import { headerNames } from './passage-text';
import { emitTablePassages, SAMPLE_ROWS } from './table-passages';
import type { TablePassage, TableReader } from './table-cells';
import { tableReader } from './table-reader';

/** A record (line) longer than this many characters fails the file with `line_too_long`. */
export const MAX_RECORD_CHARS = 1_000_000;
const SAMPLE_BYTES = 64 * 1024;
const DELIMITERS = [',', ';', '\t', '|'] as const;

export type CsvEncoding = 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252';

async function readHead(path: string, bytes: number): Promise<Buffer> {
  const handle = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(bytes);
    const { bytesRead } = await handle.read(buffer, 0, bytes, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** Whether the whole file is valid UTF-8, read as a stream (bounded memory). */
async function isUtf8File(path: string): Promise<boolean> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  try {
    for await (const chunk of createReadStream(path, { highWaterMark: 1024 * 1024 })) decoder.decode(chunk as Buffer, { stream: true });
    decoder.decode();
    return true;
  } catch (error) {
    if (error instanceof TypeError) return false;
    throw error;
  }
}

export async function detectEncoding(path: string, head: Buffer): Promise<CsvEncoding> {
  if (head[0] === 0xff && head[1] === 0xfe) return 'utf-16le';
  if (head[0] === 0xfe && head[1] === 0xff) return 'utf-16be';
  if (head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf) return 'utf-8';
  return (await isUtf8File(path)) ? 'utf-8' : 'windows-1252';
}

/**
 * The delimiter that splits the first records into the most consistent number of columns (2 or
 * more); between equally consistent ones, the one giving more columns (`;` over the `,` of a
 * decimal comma). One column everywhere: `,`.
 */
export function detectDelimiter(sample: string): string {
  let best = { delimiter: ',', share: 0, columns: 1 };
  for (const delimiter of DELIMITERS) {
    let records: string[][];
    try {
      records = parseSync(sample, {
        delimiter,
        relax_column_count: true,
        relax_quotes: true,
        skip_empty_lines: true,
        skip_records_with_error: true,
        to: 100,
      });
    } catch {
      continue;
    }
    if (records.length === 0) continue;
    const counts = new Map<number, number>();
    for (const record of records) counts.set(record.length, (counts.get(record.length) ?? 0) + 1);
    const [columns, times] = [...counts].sort((a, b) => b[1] - a[1] || b[0] - a[0])[0]!;
    if (columns < 2) continue;
    const share = times / records.length;
    if (share > best.share + 0.05 || (Math.abs(share - best.share) <= 0.05 && columns > best.columns)) best = { delimiter, share, columns };
  }
  return best.delimiter;
}

/** Bytes in the given encoding → UTF-8 bytes for the parser. */
function toUtf8(encoding: CsvEncoding): Transform {
  const decoder = new TextDecoder(encoding);
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      const text = decoder.decode(chunk, { stream: true });
      callback(null, text ? Buffer.from(text, 'utf8') : undefined);
    },
    flush(callback) {
      const text = decoder.decode();
      callback(null, text ? Buffer.from(text, 'utf8') : undefined);
    },
  });
}

export async function extractCsv(
  path: string,
  sink: PassageSink,
  request: Pick<ExtractionRequest, 'columns' | 'language'> = {},
): Promise<void> {
  const size = (await stat(path)).size;
  const head = await readHead(path, SAMPLE_BYTES);
  const encoding = await detectEncoding(path, head);
  const delimiter = detectDelimiter(new TextDecoder(encoding).decode(head));

  const file = createReadStream(path, { highWaterMark: 256 * 1024 });
  const parser = parse({
    delimiter,
    bom: true,
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: true,
    max_record_size: MAX_RECORD_CHARS,
  });
  const source: Readable = encoding === 'utf-8' ? file : file.pipe(toUtf8(encoding));
  source.on('error', (error) => parser.destroy(error));
  source.pipe(parser);

  let headers: string[] | null = null;
  let reader: TableReader | null = null;
  // The first rows wait until the columns' roles are guessed from them.
  let waiting: { cells: string[]; label: string }[] = [];
  const emit = (passages: TablePassage[]) => emitTablePassages(sink, passages);
  const startReader = async (names: string[]) => {
    const started = tableReader({
      sheet: null,
      headers: names,
      sample: waiting.map((row) => row.cells),
      overrides: request.columns ?? [],
      language: request.language,
    });
    sink.columns(started.columns);
    for (const { cells, label } of waiting) await emit(started.row(cells, label));
    waiting = [];
    return started;
  };
  let row = 0;
  try {
    for await (const record of parser as AsyncIterable<string[]>) {
      row++;
      if (!headers) {
        if (record.every((cell) => cell.trim() === '')) continue;
        headers = headerNames(record);
        continue;
      }
      if (reader) await emit(reader.row(record, `row ${row}`));
      else {
        waiting.push({ cells: record, label: `row ${row}` });
        if (waiting.length >= SAMPLE_ROWS) reader = await startReader(headers);
      }
      if (row % 500 === 0) sink.progress(file.bytesRead / Math.max(size, 1));
    }
    if (headers) {
      const last = reader ?? (await startReader(headers));
      await emit(last.end());
      sink.note(last.notes(), last.leftOut?.());
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'CSV_MAX_RECORD_SIZE')
      throw new ExtractionFailure('line_too_long', `A line is longer than ${MAX_RECORD_CHARS} characters.`);
    if (code?.startsWith('CSV_')) throw new ExtractionFailure('unreadable_csv', (error as Error).message);
    throw error;
  } finally {
    file.destroy();
  }
}
