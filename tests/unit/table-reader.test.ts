// Table files understood (server/knowledge/extraction): columns' roles guessed from pt/en/es
// headers and from values, private columns (cost, margin, supplier, what was paid) never in a
// passage, money read into minor units and written back per language, rows with a name and a
// price become products, and Shopify's product export becomes one product per handle with its
// variants, archived/draft/unpublished left out and counted.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import type { ColumnOverride, ProductFacts } from '@/domain/knowledge-columns';
import { guessColumnRoles, roleOfHeader } from '@/server/knowledge/extraction/column-roles';
import { formatMoney, parseMoney } from '@/server/knowledge/extraction/money';
import type { TablePassage } from '@/server/knowledge/extraction/table-cells';
import { tableReader } from '@/server/knowledge/extraction/table-reader';

const fixtures = join(import.meta.dirname, '../fixtures/knowledge');
const flat = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

function readTable(file: string, delimiter: string, overrides: ColumnOverride[] = [], language: 'pt_br' | 'en_us' | 'es' = 'pt_br') {
  const [headers = [], ...rows] = parse(readFileSync(join(fixtures, file), 'utf8'), { delimiter, bom: true }) as string[][];
  const reader = tableReader({ sheet: null, headers, sample: rows.slice(0, 20), overrides, language });
  const passages: TablePassage[] = [];
  rows.forEach((cells, index) => passages.push(...reader.row(cells, `row ${index + 2}`)));
  passages.push(...reader.end());
  return { reader, passages, rows };
}

describe('column roles from headers', () => {
  it.each([
    ['Nome do Produto', 'name'],
    ['Descricao do Produto', 'description'],
    ['Nome da Marca', 'other'],
    ['Preco Unitario', 'price'],
    ['Preço de custo', 'private'],
    ['Custo Unitario', 'private'],
    ['Cost per item', 'private'],
    ['costo', 'private'],
    ['Margem %', 'private'],
    ['Fornecedor', 'private'],
    ['Notas internas', 'private'],
    ['Precio', 'price'],
    ['Precio anterior', 'compare_at_price'],
    ['Compare At Price', 'compare_at_price'],
    ['Estoque', 'stock'],
    ['Existencias', 'stock'],
    ['SKU', 'sku'],
    ['Código de barras', 'sku'],
    ['Categoria', 'category'],
    ['Imagen', 'image'],
    ['Link do produto', 'url'],
    ['Pergunta', 'question'],
    ['Respuesta', 'answer'],
    ['Moeda', 'currency'],
    ['Title', 'name'],
    ['Cor', null],
  ] as const)('%s → %s', (header, role) => {
    expect(roleOfHeader(header)).toBe(role);
  });

  it('one name and one price per table: a second is "other"', () => {
    expect(guessColumnRoles(['Produto', 'Preço', 'Nome curto', 'Preço à vista'], [])).toEqual(['name', 'price', 'other', 'other']);
  });

  it('an unnamed money column below the price in most rows is private; counts and ids are not', () => {
    const sample = [
      ['Mouse', '12,50', '20,96', '873', '4'],
      ['Teclado', '31,00', '59,90', '874', '22'],
      ['Monitor', '402,10', '899,00', '875', '7'],
    ];
    expect(guessColumnRoles(['Produto', 'Vlr. base', 'Preço', 'Número', 'Unidades'], sample)).toEqual([
      'name',
      'private',
      'price',
      'other',
      'other',
    ]);
  });

  it('links and images from their values when the header says nothing', () => {
    const sample = [['https://loja.example/p/1', 'https://cdn.example/1.jpg']];
    expect(guessColumnRoles(['Column 1', 'Column 2'], sample)).toEqual(['url', 'image']);
  });
});

describe('money', () => {
  it.each([
    ['20,96', null, 2096],
    ['13', null, 1300],
    ['15.577,22', null, 1557722],
    ['1,234.50', null, 123450],
    ['1.299', null, 129900],
    ['1.299', '.', 130],
    ['R$ 7,9', null, 790],
    ['59.90', '.', 5990],
  ] as const)('%s (mark %s) → %i', (text, mark, minor) => {
    expect(parseMoney(text, mark)?.minor).toBe(minor);
  });

  it('knows the currency a cell names, and refuses what is not money', () => {
    expect(parseMoney('R$ 10,00')).toEqual({ minor: 1000, currency: 'BRL' });
    expect(parseMoney('10.00 EUR')).toEqual({ minor: 1000, currency: 'EUR' });
    for (const text of ['', 'abc', '1.22328E+11', '-5', '12/03/2024', '1.2.3', '10,']) expect(parseMoney(text)).toBeNull();
  });

  it('writes minor units for the shopper’s language', () => {
    expect(flat(formatMoney(29923, 'BRL', 'pt_br'))).toBe('R$ 299,23');
    expect(formatMoney(123450, 'USD', 'en_us')).toBe('$1,234.50');
    expect(flat(formatMoney(123450, null, 'es'))).toMatch(/^1\.?234,50$/);
  });
});

