// The models the chat offers: the built-in answerer first, then those the OpenAI-compatible
// endpoint lists (GET {LLM_BASE_URL}/models), remembered for a minute so the model field and each
// chat message do not ask the provider every time. A model picks its answerer (and, for the
// WhatsApp answerer's images and voice notes, its endpoint).
import type { FastifyBaseLogger } from 'fastify';
import { BUILTIN_MODEL } from '@/domain/ai-base';
import type { AiModel } from '@/domain/refinement-chat';
import type { Answerer } from './answerer';
import { builtinAnswerer } from './builtin-answerer';
import { llmAnswerer } from './llm-answerer';
import type { LlmConfig } from './llm-config';
import { llmEndpoint, type LlmEndpoint } from './llm-endpoint';

export const MODEL_LIST_CACHE_MS = 60_000;

const builtin: AiModel = { id: BUILTIN_MODEL, provider: 'builtin' };

export function modelCatalog(llm: LlmConfig | null, { cacheMs = MODEL_LIST_CACHE_MS } = {}) {
  const endpoint = llm ? llmEndpoint(llm) : null;
  const answerer = endpoint ? llmAnswerer(endpoint) : null;
  let cached: { ids: string[]; until: number } | null = null;
  let pending: Promise<string[]> | null = null;

  /** The endpoint's model ids (cached); throws an AnswererFailure when it cannot say. */
  async function endpointModels(): Promise<string[]> {
    if (!endpoint) return [];
    if (cached && cached.until > Date.now()) return cached.ids;
    // Concurrent callers share one request; a failure is not remembered.
    pending ??= endpoint
      .listModels()
      .then((ids) => {
        cached = { ids, until: Date.now() + cacheMs };
        return ids;
      })
      .finally(() => {
        pending = null;
      });
    return pending;
  }

  return {
    /** For the model field: never fails; without the endpoint's list, the built-in answerer alone. */
    async list(log: FastifyBaseLogger): Promise<AiModel[]> {
      try {
        const ids = await endpointModels();
        return [builtin, ...ids.filter((id) => id !== BUILTIN_MODEL).map((id): AiModel => ({ id, provider: 'llm' }))];
      } catch (error) {
        log.warn({ err: error }, 'the LLM endpoint listed no models; offering the built-in answerer only');
        return [builtin];
      }
    },

    /** The answerer of `model`, or null when no such model is offered. */
    async answererFor(model: string): Promise<Answerer | null> {
      if (model === BUILTIN_MODEL) return builtinAnswerer;
      if (!answerer) return null;
      return (await endpointModels()).includes(model) ? answerer : null;
    },

    /** The OpenAI-compatible endpoint behind `model` (what reads a shopper's media), or null for the built-in answerer or a model not offered. */
    async endpointFor(model: string): Promise<LlmEndpoint | null> {
      if (model === BUILTIN_MODEL || !endpoint) return null;
      return (await endpointModels()).includes(model) ? endpoint : null;
    },
  };
}

export type ModelCatalog = ReturnType<typeof modelCatalog>;
