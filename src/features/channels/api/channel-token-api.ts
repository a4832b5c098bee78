// A new access token for a channel (PUT /api/v1/channels/:id/token): the server checks it against the
// number with Meta before it keeps it, and a channel that needed attention for its token answers
// again. `channelTokenActor` is the channel-settings machine's `replaceToken` on it.
import { fromPromise } from 'xstate';
import { channelSchema, type Channel } from '@/domain/channel';
import type { ApiClient } from '@/src/api/api-client';
import { channelSettingsCall, channelSettingsExplains } from './channel-settings-failure';

export function channelTokenApi(api: ApiClient) {
  return {
    replace: (id: string, accessToken: string): Promise<Channel> =>
      channelSettingsCall(
        api.put(`/channels/${encodeURIComponent(id)}/token`, { accessToken }, { schema: channelSchema, explains: channelSettingsExplains }),
      ),
  };
}

export function channelTokenActor(api: ApiClient) {
  const channels = channelTokenApi(api);
  return fromPromise<Channel, { id: string; accessToken: string }>(({ input }) => channels.replace(input.id, input.accessToken));
}
