import type { RuntimeConfig } from '../../domain/runtime-config';
import type { ApiClient } from '../api/api-client';
import type { AuthHandle } from '../features/auth/session/auth-handle';

/** What every route's beforeLoad and loader receive. */
export type RouterContext = {
  runtimeConfig: RuntimeConfig;
  api: ApiClient;
  /** The auth session; Firebase loads only when a route asks for it (`auth.ready()`). */
  auth: AuthHandle;
};
