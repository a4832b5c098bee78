// The catalog page's search and filters ('CATALYST FILTER'), run in the shopper's browser over the
// whole catalog: words in any order, accents and case ignored; category; price range; in stock.
// Plain structural types, so the page's product views fit without this file knowing them.

export type FilterableVariant = { title: string; priceMinor: number | null; available: boolean };
export type FilterableProduct = { title: string; productType: string | null; variants: readonly FilterableVariant[] };

export type CatalogFilter = {
  query: string;
  /** A product type of productTypesOf; null or '' for any. */
  productType: string | null;
  /** Inclusive bounds in the currency's minor units; null for none. */
  minPrice: number | null;
  maxPrice: number | null;
  inStockOnly: boolean;
};

/** Lower case without accents: 'Camisa Azúl' → 'camisa azul'. */
export const foldText = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

// What a product's words are, folded once per product (a catalog page filters on each keystroke).
const haystacks = new WeakMap<FilterableProduct, string>();
function haystackOf(product: FilterableProduct): string {
  let text = haystacks.get(product);
  if (text === undefined) {
    text = foldText([product.title, product.productType ?? '', ...product.variants.map((variant) => variant.title)].join('\n'));
    haystacks.set(product, text);
  }
  return text;
}

/**
 * The products that match: every word of the query is in the title, a variant's title or the
 * product type; and, with a price bound or 'in stock only', one variant meets them all at once
 * (a product in stock only in a size above the range does not match).
 */
export function filterProducts<P extends FilterableProduct>(products: readonly P[], filter: CatalogFilter): P[] {
  const words = foldText(filter.query).split(/\s+/).filter(Boolean);
  const { productType, minPrice, maxPrice, inStockOnly } = filter;
  const byVariant = minPrice !== null || maxPrice !== null || inStockOnly;
  const variantFits = (variant: FilterableVariant) =>
    (!inStockOnly || variant.available) &&
    (minPrice === null || (variant.priceMinor !== null && variant.priceMinor >= minPrice)) &&
    (maxPrice === null || (variant.priceMinor !== null && variant.priceMinor <= maxPrice));
  return products.filter(
    (product) =>
      (!productType || product.productType?.trim() === productType) &&
      (!byVariant || product.variants.some(variantFits)) &&
      words.every((word) => haystackOf(product).includes(word)),
  );
}

/** The catalog's categories: distinct product types, trimmed, no empties, sorted without regard to case or accents. */
export function productTypesOf(products: readonly FilterableProduct[]): string[] {
  const types = new Set<string>();
  for (const product of products) if (product.productType?.trim()) types.add(product.productType.trim());
  // A fixed order (not localeCompare): the server and every browser sort alike, so hydration matches.
  const key = (type: string) => foldText(type) + '\0' + type;
  return [...types].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
}
