// What the template sender does when Meta refuses a send: Cloud API error codes (answered to the
// send request, or later in a `statuses[].errors[]` webhook) mapped to one outcome each. Waits come
// back as delays or dates for the job queue to schedule; nothing here sleeps, reads a clock or
// draws a random number of its own. Every outcome names a stable `reason` (domain/template-send.ts;
// the UI translates it, so a reason is never renamed) and keeps Meta's code when there was one. The
// codes and their meaning are those of Meta's "WhatsApp error codes" page and its per-user
// marketing limits, throughput and Graph API error handling pages, read 2026-11-29.
import type { ChannelReason, EndedReason, RetryReason, TemplateReason } from '@/domain/template-send';

/** An outcome that does not end the send: try again after `delayMs`, or no sooner than `notBefore`. */
export type SendRetry =
  | { kind: 'retry'; reason: RetryReason; delayMs: number; code?: number }
  | { kind: 'retry_next_day'; reason: 'per_user_marketing_limit'; notBefore: Date; code?: number };

/** An outcome that ends the send, with what else the sender must do for some of them. */
export type SendEnd =
  /** Retries ran out (attempts, time or days): recorded as a failure with the last cause. */
  | { kind: 'failed'; reason: RetryReason | 'per_user_marketing_limit'; code?: number }
  /** The contact stopped marketing messages: unsubscribe them from marketing at once. */
  | { kind: 'unsubscribe'; reason: 'marketing_opted_out'; code?: number }
  /** This send cannot go as it is; others are not affected. */
  | { kind: 'ended'; reason: EndedReason; code?: number }
  /** The template is unusable until the merchant fixes it: flag it; later sends of it wait. */
  | { kind: 'template_needs_attention'; reason: TemplateReason; code?: number }
  /** The number or its token is unusable: the channel turns 'needs attention'; its sends wait. */
  | { kind: 'channel_needs_attention'; reason: ChannelReason; code?: number };

export type SendOutcome = SendRetry | SendEnd;

type Backoff = { baseMs: number; capMs: number };

export type SendRetryPolicy = {
  /** 130429 (the number's throughput): the queue paces sends, so a refusal is brief. */
  throughput: Backoff;
  /** 131056 (the same business number to the same person too often). */
  pair: Backoff;
  /** 4, 80007, 613 (the app's or the business account's API rate limits) and 131048 (spam limit). */
  rateLimit: Backoff;
  /** 5xx, Meta's transient codes, no answer at all. */
  server: Backoff;
  /** Limits never end a send by its count of attempts, only after this long since the first one. */
  throttledGiveUpAfterMs: number;
  /** A server or network failure ends the send only this long after its first attempt (an outage waits). */
  serverGiveUpAfterMs: number;
  /** 131049: wait at least this long (Meta: "at least 24 hours"), on this many later UTC days at most. */
  perUserMarketingWaitMs: number;
  perUserMarketingMaxDays: number;
};

const SECOND = 1_000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export const defaultSendRetryPolicy: SendRetryPolicy = {
  throughput: { baseMs: SECOND, capMs: MINUTE },
  // Meta allows about one message every six seconds to one person: the first wait covers that.
  pair: { baseMs: 12 * SECOND, capMs: 5 * MINUTE },
  rateLimit: { baseMs: 5 * SECOND, capMs: 15 * MINUTE },
  // Most 5xx are one request's: the first retry comes back within half a second, later ones slower.
  server: { baseMs: SECOND / 2, capMs: 5 * MINUTE },
  throttledGiveUpAfterMs: DAY,
  serverGiveUpAfterMs: HOUR,
  perUserMarketingWaitMs: DAY,
  perUserMarketingMaxDays: 3,
};

export type SendErrorInput = {
  /** Meta's `error.code`; absent when there was no answer, or an answer that was not Graph's. */
  code?: number;
  /** Meta's `error.error_subcode`. */
  subcode?: number;
  /** The HTTP status of the send; absent for a network error or an error from a status webhook. */
  httpStatus?: number;
  /** A wait Meta asked for (a Retry-After header, or one read from its usage headers). */
  retryAfterMs?: number;
  /** The attempt that just failed: 1 for the first. */
  attempt: number;
  /** When the first attempt of this send was made. */
  firstAttemptAt: Date;
  now: Date;
  /** A number in [0, 1) for the jitter (Math.random in production, fixed in tests). */
  random: () => number;
  policy?: SendRetryPolicy;
};

