// Disconnect a channel (DELETE /api/v1/channels/:id): the number and its conversations leave
// Catalyst. Rejects with a ChannelActionFailure (`not_found`: already disconnected).
import type { ApiClient } from '@/src/api/api-client';
import { channelAction, channelActionExplains } from './channel-action-failure';

export function channelDisconnectApi(api: ApiClient) {
  return {
    disconnect: (id: string): Promise<void> =>
      channelAction(api.delete<void>(`/channels/${encodeURIComponent(id)}`, undefined, { explains: channelActionExplains })),
  };
}
