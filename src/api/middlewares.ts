import type { ConfiguredMiddleware } from 'wretch';
import { decideRetry } from './retry-policy';

/**
 * Sets `Authorization: Bearer <ID token>` on every attempt. A middleware rather than `.auth()`
 * because the token provider is async (Firebase refreshes expired tokens), and wretch's `.defer`
 * is synchronous. Signed out (null) sends `Bearer ` — but fetch normalises header values by
 * stripping trailing whitespace (Fetch spec, in browsers and Node alike), so the wire carries `Bearer`.
 */
export function bearerAuth(getIdToken: () => Promise<string | null>): ConfiguredMiddleware {
  return (next) => async (url, opts) => {
    const token = await getIdToken();
    const headers = new Headers(opts.headers);
    headers.set('Authorization', `Bearer ${token ?? ''}`);
    return next(url, { ...opts, headers });
  };
}

export interface RetryOnceOptions {
  maxRetryDelayMs: number;
  defaultDelayMs: number;
  now: () => number;
  /** Waits before the retry; rejects with the signal's reason on abort. Default: a timer. */
  wait?: (ms: number, signal: AbortSignal | null | undefined) => Promise<void>;
}

/**
 * Retries a failed request at most once, as `decideRetry` says (safe methods, transient statuses,
 * Retry-After within a bound). Not wretch's own `retry` middleware: it computes the wait before
 * seeing the response (`delayRamp(delayTimer, attempt)`), so honouring Retry-After would mean
 * sleeping inside `onRetry`, and a rejection there (an abort during the wait) leaves the request
 * pending forever; refusing a too-long Retry-After would also need a second copy of the rules in `until`.
 */
export function retryOnce(options: RetryOnceOptions): ConfiguredMiddleware {
  const wait = options.wait ?? sleep;
  return (next) => async (url, opts) => {
    const first = await next(url, opts);
    if (first.ok) return first;
    const decision = decideRetry({
      method: opts.method ?? 'GET',
      status: first.status,
      retryAfter: first.headers.get('retry-after'),
      now: options.now(),
      maxRetryDelayMs: options.maxRetryDelayMs,
      defaultDelayMs: options.defaultDelayMs,
    });
    if (!decision.retry) return first;
    // Discard the failed body so the connection is released during the wait.
    await first.body?.cancel().catch(() => undefined);
    await wait(decision.delayMs, opts.signal);
    return next(url, opts);
  };
}

function sleep(ms: number, signal: AbortSignal | null | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
