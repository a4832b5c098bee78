// What a channel can be answered by, for the /channels screen (GET /api/v1/ai-bases and GET
// /api/v1/inventories): the names the list shows beside each number, and the connect form's choices.
import { aiBaseListSchema, type AiBase } from '@/domain/ai-base';
import { inventoryListSchema, type Inventory } from '@/domain/inventory';
import type { ApiClient } from '@/src/api/api-client';

export type ChannelChoices = { aiBases: AiBase[]; inventories: Inventory[] };

export function channelChoicesApi(api: ApiClient) {
  return {
    read: async (signal?: AbortSignal): Promise<ChannelChoices> => {
      const options = signal ? { signal } : {};
      const [{ aiBases }, { inventories }] = await Promise.all([
        api.get('/ai-bases', { schema: aiBaseListSchema, ...options }),
        api.get('/inventories', { schema: inventoryListSchema, ...options }),
      ]);
      return { aiBases, inventories };
    },
  };
}
