// What the template sender does with each of Meta's refusals (server/messaging/send-outcomes.ts):
// every code the issue and Meta's error page name, the waits with their jitter bounds and caps, the
// attempt and time limits after which a send fails with a recorded reason, the per-user marketing
// limit's next-day rule in UTC, and the default for codes nobody listed. Clock and random are fixed.
import { describe, expect, test } from 'vitest';
import { sendOutcomeReasons } from '@/domain/template-send';
import {
  backoffDelayMs,
  defaultSendRetryPolicy as policy,
  outcomeOfSendError,
  type SendErrorInput,
} from '@/server/messaging/send-outcomes';

const now = new Date('2026-03-10T15:00:00.000Z');
const base = { attempt: 1, firstAttemptAt: now, now, random: () => 0.5 } satisfies Omit<SendErrorInput, 'code'>;
const outcome = (change: Partial<SendErrorInput>) => outcomeOfSendError({ ...base, ...change });

describe('codes that end the send with a reason', () => {
  test.each([
    [131026, 'undeliverable'],
    [131047, 'outside_service_window'],
    [131051, 'unsupported_message_type'],
    [131052, 'media_download_failed'],
    [131053, 'media_upload_failed'],
    [100, 'invalid_parameter'],
    [131009, 'invalid_parameter'],
    [131008, 'missing_parameter'],
    [131021, 'recipient_is_sender'],
    [131030, 'recipient_not_allowed'],
    [130472, 'marketing_experiment'],
    [130497, 'country_restricted'],
  ])('%i ends it: %s', (code, reason) => {
    expect(outcome({ code, httpStatus: 400 })).toEqual({ kind: 'ended', reason, code });
  });

  test('131050 unsubscribes the contact from marketing and ends the send, from the answer or from a webhook', () => {
    expect(outcome({ code: 131050, httpStatus: 400 })).toEqual({ kind: 'unsubscribe', reason: 'marketing_opted_out', code: 131050 });
    expect(outcome({ code: 131050 })).toEqual({ kind: 'unsubscribe', reason: 'marketing_opted_out', code: 131050 });
  });

  test.each([
    [132000, 'template_parameter_count_mismatch'],
    [132012, 'template_parameter_format_mismatch'],
    [132001, 'template_missing'],
    [132015, 'template_paused'],
    [132016, 'template_disabled'],
    [132005, 'template_text_too_long'],
    [132007, 'template_policy_violation'],
  ])('%i flags the template: %s', (code, reason) => {
    expect(outcome({ code, httpStatus: code === 132001 ? 404 : 400 })).toEqual({ kind: 'template_needs_attention', reason, code });
  });

  test.each([
    [190, undefined, 401, 'token_invalid'],
    [190, 463, 401, 'token_expired'],
    [0, undefined, 401, 'token_invalid'],
    [3, undefined, 500, 'permission_denied'],
    [10, undefined, 403, 'permission_denied'],
    [200, undefined, 403, 'permission_denied'],
    [294, undefined, 403, 'permission_denied'],
    [131005, undefined, 403, 'permission_denied'],
    [131031, undefined, 403, 'account_locked'],
    [368, undefined, 403, 'account_restricted'],
    [133010, undefined, 400, 'number_not_registered'],
    [131045, undefined, 500, 'number_not_registered'],
    [33, undefined, 400, 'number_not_found'],
    [100, 33, 400, 'number_not_found'],
    [131042, undefined, 400, 'payment_issue'],
    [131037, undefined, 400, 'display_name_not_approved'],
  ])('%i (subcode %s) turns the channel to needs attention: %s', (code, subcode, httpStatus, reason) => {
    expect(outcome({ code, subcode, httpStatus })).toEqual({ kind: 'channel_needs_attention', reason, code });
  });

  test('an unknown code ends the send with the code recorded; the status alone decides when there is no code', () => {
    expect(outcome({ code: 135000, httpStatus: 400 })).toEqual({ kind: 'ended', reason: 'refused_by_meta', code: 135000 });
    expect(outcome({ code: 999_999 })).toEqual({ kind: 'ended', reason: 'refused_by_meta', code: 999_999 });
    expect(outcome({ httpStatus: 404 })).toEqual({ kind: 'ended', reason: 'refused_by_meta' });
    expect(outcome({ httpStatus: 401 })).toEqual({ kind: 'channel_needs_attention', reason: 'token_invalid' });
    expect(outcome({ httpStatus: 403 })).toEqual({ kind: 'channel_needs_attention', reason: 'permission_denied' });
    expect(outcome({ httpStatus: 429 })).toMatchObject({ kind: 'retry', reason: 'rate_limited' });
    expect(outcome({ code: 999_999, httpStatus: 503 })).toMatchObject({ kind: 'retry', reason: 'meta_unavailable', code: 999_999 });
  });

  test('every reason an outcome carries is one of the listed reasons', () => {
    const codes = [0, 1, 3, 4, 10, 33, 100, 190, 200, 368, 613, 80007, 130429, 130472, 130497, 131000, 131005, 131008, 131009, 131016];
    codes.push(131021, 131026, 131030, 131031, 131037, 131042, 131045, 131047, 131048, 131049, 131050, 131051, 131052, 131053);
    codes.push(131056, 131057, 132000, 132001, 132005, 132007, 132012, 132015, 132016, 133004, 133010, 135000);
    for (const code of codes) expect(sendOutcomeReasons).toContain(outcome({ code, httpStatus: 400 }).reason);
    expect(sendOutcomeReasons).toContain(outcome({}).reason);
  });
});

