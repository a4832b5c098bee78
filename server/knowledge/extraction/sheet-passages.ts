// Spreadsheets (.xlsx, and legacy .xls through SheetJS, its only reader here) into passages: one
// per row, "Header: value" per column, labelled "Sheet1, row 12". Cells give their displayed
// text; formula cells their cached value (SheetJS never evaluates formulas). A title or note
// above the table becomes a passage of its own. Runs only in the extraction thread, under its
// memory limits: SheetJS 0.18.5 reads the whole workbook into memory and has known advisories.
import { readFile } from 'node:fs/promises';
import * as XLSX from 'xlsx';
import { ExtractionFailure, type PassageSink } from './extraction-protocol';
import { cleanText, headerNames, rowText, splitText } from './passage-text';

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

export async function extractSheet(path: string, sink: PassageSink): Promise<void> {
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
    for (const [index, cells] of rows.entries()) {
      done++;
      if (index === headerAt) continue;
      const text = headers && index > headerAt! ? rowText(headers, cells.map(String)) : cleanText(cells.map(String).filter((cell) => cell.trim()).join(' '));
      const parts = splitText(text);
      const label = `${name}, row ${firstRow + index + 1}`;
      for (const [part, content] of parts.entries()) {
        await sink.emit({ source: parts.length > 1 ? `${label}, part ${part + 1}` : label, content });
      }
      if (done % 200 === 0) sink.progress(0.2 + (0.8 * done) / Math.max(totalRows, 1));
    }
    // The sheet is done: let it go before the next.
    delete workbook.Sheets[name];
  }
}
