import type { RuntimeConfig } from '@/domain/runtime-config';

/**
 * Read before the app renders, so one build runs in every environment. Only fetched and parsed as
 * JSON here: the zod schema (and zod) load with `validateRuntimeConfig`, after the first render,
 * so the landing page's first JS carries no zod.
 */
export async function fetchRuntimeConfig(): Promise<unknown> {
  const response = await fetch('/runtime-config.json', { cache: 'no-store' });
  if (!response.ok) throw new Error(`runtime-config.json answered ${response.status}`);
  return response.json();
}

/** The public origin from a config not yet validated (the first render needs it, before zod loads). */
export function readSiteUrl(raw: unknown): string | undefined {
  const siteUrl = typeof raw === 'object' && raw !== null ? (raw as { siteUrl?: unknown }).siteUrl : undefined;
  return typeof siteUrl === 'string' ? siteUrl : undefined;
}

export type ValidatedRuntimeConfig = {
  /**
   * The config for the router context. It is filled in (and frozen) once `ready()` has resolved:
   * before that its fields are absent, so whatever reads them awaits `ready()` first.
   */
  config: RuntimeConfig;
  /** Validates once with the domain's zod schema; rejects when the config does not match it. */
  ready(): Promise<RuntimeConfig>;
};

/** Validates a fetched config against `runtimeConfigSchema`, loading the schema on the first `ready()`. */
export function validateRuntimeConfig(raw: unknown): ValidatedRuntimeConfig {
  const config = {} as RuntimeConfig;
  let validation: Promise<RuntimeConfig> | null = null;
  const ready = () => {
    validation ??= import('./parse-runtime-config').then((module) => {
      // Despite its type, undefined when Vite's preload helper reported a failed chunk (chunk-error-listener.ts).
      if (!module) throw Object.assign(new Error('The runtime config schema could not load'), { name: 'ChunkLoadError' });
      Object.freeze(Object.assign(config, module.parseRuntimeConfig(raw)));
      return config;
    });
    // A failed chunk load may be retried (a config that does not match fails the same way again).
    validation.catch(() => (validation = null));
    return validation;
  };
  return { config, ready };
}
