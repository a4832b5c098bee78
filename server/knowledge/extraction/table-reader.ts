// A table (a CSV, or one sheet of a workbook) read row by row with its columns' roles: each row
// becomes a passage of its public cells ("Header: value", the name and price first) and, when it
// has a name and a price, a product with its fields (money in minor units) — or, with an answer
// cell, a question-and-answer. Private columns are dropped here, before anything is stored.
// Shopify's product export is recognised and read by ./shopify-products instead.
import type { ColumnRole, KnowledgeFileNotes, PassageFacts } from '@/domain/knowledge-columns';
import { decimalMarkOf, guessColumnRoles } from './column-roles';
import { parseMoney, SCIENTIFIC } from './money';
import { isShopifyExport, shopifyReader } from './shopify-products';
import {
  availabilityOf,
  cellText,
  currencyOfTable,
  MAX_FACT_DESCRIPTION,
  publicLines,
  roleColumns,
  stockOf,
  tableColumns,
  type TableReader,
  type TableReaderOptions,
} from './table-cells';

export function tableReader(options: TableReaderOptions): TableReader {
  if (isShopifyExport(options.headers)) return shopifyReader(options);
  const { sheet, headers, sample, overrides, language } = options;
  const columns = tableColumns(sheet, headers, guessColumnRoles(headers, sample), sample, overrides);
  const at = roleColumns(columns);
  const mark = at.price >= 0 ? decimalMarkOf(sample.map((row) => row[at.price] ?? '')) : null;
  const currency = currencyOfTable(headers, at.price >= 0 ? sample.map((row) => row[at.price] ?? '') : [], language);
  const notes: KnowledgeFileNotes = {};
  const cell = (cells: readonly string[], role: ColumnRole) => (at[role] >= 0 ? (cells[at[role]] ?? '') : '');

  function factsOf(cells: readonly string[]): PassageFacts | null {
    const answer = cell(cells, 'answer');
    if (answer) return { kind: 'answer', question: cell(cells, 'question') || null, answer };
    const name = cell(cells, 'name');
    const price = parseMoney(cell(cells, 'price'), mark);
    if (!name || !price) return null;
    const stockCell = cell(cells, 'stock');
    const description = cell(cells, 'description');
    notes.products = (notes.products ?? 0) + 1;
    return {
      kind: 'product',
      name,
      description: description ? description.slice(0, MAX_FACT_DESCRIPTION) : null,
      priceMinor: price.minor,
      compareAtMinor: parseMoney(cell(cells, 'compare_at_price'), mark)?.minor ?? null,
      currency:
        price.currency ?? (/^[A-Z]{3}$/.test(cell(cells, 'currency').toUpperCase()) ? cell(cells, 'currency').toUpperCase() : currency),
      stock: stockOf(stockCell),
      available: availabilityOf(stockCell),
      sku: cell(cells, 'sku') || null,
      category: cell(cells, 'category') || null,
      url: cell(cells, 'url') || null,
      image: cell(cells, 'image') || null,
      variants: [],
    };
  }

  return {
    columns,
    row(raw, label) {
      // Private cells are never read past this line.
      const cells = raw.map((value, index) => (columns[index]?.role === 'private' ? '' : cellText(value)));
      const scientific = cells.filter((value) => SCIENTIFIC.test(value)).length;
      if (scientific) notes.scientificNumbers = (notes.scientificNumbers ?? 0) + scientific;
      const content = publicLines(columns, cells).join('\n');
      return content ? [{ source: label, content, facts: factsOf(cells) }] : [];
    },
    end: () => [],
    notes: () => notes,
  };
}
