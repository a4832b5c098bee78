// Keeps the account's time zone (PUT /api/v1/me/time-zone with `{ timeZone }`, an IANA zone): the
// dashboard cuts its days in it from then on. Answers the zone kept; a zone the server does not know
// is a 400 `validation_failed` with `fields.timeZone`, rejected as the machine's `invalid` failure
// (explained at the field: no generic toast), anything else as `unknown`.
import { fromPromise } from 'xstate';
import { accountTimeZoneSchema } from '@/domain/account';
import type { TimeZoneFailure } from '@/machines/account-time-zone';
import type { ApiClient } from '@/src/api/api-client';
import { isApiError } from '@/src/api/api-errors';

/** An API error as the failure the flow acts on. */
export function timeZoneFailureFrom(error: unknown): TimeZoneFailure {
  if (isApiError(error) && error.code === 'validation_failed')
    return error.fields ? { kind: 'invalid', fields: error.fields } : { kind: 'invalid' };
  return { kind: 'unknown' };
}

export async function saveTimeZone(api: ApiClient, timeZone: string): Promise<string> {
  try {
    const answer = await api.put('/me/time-zone', { timeZone }, { schema: accountTimeZoneSchema, explains: ['validation_failed'] });
    return answer.timeZone;
  } catch (error) {
    throw timeZoneFailureFrom(error);
  }
}

export function saveTimeZoneActor(api: ApiClient) {
  return fromPromise<string, { timeZone: string }>(({ input }) => saveTimeZone(api, input.timeZone));
}
