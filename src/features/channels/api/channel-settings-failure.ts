// Why a change on a channel's page failed (a new access token, a new verify token, another AI base or
// inventory), as the channel-settings machine tells it apart: the API's refusals by code, a channel
// gone (404), anything else (a network error, a 5xx) `unknown`. Shared by the three calls' files.
import type { ChannelSettingsFailure, ChannelSettingsFailureKind } from '../../../../machines/channel-settings';
import { isApiError, type ClientErrorCode } from '../../../api/api-errors';

const failureByCode = {
  whatsapp_token_invalid: 'token_invalid',
  whatsapp_permission_missing: 'permission_missing',
  whatsapp_number_not_found: 'number_not_found',
  // Meta asking us to wait is said as Meta not answering.
  whatsapp_throttled: 'unreachable',
  whatsapp_unreachable: 'unreachable',
  ai_base_not_active: 'ai_base_not_active',
  ai_base_not_found: 'ai_base_not_found',
  inventory_not_found: 'inventory_not_found',
} as const satisfies Partial<Record<ClientErrorCode, ChannelSettingsFailureKind>>;
type RefusalCode = keyof typeof failureByCode;
const isRefusalCode = (code: string): code is RefusalCode => code in failureByCode;

/** The page explains these itself: no generic toast beside them. */
export const channelSettingsExplains = [
  'validation_failed',
  'not_found',
  ...(Object.keys(failureByCode) as RefusalCode[]),
] as const satisfies readonly ClientErrorCode[];

/** An API error as the failure the flow acts on. */
export function channelSettingsFailureFrom(error: unknown): ChannelSettingsFailure {
  if (!isApiError(error)) return { kind: 'unknown' };
  const { status, code, fields } = error;
  if (status === 404) return { kind: 'not_found' };
  const kind: ChannelSettingsFailureKind = code === 'validation_failed' ? 'invalid' : isRefusalCode(code) ? failureByCode[code] : 'unknown';
  return fields && kind !== 'unknown' ? { kind, fields } : { kind };
}

/** A call's answer, or its rejection as a ChannelSettingsFailure. */
export async function channelSettingsCall<T>(call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (error) {
    throw channelSettingsFailureFrom(error);
  }
}
