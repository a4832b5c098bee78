// An error the API answers as `{ error: { code, message, fields? } }` with its status (and any
// headers it needs, such as a 429's Retry-After).
import type { FastifyReply } from 'fastify';
import type { ApiErrorBody, ApiErrorCode } from '@/domain/api-error';

type HttpErrorOptions = { fields?: Record<string, string>; headers?: Record<string, string>; cause?: unknown };

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ApiErrorCode,
    message: string,
    options: HttpErrorOptions = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'HttpError';
    this.fields = options.fields;
    this.headers = options.headers ?? {};
  }

  readonly fields: Record<string, string> | undefined;
  readonly headers: Readonly<Record<string, string>>;

  static unauthorized(code: ApiErrorCode, message: string) {
    return new HttpError(401, code, message);
  }

  static notFound(message = 'Not found') {
    return new HttpError(404, 'not_found', message);
  }

  body(): ApiErrorBody {
    return { error: { code: this.code, message: this.message, ...(this.fields ? { fields: this.fields } : {}) } };
  }
}

export function sendError(reply: FastifyReply, error: HttpError) {
  // Bearer auth failures say so, as RFC 6750 asks.
  if (error.statusCode === 401)
    reply.header('www-authenticate', `Bearer error="${error.code === 'unauthenticated' ? 'invalid_request' : 'invalid_token'}"`);
  return reply.code(error.statusCode).headers(error.headers).type('application/json; charset=utf-8').send(error.body());
}
