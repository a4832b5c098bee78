import type { $ZodIssue } from 'zod/v4/core';
import { apiErrorBodySchema, isApiErrorCode, type ApiErrorCode } from '@/domain/api-error';
import { parseRetryAfter } from './retry-policy';

/** An API error's code as the SPA sees it: one the API sends, or `unknown` (not the API's error shape, or a code this build does not know). */
export type ClientErrorCode = ApiErrorCode | 'unknown';

/** The server answered 4xx/5xx. `code` is `unknown` when the body is not the API's error shape or its code is not one of domain/api-error.ts's. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly code: ClientErrorCode;
  readonly fields?: Record<string, string>;
  /** The wait a 429 or 503 asked for (its Retry-After header), in whole seconds. */
  readonly retryAfterSeconds?: number;

  constructor(init: {
    status: number;
    code: ClientErrorCode;
    message: string;
    fields?: Record<string, string>;
    retryAfterSeconds?: number | undefined;
  }) {
    super(init.message);
    this.status = init.status;
    this.code = init.code;
    if (init.fields) this.fields = init.fields;
    if (init.retryAfterSeconds !== undefined) this.retryAfterSeconds = init.retryAfterSeconds;
  }

  /** Builds the error from a status, the raw response text (JSON, HTML, empty…) and its Retry-After header. */
  static fromBody(status: number, bodyText: string | undefined, retryAfter?: string | null): ApiError {
    const waitMs = parseRetryAfter(retryAfter, Date.now());
    const retryAfterSeconds = waitMs ? Math.ceil(waitMs / 1000) : undefined;
    const parsed = apiErrorBodySchema.safeParse(parseJson(bodyText));
    if (parsed.success) {
      const { code, ...error } = parsed.data.error;
      return new ApiError({ status, ...error, code: isApiErrorCode(code) ? code : 'unknown', retryAfterSeconds });
    }
    return new ApiError({ status, code: 'unknown', message: `Request failed with status ${status}`, retryAfterSeconds });
  }
}

/** The request never got an HTTP answer: connection refused, DNS failure, offline, CORS. */
export class NetworkError extends Error {
  override readonly name = 'NetworkError';

  constructor(cause: unknown) {
    super('Network request failed', { cause });
  }
}

/** The server answered 2xx, but the body is not JSON or does not match the expected schema. */
export class ResponseShapeError extends Error {
  override readonly name = 'ResponseShapeError';
  readonly status: number;
  readonly issues: readonly $ZodIssue[];

  constructor(status: number, issues: readonly $ZodIssue[], cause?: unknown) {
    super(`Unexpected response body (status ${status})`, { cause });
    this.status = status;
    this.issues = issues;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

export function isNetworkError(error: unknown): error is NetworkError {
  return error instanceof NetworkError;
}

export function isResponseShapeError(error: unknown): error is ResponseShapeError {
  return error instanceof ResponseShapeError;
}

function parseJson(text: string | undefined): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
