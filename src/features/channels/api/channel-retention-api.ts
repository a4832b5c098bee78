// How many days a channel's conversations are kept (PUT /api/v1/channels/:id/retention, 7 to 365).
// `channelRetentionActor` is the channel-settings machine's `changeRetention` on it.
import { fromPromise } from 'xstate';
import { channelSchema, type Channel } from '@/domain/channel';
import type { ApiClient } from '@/src/api/api-client';
import { channelSettingsCall, channelSettingsExplains } from './channel-settings-failure';

export function channelRetentionApi(api: ApiClient) {
  return {
    change: (id: string, retentionDays: number): Promise<Channel> =>
      channelSettingsCall(
        api.put(
          `/channels/${encodeURIComponent(id)}/retention`,
          { retentionDays },
          { schema: channelSchema, explains: channelSettingsExplains },
        ),
      ),
  };
}

export function channelRetentionActor(api: ApiClient) {
  const channels = channelRetentionApi(api);
  return fromPromise<Channel, { id: string; retentionDays: number }>(({ input }) => channels.change(input.id, input.retentionDays));
}