describe('limits: wait and retry', () => {
  test.each([
    [130429, 'throughput_limited', policy.throughput],
    [131056, 'pair_rate_limited', policy.pair],
    [4, 'rate_limited', policy.rateLimit],
    [613, 'rate_limited', policy.rateLimit],
    [80007, 'rate_limited', policy.rateLimit],
    [131048, 'spam_rate_limited', policy.rateLimit],
  ])('%i waits with its own backoff: %s', (code, reason, backoff) => {
    const first = outcome({ code, httpStatus: 400, random: () => 0 });
    expect(first).toEqual({ kind: 'retry', reason, delayMs: backoff.baseMs / 2, code });
    const third = outcome({ code, httpStatus: 400, attempt: 3, random: () => 0 });
    expect(third).toMatchObject({ delayMs: Math.min(backoff.capMs, backoff.baseMs * 4) / 2 });
  });

  test('the pair limit never comes back sooner than Meta’s one message per six seconds to a person', () => {
    expect(outcome({ code: 131056, httpStatus: 400, random: () => 0 })).toMatchObject({ delayMs: 6_000 });
  });

  test('a limit is not a reason to give up after some attempts: only a day after the first one', () => {
    expect(outcome({ code: 130429, httpStatus: 429, attempt: 500 })).toMatchObject({ kind: 'retry', reason: 'throughput_limited' });
    const dayLater = new Date(now.getTime() + policy.throttledGiveUpAfterMs);
    const justBefore = new Date(dayLater.getTime() - 1);
    expect(outcome({ code: 130429, attempt: 40, now: justBefore })).toMatchObject({ kind: 'retry' });
    expect(outcome({ code: 130429, attempt: 40, now: dayLater })).toEqual({ kind: 'failed', reason: 'throughput_limited', code: 130429 });
  });

  test('a wait Meta asked for is kept even above the cap', () => {
    expect(outcome({ code: 130429, retryAfterMs: 30_000, random: () => 0 })).toMatchObject({ delayMs: 30_000 });
    expect(outcome({ code: 130429, retryAfterMs: 10 * 60_000, attempt: 30 })).toMatchObject({ delayMs: 10 * 60_000 });
    expect(outcome({ code: 130429, retryAfterMs: 10, random: () => 0 })).toMatchObject({ delayMs: policy.throughput.baseMs / 2 });
  });
});

describe('jitter and backoff', () => {
  const backoff = { baseMs: 1_000, capMs: 60_000 };

  test('the delay lies between half and all of the exponential wait, and never past the cap', () => {
    for (let attempt = 1; attempt <= 40; attempt++) {
      const ceiling = Math.min(backoff.capMs, backoff.baseMs * 2 ** (attempt - 1));
      for (const r of [0, 0.25, 0.5, 0.999_999]) {
        const delay = backoffDelayMs(backoff, attempt, () => r);
        expect(delay).toBeGreaterThanOrEqual(ceiling / 2);
        expect(delay).toBeLessThanOrEqual(ceiling);
      }
    }
    expect(backoffDelayMs(backoff, 1, () => 0)).toBe(500);
    expect(backoffDelayMs(backoff, 1, () => 0.5)).toBe(750);
    expect(backoffDelayMs(backoff, 4, () => 0)).toBe(4_000);
    expect(backoffDelayMs(backoff, 1_000, () => 0.999_999)).toBe(60_000);
  });

  test('a random source out of range cannot push the delay out of its bounds', () => {
    expect(backoffDelayMs(backoff, 1, () => -3)).toBe(500);
    expect(backoffDelayMs(backoff, 1, () => 7)).toBe(1_000);
  });
});

