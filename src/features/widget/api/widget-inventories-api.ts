// The inventories the widget's products and filter may come from (GET /api/v1/inventories), as choices.
import { inventoryListSchema } from '@/domain/inventory';
import type { WidgetChoice } from '@/machines/widget-config';
import type { ApiClient } from '@/src/api/api-client';

export function widgetInventoriesApi(api: ApiClient) {
  return {
    list: async (signal?: AbortSignal): Promise<WidgetChoice[]> =>
      (await api.get('/inventories', { schema: inventoryListSchema, ...(signal ? { signal } : {}) })).inventories.map((inventory) => ({
        id: inventory.id,
        label: inventory.name,
      })),
  };
}
