// The AI base routes of the API (server/routes/ai-base-routes.ts), for the flows' actors: answers
// parsed with the shared schemas, refusals turned into the failures the machines tell apart.
import {
  aiBaseListSchema,
  aiBaseSchema,
  isAiBaseId,
  type AiBase,
  type AiBaseFailure,
  type Instructions,
  type Refinement,
} from '@/domain/ai-base';
import type { ApiErrorCode } from '@/domain/api-error';
import type { ApiClient } from '@/src/api/api-client';
import { isApiError } from '@/src/api/api-errors';

/** An API error as the failure kind a flow acts on (a network error or a 5xx is `unknown`). */
export function aiBaseFailureFrom(error: unknown): AiBaseFailure {
  if (!isApiError(error)) return { kind: 'unknown' };
  if (error.status === 404) return { kind: 'not_found' };
  if (error.status === 403 && error.code === 'plan_limit') return { kind: 'plan_limit' };
  if (error.status === 409 && error.code === 'version_conflict') return { kind: 'conflict' };
  if (error.status === 409 && error.code === 'incomplete') return { kind: 'incomplete' };
  if (error.status === 400 && error.fields) return { kind: 'invalid', fields: error.fields };
  return { kind: 'unknown' };
}

/** The refusals the AI base screens explain themselves (each has its own kind above): no generic toast. */
const explains = [
  'not_found',
  'plan_limit',
  'version_conflict',
  'incomplete',
  'validation_failed',
] as const satisfies readonly ApiErrorCode[];
const explained = { explains };

async function failingAs<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    throw aiBaseFailureFrom(error);
  }
}

export function aiBaseApi(api: ApiClient) {
  const base = (path: string, send: (path: string) => Promise<unknown>) => failingAs(send(path).then((body) => aiBaseSchema.parse(body)));
  return {
    list: () => failingAs(api.get('/ai-bases', { schema: aiBaseListSchema })).then((answer) => answer.aiBases),
    // An address no base can have is not found, without asking the server.
    get: (id: string): Promise<AiBase> =>
      isAiBaseId(id)
        ? base(`/ai-bases/${id}`, (path) => api.get(path, explained))
        : Promise.reject<AiBase>({ kind: 'not_found' } satisfies AiBaseFailure),
    create: (values: Instructions): Promise<AiBase> => base('/ai-bases', (path) => api.post(path, values, explained)),
    saveInstructions: (id: string, expectedVersion: number, values: Instructions): Promise<AiBase> =>
      base(`/ai-bases/${id}/instructions`, (path) => api.put(path, { ...values, expectedVersion }, explained)),
    saveKnowledge: (id: string, expectedVersion: number): Promise<AiBase> =>
      base(`/ai-bases/${id}/knowledge`, (path) => api.put(path, { expectedVersion }, explained)),
    saveRefinement: (id: string, expectedVersion: number, values: Refinement): Promise<AiBase> =>
      base(`/ai-bases/${id}/refinement`, (path) => api.put(path, { ...values, expectedVersion }, explained)),
    activate: (id: string): Promise<AiBase> => base(`/ai-bases/${id}/activate`, (path) => api.post(path, undefined, explained)),
    deactivate: (id: string): Promise<AiBase> => base(`/ai-bases/${id}/deactivate`, (path) => api.post(path)), // no screen calls it yet: nothing explained
  };
}
