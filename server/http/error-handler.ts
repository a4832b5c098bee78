// Every error leaves as `{ error: { code, message, fields? } }` with the right status: the
// client's mistakes as 4xx with what was wrong, ours as a 500 that names only the request id.
import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ApiErrorCode } from '@/domain/api-error';
import { dataExceptionError, loggableError } from './database-errors';
import { HttpError, sendError } from './http-error';

type Validation = NonNullable<FastifyError['validation']>;

const fastifyErrors: Record<string, { status: number; code: ApiErrorCode; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, code: 'invalid_json', message: 'The body is not valid JSON.' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, code: 'invalid_json', message: 'The body is empty but its content-type says JSON.' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, code: 'bad_request', message: 'The content-length does not match the body.' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, code: 'unsupported_media_type', message: 'This content-type is not accepted here.' },
  FST_ERR_BAD_URL: { status: 400, code: 'bad_request', message: 'The URL is malformed.' },
};

const codeForStatus: Record<number, ApiErrorCode> = {
  400: 'bad_request',
  401: 'unauthenticated',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  406: 'not_acceptable',
  408: 'request_timeout',
  409: 'conflict',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  429: 'too_many_requests',
};

/** Maps any thrown error to the HttpError the client gets. */
export function toHttpError(error: FastifyError | Error, bodyLimit: number): HttpError {
  if (error instanceof HttpError) return error;
  const fastifyError = error as FastifyError;
  if (fastifyError.validation) return validationError(fastifyError.validation, fastifyError.validationContext);
  if (fastifyError.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
    return new HttpError(413, 'payload_too_large', `The body is larger than the ${formatBytes(bodyLimit)} limit.`);
  }
  const known = fastifyError.code ? fastifyErrors[fastifyError.code] : undefined;
  if (known) return new HttpError(known.status, known.code, known.message);
  const dataException = dataExceptionError(error);
  if (dataException) return dataException;
  const status = fastifyError.statusCode;
  // Other 4xx come from Fastify and its plugins, whose messages describe the request, not us.
  if (status && status >= 400 && status < 500) return new HttpError(status, codeForStatus[status] ?? 'bad_request', error.message);
  return new HttpError(500, 'internal_error', 'Something went wrong on our side. The request id is in the x-request-id header.');
}

function validationError(issues: Validation, context: string | undefined): HttpError {
  const part = context === 'querystring' ? 'query string' : (context ?? 'request');
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const path = issue.instancePath.split('/').filter(Boolean).join('.');
    const unknownKeys = (issue.params as { keys?: unknown }).keys;
    if (issue.keyword === 'unrecognized_keys' && Array.isArray(unknownKeys)) {
      for (const key of unknownKeys) fields[path ? `${path}.${String(key)}` : String(key)] = 'Unknown field';
    } else {
      fields[path || (context ?? 'request')] ??= issue.message ?? 'Invalid value';
    }
  }
  return new HttpError(400, 'validation_failed', `The ${part} is not valid.`, { fields });
}

function formatBytes(bytes: number): string {
  return bytes % (1024 * 1024) === 0 ? `${bytes / (1024 * 1024)} MiB` : `${bytes} bytes`;
}

export function registerErrorHandling(app: FastifyInstance, bodyLimit: number) {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const httpError = toHttpError(error, bodyLimit);
    if (httpError.statusCode >= 500) request.log.error({ err: loggableError(error) }, 'request failed');
    else request.log.info({ code: httpError.code, status: httpError.statusCode }, httpError.message);
    return sendError(reply, httpError);
  });
}

/** The JSON 404 for any unknown route (the SPA keeps its own fallback for page routes). */
export function notFound(request: FastifyRequest, reply: FastifyReply) {
  const path = request.url.split('?')[0];
  return sendError(reply, HttpError.notFound(`No route ${request.method} ${path}`));
}

/**
 * Errors Node's HTTP parser meets before Fastify routes anything (a URL or headers past the size
 * limit, a request that timed out, bytes that are not HTTP): written on the socket in the API's
 * error shape, like every other answer, then the connection is closed.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Duplex) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, code, message]: [number, ApiErrorCode, string] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'request_header_fields_too_large', 'The URL or the headers are larger than the server takes.']
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'request_timeout', 'The request took too long to arrive.']
        : [400, 'bad_request', 'The request is not valid HTTP.'];
  const body = JSON.stringify({ error: { code, message } });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
