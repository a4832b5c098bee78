// The HTTP app (buildApp): the product API, the SPA and the public pages, with their security
// headers and error shape. Background workers are not part of it: main.ts runs them (./workers.ts).
import Fastify, { type FastifyServerOptions } from 'fastify';
import helmet from '@fastify/helmet';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { ServerRenderer, ShopRenderer } from '../domain/public-pages';
import { runtimeConfigFromEnv } from '../domain/runtime-config';
import { assertSafeForProduction, authConfigFromEnv } from './auth/auth-config';
import { firebaseAdminAuth } from './auth/firebase-admin-auth';
import { cachingVerifier, tokenCacheTtlMs } from './auth/token-cache';
import { firebaseTokenVerifier } from './auth/token-verifier';
import type { Database } from './db/database';
import { clientErrorHandler, notFound, registerErrorHandling, toHttpError } from './http/error-handler';
import { cspDirectives } from './http/content-security-policy';
import { registerHealthRoutes } from './http/health-routes';
import { sendError } from './http/http-error';
import { registerOpenApi } from './http/openapi';
import { REQUEST_ID_HEADER, requestIdFor } from './http/request-id';
import { llmConfigFromEnv } from './answering/llm-config';
import { registerApiV1 } from './routes/api-v1';
import { syncNowIntervalFromEnv } from './routes/inventory-routes';
import { leadRateLimitFromEnv } from './routes/lead-request-routes';
import { renderThreadsFromEnv } from './pages/render-pool';
import { registerStaticSpa } from './pages/static-spa';
import { MAX_KNOWLEDGE_FILE_BYTES } from '../domain/knowledge';
import { dataDirFromEnv } from './knowledge/upload-storage';
import { metaConfigFromEnv } from './inventories/meta-catalog';
import { buildServices, type Services } from './services';
import { cloudApiConfigFromEnv } from './channels/cloud-api-client';
import { registerWhatsappWebhookRoutes } from './routes/whatsapp-webhook-routes';

/** JSON bodies up to 1 MiB; the knowledge-file upload route sets its own (MAX_KNOWLEDGE_FILE_BYTES). */
export const BODY_LIMIT = 1024 * 1024;

export type AppOptions = {
  env: Record<string, string | undefined>;
  /** The built SPA to serve; omitted in API-only tests. */
  distDir?: string;
  /** Renders the public pages instead of the server renderer built beside distDir (tests). */
  renderer?: (ServerRenderer & Partial<ShopRenderer>) | null;
  logger?: FastifyServerOptions['logger'];
  /**
   * The product API's database. With it the app serves /api/v1 (Firebase-authenticated, from
   * the env's FIREBASE_* and AUTH_TOKEN_CACHE_SECONDS settings) and the OpenAPI document;
   * without it, only the SPA, the runtime config and health (the PWA tests' deploy server).
   */
  database?: Database;
  /** The stores and keys built once for this process (./services.ts), shared with its workers; built here from `env` when not given. */
  services?: Services;
  /**
   * Called when a request queued background work (a knowledge file): main.ts wakes this process's
   * workers (./workers.ts) with it. The app runs no worker itself; without them the jobs wait in
   * the queue for any process that does. `queue`, when given: only that queue's workers need to look.
   */
  onWorkQueued?: (queue?: string) => void;
};

export type RouteEntry = { method: string; url: string; public: boolean };

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route as registered (HEAD twins left out), for the tenancy test's completeness check. */
    registeredRoutes: RouteEntry[];
  }
}

