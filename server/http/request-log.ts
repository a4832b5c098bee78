// How a request is logged: Fastify's fields with the URL's path only. A query string may hold a
// shopper's number or name (a contacts search) or a verify token (Meta's webhook check), and logs
// carry ids and codes, never personal data or secrets.
import type { FastifyRequest } from 'fastify';

export const requestWithoutQuery = (request: FastifyRequest) => ({
  method: request.method,
  url: request.url.split('?')[0],
  host: request.host,
  remoteAddress: request.ip,
  remotePort: request.socket?.remotePort,
});

// Fastify types a log serializer as returning a string; pino takes any value.
export const requestLogSerializers = { req: requestWithoutQuery as unknown as (request: FastifyRequest) => string };
