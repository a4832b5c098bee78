// The merchant's inventories (GET /api/v1/inventories), for the Checkouts screen's choice of the
// inventory whose checkouts and recovery flow it shows.
import { inventoryListSchema, type Inventory } from '@/domain/inventory';
import type { ApiClient } from '@/src/api/api-client';

export function checkoutInventoriesApi(api: ApiClient) {
  return {
    list: async (signal?: AbortSignal): Promise<Inventory[]> =>
      (await api.get('/inventories', { schema: inventoryListSchema, ...(signal ? { signal } : {}) })).inventories,
  };
}
