// The HTTP app (buildApp): the product API, the SPA and the public pages, with their security
// headers and error shape; in a worker process (PROCESS_ROLE=worker), only /healthz and /readyz.
// Background workers are not part of it: main.ts runs them (./workers.ts).
import Fastify, { type FastifyServerOptions } from 'fastify';
import helmet from '@fastify/helmet';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { ServerRenderer, ShopRenderer } from '../domain/public-pages';
import { firebaseAdminAuth } from './auth/firebase-admin-auth';
import { cachingVerifier } from './auth/token-cache';
import { firebaseTokenVerifier } from './auth/token-verifier';
import { parseConfig, type Config, type Env } from './config';
import type { Database } from './db/database';
import { clientErrorHandler, notFound, registerErrorHandling, toHttpError } from './http/error-handler';
import { cspDirectives } from './http/content-security-policy';
import { registerHealthRoutes } from './http/health-routes';
import { sendError } from './http/http-error';
import { registerOpenApi } from './http/openapi';
import { REQUEST_ID_HEADER, requestIdFor } from './http/request-id';
import { registerApiV1 } from './routes/api-v1';
import { registerStaticSpa } from './pages/static-spa';
import { MAX_KNOWLEDGE_FILE_BYTES } from '../domain/knowledge';
import { buildServices, type Services } from './services';
import { registerWhatsappWebhookRoutes } from './routes/whatsapp-webhook-routes';
import { registerShopifyWebhookRoutes } from './routes/shopify-webhook-routes';
import { requestWithoutQuery } from './http/request-log';
import { RECOVERY_QUEUE } from './checkouts/checkout-intake';

/** JSON bodies up to 1 MiB; the knowledge-file upload route sets its own (MAX_KNOWLEDGE_FILE_BYTES). */
export const BODY_LIMIT = 1024 * 1024;

export type AppOptions = {
  /** The environment, parsed here (once) when `config` is not given. */
  env?: Env;
  /** The configuration parsed at start (./config.ts). */
  config?: Config;
  /** The built SPA to serve; omitted in API-only tests. */
  distDir?: string;
  /** Renders the public pages instead of the server renderer built beside distDir (tests). */
  renderer?: (ServerRenderer & Partial<ShopRenderer>) | null;
  logger?: FastifyServerOptions['logger'];
  /**
   * The product API's database. With it the app serves /api/v1 (Firebase-authenticated, from
   * the config's FIREBASE_* and AUTH_TOKEN_CACHE_SECONDS settings) and the OpenAPI document;
   * without it, only the SPA, the runtime config and health (the PWA tests' deploy server).
   */
  database?: Database;
  /** The stores and keys built once for this process (./services.ts), shared with its workers; built here from the config when not given. */
  services?: Services;
  /**
   * Called when a request queued background work (a knowledge file): main.ts wakes this process's
   * workers (./workers.ts) with it. The app runs no worker itself; without them the jobs wait in
   * the queue for any process that does. `queue`, when given: only that queue's workers need to look;
   * `inMs`, when given: the work is due that long from now.
   */
  onWorkQueued?: (queue?: string, inMs?: number) => void;
};

export type RouteEntry = { method: string; url: string; public: boolean };

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route as registered (HEAD twins left out), for the tenancy test's completeness check. */
    registeredRoutes: RouteEntry[];
  }
}

export async function buildApp({
  env = {},
  config: given,
  distDir,
  renderer,
  logger = false,
  database,
  services,
  onWorkQueued = () => {},
}: AppOptions) {
  const config = given ?? parseConfig(env);
  const app = Fastify({
    // Requests are logged by path: a query string may hold a shopper's number or a token.
    logger: logger && typeof logger === 'object' ? { serializers: { req: requestWithoutQuery }, ...logger } : logger,
    trustProxy: config.trustProxy,
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

  const runtimeConfig = config.runtime;
  // Outside production a store on this machine is taken (the demo's), and so are its images.
  const csp = cspDirectives({ ...runtimeConfig, loopbackImages: !config.production });

  await app.register(helmet, {
    contentSecurityPolicy: { directives: { ...csp, 'upgrade-insecure-requests': null } },
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: config.production,
  });

  const shared = database ? (services ?? buildServices(database.db, config)) : null;
  registerHealthRoutes(app, database ?? null, shared?.files ?? null);
  // A worker process answers its orchestrator's health checks and nothing else.
  if (config.role === 'worker') {
    app.setNotFoundHandler(notFound);
    return app;
  }

  if (database) await registerOpenApi(app);
  app.get('/runtime-config.json', { schema: { hide: true } }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return runtimeConfig;
  });

  const storefront = shared?.storefront ?? null;
  if (database && shared) {
    if (shared.generatedSecretsKeyFile)
      app.log.warn(
        { file: shared.generatedSecretsKeyFile },
        'generated a secrets key for merchants’ tokens; set SECRETS_KEY in production',
      );
    const verifyToken = cachingVerifier(firebaseTokenVerifier(firebaseAdminAuth(config.auth)), { ttlMs: config.auth.tokenCacheTtlMs });
    await registerApiV1(app, {
      services: shared,
      verifyToken,
      leadRateLimit: config.leadRateLimit,
      knowledge: { maxFileBytes: MAX_KNOWLEDGE_FILE_BYTES, onQueued: onWorkQueued },
      meta: config.meta,
      whatsapp: config.whatsapp,
      allowLoopbackPeers: !config.production,
      syncNowIntervalMs: config.syncNowIntervalMs,
      ...(runtimeConfig.siteUrl ? { siteUrl: runtimeConfig.siteUrl } : {}),
    });
    // Meta's callback for connected WhatsApp numbers: public, outside /api/v1, its body kept raw for the signature.
    await registerWhatsappWebhookRoutes(app, {
      intake: shared.webhookIntake,
      contacts: shared.contacts,
      onQueued: onWorkQueued,
      onTemplateUpdates: async (updates) => void (await shared.templates.applyUpdates(updates)),
      onSendStatuses: (statuses) => shared.templateSender.statusesReceived(statuses),
      onShopperMessages: async (shoppers) => {
        if ((await shared.checkouts.shoppersWrote(shoppers)) > 0) onWorkQueued(RECOVERY_QUEUE);
      },
    });
    // The inventories' stores' order and checkout webhooks: public, beside Meta's, their bodies kept raw for the signature.
    await registerShopifyWebhookRoutes(app, {
      intake: shared.orderEvents.intake,
      recordCheckout: shared.checkouts.record,
      onQueued: onWorkQueued,
    });
  }

  if (distDir)
    await registerStaticSpa(app, {
      distDir,
      csp,
      siteUrl: runtimeConfig.siteUrl,
      renderer,
      renderThreads: config.renderThreads,
      ...(storefront ? { shop: { store: storefront, apiBaseUrl: runtimeConfig.apiBaseUrl } } : {}),
    });
  else app.setNotFoundHandler(notFound);
  return app;
}
