// Every /api/v1 route needs `Authorization: Bearer <Firebase ID token>` unless its route config
// says `public: true`. The verified caller is `request.principal`.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from '../http/http-error';
import type { Principal, TokenVerifier } from './token-verifier';

declare module 'fastify' {
  interface FastifyRequest {
    /** The verified caller on authenticated routes; null on public ones. */
    principal: Principal | null;
  }
  interface FastifyContextConfig {
    /** Skips authentication: routes that hold nothing of anyone's (the lead forms, the knowledge template). */
    public?: boolean;
  }
}

// header.payload.signature, base64url; the emulator's tokens have an empty signature.
const JWT_SHAPE = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*$/;

export function bearerToken(header: string | undefined): string {
  if (!header) {
    throw HttpError.unauthorized('unauthenticated', 'This route needs an "Authorization: Bearer <Firebase ID token>" header.');
  }
  const [scheme, token, ...rest] = header.trim().split(/\s+/);
  if (scheme?.toLowerCase() !== 'bearer') {
    throw HttpError.unauthorized('unauthenticated', 'The Authorization header must use the Bearer scheme with a Firebase ID token.');
  }
  if (!token || rest.length > 0 || token.length > 8_192 || !JWT_SHAPE.test(token)) {
    throw HttpError.unauthorized('invalid_token', 'The bearer token is not a Firebase ID token.');
  }
  return token;
}

export function registerBearerAuth(app: FastifyInstance, verify: TokenVerifier) {
  app.decorateRequest('principal', null);
  app.addHook('onRequest', async (request: FastifyRequest) => {
    // Unknown routes answer 404 to everyone: the OpenAPI document lists the real ones anyway.
    if (request.is404 || request.routeOptions.config.public) return;
    request.principal = await verify(bearerToken(request.headers.authorization));
  });
}

/** The caller of an authenticated route (the hook above guarantees one). */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw new Error(`No principal on ${request.method} ${request.url}: is the route marked public?`);
  return request.principal;
}
