// A new webhook verify token for a channel (POST /api/v1/channels/:id/verify-token): answered this once
// with the callback URL to paste beside it in Meta's webhook settings; the old one stops verifying.
// `channelVerifyTokenActor` is the channel-settings machine's `rotateVerifyToken` on it.
import { fromPromise } from 'xstate';
import { channelWebhookSetupSchema, type ChannelWebhookSetup } from '@/domain/channel';
import type { ApiClient } from '@/src/api/api-client';
import { channelSettingsCall, channelSettingsExplains } from './channel-settings-failure';

export function channelVerifyTokenApi(api: ApiClient) {
  return {
    rotate: (id: string): Promise<ChannelWebhookSetup> =>
      channelSettingsCall(
        api.post(`/channels/${encodeURIComponent(id)}/verify-token`, undefined, {
          schema: channelWebhookSetupSchema,
          explains: channelSettingsExplains,
        }),
      ),
  };
}

export function channelVerifyTokenActor(api: ApiClient) {
  const channels = channelVerifyTokenApi(api);
  return fromPromise<ChannelWebhookSetup, { id: string }>(({ input }) => channels.rotate(input.id));
}
