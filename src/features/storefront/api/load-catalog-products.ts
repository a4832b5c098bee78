// GET /{lang}/c/{publicId}/products.json: the catalog's whole product list, in the page's language.
// The catalog page carries only the products it shows first; it asks for the rest once it is up,
// and search, filters, 'Show more' and the saved cart wait for them.
import type { Locale } from '@/domain/locales';
import { catalogProductsUrl, type ShopProductView } from '../shop-page-data';

export async function loadCatalogProducts(locale: Locale, publicId: string): Promise<ShopProductView[]> {
  const response = await fetch(catalogProductsUrl(locale, publicId), { headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`The catalog's products answered ${response.status}`);
  const body = (await response.json()) as { products?: unknown };
  if (!Array.isArray(body.products)) throw new Error("The catalog's products came without a list");
  return body.products as ShopProductView[];
}
