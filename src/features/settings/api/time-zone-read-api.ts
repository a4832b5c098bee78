// The account's time zone as GET /api/v1/me answers it (`timeZone`, null until the merchant saves
// one). `loadTimeZoneActor` is the account-time-zone machine's `loadTimeZone` on it; a failed read
// is the machine's `loadFailed` (the API client's toast says a 4xx/5xx).
import { fromPromise } from 'xstate';
import { meResponseSchema } from '@/domain/account';
import type { ApiClient } from '@/src/api/api-client';

export async function readTimeZone(api: ApiClient, signal?: AbortSignal): Promise<string | null> {
  const me = await api.get('/me', { schema: meResponseSchema, ...(signal ? { signal } : {}) });
  return me.timeZone;
}

export function loadTimeZoneActor(api: ApiClient) {
  return fromPromise<string | null>(({ signal }) => readTimeZone(api, signal));
}
