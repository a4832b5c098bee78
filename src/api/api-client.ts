import wretch from 'wretch';
import QueryStringAddon from 'wretch/addons/queryString';
// zod's core (not the classic API) keeps the boot bundle small; any zod schema works here.
import { safeParse, type $ZodType, type output } from 'zod/v4/core';
import { ApiError, NetworkError, ResponseShapeError, type ClientErrorCode } from './api-errors';
import { bearerAuth, retryOnce } from './middlewares';

export interface ApiClientOptions {
  /** From /runtime-config.json: `/api/v1` (same origin) or an absolute URL. */
  baseUrl: string;
  /** The signed-in user's Firebase ID token, or null when signed out. */
  getIdToken: () => Promise<string | null>;
  /** Called once per final 4xx/5xx response (after any retry) no caller explains, e.g. to show a toast. */
  onHttpError?: (error: ApiError) => void;
  /** Longest Retry-After we wait for; longer asks fail at once. Default 5000. */
  maxRetryDelayMs?: number;
  /** Wait before the retry when the server sends no Retry-After. Default 300. */
  defaultRetryDelayMs?: number;
  /** Clock for Retry-After HTTP-dates; injectable for tests. Default Date.now. */
  now?: () => number;
  /** Waits before a retry (tests record the wait instead of racing a timer). Default: a timer. */
  wait?: (ms: number, signal: AbortSignal | null | undefined) => Promise<void>;
}

type QueryValue = string | number | boolean | null | undefined;
/** Query parameters; null/undefined entries are omitted, arrays repeat the key. */
export type Query = Record<string, QueryValue | readonly QueryValue[]>;

export interface RequestOptions {
  signal?: AbortSignal;
  /**
   * The refusals the caller's screen explains itself (a conflict, the plan's limit, a field error):
   * they reach the caller without `onHttpError`, so no generic toast stands beside the explanation.
   */
  explains?: readonly ClientErrorCode[];
}

export interface GetOptions extends RequestOptions {
  query?: Query;
}

/** With a zod `schema` the result is validated (else ResponseShapeError) and typed by the schema. */
export interface GetMethod {
  <S extends $ZodType>(path: string, options: GetOptions & { schema: S }): Promise<output<S>>;
  <T = unknown>(path: string, options?: GetOptions): Promise<T>;
}

/** Sends `body` as JSON when given (DELETE usually has none). */
export interface WriteMethod {
  <S extends $ZodType>(path: string, body: unknown, options: RequestOptions & { schema: S }): Promise<output<S>>;
  <T = unknown>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
}

export interface ApiClient {
  get: GetMethod;
  post: WriteMethod;
  put: WriteMethod;
  patch: WriteMethod;
  delete: WriteMethod;
}

interface SendOptions extends GetOptions {
  body?: unknown;
  schema?: $ZodType;
}

export function createApiClient(options: ApiClientOptions): ApiClient {
  const { onHttpError } = options;
  const api = wretch(options.baseUrl.replace(/\/+$/, ''))
    .addon(QueryStringAddon)
    .accept('application/json')
    // Read error bodies as text: we parse them ourselves, whatever their content-type.
    .errorType('text')
    // Retry wraps auth, so each attempt asks for a (possibly refreshed) token.
    .middlewares([
      retryOnce({
        maxRetryDelayMs: options.maxRetryDelayMs ?? 5000,
        defaultDelayMs: options.defaultRetryDelayMs ?? 300,
        now: options.now ?? Date.now,
        wait: options.wait,
      }),
      bearerAuth(options.getIdToken),
    ])
    .catcherFallback((error: unknown) => {
      throw toClientError(error);
    });

  function send<T>(method: string, path: string, { body, query, signal, schema, explains }: SendOptions = {}): Promise<T> {
    let request = api.url(path.startsWith('/') ? path : `/${path}`);
    if (query) request = request.query(query, false, true);
    if (signal) request = request.options({ signal });
    // wretch types `.json` as taking an object, but it JSON.stringifies any value.
    if (body !== undefined) request = request.json(body as object);
    return request
      .fetch(method)
      .res((response) => readBody(response, schema))
      .catch((error: unknown) => {
        if (error instanceof ApiError && !explains?.includes(error.code)) onHttpError?.(error);
        throw error;
      }) as Promise<T>;
  }

  return {
    get: (path: string, opts?: GetOptions & { schema?: $ZodType }) => send('GET', path, opts),
    post: (path: string, body?: unknown, opts?: RequestOptions) => send('POST', path, { ...opts, body }),
    put: (path: string, body?: unknown, opts?: RequestOptions) => send('PUT', path, { ...opts, body }),
    patch: (path: string, body?: unknown, opts?: RequestOptions) => send('PATCH', path, { ...opts, body }),
    delete: (path: string, body?: unknown, opts?: RequestOptions) => send('DELETE', path, { ...opts, body }),
  };
}

/** Maps what wretch throws onto our typed errors; anything else (aborts, shape errors) passes through. */
function toClientError(error: unknown): unknown {
  if (error instanceof wretch.WretchError) return ApiError.fromBody(error.status, error.text, error.response?.headers.get('retry-after'));
  // fetch rejects with a TypeError when no HTTP response arrives; aborts are DOMExceptions.
  if (error instanceof TypeError) return new NetworkError(error);
  return error;
}

/** Parses a 2xx body: empty (204, HEAD) → undefined, else JSON, then the optional schema. */
async function readBody(response: Response, schema: $ZodType | undefined): Promise<unknown> {
  const text = await response.text();
  let data: unknown;
  try {
    data = text ? JSON.parse(text) : undefined;
  } catch (cause) {
    throw new ResponseShapeError(response.status, [], cause);
  }
  if (!schema) return data;
  const parsed = safeParse(schema, data);
  if (!parsed.success) throw new ResponseShapeError(response.status, parsed.error.issues);
  return parsed.data;
}
