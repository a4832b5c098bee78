import Fastify, { type FastifyServerOptions } from 'fastify';
import helmet from '@fastify/helmet';
import { runtimeConfigFromEnv } from '../domain/runtime-config';
import { registerStaticSpa } from './spa/static-spa';

export type AppOptions = {
  env: Record<string, string | undefined>;
  /** The built SPA to serve; omitted in API-only tests. */
  distDir?: string;
  logger?: FastifyServerOptions['logger'];
};

export async function buildApp({ env, distDir, logger = false }: AppOptions) {
  const app = Fastify({ logger, requestIdHeader: 'x-request-id' });
  const runtimeConfig = runtimeConfigFromEnv(env);
  const connectSrc = ["'self'", 'https://*.googleapis.com', 'https://*.firebaseapp.com'];
  if (runtimeConfig.authEmulatorUrl) connectSrc.push(runtimeConfig.authEmulatorUrl);

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        'default-src': ["'self'"],
        'script-src': ["'self'"], // no inline scripts
        'style-src': ["'self'", "'unsafe-inline'"], // styled-components injects <style> tags
        'img-src': ["'self'", 'data:', 'blob:'],
        'connect-src': connectSrc,
        'font-src': ["'self'"],
        'worker-src': ["'self'"],
        'manifest-src': ["'self'"],
        'frame-ancestors': ["'none'"],
        'object-src': ["'none'"],
        'base-uri': ["'self'"],
        'form-action': ["'self'"],
        'upgrade-insecure-requests': null,
      },
    },
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: env.NODE_ENV === 'production',
  });

  app.get('/healthz', async () => ({ status: 'ok' }));
  app.get('/runtime-config.json', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return runtimeConfig;
  });

  if (distDir) await registerStaticSpa(app, distDir);
  return app;
}
