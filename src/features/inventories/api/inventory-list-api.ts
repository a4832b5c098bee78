// The inventories list of the API (GET /api/v1/inventories, server/routes/inventory-routes.ts) for
// the /inventories screen: the caller's inventories, oldest first, parsed with the shared schema.
import { inventoryListSchema, type Inventory } from '@/domain/inventory';
import type { ApiClient } from '@/src/api/api-client';

export function inventoryListApi(api: ApiClient) {
  return {
    list: async (signal?: AbortSignal): Promise<Inventory[]> =>
      (await api.get('/inventories', { schema: inventoryListSchema, ...(signal ? { signal } : {}) })).inventories,
  };
}
