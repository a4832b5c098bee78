// Request ids: a caller's (or proxy's) `x-request-id` is kept when it looks like an id, else a
// new UUID; either way it is in every log line of the request and echoed on the response.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

export const REQUEST_ID_HEADER = 'x-request-id';

// Short, printable, no spaces or quotes: safe to log and to echo in a header.
const acceptable = /^[A-Za-z0-9._:@/+=-]{1,128}$/;

export function requestIdFor(request: IncomingMessage): string {
  const given = request.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && acceptable.test(given) ? given : randomUUID();
}
