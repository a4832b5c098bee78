import type { ApiClient } from './api-client';

/**
 * An ApiClient that loads the real one (wretch, zod's core, the error mapping, the error toast)
 * on its first request: public pages call the API only after an interaction (the lead forms), so
 * their first JS does without it. A failed load (a chunk, the runtime config) fails that request
 * and is tried again on the next one.
 */
export function createDeferredApiClient(load: () => Promise<ApiClient>): ApiClient {
  let client: Promise<ApiClient> | null = null;
  const loaded = () => {
    if (!client) {
      client = load();
      client.catch(() => (client = null));
    }
    return client;
  };
  const later = <M extends keyof ApiClient>(method: M): ApiClient[M] =>
    (async (...args: unknown[]) => {
      const api = await loaded();
      return (api[method] as (...args: unknown[]) => Promise<unknown>).apply(api, args);
    }) as ApiClient[M];
  return { get: later('get'), post: later('post'), put: later('put'), patch: later('patch'), delete: later('delete') };
}