describe('Meta’s side and the network: retry soon, then slower, until an hour has passed', () => {
  test.each([
    [{ httpStatus: 500 }, 'meta_unavailable'],
    [{ httpStatus: 502 }, 'meta_unavailable'],
    [{ code: 1, httpStatus: 400 }, 'meta_unavailable'],
    [{ code: 2, httpStatus: 503 }, 'meta_unavailable'],
    [{ code: 131000, httpStatus: 500 }, 'meta_unavailable'],
    [{ code: 131016, httpStatus: 500 }, 'meta_unavailable'],
    [{ code: 131057, httpStatus: 500 }, 'meta_unavailable'],
    [{ code: 133004, httpStatus: 503 }, 'meta_unavailable'],
    [{}, 'network_error'],
  ] as const)('%o retries: %s', (error, reason) => {
    const retry = outcome({ ...error, random: () => 0 });
    expect(retry).toMatchObject({ kind: 'retry', reason, delayMs: policy.server.baseMs / 2 });
    // Many attempts do not end it while Meta is down for less than the hour.
    const firstAttemptAt = new Date(now.getTime() - policy.serverGiveUpAfterMs + 1);
    expect(outcome({ ...error, attempt: 40, firstAttemptAt })).toMatchObject({ kind: 'retry', reason, delayMs: expect.any(Number) });
    const failed = outcome({ ...error, attempt: 2, firstAttemptAt: new Date(now.getTime() - policy.serverGiveUpAfterMs) });
    expect(failed).toEqual('code' in error ? { kind: 'failed', reason, code: error.code } : { kind: 'failed', reason });
  });

  test('the first retry comes back within a second; the waits grow to the cap', () => {
    expect(outcome({ httpStatus: 500, attempt: 1, random: () => 1 })).toMatchObject({ kind: 'retry', delayMs: policy.server.baseMs });
    expect(policy.server.baseMs).toBeLessThanOrEqual(1_000);
    expect(outcome({ httpStatus: 500, attempt: 40, random: () => 1 })).toMatchObject({ kind: 'retry', delayMs: policy.server.capMs });
  });

  test('a policy passed in sets how long an outage is waited out', () => {
    const minute = { ...policy, serverGiveUpAfterMs: 60_000 };
    const firstAttemptAt = new Date(now.getTime() - 59_999);
    expect(outcome({ httpStatus: 500, attempt: 9, firstAttemptAt, policy: minute })).toMatchObject({ kind: 'retry' });
    expect(outcome({ httpStatus: 500, attempt: 2, firstAttemptAt: new Date(now.getTime() - 60_000), policy: minute })).toEqual({
      kind: 'failed',
      reason: 'meta_unavailable',
    });
  });
});

describe('131049, the per-user marketing limit: the next day, for a few days', () => {
  test('the send waits a full day, which lands on the next UTC day even just before midnight', () => {
    const lateEvening = new Date('2026-03-10T23:59:00.000Z');
    expect(outcome({ code: 131049, firstAttemptAt: lateEvening, now: lateEvening })).toEqual({
      kind: 'retry_next_day',
      reason: 'per_user_marketing_limit',
      notBefore: new Date('2026-03-11T23:59:00.000Z'),
      code: 131049,
    });
  });

  test('it is retried on at most the set number of later UTC days, then fails with its reason', () => {
    const first = new Date('2026-03-10T09:00:00.000Z');
    const on = (day: number, time = '09:00:00') => new Date(`2026-03-${10 + day}T${time}.000Z`);
    expect(policy.perUserMarketingMaxDays).toBe(3);
    expect(outcome({ code: 131049, firstAttemptAt: first, now: on(0) })).toMatchObject({ notBefore: on(1) });
    expect(outcome({ code: 131049, firstAttemptAt: first, now: on(1), attempt: 2 })).toMatchObject({ notBefore: on(2) });
    expect(outcome({ code: 131049, firstAttemptAt: first, now: on(2), attempt: 3 })).toMatchObject({ notBefore: on(3) });
    expect(outcome({ code: 131049, firstAttemptAt: first, now: on(3), attempt: 4 })).toEqual({
      kind: 'failed',
      reason: 'per_user_marketing_limit',
      code: 131049,
    });
    // Counted in UTC days: a first attempt late on the 10th may still retry late on the 13th.
    const late = new Date('2026-03-10T23:00:00.000Z');
    expect(outcome({ code: 131049, firstAttemptAt: late, now: on(2, '23:00:00') })).toMatchObject({ kind: 'retry_next_day' });
    expect(outcome({ code: 131049, firstAttemptAt: late, now: on(3, '00:30:00') })).toMatchObject({ kind: 'failed' });
  });
});
