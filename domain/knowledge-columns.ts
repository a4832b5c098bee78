// What the knowledge base understands of a table file (CSV, XLS, XLSX): each column's role, guessed
// at import from its header (pt, en, es) and values, changeable by the merchant in step 2; and
// what a row becomes — a product with its fields, a question with its answer, or plain text.
// A `private` column (cost, margin, supplier, internal notes…) never leaves the import: its values
// are in no passage, no answer, no prompt. Shared by the SPA (the columns table) and the server.
// zod/mini: the wizard's chunk loads this.
import * as z from 'zod/mini';

export const columnRoles = [
  'name',
  'description',
  'price',
  'compare_at_price',
  'currency',
  'stock',
  'sku',
  'category',
  'url',
  'image',
  'question',
  'answer',
  /** Shown to shoppers as it is ("Header: value" in the passage), with no meaning of its own. */
  'other',
  /** Never shown to shoppers: left out of passages, answers and prompts. */
  'private',
] as const;
export type ColumnRole = (typeof columnRoles)[number];
export const columnRoleSchema = z.enum(columnRoles);

/** One column of a table file, as step 2 shows it. */
export const tableColumnSchema = z.object({
  /** The sheet's name (XLS, XLSX), null for a CSV. */
  sheet: z.nullable(z.string()),
  /** 0-based position in the row. */
  index: z.int().check(z.nonnegative()),
  header: z.string(),
  role: columnRoleSchema,
  /** What the importer guessed (the merchant may have changed `role`). */
  guessed: columnRoleSchema,
  /** A value of the column from the first rows ('' when all were blank); '' for a private column. */
  sample: z.string(),
});
export type TableColumn = z.infer<typeof tableColumnSchema>;

/** A column role the merchant chose in step 2, which wins over the importer's guess. */
export type ColumnOverride = { sheet: string | null; index: number; role: ColumnRole };

/** `PUT /ai-bases/:id/knowledge/files/:fileId/columns`: the roles the merchant chose; the file is read again with them. */
export const columnRolesRequestSchema = z.strictObject({
  columns: z
    .array(
      z.strictObject({
        sheet: z.nullable(z.string().check(z.maxLength(300))),
        index: z.int().check(z.gte(0), z.lte(10_000)),
        role: columnRoleSchema,
      }),
    )
    .check(z.minLength(1), z.maxLength(2_000)),
});

export type ProductVariant = {
  /** "M / Azul"; '' for a product's only variant. */
  title: string;
  priceMinor: number | null;
  compareAtMinor: number | null;
  sku: string | null;
  /** null: the file does not say. */
  available: boolean | null;
};

/** A row (or, for Shopify's export, a handle's rows) that has a product name and a price. */
export type ProductFacts = {
  kind: 'product';
  name: string;
  description: string | null;
  /** The lowest variant price, in minor units of `currency`. */
  priceMinor: number | null;
  compareAtMinor: number | null;
  currency: string | null;
  /** Units in stock when the file gives a number. */
  stock: number | null;
  available: boolean | null;
  sku: string | null;
  category: string | null;
  url: string | null;
  image: string | null;
  variants: ProductVariant[];
};

/** A product with only its name and price known; `more` fills the rest. */
export const productFacts = (name: string, priceMinor: number | null, more: Partial<ProductFacts> = {}): ProductFacts => ({
  kind: 'product',
  name,
  description: null,
  priceMinor,
  compareAtMinor: null,
  currency: null,
  stock: null,
  available: null,
  sku: null,
  category: null,
  url: null,
  image: null,
  variants: [],
  ...more,
});

/** A row of a question-and-answer sheet. */
export type AnswerFacts = { kind: 'answer'; question: string | null; answer: string };

/** What a passage means, beyond its text; null for plain text (a PDF paragraph, a row of no known shape). */
export type PassageFacts = ProductFacts | AnswerFacts;

/** What the import noticed about a file, for its status line in step 2. Counts only: never values. */
export type KnowledgeFileNotes = {
  /** Products left out of a Shopify export, by why. */
  skippedProducts?: { archived?: number; draft?: number; unpublished?: number };
  /** Cells Excel turned into scientific notation ("1.22328E+11"): kept as written. */
  scientificNumbers?: number;
  /** PDF pages with an image but (almost) no text: not read. */
  scannedPages?: number;
  totalPages?: number;
  /** Rows understood as products. */
  products?: number;
};

/** Why a Shopify export's product was left out of the knowledge. */
export type LeftOutReason = keyof NonNullable<KnowledgeFileNotes['skippedProducts']>;

/**
 * A product a file holds but the knowledge leaves out, by its name: the answerer says it is not
 * for sale when a shopper names it. Kept beside the file, never shown in step 2, never a passage.
 */
export type LeftOutProduct = { name: string; reason: LeftOutReason };

/** How many left-out products a file keeps at most (a store's archive may be large; the first ones are kept). */
export const MAX_LEFT_OUT_PRODUCTS = 2_000;

/** Adds `more`'s counts to `notes` (in place). */
export function addNotes(notes: KnowledgeFileNotes, more: KnowledgeFileNotes): KnowledgeFileNotes {
  for (const key of ['scientificNumbers', 'scannedPages', 'totalPages', 'products'] as const) {
    if (more[key] !== undefined) notes[key] = (notes[key] ?? 0) + more[key];
  }
  if (more.skippedProducts) {
    const skipped = (notes.skippedProducts ??= {});
    for (const [reason, count] of Object.entries(more.skippedProducts) as [keyof typeof skipped, number][])
      skipped[reason] = (skipped[reason] ?? 0) + count;
  }
  return notes;
}

export const knowledgeFileNotesSchema = z.object({
  skippedProducts: z.optional(z.object({ archived: z.optional(z.int()), draft: z.optional(z.int()), unpublished: z.optional(z.int()) })),
  scientificNumbers: z.optional(z.int()),
  scannedPages: z.optional(z.int()),
  totalPages: z.optional(z.int()),
  products: z.optional(z.int()),
});
