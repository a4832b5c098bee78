// zod/mini: parsed before the SPA renders, in its boot bundle.
import * as z from 'zod/mini';

/** What the SPA reads from /runtime-config.json before it renders: one build, every environment. */
export const firebaseWebConfigSchema = z.object({
  apiKey: z.string(),
  authDomain: z.string(),
  projectId: z.string(),
  storageBucket: z.string(),
  messagingSenderId: z.string(),
  appId: z.string(),
  measurementId: z.string(),
});

/** ORDER_POLL_SECONDS when unset (the server's and `vite` dev's default). */
export const DEFAULT_ORDER_POLL_SECONDS = 300;

export const runtimeConfigSchema = z.object({
  apiBaseUrl: z.string(),
  firebase: firebaseWebConfigSchema,
  authEmulatorUrl: z.optional(z.url()),
  /** The public origin (SITE_URL) written into canonical, hreflang and Open Graph URLs; absent: the page's own origin. */
  siteUrl: z.optional(z.url()),
  /**
   * How many seconds apart the orders of a store without webhooks are read (ORDER_POLL_SECONDS): the
   * screens say so. Defaulted, so an SPA still reads the config of a server from before it.
   */
  orderPollSeconds: z._default(z.int().check(z.positive()), DEFAULT_ORDER_POLL_SECONDS),
});

export type RuntimeConfig = z.infer<typeof runtimeConfigSchema>;

type Env = Record<string, string | undefined>;

/** Assembles the runtime config from environment variables (documented in the README). */
export function runtimeConfigFromEnv(env: Env): RuntimeConfig {
  const projectId = env.FIREBASE_PROJECT_ID ?? 'demo-catalyst';
  const emulatorHost = env.FIREBASE_AUTH_EMULATOR_HOST;
  return runtimeConfigSchema.parse({
    apiBaseUrl: env.API_BASE_URL ?? '/api/v1',
    firebase: {
      apiKey: env.FIREBASE_API_KEY ?? 'demo-api-key',
      authDomain: env.FIREBASE_AUTH_DOMAIN ?? `${projectId}.firebaseapp.com`,
      projectId,
      storageBucket: env.FIREBASE_STORAGE_BUCKET ?? `${projectId}.appspot.com`,
      messagingSenderId: env.FIREBASE_MESSAGING_SENDER_ID ?? '000000000000',
      appId: env.FIREBASE_APP_ID ?? `1:000000000000:web:${projectId}`,
      measurementId: env.FIREBASE_MEASUREMENT_ID ?? '',
    },
    // The server passes its parsed ORDER_POLL_SECONDS; the schema refuses one that is not a positive whole number.
    orderPollSeconds: Number(env.ORDER_POLL_SECONDS ?? DEFAULT_ORDER_POLL_SECONDS),
    ...(emulatorHost ? { authEmulatorUrl: `http://${emulatorHost}` } : {}),
    ...(env.SITE_URL ? { siteUrl: siteOrigin(env.SITE_URL) } : {}),
  });
}

/**
 * SITE_URL as an origin (`https://catalyst.example`, no path or trailing slash). A value that is
 * not an http(s) URL throws: the server refuses to start rather than write broken canonical URLs.
 */
export function siteOrigin(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`SITE_URL must be an http(s) origin such as https://catalyst.example, not "${value}"`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error(`SITE_URL must be an http(s) origin, not "${value}"`);
  return url.origin;
}
