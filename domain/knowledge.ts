// The knowledge base of an AI base: the files a merchant uploads (spreadsheets, CSVs, PDFs), their
// processing status, the reasons a file can fail (codes the SPA translates) and the passages the
// answerer searches. Shared by the SPA (upload checks, status display) and the server.
// zod/mini: the wizard's chunk loads this.
import * as z from 'zod/mini';
import { knowledgeFileNotesSchema, tableColumnSchema } from './knowledge-columns';
import { shownName, storableText } from './storable-values';
import type { AiBaseLanguage } from './ai-base';
import { locales, type Locale } from './locales';

export const knowledgeFileKinds = ['csv', 'xls', 'xlsx', 'pdf'] as const;
export type KnowledgeFileKind = (typeof knowledgeFileKinds)[number];

/** The upload limit per file: 100 MiB. */
export const MAX_KNOWLEDGE_FILE_BYTES = 100 * 1024 * 1024;

/** For `<input type="file" accept>`: the extensions the server takes. */
export const acceptedKnowledgeFileExtensions = knowledgeFileKinds.map((kind) => `.${kind}`).join(',');

/** The kind a file name claims by its extension (case-insensitive), or null for any other. */
export function knowledgeFileKindOf(fileName: string): KnowledgeFileKind | null {
  const match = /\.([A-Za-z]+)$/.exec(fileName.trim());
  const extension = match?.[1]?.toLowerCase();
  return (knowledgeFileKinds as readonly string[]).includes(extension ?? '') ? (extension as KnowledgeFileKind) : null;
}

/**
 * `uploaded`: stored, waiting in the queue; `processing`: being read (with `progress`);
 * `ready`: its passages are searchable (`passageCount`); `failed`: see `failureReason`.
 */
export const knowledgeFileStatuses = ['uploaded', 'processing', 'ready', 'failed'] as const;
export type KnowledgeFileStatus = (typeof knowledgeFileStatuses)[number];

/**
 * Why a file was refused at upload (the error `code` of the 4xx answer) or failed in processing
 * (the file's `failureReason`). The SPA translates each.
 */
export const knowledgeFailureReasons = [
  /** Upload: the file has no bytes. */
  'empty_file',
  /** Upload: not .csv, .xls, .xlsx or .pdf. */
  'unsupported_type',
  /** Upload: the content is not what the extension says (a renamed file). */
  'type_mismatch',
  /** Upload: over the 100 MB limit. */
  'too_large',
  /** The PDF cannot be read (damaged or not really a PDF). */
  'corrupt_pdf',
  /** The PDF needs a password to open. */
  'encrypted_pdf',
  /** The PDF has no text to read: scanned pages (images) without OCR. */
  'no_text_layer',
  /** The spreadsheet cannot be read (damaged or an unknown format). */
  'unreadable_sheet',
  /** The spreadsheet is protected with a password. */
  'encrypted_sheet',
  /** The CSV cannot be read (e.g. a quote that never closes). */
  'unreadable_csv',
  /** One line (row) of the file is enormous (over 1 million characters). */
  'line_too_long',
  /** The file was read but holds no text to learn from (only headers, empty sheets…). */
  'no_content',
  /** Reading the file needs more memory or time than a file may take. */
  'too_complex',
  /** Anything else: our fault, the file may be retried. */
  'processing_failed',
] as const;
export type KnowledgeFailureReason = (typeof knowledgeFailureReasons)[number];
export const knowledgeFailureReasonSchema = z.enum(knowledgeFailureReasons);

/** A knowledge file as the API returns it. */
export const knowledgeFileSchema = z.object({
  id: z.string(),
  baseId: z.string(),
  /** The name it was uploaded with (shown only; the server stores it under its own path). */
  name: shownName(),
  kind: z.enum(knowledgeFileKinds),
  sizeBytes: z.int().check(z.nonnegative()),
  status: z.enum(knowledgeFileStatuses),
  /** 0–100 while processing; 100 when ready. */
  progress: z.int().check(z.gte(0), z.lte(100)),
  passageCount: z.int().check(z.nonnegative()),
  failureReason: z.nullable(knowledgeFailureReasonSchema),
  /** A table file's columns with their roles (step 2's columns table); empty for a PDF or before it is read. */
  columns: z.array(tableColumnSchema),
  /** What the import noticed: products, skipped products, numbers kept as written, scanned pages. */
  notes: knowledgeFileNotesSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type KnowledgeFile = z.infer<typeof knowledgeFileSchema>;

export const knowledgeFileListSchema = z.object({ files: z.array(knowledgeFileSchema) });

export const knowledgeFileParamsSchema = z.strictObject({ id: z.uuid(), fileId: z.uuid() });

/** PostgreSQL's full-text search configuration for each language of an AI base. */
export const textSearchConfigs = { pt_br: 'portuguese', en_us: 'english', es: 'spanish' } as const satisfies Record<AiBaseLanguage, string>;
export type TextSearchConfig = (typeof textSearchConfigs)[AiBaseLanguage];

export const MAX_PASSAGE_RESULTS = 50;

/**
 * `GET /ai-bases/:id/passages`: `match=any` (default) ranks passages holding any of the words,
 * those with more of them first (what an answerer wants from a customer's question); `all`
 * keeps only passages with every word. Words are stemmed in the base's language.
 */
export const passageSearchQuerySchema = z.strictObject({
  q: storableText('The search has characters that cannot be searched for.').check(z.trim(), z.minLength(1), z.maxLength(500)),
  limit: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(MAX_PASSAGE_RESULTS)), 10),
  match: z._default(z.enum(['any', 'all']), 'any'),
});

