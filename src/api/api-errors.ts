import type { $ZodIssue } from 'zod/v4/core';
import { apiErrorBodySchema } from '../../domain/api-error';

/** The server answered 4xx/5xx. `code` is `unknown` when the body is not the API's error shape. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly code: string;
  readonly fields?: Record<string, string>;

  constructor(init: { status: number; code: string; message: string; fields?: Record<string, string> }) {
    super(init.message);
    this.status = init.status;
    this.code = init.code;
    if (init.fields) this.fields = init.fields;
  }

  /** Builds the error from a status and the raw response text (JSON, HTML, empty…). */
  static fromBody(status: number, bodyText: string | undefined): ApiError {
    const parsed = apiErrorBodySchema.safeParse(parseJson(bodyText));
    if (parsed.success) return new ApiError({ status, ...parsed.data.error });
    return new ApiError({ status, code: 'unknown', message: `Request failed with status ${status}` });
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
