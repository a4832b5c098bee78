// What the table readers (./table-reader, ./shopify-products) do to one cell or one table's columns:
// a cell as plain text (HTML made text, scientific notation kept as written), a stock count or an
// availability word, the currency a table's prices are in, and the columns with their final roles.
import { convert } from 'html-to-text';
import type { AiBaseLanguage } from '@/domain/ai-base';
import {
  columnRoles,
  type ColumnOverride,
  type ColumnRole,
  type KnowledgeFileNotes,
  type LeftOutProduct,
  type PassageFacts,
  type TableColumn,
} from '@/domain/knowledge-columns';
import { foldText } from '@/server/answering/blocked-terms';
import { cleanText, columnLabel } from './passage-text';
import { currencyIn } from './money';

const MARKUP = /<\/?[a-z][a-z0-9]*(?:\s[^>]*)?\/?>/i;

/** A cell as shoppers may read it: HTML (Shopify's 'Body (HTML)', an FAQ's answer_html) made plain text. */
export function cellText(value: string): string {
  if (!MARKUP.test(value)) return cleanText(value);
  const text = convert(value, {
    wordwrap: false,
    selectors: [
      { selector: 'a', options: { ignoreHref: true } },
      { selector: 'img', format: 'skip' },
      { selector: 'h1', options: { uppercase: false } },
      { selector: 'h2', options: { uppercase: false } },
      { selector: 'h3', options: { uppercase: false } },
      { selector: 'table', format: 'dataTable', options: { uppercaseHeaderCells: false } },
    ],
  });
  return cleanText(text);
}

/** A sample value for step 2's columns table: one line, not too long. */
export const sampleText = (value: string) => {
  const line = value.replace(/\s+/g, ' ').trim();
  return line.length > 80 ? `${line.slice(0, 79)}…` : line;
};

/** Units in stock when a cell holds a whole number ('12', '12,0'), else null. */
export function stockOf(value: string): number | null {
  const match = /^(-?\d{1,9})(?:[.,]0+)?$/.exec(value.trim());
  return match ? Math.max(0, Number(match[1])) : null;
}

const yes = new Set([
  'sim',
  'yes',
  'si',
  'true',
  'verdadeiro',
  'verdadero',
  'disponivel',
  'available',
  'disponible',
  'em estoque',
  'in stock',
  'en stock',
  'instock',
]);
const no = new Set([
  'nao',
  'no',
  'false',
  'falso',
  'esgotado',
  'agotado',
  'sold out',
  'out of stock',
  'indisponivel',
  'unavailable',
  'no disponible',
  'sem estoque',
  'sin stock',
  'outofstock',
]);

/** Whether a stock cell says the product can be bought: a count above 0, or a yes/no word; null when it says neither. */
export function availabilityOf(value: string): boolean | null {
  const count = stockOf(value);
  if (count !== null) return count > 0;
  const word = foldText(value)
    .replace(/[^\p{L}\s]/gu, '')
    .trim();
  return yes.has(word) ? true : no.has(word) ? false : null;
}

/**
 * The currency of a table's prices when a row does not say: a symbol or code in its price cells,
 * else the file's locale — Portuguese headers, or a Portuguese base, mean reais; an English base,
 * dollars; otherwise unknown (prices shown without a symbol).
 */
export function currencyOfTable(
  headers: readonly string[],
  priceCells: readonly string[],
  language: AiBaseLanguage | undefined,
): string | null {
  for (const cell of priceCells) {
    const currency = currencyIn(cell);
    if (currency) return currency;
  }
  const portuguese = headers.some((header) =>
    /\b(preco|precos|nome|descricao|estoque|produto|produtos|quantidade)\b/.test(foldText(header)),
  );
  if (portuguese || language === 'pt_br') return 'BRL';
  return language === 'en_us' ? 'USD' : null;
}

/** The table's columns as step 2 shows them: the guess, the merchant's choice over it, a sample (none for a private column). */
export function tableColumns(
  sheet: string | null,
  headers: readonly string[],
  guessed: readonly ColumnRole[],
  sample: readonly (readonly string[])[],
  overrides: readonly ColumnOverride[],
): TableColumn[] {
  return headers.map((header, index) => {
    const role = overrides.find((override) => override.sheet === sheet && override.index === index)?.role ?? guessed[index] ?? 'other';
    const value = role === 'private' ? '' : (sample.map((row) => cellText(row[index] ?? '')).find(Boolean) ?? '');
    return { sheet, index, header, role, guessed: guessed[index] ?? 'other', sample: sampleText(value) };
  });
}

/** A row's passage before it is cut to size: `source` is its row label ('row 12', 'Sheet1, row 12'). */
export type TablePassage = { source: string; content: string; facts: PassageFacts | null };

export type TableReaderOptions = {
  /** The sheet's name, null for a CSV. */
  sheet: string | null;
  headers: readonly string[];
  /** The first data rows, read ahead to guess the roles from (they are read again through `row`). */
  sample: readonly (readonly string[])[];
  /** The merchant's roles, which win over the guess. */
  overrides: readonly ColumnOverride[];
  /** The base's language: the currency when the file does not say. */
  language?: AiBaseLanguage;
};

export type TableReader = {
  columns: TableColumn[];
  /** The passages a row completes (none while a Shopify product's variant rows are still coming). */
  row: (cells: readonly string[], label: string) => TablePassage[];
  /** What the last rows complete. */
  end: () => TablePassage[];
  /** Counts for the file's status line. */
  notes: () => KnowledgeFileNotes;
  /** The products the file holds but the knowledge leaves out (a Shopify export's archived, draft, unpublished ones). */
  leftOut?: () => LeftOutProduct[];
};

/** A product's description kept in its facts: enough for an answer, not the whole page. */
export const MAX_FACT_DESCRIPTION = 1_000;

/** Where each role's first column is (-1 when the table has none). */
export type RoleColumns = Record<ColumnRole, number>;
export const roleColumns = (columns: readonly TableColumn[]): RoleColumns =>
  Object.fromEntries(columnRoles.map((role) => [role, columns.findIndex((column) => column.role === role)])) as RoleColumns;

/**
 * Public cells as "Header: value" lines: a question and its answer first, else the name, price and
 * compare-at price; a value another column already gave (an FAQ's answer_html beside its answer) once.
 * `skip` leaves more out.
 */
export function publicLines(
  columns: readonly TableColumn[],
  cells: readonly string[],
  skip: (column: TableColumn) => boolean = () => false,
): string[] {
  const first: ColumnRole[] = columns.some((column) => column.role === 'answer')
    ? ['question', 'answer']
    : ['name', 'price', 'compare_at_price'];
  const order = [...columns].sort((a, b) => rank(a.role, first) - rank(b.role, first) || a.index - b.index);
  const lines: string[] = [];
  const given = new Set<string>();
  for (const column of order) {
    if (column.role === 'private' || skip(column)) continue;
    const value = cells[column.index] ?? '';
    if (!value || (value.length > 40 && given.has(value))) continue;
    given.add(value);
    lines.push(`${column.header}: ${value}`);
  }
  // Cells past the header row: shown under "Column N", as before roles.
  for (let index = columns.length; index < cells.length; index++) if (cells[index]) lines.push(`${columnLabel(index)}: ${cells[index]}`);
  return lines;
}
const rank = (role: ColumnRole, first: readonly ColumnRole[]) => (first.includes(role) ? first.indexOf(role) : first.length);