export const passageSchema = z.object({
  id: z.string(),
  fileId: z.string(),
  fileName: shownName(),
  /** Where in the file: "row 12", "Sheet1, row 12", "page 3". */
  source: z.string(),
  content: z.string(),
  /** ts_rank: higher is better; comparable within one answer only. */
  rank: z.number(),
});
export type Passage = z.infer<typeof passageSchema>;

/**
 * Where a passage is in its file, from its `source` as the importer writes it (in English, for
 * logs and the API): "row 12", "Sheet1, row 12", either with ", part 2" when a long row was cut,
 * or "page 3". The SPA shows it in the page's language. Null for any other text.
 */
export type PassageLocation = { sheet: string | null; row: number; part: number | null } | { page: number };

export function passageLocationOf(source: string): PassageLocation | null {
  const page = /^page (\d+)$/.exec(source);
  if (page) return { page: Number(page[1]) };
  const row = /^(?:(.+), )?row (\d+)(?:, part (\d+))?$/.exec(source);
  if (row) return { sheet: row[1] ?? null, row: Number(row[2]), part: row[3] ? Number(row[3]) : null };
  return null;
}

export const passageSearchResultSchema = z.object({ passages: z.array(passageSchema) });

export const knowledgeTemplateQuerySchema = z.strictObject({ lang: z._default(z.enum(locales), 'en') });

type TemplateSheet = { name: string; rows: string[][] };

/**
 * The reference model offered for download: one sheet of questions and answers and one of
 * products, with example rows, in the merchant's language. One row becomes one passage, with its
 * column headers, so any columns work; these are a good start.
 */
export const knowledgeTemplate: Record<Locale, TemplateSheet[]> = {
  en: [
    {
      name: 'FAQ',
      rows: [
        ['Topic', 'Question', 'Answer', 'Keywords'],
        [
          'Delivery',
          'How long does delivery take?',
          'Orders arrive in 3 to 7 business days after payment is confirmed.',
          'shipping, delivery time',
        ],
        [
          'Exchanges',
          'Can I exchange a product?',
          'Yes, within 30 days of delivery, unused and with its tags. Send us the order number here.',
          'exchange, return',
        ],
      ],
    },
    {
      name: 'Products',
      rows: [
        ['Product', 'Description', 'Price', 'Sizes and colours', 'Availability', 'Link'],
        [
          'Basic T-shirt',
          '100% cotton crew-neck T-shirt.',
          '29.90',
          'S, M, L, XL; white, black, navy',
          'In stock',
          'https://example.com/basic-t-shirt',
        ],
      ],
    },
  ],
  pt: [
    {
      name: 'Perguntas',
      rows: [
        ['Assunto', 'Pergunta', 'Resposta', 'Palavras-chave'],
        [
          'Entrega',
          'Qual é o prazo de entrega?',
          'Os pedidos chegam de 3 a 7 dias úteis após a confirmação do pagamento.',
          'frete, prazo, entrega',
        ],
        [
          'Trocas',
          'Posso trocar um produto?',
          'Sim, em até 30 dias após a entrega, sem uso e com etiqueta. Envie o número do pedido aqui.',
          'troca, devolução',
        ],
      ],
    },
    {
      name: 'Produtos',
      rows: [
        ['Produto', 'Descrição', 'Preço', 'Tamanhos e cores', 'Disponibilidade', 'Link'],
        [
          'Camiseta básica',
          'Camiseta gola careca 100% algodão.',
          '59,90',
          'P, M, G, GG; branca, preta, marinho',
          'Em estoque',
          'https://example.com/camiseta-basica',
        ],
      ],
    },
  ],
  es: [
    {
      name: 'Preguntas',
      rows: [
        ['Tema', 'Pregunta', 'Respuesta', 'Palabras clave'],
        [
          'Envío',
          '¿Cuánto tarda el envío?',
          'Los pedidos llegan en 3 a 7 días hábiles después de confirmar el pago.',
          'envío, plazo, entrega',
        ],
        [
          'Cambios',
          '¿Puedo cambiar un producto?',
          'Sí, hasta 30 días después de la entrega, sin uso y con etiqueta. Envíanos el número de pedido aquí.',
          'cambio, devolución',
        ],
      ],
    },
    {
      name: 'Productos',
      rows: [
        ['Producto', 'Descripción', 'Precio', 'Tallas y colores', 'Disponibilidad', 'Enlace'],
        [
          'Camiseta básica',
          'Camiseta de cuello redondo 100% algodón.',
          '19,90',
          'S, M, L, XL; blanca, negra, azul marino',
          'En stock',
          'https://example.com/camiseta-basica',
        ],
      ],
    },
  ],
};
