// The public origin of the site, for links the server writes (a cart summary URL, a page's
// canonical address): SITE_URL when set, else the origin the request was made to.
import type { FastifyRequest } from 'fastify';

// A Host header is the client's to write: only a plain host[:port] makes an origin.
const PLAIN_HOST = /^(?:[a-z0-9-]+(?:\.[a-z0-9-]+)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/** SITE_URL, else the origin the request was made to (behind a trusted proxy, the forwarded one). */
export function siteOrigin(request: FastifyRequest, siteUrl: string | undefined): string {
  if (siteUrl) return siteUrl;
  return PLAIN_HOST.test(request.host) ? `${request.protocol}://${request.host}` : 'http://localhost';
}