type Rule =
  | { act: 'throttle'; reason: 'throughput_limited' | 'pair_rate_limited' | 'rate_limited' | 'spam_rate_limited' }
  | { act: 'server' }
  | { act: 'per_user_marketing' }
  | { act: 'unsubscribe' }
  | { act: 'ended'; reason: EndedReason }
  | { act: 'template'; reason: TemplateReason }
  | { act: 'channel'; reason: ChannelReason };

/** Meta's codes for a send, by what the sender does about them. */
export const sendErrorRules: ReadonlyMap<number, Rule> = new Map<number, Rule>([
  // Limits: wait and send again.
  [130429, { act: 'throttle', reason: 'throughput_limited' }],
  [131056, { act: 'throttle', reason: 'pair_rate_limited' }],
  [4, { act: 'throttle', reason: 'rate_limited' }],
  [613, { act: 'throttle', reason: 'rate_limited' }],
  [80007, { act: 'throttle', reason: 'rate_limited' }],
  [131048, { act: 'throttle', reason: 'spam_rate_limited' }],
  // Meta's side: unknown error, service down or overloaded, account in maintenance (throughput upgrade).
  [1, { act: 'server' }],
  [2, { act: 'server' }],
  [131000, { act: 'server' }],
  [131016, { act: 'server' }],
  [131057, { act: 'server' }],
  [133004, { act: 'server' }],
  // The person: the per-user marketing limit, and the opt-out from this business's marketing.
  [131049, { act: 'per_user_marketing' }],
  [131050, { act: 'unsubscribe' }],
  // This message cannot go.
  [131026, { act: 'ended', reason: 'undeliverable' }],
  [131047, { act: 'ended', reason: 'outside_service_window' }],
  [131051, { act: 'ended', reason: 'unsupported_message_type' }],
  [131052, { act: 'ended', reason: 'media_download_failed' }],
  [131053, { act: 'ended', reason: 'media_upload_failed' }],
  [100, { act: 'ended', reason: 'invalid_parameter' }],
  [131009, { act: 'ended', reason: 'invalid_parameter' }],
  [131008, { act: 'ended', reason: 'missing_parameter' }],
  [131021, { act: 'ended', reason: 'recipient_is_sender' }],
  [131030, { act: 'ended', reason: 'recipient_not_allowed' }],
  [130472, { act: 'ended', reason: 'marketing_experiment' }],
  [130497, { act: 'ended', reason: 'country_restricted' }],
  // The template.
  [132000, { act: 'template', reason: 'template_parameter_count_mismatch' }],
  [132012, { act: 'template', reason: 'template_parameter_format_mismatch' }],
  [132001, { act: 'template', reason: 'template_missing' }],
  [132015, { act: 'template', reason: 'template_paused' }],
  [132016, { act: 'template', reason: 'template_disabled' }],
  [132005, { act: 'template', reason: 'template_text_too_long' }],
  [132007, { act: 'template', reason: 'template_policy_violation' }],
  // The number, its token or its account.
  [190, { act: 'channel', reason: 'token_invalid' }],
  [0, { act: 'channel', reason: 'token_invalid' }],
  [3, { act: 'channel', reason: 'permission_denied' }],
  [10, { act: 'channel', reason: 'permission_denied' }],
  [131005, { act: 'channel', reason: 'permission_denied' }],
  [131031, { act: 'channel', reason: 'account_locked' }],
  [368, { act: 'channel', reason: 'account_restricted' }],
  [133010, { act: 'channel', reason: 'number_not_registered' }],
  [131045, { act: 'channel', reason: 'number_not_registered' }],
  [33, { act: 'channel', reason: 'number_not_found' }],
  [131042, { act: 'channel', reason: 'payment_issue' }],
  [131037, { act: 'channel', reason: 'display_name_not_approved' }],
]);

// Graph's subcodes of 190 for a token past its expiry date (the merchant renews it) and of 100 for
// an object id this token cannot see (here: the number).
const EXPIRED_TOKEN_SUBCODE = 463;
const UNKNOWN_OBJECT_SUBCODE = 33;