describe('a product table', () => {
  it('the cost column with an unusual header is private: in no passage, no fact, no sample', () => {
    const { reader, passages, rows } = readTable('unusual-cost-header.csv', ';');
    const costAt = reader.columns.findIndex((column) => column.header === 'Pagamos (un.)');
    expect(reader.columns[costAt]).toMatchObject({ role: 'private', sample: '' });
    expect(passages).toHaveLength(rows.length);
    const stored = JSON.stringify(passages);
    for (const row of rows) expect(stored).not.toContain(row[costAt]);
    expect(passages[0]).toMatchObject({
      source: 'row 2',
      content: 'Produto: Vaso de Cerâmica Fosco\nPreço: 200,32\nCódigo: CASA-101\nCor: Branco\nEstoque: 21',
      facts: {
        kind: 'product',
        name: 'Vaso de Cerâmica Fosco',
        priceMinor: 20032,
        currency: 'BRL',
        stock: 21,
        available: true,
        sku: 'CASA-101',
      },
    });
    expect(reader.notes()).toEqual({ products: rows.length });
  });

  it('the merchant’s roles win: a column marked private leaves the passages, a name chosen makes products', () => {
    const overrides: ColumnOverride[] = [
      { sheet: null, index: 2, role: 'private' },
      { sheet: null, index: 3, role: 'other' },
    ];
    const { reader, passages } = readTable('unusual-cost-header.csv', ';', overrides);
    expect(reader.columns[2]).toMatchObject({ header: 'Cor', role: 'private', guessed: 'other', sample: '' });
    expect(reader.columns[3]).toMatchObject({ header: 'Pagamos (un.)', role: 'other', guessed: 'private', sample: '94,39' });
    expect(passages[0]!.content).not.toContain('Branco');
    expect(passages[0]!.content).toContain('Pagamos (un.): 94,39');
  });

  it('a question-and-answer table: its answer cell is the fact', () => {
    const reader = tableReader({ sheet: null, headers: ['Pergunta', 'Resposta'], sample: [], overrides: [], language: 'pt_br' });
    expect(reader.row(['Qual o prazo de entrega?', '<p>Até <b>5 dias úteis</b>.</p>'], 'row 2')).toEqual([
      {
        source: 'row 2',
        content: 'Pergunta: Qual o prazo de entrega?\nResposta: Até 5 dias úteis.',
        facts: { kind: 'answer', question: 'Qual o prazo de entrega?', answer: 'Até 5 dias úteis.' },
      },
    ]);
  });
});

describe("Shopify's product export", () => {
  const { reader, passages } = readTable('shopify-products-export.csv', ',');
  const products = passages.map((passage) => passage.facts as ProductFacts);

  it('one product per handle, archived, draft and unpublished left out and counted, scientific numbers counted', () => {
    expect(products.map((product) => product.name)).toEqual([
      'Camiseta Básica de Algodão',
      'Caneca de Cerâmica 350 ml',
      'Mochila Urbana 20 L',
      'Tênis de Corrida Leve',
      'Garrafa Térmica 750 ml',
    ]);
    expect(passages.map((passage) => passage.source)).toEqual(['row 2', 'row 6', 'row 7', 'row 9', 'row 12']);
    expect(reader.notes()).toEqual({ products: 5, scientificNumbers: 3, skippedProducts: { archived: 1, draft: 1, unpublished: 1 } });
  });

  it('variants with their prices and stock; the lowest price is the product’s', () => {
    expect(products[0]).toMatchObject({
      priceMinor: 5990,
      compareAtMinor: 7990,
      currency: 'BRL',
      stock: 17,
      available: true,
      variants: [
        { title: 'P / Azul', priceMinor: 5990, sku: 'CAM-P-AZ', available: true },
        { title: 'M / Azul', priceMinor: 5990, sku: 'CAM-M-AZ', available: false },
        { title: 'G / Preta', priceMinor: 6490, sku: 'CAM-G-PR', available: true },
      ],
    });
    expect(products[3]).toMatchObject({ priceMinor: 32900, stock: 6, image: null });
  });

  it('Body (HTML) is text; cost, status, published and the other operational columns are in no passage; Excel’s 1.22328E+11 is kept as written', () => {
    const all = passages.map((passage) => passage.content).join('\n');
    expect(products[0]!.description).toBe('Camiseta de algodão penteado, 160 g/m².\n\n* Gola careca\n* Modelagem reta');
    expect(all).not.toMatch(/<\/?[a-z]+>/);
    for (const hidden of [
      'Cost per item',
      '23.17',
      '141.56',
      'Status',
      'Published',
      'Gift Card',
      'Variant Grams',
      'SEO Title',
      'deny',
      'archived',
    ]) {
      expect(all).not.toContain(hidden);
    }
    expect(all).toContain('Variant Barcode: 1.22328E+11');
    expect(reader.columns.find((column) => column.header === 'Cost per item')).toMatchObject({ role: 'private', sample: '' });
  });

  it('prices in dollars for an English base (the export names no currency)', () => {
    const { passages: english } = readTable('shopify-products-export.csv', ',', [], 'en_us');
    expect((english[0]!.facts as ProductFacts).currency).toBe('USD');
  });
});
