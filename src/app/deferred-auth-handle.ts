import type { RuntimeConfig } from '@/domain/runtime-config';
import { createAuthHandle, type AuthHandle } from '../auth/auth-handle';

/**
 * The auth handle, made with the runtime config once it is validated (after the first render).
 * Nothing changes for its users: the session only starts with `ready()`, which now also waits for
 * the config, so before that there is no session (no token, no actor), exactly as before.
 */
export function createDeferredAuthHandle(validatedConfig: () => Promise<RuntimeConfig>): AuthHandle {
  let handle: AuthHandle | null = null;
  const resolve = async () => (handle ??= createAuthHandle(await validatedConfig()));
  return {
    ready: async () => (await resolve()).ready(),
    getIdToken: async () => (handle ? handle.getIdToken() : null),
    current: () => handle?.current() ?? null,
  };
}
