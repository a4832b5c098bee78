// /healthz: the process answers. /readyz: and so do what it needs to serve, for load balancers and
// rolling deploys: its database (holding every migration of this build) and, for a process with
// one, the object store's bucket. A 503 names what is not ready, never why (that goes to the log).
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/database';
import type { ObjectStore } from '../files/object-store';
import { HttpError, sendError } from './http-error';

const PING_TIMEOUT_MS = 2_000;

export function registerHealthRoutes(app: FastifyInstance, database: Database | null, files: ObjectStore | null = null) {
  app.get('/healthz', { schema: { hide: true } }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { status: 'ok' };
  });
  app.get('/readyz', { schema: { hide: true } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    if (!database) return { status: 'ok', database: 'none' };
    const [db, bucket] = await Promise.allSettled([
      withTimeout(database.ping(), PING_TIMEOUT_MS),
      files ? withTimeout(files.ping(), PING_TIMEOUT_MS) : Promise.resolve(),
    ]);
    if (db.status === 'rejected') {
      request.log.warn({ err: db.reason }, 'database not ready');
      return sendError(reply, new HttpError(503, 'not_ready', 'The database does not answer, or lacks migrations.'));
    }
    if (bucket.status === 'rejected') {
      request.log.warn({ err: bucket.reason }, 'object store not ready');
      return sendError(reply, new HttpError(503, 'not_ready', 'The object store does not answer.'));
    }
    return { status: 'ok', database: database.kind, ...(files ? { objectStore: 'ok' } : {}) };
  });
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
