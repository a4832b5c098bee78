import type { RuntimeConfig } from '../../domain/runtime-config';
import type { ApiClient } from '../api/api-client';

/** What every route's beforeLoad and loader receive. */
export type RouterContext = {
  runtimeConfig: RuntimeConfig;
  api: ApiClient;
};
