// The products route of the API (GET /api/v1/inventories/:id/products?page=&q=) for the inventory
// screen's products table: a page of the products the last good sync left, optionally searched
// (title, variant, SKU, retailer id), parsed with the shared schema.
import { productsPageSchema } from '@/domain/inventory-sync';
import type { ApiClient } from '@/src/api/api-client';
import type { InventoryProductsPage, InventoryProductsQuery } from '@/machines/inventory-sync';

export function inventoryProductsApi(api: ApiClient) {
  return {
    page: (id: string, { page, q }: InventoryProductsQuery, signal?: AbortSignal): Promise<InventoryProductsPage> =>
      api.get(`/inventories/${encodeURIComponent(id)}/products`, {
        // An empty search is no search: the parameter is left out.
        query: { page, q: q || undefined },
        schema: productsPageSchema,
        explains: ['not_found', 'validation_failed', 'internal_error', 'unknown'],
        ...(signal ? { signal } : {}),
      }),
  };
}
