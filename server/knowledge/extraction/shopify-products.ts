// Shopify's product CSV export ('Handle, Title, Body (HTML), … Variant Price …, Status'): the rows
// of one handle are one product — its first row carries the title and description, the others a
// variant or an image each — so a product is complete only when the next handle starts (memory
// holds one product's rows). Archived, draft and unpublished products are left out, counted and
// named (leftOut: the answerer says such a product is not for sale);
// Shopify's operational columns (status, weights, tax, SEO, 'Cost per item'…) are never shown.
import {
  MAX_LEFT_OUT_PRODUCTS,
  type ColumnRole,
  type KnowledgeFileNotes,
  type LeftOutProduct,
  type ProductFacts,
  type ProductVariant,
} from '@/domain/knowledge-columns';
import { foldText } from '@/server/answering/blocked-terms';
import { parseMoney, SCIENTIFIC } from './money';
import {
  availabilityOf,
  cellText,
  currencyOfTable,
  MAX_FACT_DESCRIPTION,
  publicLines,
  roleColumns,
  stockOf,
  tableColumns,
  type TablePassage,
  type TableReader,
  type TableReaderOptions,
} from './table-cells';

const fold = (header: string) => foldText(header).replace(/\s+/g, ' ').trim();

/** Headers only Shopify's export has together. */
export const isShopifyExport = (headers: readonly string[]) => {
  const folded = new Set(headers.map(fold));
  return folded.has('handle') && folded.has('title') && folded.has('variant price');
};

/** Shopify's columns and their roles; a column not listed is 'other'. */
const shopifyRoles: Record<string, ColumnRole> = {
  title: 'name',
  'body (html)': 'description',
  'product category': 'category',
  type: 'category',
  'variant sku': 'sku',
  'variant inventory qty': 'stock',
  'variant price': 'price',
  'variant compare at price': 'compare_at_price',
  'image src': 'image',
  'variant image': 'image',
  'cost per item': 'private',
};
/** Operational columns: what Shopify needs to sell, nothing a shopper asks. */
const OPERATIONAL =
  /^(published|status|gift card|variant grams|variant inventory tracker|variant inventory policy|variant fulfillment service|variant requires shipping|variant taxable|variant weight unit|variant tax code|image position|seo title|seo description|google shopping \/ .*|included \/ .*|unit price .*)$/;
/** Columns a variant line shows instead ('Option1 Value'…), and per-market prices. */
const VARIANT_LEVEL = /^(option\d (name|value|linked to)|(compare at )?price \/ .*)$/;

const variantRoles: ReadonlySet<ColumnRole> = new Set(['price', 'compare_at_price', 'sku', 'stock']);

const roleOf = (header: string): ColumnRole => shopifyRoles[fold(header)] ?? (OPERATIONAL.test(fold(header)) ? 'private' : 'other');

type Pending = { label: string; handle: string; first: string[]; rows: string[][] };
type Skipped = keyof NonNullable<KnowledgeFileNotes['skippedProducts']>;

