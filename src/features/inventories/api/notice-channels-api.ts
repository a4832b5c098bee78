// The connected WhatsApp numbers (GET /api/v1/channels), for the post-sale notices section of an
// inventory's screen: the numbers its notices may go from.
import { channelListSchema, type Channel } from '@/domain/channel';
import type { ApiClient } from '@/src/api/api-client';

export function noticeChannelsApi(api: ApiClient) {
  return {
    list: async (signal?: AbortSignal): Promise<Channel[]> =>
      (await api.get('/channels', { schema: channelListSchema, ...(signal ? { signal } : {}) })).channels,
  };
}