export async function buildApp({ env, distDir, renderer, logger = false, database, services, onWorkQueued = () => {} }: AppOptions) {
  assertSafeForProduction(env);
  const app = Fastify({
    logger,
    trustProxy: trustProxyFromEnv(env),
    bodyLimit: BODY_LIMIT,
    requestIdHeader: false, // requestIdFor reads and vets x-request-id itself
    genReqId: requestIdFor,
    // Malformed URLs and the like, before any route runs: still our JSON shape.
    clientErrorHandler,
    frameworkErrors: (error, request, reply) => sendError(reply.header(REQUEST_ID_HEADER, request.id), toHttpError(error, BODY_LIMIT)),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const registeredRoutes: RouteEntry[] = [];
  app.decorate('registeredRoutes', registeredRoutes);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') registeredRoutes.push({ method, url: route.url, public: route.config?.public === true });
    }
  });

  app.addHook('onRequest', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
  });
  registerErrorHandling(app, BODY_LIMIT);

  const runtimeConfig = runtimeConfigFromEnv(env);
  // Outside production a store on this machine is taken (the demo's), and so are its images.
  const csp = cspDirectives({ ...runtimeConfig, loopbackImages: env.NODE_ENV !== 'production' });

  await app.register(helmet, {
    contentSecurityPolicy: { directives: { ...csp, 'upgrade-insecure-requests': null } },
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: env.NODE_ENV === 'production',
  });

  if (database) await registerOpenApi(app);

  registerHealthRoutes(app, database ?? null);
  app.get('/runtime-config.json', { schema: { hide: true } }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return runtimeConfig;
  });

  const shared = database ? (services ?? buildServices(database.db, env)) : null;
  const storefront = shared?.storefront ?? null;
  if (database && shared) {
    if (shared.generatedSecretsKeyFile)
      app.log.warn(
        { file: shared.generatedSecretsKeyFile },
        'generated a secrets key for merchants’ tokens; set SECRETS_KEY in production',
      );
    const verifyToken = cachingVerifier(firebaseTokenVerifier(firebaseAdminAuth(authConfigFromEnv(env))), { ttlMs: tokenCacheTtlMs(env) });
    // One store for the channel routes, the webhook and the WhatsApp worker: a change empties the webhook's cache of the channel at once.
    const { secrets, channels } = shared;
    await registerApiV1(app, {
      database,
      verifyToken,
      leadRateLimit: leadRateLimitFromEnv(env),
      knowledge: { dataDir: dataDirFromEnv(env), maxFileBytes: MAX_KNOWLEDGE_FILE_BYTES, onQueued: onWorkQueued },
      llm: llmConfigFromEnv(env),
      secrets,
      meta: metaConfigFromEnv(env),
      whatsapp: cloudApiConfigFromEnv(env),
      channels,
      allowLoopbackPeers: env.NODE_ENV !== 'production',
      syncNowIntervalMs: syncNowIntervalFromEnv(env),
      ...(storefront ? { storefront } : {}),
      ...(runtimeConfig.siteUrl ? { siteUrl: runtimeConfig.siteUrl } : {}),
    });
    // Meta's callback for connected WhatsApp numbers: public, outside /api/v1, its body kept raw for the signature.
    await registerWhatsappWebhookRoutes(app, { store: channels, onQueued: onWorkQueued });
  }

  if (distDir)
    await registerStaticSpa(app, {
      distDir,
      csp,
      siteUrl: runtimeConfig.siteUrl,
      renderer,
      renderThreads: renderThreadsFromEnv(env),
      ...(storefront ? { shop: { store: storefront, apiBaseUrl: runtimeConfig.apiBaseUrl } } : {}),
    });
  else app.setNotFoundHandler(notFound);
  return app;
}

/**
 * Behind a load balancer the client's address is in X-Forwarded-For, and only the proxy may say
 * so: TRUST_PROXY is `true` (any hop) or a comma-separated list of the proxies' addresses or
 * CIDRs (`127.0.0.1,10.0.0.0/8`). Unset: the socket's address, and the header is ignored.
 */
export function trustProxyFromEnv(env: Record<string, string | undefined>): boolean | string[] {
  const raw = env.TRUST_PROXY?.trim();
  if (!raw || raw === 'false') return false;
  if (raw === 'true') return true;
  return raw
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
}
