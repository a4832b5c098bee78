// 'Connect a WhatsApp number' on the API (POST /api/v1/channels): the server checks the token against
// the number on the Cloud API, saves the channel and answers its callback URL and verify token. Its
// refusals become the failures the channel-connect machine tells apart; `channelConnectActor` is the
// machine's `connect` on it.
import { fromPromise } from 'xstate';
import { channelWebhookSetupSchema, type ChannelWebhookSetup, type ConnectChannel } from '@/domain/channel';
import type { ChannelConnectFailure } from '@/machines/channel-connect';
import type { ApiClient } from '@/src/api/api-client';
import { failureMap } from '@/src/api/failure-map';
import { channelRefusals } from './channel-refusals';

const failures = failureMap<ChannelConnectFailure>({
  // The token's message names the missing permission too.
  codes: { ...channelRefusals, whatsapp_permission_missing: 'token_invalid', already_connected: 'already_connected' },
});

/** An API error as the failure the flow acts on (a network error, or a 5xx, is `unknown`). */
export const channelConnectFailureFrom = failures.failureFrom;

export function channelConnectApi(api: ApiClient) {
  return {
    // The form explains the table's refusals itself: no generic toast beside them.
    connect: (input: ConnectChannel): Promise<ChannelWebhookSetup> =>
      failures.calling(api.post('/channels', input, { schema: channelWebhookSetupSchema, explains: failures.explains })),
  };
}

/** The channel-connect machine's `connect` on the real API. */
export function channelConnectActor(api: ApiClient) {
  const channels = channelConnectApi(api);
  return fromPromise<ChannelWebhookSetup, ConnectChannel>(({ input }) => channels.connect(input));
}
