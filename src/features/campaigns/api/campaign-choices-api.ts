// What the wizard's steps choose from: the connected numbers (GET /api/v1/channels), their templates as
// Catalyst last read them from Meta (GET /templates), the inventories (GET /inventories: a catalog link
// opens one's catalog page) and the account's time zone (GET /me: a time is a wall-clock time there).
import { meResponseSchema } from '@/domain/account';
import { channelListSchema, type Channel } from '@/domain/channel';
import { inventoryListSchema, type Inventory } from '@/domain/inventory';
import { templateListSchema, type TemplateAccount } from '@/domain/message-template';
import type { ApiClient } from '@/src/api/api-client';

export function campaignChoicesApi(api: ApiClient) {
  const options = (signal?: AbortSignal) => (signal ? { signal } : {});
  return {
    channels: async (signal?: AbortSignal): Promise<Channel[]> =>
      (await api.get('/channels', { schema: channelListSchema, ...options(signal) })).channels,
    templates: async (signal?: AbortSignal): Promise<TemplateAccount[]> =>
      (await api.get('/templates', { schema: templateListSchema, ...options(signal) })).accounts,
    inventories: async (signal?: AbortSignal): Promise<Inventory[]> =>
      (await api.get('/inventories', { schema: inventoryListSchema, ...options(signal) })).inventories,
    timeZone: async (signal?: AbortSignal): Promise<string | null> =>
      (await api.get('/me', { schema: meResponseSchema, ...options(signal) })).timeZone,
  };
}
