// Spreadsheets (.xlsx, and legacy .xls through SheetJS, its only reader here) into passages: one
// per row, labelled "Sheet1, row 12", each sheet's columns' roles guessed from its header and first
// rows (./table-reader), private columns left out. Cells give their displayed
// text; formula cells their cached value (SheetJS never evaluates formulas). A title or note
// above the table becomes a passage of its own. Runs only in the extraction thread, under its
// memory limits: SheetJS 0.18.5 reads the whole workbook into memory and has known advisories.
import { readFile } from 'node:fs/promises';
import * as XLSX from 'xlsx';
import { ExtractionFailure, type ExtractionRequest, type PassageSink } from './extraction-protocol';
import { cleanText, headerNames } from './passage-text';
import { emitTablePassages, SAMPLE_ROWS } from './table-passages';
import { tableReader } from './table-reader';

/** How many rows from the top may hold titles before the table's header row. */
const HEADER_SEARCH_ROWS = 20;

function readWorkbook(data: Buffer): XLSX.WorkBook {
  try {
    return XLSX.read(data, {
      type: 'buffer',
      dense: true,
      cellFormula: false,
      cellHTML: false,
      cellStyles: false,
      cellDates: false,
      bookVBA: false,
      bookDeps: false,
      sheetStubs: false,
      WTF: false,
    });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    // Office's protection (an encrypted package in an OLE2 file); not a ZIP's garbled flags.
    if (/password|ECMA-376 Encrypted/i.test(message)) throw new ExtractionFailure('encrypted_sheet', message);
    throw new ExtractionFailure('unreadable_sheet', message);
  }
}

const filled = (row: readonly string[]) => row.reduce((count, cell) => count + (cell.trim() ? 1 : 0), 0);

/**
 * The index of the table's header row: the first of the top rows with at least half as many
 * filled cells as the fullest of them (so a one-cell title above is not taken for it); null for
 * a one-column sheet, whose rows are text of their own.
 */
export function headerRowIndex(rows: readonly (readonly string[])[]): number | null {
  const top = rows.slice(0, HEADER_SEARCH_ROWS).map(filled);
  const widest = Math.max(0, ...top);
  if (widest < 2) return null;
  const index = top.findIndex((count) => count >= Math.max(2, Math.ceil(widest / 2)));
  return index === -1 ? null : index;
}

export async function extractSheet(
  path: string,
  sink: PassageSink,
  request: Pick<ExtractionRequest, 'columns' | 'language'> = {},
): Promise<void> {
  const workbook = readWorkbook(await readFile(path));
  sink.progress(0.2);
  const sheets = workbook.SheetNames.map((name) => ({ name, sheet: workbook.Sheets[name] })).filter((entry) => entry.sheet?.['!ref']);
  const totalRows = sheets.reduce((sum, { sheet }) => {
    const range = XLSX.utils.decode_range(sheet!['!ref']!);
    return sum + (range.e.r - range.s.r + 1);
  }, 0);
  let done = 0;

  for (const { name, sheet } of sheets) {
    const firstRow = XLSX.utils.decode_range(sheet!['!ref']!).s.r;
    const rows = XLSX.utils.sheet_to_json<string[]>(sheet!, { header: 1, raw: false, defval: '', blankrows: true });
    const headerAt = headerRowIndex(rows);
    const headers = headerAt === null ? null : headerNames(rows[headerAt]!);
    const label = (index: number) => `${name}, row ${firstRow + index + 1}`;
    const reader =
      headers &&
      tableReader({
        sheet: name,
        headers,
        sample: rows.slice(headerAt! + 1, headerAt! + 1 + SAMPLE_ROWS).map((cells) => cells.map(String)),
        overrides: request.columns ?? [],
        language: request.language,
      });
    if (reader) sink.columns(reader.columns);
    for (const [index, cells] of rows.entries()) {
      done++;
      if (index === headerAt) continue;
      // Rows of the table through its reader; a title or note above it (or a one-column sheet's rows) as text.
      if (reader && index > headerAt!) await emitTablePassages(sink, reader.row(cells.map(String), label(index)));
      else {
        const content = cleanText(
          cells
            .map(String)
            .filter((cell) => cell.trim())
            .join(' '),
        );
        if (content) await emitTablePassages(sink, [{ source: label(index), content, facts: null }]);
      }
      if (done % 200 === 0) sink.progress(0.2 + (0.8 * done) / Math.max(totalRows, 1));
    }
    if (reader) {
      await emitTablePassages(sink, reader.end());
      sink.note(reader.notes(), reader.leftOut?.());
    }
    // The sheet is done: let it go before the next.
    delete workbook.Sheets[name];
  }
}
