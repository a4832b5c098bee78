import type { RuntimeConfig } from '@/domain/runtime-config';
import type { ApiClient } from '../api/api-client';
import type { AuthHandle } from '../auth/auth-handle';

/** What every route's beforeLoad and loader receive. */
export type RouterContext = {
  /**
   * /runtime-config.json, validated with its zod schema after the first render (so the landing's
   * first JS carries no zod). Its fields are there once `runtimeConfigReady()` has resolved: the
   * layouts of the screens that read it await that in their beforeLoad (`auth.ready()` does too).
   */
  runtimeConfig: RuntimeConfig;
  /** Resolves once `runtimeConfig` is validated; rejects when it does not match its schema. */
  runtimeConfigReady: () => Promise<RuntimeConfig>;
  api: ApiClient;
  /** The public origin for canonical and alternate URLs: SITE_URL, else the page's own origin. */
  siteUrl: string;
  /** The auth session; Firebase loads only when a route asks for it (`auth.ready()`). */
  auth: AuthHandle;
};
