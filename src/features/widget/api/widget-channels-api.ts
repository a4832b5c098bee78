// The numbers the widget may answer from (GET /api/v1/channels): the caller's connected WhatsApp
// numbers, as choices.
import { channelListSchema } from '@/domain/channel';
import type { WidgetChoice } from '@/machines/widget-config';
import type { ApiClient } from '@/src/api/api-client';

export function widgetChannelsApi(api: ApiClient) {
  return {
    list: async (signal?: AbortSignal): Promise<WidgetChoice[]> =>
      (await api.get('/channels', { schema: channelListSchema, ...(signal ? { signal } : {}) })).channels.map((channel) => ({
        id: channel.id,
        label: `${channel.displayPhoneNumber} (${channel.verifiedName})`,
      })),
  };
}
