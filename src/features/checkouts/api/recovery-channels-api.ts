// The connected WhatsApp numbers (GET /api/v1/channels), for the recovery flow: the numbers its
// reminders may go from.
import { channelListSchema, type Channel } from '@/domain/channel';
import type { ApiClient } from '@/src/api/api-client';

export function recoveryChannelsApi(api: ApiClient) {
  return {
    list: async (signal?: AbortSignal): Promise<Channel[]> =>
      (await api.get('/channels', { schema: channelListSchema, ...(signal ? { signal } : {}) })).channels,
  };
}