function ruleOf(code: number | undefined, subcode: number | undefined, httpStatus: number | undefined): Rule {
  if (code !== undefined) {
    if (code === 190 && subcode === EXPIRED_TOKEN_SUBCODE) return { act: 'channel', reason: 'token_expired' };
    if (code === 100 && subcode === UNKNOWN_OBJECT_SUBCODE) return { act: 'channel', reason: 'number_not_found' };
    // 200–299: Graph's API permission errors.
    if (code >= 200 && code <= 299) return { act: 'channel', reason: 'permission_denied' };
    const rule = sendErrorRules.get(code);
    if (rule) return rule;
  }
  if (httpStatus === undefined) return code === undefined ? { act: 'server' } : { act: 'ended', reason: 'refused_by_meta' };
  if (httpStatus >= 500) return { act: 'server' };
  if (httpStatus === 429) return { act: 'throttle', reason: 'rate_limited' };
  if (httpStatus === 401) return { act: 'channel', reason: 'token_invalid' };
  if (httpStatus === 403) return { act: 'channel', reason: 'permission_denied' };
  return { act: 'ended', reason: 'refused_by_meta' };
}

/**
 * Exponential backoff for the attempt that just failed (base, twice that, …, at most `capMs`),
 * with jitter: a delay drawn in [half, all] of it, so retries of many sends spread out but none
 * comes back sooner than half the wait. A wait Meta asked for is never shortened.
 */
export function backoffDelayMs(backoff: Backoff, attempt: number, random: () => number, retryAfterMs = 0): number {
  const exponent = Math.max(0, Math.min(attempt - 1, 30));
  const ceiling = Math.min(backoff.capMs, backoff.baseMs * 2 ** exponent);
  const r = Math.min(Math.max(random(), 0), 1);
  return Math.max(Math.round(ceiling / 2 + (ceiling / 2) * r), Math.max(0, retryAfterMs));
}

/** Whole UTC days from `from`'s day to `to`'s day. */
function utcDaysBetween(from: Date, to: Date): number {
  const dayOf = (at: Date) => Math.floor(at.getTime() / DAY);
  return dayOf(to) - dayOf(from);
}

/** The outcome with Meta's code, when there was one. */
function recorded<O extends SendOutcome>(outcome: O, code: number | undefined): O {
  return code === undefined ? outcome : { ...outcome, code };
}

/** What the sender does with a refused (or unanswered) send. */
export function outcomeOfSendError(input: SendErrorInput): SendOutcome {
  const policy = input.policy ?? defaultSendRetryPolicy;
  const { code, attempt, now } = input;
  const rule = ruleOf(code, input.subcode, input.httpStatus);

  switch (rule.act) {
    case 'throttle': {
      if (now.getTime() - input.firstAttemptAt.getTime() >= policy.throttledGiveUpAfterMs)
        return recorded({ kind: 'failed', reason: rule.reason }, code);
      const backoff =
        rule.reason === 'throughput_limited' ? policy.throughput : rule.reason === 'pair_rate_limited' ? policy.pair : policy.rateLimit;
      const delayMs = backoffDelayMs(backoff, attempt, input.random, input.retryAfterMs);
      return recorded({ kind: 'retry', reason: rule.reason, delayMs }, code);
    }
    case 'server': {
      const reason: RetryReason = code === undefined && input.httpStatus === undefined ? 'network_error' : 'meta_unavailable';
      if (now.getTime() - input.firstAttemptAt.getTime() >= policy.serverGiveUpAfterMs) return recorded({ kind: 'failed', reason }, code);
      return recorded({ kind: 'retry', reason, delayMs: backoffDelayMs(policy.server, attempt, input.random, input.retryAfterMs) }, code);
    }
    case 'per_user_marketing': {
      const notBefore = new Date(now.getTime() + policy.perUserMarketingWaitMs);
      if (utcDaysBetween(input.firstAttemptAt, notBefore) > policy.perUserMarketingMaxDays)
        return recorded({ kind: 'failed', reason: 'per_user_marketing_limit' }, code);
      return recorded({ kind: 'retry_next_day', reason: 'per_user_marketing_limit', notBefore }, code);
    }
    case 'unsubscribe':
      return recorded({ kind: 'unsubscribe', reason: 'marketing_opted_out' }, code);
    case 'ended':
      return recorded({ kind: 'ended', reason: rule.reason }, code);
    case 'template':
      return recorded({ kind: 'template_needs_attention', reason: rule.reason }, code);
    case 'channel':
      return recorded({ kind: 'channel_needs_attention', reason: rule.reason }, code);
  }
}
