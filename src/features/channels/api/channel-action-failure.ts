// Why pausing, resuming or disconnecting a channel failed, as the /channels screen tells it: the
// channel is gone (disconnected in another tab), its AI base cannot answer (switched off or
// deleted: resuming is refused), it waits for a new access token (pausing and resuming are refused),
// or anything else (a network error, a 5xx).
import { isApiError, type ClientErrorCode } from '@/src/api/api-errors';

export type ChannelActionFailure = 'not_found' | 'ai_base_not_active' | 'ai_base_not_found' | 'needs_access_token' | 'unknown';

export function channelActionFailureFrom(error: unknown): ChannelActionFailure {
  if (!isApiError(error)) return 'unknown';
  if (error.status === 404) return 'not_found';
  if (error.code === 'ai_base_not_active' || error.code === 'ai_base_not_found') return error.code;
  if (error.code === 'channel_needs_access_token') return 'needs_access_token';
  return 'unknown';
}

/** The screen explains these itself: no generic toast beside them. */
export const channelActionExplains = [
  'not_found',
  'ai_base_not_active',
  'ai_base_not_found',
  'channel_needs_access_token',
] as const satisfies readonly ClientErrorCode[];

/** A call's answer, or its rejection as a ChannelActionFailure. */
export async function channelAction<T>(call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (error) {
    throw channelActionFailureFrom(error);
  }
}
