// Step 3's chat and model field on the API (server/routes/chat-routes.ts): answers parsed with the
// shared schemas, refusals turned into the failures the refinement-chat machine tells apart.
import { aiModelListSchema, chatAnswerSchema, type AiModel, type ChatAnswer } from '@/domain/refinement-chat';
import type { AskInput, ChatFailure } from '@/machines/refinement-chat';
import { builtinModels } from '@/machines/ai-base-wizard';
import type { ApiErrorCode } from '@/domain/api-error';
import type { ApiClient } from '@/src/api/api-client';
import { isApiError } from '@/src/api/api-errors';

export function chatFailureFrom(error: unknown): ChatFailure {
  if (!isApiError(error)) return { kind: 'unknown' };
  if (error.status === 429 && error.code === 'ai_rate_limited')
    return { kind: 'rate_limited', retryAfterSeconds: error.retryAfterSeconds ?? null };
  if (error.code === 'ai_unavailable') return { kind: 'unavailable' };
  if (error.code === 'unknown_model') return { kind: 'unknown_model' };
  return { kind: 'unknown' };
}

export function refinementChatApi(api: ApiClient) {
  return {
    ask: async ({ baseId, message, history, settings }: AskInput): Promise<ChatAnswer> => {
      try {
        // The chat explains these itself (a wait, the model gone, the provider down): no generic toast.
        const explains = ['ai_rate_limited', 'ai_unavailable', 'unknown_model'] as const satisfies readonly ApiErrorCode[];
        return await api.post(`/ai-bases/${baseId}/chat`, { message, history, settings }, { schema: chatAnswerSchema, explains });
      } catch (error) {
        throw chatFailureFrom(error);
      }
    },
    /** The model field's choices; when the list cannot be had, the built-in answerer still can. */
    models: async (): Promise<AiModel[]> => {
      try {
        return (await api.get('/ai-models', { schema: aiModelListSchema })).models;
      } catch {
        return builtinModels;
      }
    },
  };
}
