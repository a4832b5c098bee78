// Each column's role guessed from its header, in Portuguese, English and Spanish, and from its
// first values. Privacy wins every tie: a header naming a cost, a margin, a supplier, what was paid
// or an internal note is private whatever else it says ('Preço de custo', 'Cost per item'), and an
// unnamed money column whose values sit below the price in most rows is taken for a cost. Only the
// first column of a one-of-a-kind role gets it (a second 'Price' column is 'other').
import type { ColumnRole } from '@/domain/knowledge-columns';
import { foldText } from '@/server/answering/blocked-terms';
import { parseMoney, type DecimalMark } from './money';

/** Folded words or phrases (matched as whole words) that give a header its role, checked in this order. */
const headerWords: readonly [ColumnRole | 'brand', readonly string[]][] = [
  [
    'private',
    [
      'custo',
      'custos',
      'cost',
      'costs',
      'costo',
      'costos',
      'cogs',
      'margem',
      'margin',
      'margen',
      'markup',
      'lucro',
      'profit',
      'ganancia',
      'fornecedor',
      'fornecedores',
      'supplier',
      'proveedor',
      'compra',
      'purchase',
      'pago',
      'paga',
      'pagamos',
      'pagou',
      'paid',
      'pagado',
      'interno',
      'interna',
      'internos',
      'internas',
      'internal',
      'privado',
      'privada',
      'private',
      'comissao',
      'commission',
      'comision',
      'wholesale',
      'atacado',
      'mayorista',
      'confidencial',
      'confidential',
    ],
  ],
  ['brand', ['marca', 'brand', 'vendor', 'fabricante', 'manufacturer']],
  [
    'compare_at_price',
    [
      'compare at',
      'compare at price',
      'preco de',
      'preco original',
      'preco antigo',
      'preco cheio',
      'precio anterior',
      'precio original',
      'original price',
      'old price',
      'list price',
      'msrp',
      'was price',
    ],
  ],
  ['price', ['preco', 'precos', 'price', 'precio', 'valor', 'pvp', 'venda', 'sale price', 'amount']],
  ['currency', ['moeda', 'currency', 'moneda', 'divisa']],
  [
    'stock',
    [
      'estoque',
      'stock',
      'inventory',
      'inventario',
      'quantidade',
      'qtd',
      'qty',
      'quantity',
      'cantidad',
      'disponivel',
      'disponibilidade',
      'availability',
      'available',
      'disponibilidad',
      'disponible',
      'existencias',
      'saldo',
    ],
  ],
  ['sku', ['sku', 'id', 'codigo', 'code', 'cod', 'ref', 'referencia', 'reference', 'ean', 'gtin', 'barcode', 'upc', 'mpn']],
  [
    'category',
    [
      'categoria',
      'category',
      'tipo',
      'type',
      'subcategoria',
      'subcategory',
      'departamento',
      'department',
      'secao',
      'seccion',
      'colecao',
      'collection',
      'coleccion',
      'familia',
      'grupo',
      'group',
      'genero',
      'linha',
    ],
  ],
  ['image', ['imagem', 'image', 'imagen', 'foto', 'fotos', 'photo', 'picture', 'img', 'thumbnail']],
  ['url', ['url', 'link', 'site', 'website', 'pagina', 'page', 'enlace']],
  ['question', ['pergunta', 'question', 'pregunta', 'duvida', 'faq']],
  ['answer', ['resposta', 'answer', 'respuesta']],
  [
    'description',
    [
      'descricao',
      'description',
      'descripcion',
      'detalhes',
      'details',
      'detalles',
      'body',
      'caracteristicas',
      'features',
      'resumo',
      'summary',
      'informacoes',
    ],
  ],
  ['name', ['nome', 'name', 'produto', 'product', 'title', 'titulo', 'nombre', 'item', 'articulo', 'artigo', 'modelo', 'model']],
];

/** Roles one column of a table holds at most; a second such column is 'other'. */
const oneOfAKind: ReadonlySet<ColumnRole> = new Set([
  'name',
  'description',
  'price',
  'compare_at_price',
  'currency',
  'stock',
  'sku',
  'question',
  'answer',
]);

const wordsOf = (text: string) => ` ${(foldText(text).match(/[\p{L}\p{N}]+/gu) ?? []).join(' ')} `;

/** The role a header names, or null when it names none ('Column 3', 'Fabricante' → brand is 'other'). */
export function roleOfHeader(header: string): ColumnRole | null {
  const words = wordsOf(header);
  for (const [role, list] of headerWords) {
    if (list.some((word) => words.includes(` ${word} `))) return role === 'brand' ? 'other' : role;
  }
  return null;
}

const IMAGE_URL = /^https?:\/\/\S+\.(?:jpe?g|png|gif|webp|avif|svg)(?:[?#]\S*)?$/i;
const URL = /^https?:\/\/\S+$/i;

/** The role values alone give a column with an unknown header: links, images. */
function roleOfValues(values: readonly string[]): ColumnRole | null {
  if (values.length === 0) return null;
  if (values.every((value) => IMAGE_URL.test(value))) return 'image';
  if (values.every((value) => URL.test(value))) return 'url';
  return null;
}

/** The decimal mark most of the sample's price-like cells use, or null when none shows one. */
export function decimalMarkOf(cells: readonly string[]): DecimalMark | null {
  let comma = 0;
  let dot = 0;
  for (const cell of cells) {
    if (/\d,\d{1,2}$/.test(cell.trim())) comma++;
    else if (/\d\.\d{1,2}$/.test(cell.trim())) dot++;
  }
  return comma === 0 && dot === 0 ? null : comma >= dot ? ',' : '.';
}

/**
 * Roles for a table's columns from its headers and first rows (`sample`: rows of cells, as many as
 * the importer read ahead).
 */
export function guessColumnRoles(headers: readonly string[], sample: readonly (readonly string[])[]): ColumnRole[] {
  const valuesOf = (index: number) => sample.map((row) => (row[index] ?? '').trim()).filter(Boolean);
  const roles = headers.map((header, index) => roleOfHeader(header) ?? roleOfValues(valuesOf(index)) ?? 'other');
  const taken = new Set<ColumnRole>();
  const settled = roles.map((role) => {
    if (!oneOfAKind.has(role)) return role;
    if (taken.has(role)) return 'other';
    taken.add(role);
    return role;
  });

  // An unnamed money column below the price in most rows is a cost until the merchant says otherwise.
  const priceAt = settled.indexOf('price');
  if (priceAt >= 0) {
    const mark = decimalMarkOf(valuesOf(priceAt));
    headers.forEach((header, index) => {
      if (settled[index] !== 'other' || roleOfHeader(header) === 'other') return;
      let compared = 0;
      let below = 0;
      for (const row of sample) {
        const price = parseMoney(row[priceAt] ?? '', mark);
        const value = parseMoney(row[index] ?? '', mark);
        if (!price || !value) continue;
        compared++;
        if (value.minor < price.minor) below++;
      }
      const rows = sample.filter((row) => (row[index] ?? '').trim()).length;
      if (compared >= Math.max(1, rows * 0.8) && below >= compared * 0.8 && looksLikeMoney(valuesOf(index))) settled[index] = 'private';
    });
  }
  return settled;
}

/** Cells written as amounts with cents ('10,69', '7.50') rather than counts or ids ('22', '873'). */
const looksLikeMoney = (values: readonly string[]) => values.filter((value) => /\d[.,]\d{1,2}$/.test(value)).length >= values.length * 0.5;
