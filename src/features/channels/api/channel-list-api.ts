// The channels list of the API (GET /api/v1/channels) for the /channels screen: the caller's
// connected WhatsApp numbers, parsed with the shared schema.
import { channelListSchema, type Channel } from '@/domain/channel';
import type { ApiClient } from '@/src/api/api-client';

export function channelListApi(api: ApiClient) {
  return {
    list: async (signal?: AbortSignal): Promise<Channel[]> =>
      (await api.get('/channels', { schema: channelListSchema, ...(signal ? { signal } : {}) })).channels,
  };
}
