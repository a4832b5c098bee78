// src/api/failure-map.ts: one table of the API's refusals gives a flow its failures, the codes its
// screen explains, and the wrapper its calls reject through. Then the channel flows' two tables.
import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from '@/src/api/api-errors';
import { failureMap } from '@/src/api/failure-map';
import { channelConnectFailureFrom } from '@/src/features/channels/api/channel-connect-api';
import { channelSettingsExplains, channelSettingsFailureFrom } from '@/src/features/channels/api/channel-settings-failure';

type TestFailure = { kind: 'invalid' | 'conflict' | 'gone' | 'unknown'; fields?: Record<string, string> };
const refusal = (status: number, code: ConstructorParameters<typeof ApiError>[0]['code'], fields?: Record<string, string>) =>
  new ApiError({ status, code, message: 'refused', ...(fields && { fields }) });

const failures = failureMap<TestFailure>({ codes: { validation_failed: 'invalid', version_conflict: 'conflict' }, notFound: 'gone' });

describe('failureMap', () => {
  it("turns a code of the table into its kind, with the error's fields", () => {
    expect(failures.failureFrom(refusal(409, 'version_conflict'))).toEqual({ kind: 'conflict' });
    expect(failures.failureFrom(refusal(400, 'validation_failed', { name: 'name_required' }))).toEqual({
      kind: 'invalid',
      fields: { name: 'name_required' },
    });
  });

  it('reads any 404 as the notFound kind, whatever its code', () => {
    expect(failures.failureFrom(refusal(404, 'not_found'))).toEqual({ kind: 'gone' });
    expect(failures.failureFrom(refusal(404, 'unknown'))).toEqual({ kind: 'gone' });
  });

  it('reads the rest as unknown: a code not in the table, a 5xx, no answer at all, a validation_failed without fields', () => {
    for (const error of [
      refusal(403, 'plan_limit'),
      refusal(503, 'unknown'),
      new NetworkError(new TypeError('fetch failed')),
      new Error('boom'),
      refusal(400, 'validation_failed'),
    ])
      expect(failures.failureFrom(error)).toEqual({ kind: 'unknown' });
    // Without a notFound kind a 404 is one more code.
    expect(failureMap<TestFailure>({ codes: { version_conflict: 'conflict' } }).failureFrom(refusal(404, 'not_found'))).toEqual({
      kind: 'unknown',
    });
  });

  it("explains the table's codes, and not_found when a 404 has a kind", () => {
    expect([...failures.explains].sort()).toEqual(['not_found', 'validation_failed', 'version_conflict']);
    expect(failureMap<TestFailure>({ codes: { version_conflict: 'conflict' } }).explains).toEqual(['version_conflict']);
  });

  it("rejects a call's refusal as the failure, and answers what the call answered", async () => {
    await expect(failures.calling(Promise.resolve(7))).resolves.toBe(7);
    await expect(failures.calling(Promise.reject(refusal(409, 'version_conflict')))).rejects.toEqual({ kind: 'conflict' });
  });
});

describe("the channel flows' refusals", () => {
  it('name a missing permission as its own kind on the channel page, and as the token refused when connecting', () => {
    expect(channelSettingsFailureFrom(refusal(400, 'whatsapp_permission_missing'))).toEqual({ kind: 'permission_missing' });
    expect(channelConnectFailureFrom(refusal(400, 'whatsapp_permission_missing'))).toEqual({ kind: 'token_invalid' });
  });

  it("say Meta asking to wait as Meta not answering, in both flows, with the refusal's fields", () => {
    const fields = { accessToken: 'channel.token_invalid' };
    for (const failureFrom of [channelSettingsFailureFrom, channelConnectFailureFrom]) {
      expect(failureFrom(refusal(503, 'whatsapp_throttled'))).toEqual({ kind: 'unreachable' });
      expect(failureFrom(refusal(400, 'whatsapp_token_invalid', fields))).toEqual({ kind: 'token_invalid', fields });
    }
  });

  it('read a channel gone (404) as not_found on its page; connecting knows no such failure', () => {
    expect(channelSettingsFailureFrom(refusal(404, 'not_found'))).toEqual({ kind: 'not_found' });
    expect(channelSettingsExplains).toContain('not_found');
    expect(channelConnectFailureFrom(refusal(404, 'not_found'))).toEqual({ kind: 'unknown' });
    expect(channelConnectFailureFrom(refusal(409, 'already_connected'))).toEqual({ kind: 'already_connected' });
  });
});
