// Pure retry rules for the API client: which requests may retry, and how long to wait.

/** Methods that never change server state, so sending them twice is harmless. */
const retryableMethods: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Statuses that usually mean "try again shortly": timeouts, conflicts, rate limits, gateway trouble. */
const retryableStatuses: ReadonlySet<number> = new Set([408, 409, 425, 429, 500, 502, 503, 504]);

export function isRetryableMethod(method: string): boolean {
  return retryableMethods.has(method.toUpperCase());
}

export function isRetryableStatus(status: number): boolean {
  return retryableStatuses.has(status);
}

/**
 * Parses a `Retry-After` value (delta-seconds or HTTP-date) into milliseconds from `now`.
 * Returns null when absent or unparseable; a date in the past yields 0.
 */
export function parseRetryAfter(value: string | null | undefined, now: number): number | null {
  const trimmed = value?.trim();
  if (!trimmed) return null;
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  // Only try dates for values that contain letters, so "1.5" or "-3" is not read as a year.
  if (!/[a-z]/i.test(trimmed)) return null;
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

export interface RetryInput {
  method: string;
  status: number;
  retryAfter: string | null;
  now: number;
  /** Longest wait we accept; a server asking for more gets no retry. */
  maxRetryDelayMs: number;
  /** Wait used when the server sends no (usable) Retry-After. */
  defaultDelayMs: number;
}

export type RetryDecision = { retry: false } | { retry: true; delayMs: number };

/** Decides whether one failed attempt should be retried, and after how long. */
export function decideRetry(input: RetryInput): RetryDecision {
  if (!isRetryableMethod(input.method) || !isRetryableStatus(input.status)) return { retry: false };
  const delayMs = parseRetryAfter(input.retryAfter, input.now) ?? input.defaultDelayMs;
  return delayMs <= input.maxRetryDelayMs ? { retry: true, delayMs } : { retry: false };
}
