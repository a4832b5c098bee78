// Another AI base (active only) or inventory (null: none) for a channel (PUT
// /api/v1/channels/:id/answering); a channel that waited for its AI base answers again.
// `channelAnsweringActor` is the channel-settings machine's `changeAnswering` on it.
import { fromPromise } from 'xstate';
import { channelSchema, type Channel, type ChannelAnswering } from '@/domain/channel';
import type { ApiClient } from '@/src/api/api-client';
import { channelSettingsCall, channelSettingsExplains } from './channel-settings-failure';

export function channelAnsweringApi(api: ApiClient) {
  return {
    change: (id: string, answering: ChannelAnswering): Promise<Channel> =>
      channelSettingsCall(
        api.put(`/channels/${encodeURIComponent(id)}/answering`, answering, { schema: channelSchema, explains: channelSettingsExplains }),
      ),
  };
}

export function channelAnsweringActor(api: ApiClient) {
  const channels = channelAnsweringApi(api);
  return fromPromise<Channel, { id: string } & ChannelAnswering>(({ input: { id, ...answering } }) => channels.change(id, answering));
}
