import { runtimeConfigSchema, type RuntimeConfig } from '@/domain/runtime-config';

/** Its own chunk: the runtime config's zod schema, loaded after the first render (load-runtime-config.ts). */
export function parseRuntimeConfig(raw: unknown): RuntimeConfig {
  return runtimeConfigSchema.parse(raw);
}
