// The filters' choices (GET /api/v1/inventories, /ai-bases and /channels): the merchant's inventories,
// AI bases and WhatsApp numbers by name, for the dashboard's three filter selects.
import { aiBaseListSchema } from '@/domain/ai-base';
import { channelListSchema } from '@/domain/channel';
import { inventoryListSchema } from '@/domain/inventory';
import type { ApiClient } from '@/src/api/api-client';

export type FilterChoice = { id: string; name: string };
export type DashboardFilterChoices = { inventories: FilterChoice[]; aiBases: FilterChoice[]; channels: FilterChoice[] };

export function dashboardFiltersApi(api: ApiClient) {
  return {
    read: async (signal?: AbortSignal): Promise<DashboardFilterChoices> => {
      const options = signal ? { signal } : {};
      const [{ inventories }, { aiBases }, { channels }] = await Promise.all([
        api.get('/inventories', { schema: inventoryListSchema, ...options }),
        api.get('/ai-bases', { schema: aiBaseListSchema, ...options }),
        api.get('/channels', { schema: channelListSchema, ...options }),
      ]);
      return {
        inventories: inventories.map(({ id, name }) => ({ id, name })),
        aiBases: aiBases.map(({ id, name }) => ({ id, name })),
        channels: channels.map(({ id, displayPhoneNumber, verifiedName }) => ({
          id,
          name: verifiedName ? `${displayPhoneNumber} (${verifiedName})` : displayPhoneNumber,
        })),
      };
    },
  };
}
