// An error the API answers as `{ error: { code, message, fields? } }` with its status.
import type { FastifyReply } from 'fastify';
import type { ApiErrorBody } from '../../domain/api-error';

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    options: { fields?: Record<string, string>; cause?: unknown } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'HttpError';
    this.fields = options.fields;
  }

  readonly fields: Record<string, string> | undefined;

  static unauthorized(code: string, message: string) {
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
  return reply.code(error.statusCode).type('application/json; charset=utf-8').send(error.body());
}
