// The OpenAPI document at /api/docs/json, generated from the routes' zod schemas.
import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { API_PREFIX } from '../routes/api-prefix';

export const OPENAPI_PATH = '/api/docs/json';
/** The security scheme authenticated routes name in their `security`. */
export const FIREBASE_BEARER = 'firebaseIdToken';
/** The paths the document lists: the product API, and the webhooks Meta calls (/webhooks/whatsapp). */
export const DOCUMENTED_PREFIXES = [`${API_PREFIX}/`, '/webhooks/'] as const;

/** Register before the routes: the document collects them as they are added. */
export async function registerOpenApi(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Catalyst API', version: '1', description: 'The product API behind the Catalyst app.' },
      components: {
        securitySchemes: {
          [FIREBASE_BEARER]: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'JWT',
            description: 'A Firebase ID token of the signed-in user.',
          },
        },
      },
    },
    // The API's routes and the webhooks peers call: health, runtime config, the SPA's routes and static files stay out.
    transform: (document) =>
      DOCUMENTED_PREFIXES.some((prefix) => document.url.startsWith(prefix))
        ? jsonSchemaTransform(document)
        : { schema: { hide: true }, url: document.url },
  });
  app.get(OPENAPI_PATH, { schema: { hide: true } }, async (_request, reply) => {
    reply.header('cache-control', 'no-cache');
    return app.swagger();
  });
}
