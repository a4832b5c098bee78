import { runtimeConfigSchema, type RuntimeConfig } from '../../domain/runtime-config';

/** Read before the app renders, so one build runs in every environment. */
export async function loadRuntimeConfig(): Promise<RuntimeConfig> {
  const response = await fetch('/runtime-config.json', { cache: 'no-store' });
  if (!response.ok) throw new Error(`runtime-config.json answered ${response.status}`);
  return runtimeConfigSchema.parse(await response.json());
}