export function shopifyReader({ sheet, headers, sample, overrides, language }: TableReaderOptions): TableReader {
  const guessed = headers.map(roleOf);
  const columns = tableColumns(sheet, headers, guessed, sample, overrides);
  const at = roleColumns(columns);
  const index = (name: string) => headers.findIndex((header) => fold(header) === name);
  const handleAt = index('handle');
  const statusAt = index('status');
  const publishedAt = index('published');
  const options = [1, 2, 3].map((n) => index(`option${n} value`));
  const currency = currencyOfTable(headers, at.price >= 0 ? sample.map((row) => row[at.price] ?? '') : [], language);
  const notes: KnowledgeFileNotes = {};
  const leftOut: LeftOutProduct[] = [];
  let pending: Pending | null = null;

  const cell = (cells: readonly string[], column: number) => (column >= 0 ? (cells[column] ?? '') : '');

  /** Why a product is left out: its status (archived, draft) or 'Published: FALSE'; null when it is sold. */
  function skipped(first: readonly string[]): Skipped | null {
    const status = foldText(cell(first, statusAt)).trim();
    if (status === 'archived' || status === 'draft') return status;
    return foldText(cell(first, publishedAt)).trim() === 'false' ? 'unpublished' : null;
  }

  function variantOf(cells: readonly string[]): ProductVariant | null {
    const price = parseMoney(cell(cells, at.price), '.');
    const values = options.map((column) => cell(cells, column)).filter((value) => value && value !== 'Default Title');
    if (!price && values.length === 0) return null; // an image row
    const stockCell = cell(cells, at.stock);
    return {
      title: values.join(' / '),
      priceMinor: price?.minor ?? null,
      compareAtMinor: parseMoney(cell(cells, at.compare_at_price), '.')?.minor ?? null,
      sku: cell(cells, at.sku) || null,
      available: availabilityOf(stockCell),
    };
  }

  function finish(product: Pending | null): TablePassage[] {
    if (!product) return [];
    const reason = skipped(product.first);
    if (reason) {
      const counts = (notes.skippedProducts ??= {});
      counts[reason] = (counts[reason] ?? 0) + 1;
      const name = cell(product.first, at.name) || product.handle;
      if (name && leftOut.length < MAX_LEFT_OUT_PRODUCTS) leftOut.push({ name, reason });
      return [];
    }
    const variants = [product.first, ...product.rows].map(variantOf).filter((variant) => variant !== null);
    const name = cell(product.first, at.name) || product.handle;
    const priced = variants.filter((variant) => variant.priceMinor !== null).sort((a, b) => a.priceMinor! - b.priceMinor!);
    const cheapest = priced[0] ?? null;
    const counts = [product.first, ...product.rows].map((cells) => stockOf(cell(cells, at.stock))).filter((count) => count !== null);
    const description = cell(product.first, at.description);
    const facts: ProductFacts = {
      kind: 'product',
      name,
      description: description ? description.slice(0, MAX_FACT_DESCRIPTION) : null,
      priceMinor: cheapest?.priceMinor ?? null,
      compareAtMinor: cheapest?.compareAtMinor ?? null,
      currency,
      stock: counts.length ? counts.reduce((sum, count) => sum + count, 0) : null,
      available: variants.some((variant) => variant.available === true)
        ? true
        : variants.every((variant) => variant.available === false) && variants.length > 0
          ? false
          : null,
      sku: variants.find((variant) => variant.sku)?.sku ?? null,
      category: cell(product.first, at.category) || null,
      url: null,
      image: [product.first, ...product.rows].map((cells) => cell(cells, at.image)).find(Boolean) ?? null,
      variants: variants.length > 1 || variants[0]?.title ? variants : [],
    };
    if (cheapest) notes.products = (notes.products ?? 0) + 1;
    const perVariant = facts.variants.length > 0;
    // With variants, their prices, SKUs and stock are on their own lines.
    const lines = publicLines(
      columns,
      product.first,
      (column) => VARIANT_LEVEL.test(fold(column.header)) || (perVariant && variantRoles.has(column.role)),
    );
    if (perVariant) {
      const priceText = (cells: readonly string[]) => cell(cells, at.price);
      for (const cells of [product.first, ...product.rows]) {
        const variant = variantOf(cells);
        if (!variant) continue;
        lines.push(`Variant: ${[variant.title, priceText(cells), variant.sku].filter(Boolean).join(' · ')}`);
      }
    }
    return [{ source: product.label, content: lines.join('\n'), facts: cheapest ? facts : null }];
  }

  return {
    columns,
    row(raw, label) {
      const cells = raw.map((value, column) =>
        columns[column]?.role === 'private' && column !== statusAt && column !== publishedAt ? '' : cellText(value),
      );
      const scientific = cells.filter((value) => SCIENTIFIC.test(value)).length;
      if (scientific) notes.scientificNumbers = (notes.scientificNumbers ?? 0) + scientific;
      const handle = cell(cells, handleAt);
      if (pending && (handle === pending.handle || handle === '')) {
        pending.rows.push(cells);
        return [];
      }
      const done = finish(pending);
      pending = { label, handle, first: cells, rows: [] };
      return done;
    },
    end() {
      const done = finish(pending);
      pending = null;
      return done;
    },
    notes: () => notes,
    leftOut: () => leftOut,
  };
}
