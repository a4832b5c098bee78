import { describe, expect, it } from 'vitest';
import { decideRetry, isRetryableMethod, isRetryableStatus, parseRetryAfter, type RetryInput } from '@/src/api/retry-policy';

const now = Date.parse('2030-01-01T00:00:00Z');
const base: RetryInput = { method: 'GET', status: 503, retryAfter: null, now, maxRetryDelayMs: 5000, defaultDelayMs: 300 };

describe('retry policy', () => {
  it('retries only safe methods, in any case', () => {
    for (const method of ['GET', 'HEAD', 'OPTIONS', 'get']) expect(isRetryableMethod(method), method).toBe(true);
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) expect(isRetryableMethod(method), method).toBe(false);
  });

  it('retries only transient statuses', () => {
    for (const status of [408, 409, 425, 429, 500, 502, 503, 504]) expect(isRetryableStatus(status), String(status)).toBe(true);
    for (const status of [200, 204, 304, 400, 401, 403, 404, 422, 501, 505]) expect(isRetryableStatus(status), String(status)).toBe(false);
  });

  it('parses Retry-After delta-seconds', () => {
    expect(parseRetryAfter('0', now)).toBe(0);
    expect(parseRetryAfter('3', now)).toBe(3000);
    expect(parseRetryAfter(' 120 ', now)).toBe(120_000);
  });

  it('parses Retry-After HTTP-dates relative to now, past dates as 0', () => {
    expect(parseRetryAfter(new Date(now + 2000).toUTCString(), now)).toBe(2000);
    expect(parseRetryAfter('Tue, 01 Jan 2030 00:00:04 GMT', now)).toBe(4000);
    expect(parseRetryAfter(new Date(now - 60_000).toUTCString(), now)).toBe(0);
  });

  it('treats absent or malformed Retry-After as null', () => {
    for (const value of [null, undefined, '', '  ', '-1', '1.5', 'soon', '2030-01-01'])
      expect(parseRetryAfter(value, now), String(value)).toBeNull();
  });

  it('uses the default delay without Retry-After', () => {
    expect(decideRetry(base)).toEqual({ retry: true, delayMs: 300 });
    expect(decideRetry({ ...base, retryAfter: 'garbage' })).toEqual({ retry: true, delayMs: 300 });
  });

  it('honours Retry-After up to and including the bound, refuses beyond it', () => {
    expect(decideRetry({ ...base, retryAfter: '2' })).toEqual({ retry: true, delayMs: 2000 });
    expect(decideRetry({ ...base, retryAfter: '5' })).toEqual({ retry: true, delayMs: 5000 });
    expect(decideRetry({ ...base, retryAfter: '6' })).toEqual({ retry: false });
    expect(decideRetry({ ...base, retryAfter: new Date(now + 60_000).toUTCString() })).toEqual({ retry: false });
    expect(decideRetry({ ...base, defaultDelayMs: 6000 })).toEqual({ retry: false });
  });

  it('never retries writes or non-transient statuses', () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) expect(decideRetry({ ...base, method })).toEqual({ retry: false });
    expect(decideRetry({ ...base, status: 404 })).toEqual({ retry: false });
    expect(decideRetry({ ...base, status: 200 })).toEqual({ retry: false });
  });
});
