// 'Connect a WhatsApp number' on the API (POST /api/v1/channels): the server checks the token against
// the number on the Cloud API, saves the channel and answers its callback URL and verify token. Its
// refusals become the failures the channel-connect machine tells apart; `channelConnectActor` is the
// machine's `connect` on it.
import { fromPromise } from 'xstate';
import { channelWebhookSetupSchema, type ChannelWebhookSetup, type ConnectChannel } from '../../../../domain/channel';
import type { ChannelConnectFailure, ChannelConnectFailureKind } from '../../../../machines/channel-connect';
import type { ApiClient } from '../../../api/api-client';
import { isApiError, type ClientErrorCode } from '../../../api/api-errors';

const failureByCode = {
  whatsapp_token_invalid: 'token_invalid',
  // The token's message names the missing permission too; Meta asking us to wait is said as Meta not answering.
  whatsapp_permission_missing: 'token_invalid',
  whatsapp_throttled: 'unreachable',
  whatsapp_number_not_found: 'number_not_found',
  whatsapp_unreachable: 'unreachable',
  already_connected: 'already_connected',
  ai_base_not_active: 'ai_base_not_active',
  ai_base_not_found: 'ai_base_not_found',
  inventory_not_found: 'inventory_not_found',
} as const satisfies Partial<Record<ClientErrorCode, ChannelConnectFailureKind>>;
type RefusalCode = keyof typeof failureByCode;
const isRefusalCode = (code: string): code is RefusalCode => code in failureByCode;

/** An API error as the failure the flow acts on (a network error, or a 5xx, is `unknown`). */
export function channelConnectFailureFrom(error: unknown): ChannelConnectFailure {
  if (!isApiError(error)) return { kind: 'unknown' };
  if (error.code === 'validation_failed' && error.fields) return { kind: 'invalid', fields: error.fields };
  if (isRefusalCode(error.code)) return { kind: failureByCode[error.code], ...(error.fields ? { fields: error.fields } : {}) };
  return { kind: 'unknown' };
}

/** The form explains these itself: no generic toast beside them. */
const explains = ['validation_failed', ...(Object.keys(failureByCode) as RefusalCode[])] as const satisfies readonly ClientErrorCode[];

export function channelConnectApi(api: ApiClient) {
  return {
    connect: async (input: ConnectChannel): Promise<ChannelWebhookSetup> => {
      try {
        return await api.post('/channels', input, { schema: channelWebhookSetupSchema, explains });
      } catch (error) {
        throw channelConnectFailureFrom(error);
      }
    },
  };
}

/** The channel-connect machine's `connect` on the real API. */
export function channelConnectActor(api: ApiClient) {
  const channels = channelConnectApi(api);
  return fromPromise<ChannelWebhookSetup, ConnectChannel>(({ input }) => channels.connect(input));
}
