// /healthz: the process answers. /readyz: and so does its database (for load balancers).
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/database';
import { HttpError, sendError } from './http-error';

const PING_TIMEOUT_MS = 2_000;

export function registerHealthRoutes(app: FastifyInstance, database: Database | null) {
  app.get('/healthz', { schema: { hide: true } }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { status: 'ok' };
  });
  app.get('/readyz', { schema: { hide: true } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    if (!database) return { status: 'ok', database: 'none' };
    try {
      await withTimeout(database.ping(), PING_TIMEOUT_MS);
      return { status: 'ok', database: database.kind };
    } catch (error) {
      request.log.warn({ err: error }, 'database not ready');
      return sendError(reply, new HttpError(503, 'not_ready', 'The database does not answer.'));
    }
  });
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
