// The catalog page's search and filters (domain/catalog-filter.ts) over a small Brazilian store:
// accent- and case-blind words, category, inclusive price bounds in minor units, in stock only.
import { describe, expect, test } from 'vitest';
import { filterProducts, productTypesOf, type CatalogFilter } from '@/domain/catalog-filter';

const products = [
  {
    id: 'camisa',
    title: 'Camisa Azúl de Algodão',
    productType: 'Camisetas',
    variants: [
      { title: 'P / Azul', priceMinor: 5990, available: true },
      { title: 'M / Azul', priceMinor: 6490, available: true },
      { title: 'G / Preto', priceMinor: 6990, available: false },
    ],
  },
  { id: 'bolsa', title: 'Bolsa de Couro Legítimo', productType: null, variants: [{ title: '', priceMinor: 24900, available: true }] },
  { id: 'tenis', title: 'Tênis Corrida', productType: ' Calçados ', variants: [{ title: '42', priceMinor: 39990, available: false }] },
  { id: 'meia', title: 'Meia Esportiva', productType: 'acessórios', variants: [{ title: 'Única', priceMinor: null, available: true }] },
];

const none: CatalogFilter = { query: '', productType: null, minPrice: null, maxPrice: null, inStockOnly: false };
const ids = (filter: Partial<CatalogFilter>) => filterProducts(products, { ...none, ...filter }).map((product) => product.id);

describe('filterProducts', () => {
  test('without a filter, everything in the catalog’s order', () => {
    expect(ids({})).toEqual(['camisa', 'bolsa', 'tenis', 'meia']);
  });

  test('words match without regard to accents or case, in any order', () => {
    expect(ids({ query: 'camisa azul' })).toEqual(['camisa']);
    expect(ids({ query: 'AZUL camisa' })).toEqual(['camisa']);
    expect(ids({ query: 'algodao' })).toEqual(['camisa']);
    expect(ids({ query: 'tenis' })).toEqual(['tenis']);
    expect(ids({ query: 'legitimo COURO' })).toEqual(['bolsa']);
    expect(ids({ query: '   ' })).toHaveLength(4);
  });

  test('every word must match: the title, a variant title or the product type', () => {
    expect(ids({ query: 'camisa preto' })).toEqual(['camisa']); // a variant's title
    expect(ids({ query: 'camisetas' })).toEqual(['camisa']); // the product type
    expect(ids({ query: 'calcados corrida' })).toEqual(['tenis']);
    expect(ids({ query: 'camisa vermelha' })).toEqual([]);
  });

  test('by category (product type)', () => {
    expect(ids({ productType: 'Camisetas' })).toEqual(['camisa']);
    expect(ids({ productType: 'Calçados' })).toEqual(['tenis']);
    expect(ids({ productType: '' })).toHaveLength(4);
  });

  test('price bounds are inclusive, in minor units; a product matches through any variant', () => {
    expect(ids({ minPrice: 6990 })).toEqual(['camisa', 'bolsa', 'tenis']);
    expect(ids({ maxPrice: 5990 })).toEqual(['camisa']);
    expect(ids({ minPrice: 5990, maxPrice: 5990 })).toEqual(['camisa']);
    expect(ids({ minPrice: 6000, maxPrice: 6400 })).toEqual([]);
    expect(ids({ minPrice: 24900, maxPrice: 24900 })).toEqual(['bolsa']);
    expect(ids({ minPrice: 0 })).not.toContain('meia'); // no price: no match once a bound is set
  });

  test('in stock only leaves out sold-out products, and sold-out variants when combined with a price', () => {
    expect(ids({ inStockOnly: true })).toEqual(['camisa', 'bolsa', 'meia']);
    // The camisa's only variant at 69,90 is sold out.
    expect(ids({ inStockOnly: true, minPrice: 6900, maxPrice: 7000 })).toEqual([]);
    expect(ids({ inStockOnly: false, minPrice: 6900, maxPrice: 7000 })).toEqual(['camisa']);
  });

  test('filters combine', () => {
    expect(ids({ query: 'azul', productType: 'Camisetas', maxPrice: 6000, inStockOnly: true })).toEqual(['camisa']);
    expect(ids({ query: 'bolsa', productType: 'Camisetas' })).toEqual([]);
  });
});

describe('productTypesOf', () => {
  test('distinct, trimmed, no empties, sorted without regard to case or accents', () => {
    const more = [...products, { title: 'x', productType: 'Camisetas', variants: [] }, { title: 'y', productType: '  ', variants: [] }];
    expect(productTypesOf(more)).toEqual(['acessórios', 'Calçados', 'Camisetas']);
  });

  test('none when the store gives none', () => {
    expect(productTypesOf([{ title: 'x', productType: null, variants: [] }])).toEqual([]);
  });
});
