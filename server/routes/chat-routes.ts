// Step 3's refinement chat: POST /ai-bases/:id/chat answers a message with the saved base and the
// settings being tried; GET /ai-models lists the models the model field offers.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { aiBaseIdParamsSchema, BUILTIN_MODEL } from '@/domain/ai-base';
import { apiErrorBodySchema } from '@/domain/api-error';
import { aiModelListSchema, chatAnswerSchema, chatRequestSchema, UNKNOWN_MODEL_FIELD_MESSAGE } from '@/domain/refinement-chat';
import { AnswererFailure } from '../answering/answerer';
import { DEFAULT_RETRY_AFTER_SECONDS } from '../answering/llm-endpoint';
import type { ModelCatalog } from '../answering/model-catalog';
import { ChatRefusal } from '../answering/base-answer';
import type { RefinementChat } from '../answering/refinement-chat';
import { principalOf } from '../auth/bearer-auth';
import { HttpError } from '../http/http-error';
import { FIREBASE_BEARER } from '../http/openapi';

/** Why a message got no answer: the chat's refusals and the answerer's failures. */
export type ChatRefusalReason = ChatRefusal['reason'] | AnswererFailure['kind'];
type RefusalContext = { model: string; retryAfterSeconds?: number | undefined };

/** Another account's base is a 404; the provider's limit a 429 with Retry-After; its failures a 502. */
const refusals: Record<ChatRefusalReason, (context: RefusalContext) => HttpError> = {
  not_found: () => HttpError.notFound('No such AI base.'),
  unknown_model: ({ model }) =>
    new HttpError(400, 'unknown_model', `The model "${model}" is not offered here. GET /api/v1/ai-models lists those that are.`, {
      fields: { model: UNKNOWN_MODEL_FIELD_MESSAGE },
    }),
  rate_limited: ({ retryAfterSeconds = DEFAULT_RETRY_AFTER_SECONDS }) =>
    new HttpError(429, 'ai_rate_limited', `The AI provider's rate limit is reached: try again in ${retryAfterSeconds} s.`, {
      headers: { 'retry-after': String(retryAfterSeconds) },
    }),
  unavailable: () =>
    new HttpError(502, 'ai_unavailable', 'The AI provider did not answer. Try again in a moment, or choose another model.'),
};

const security = [{ [FIREBASE_BEARER]: [] }];
const tags = ['AI bases'];

export function registerChatRoutes(app: FastifyInstance, chat: RefinementChat, models: ModelCatalog) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/ai-bases/:id/chat',
    {
      schema: {
        summary: 'Ask the AI base a question as a customer would (step 3, Refinement and test)',
        description: [
          'Answers with the saved base (function, language, voice tone, instructions, expected inputs) and the `settings` in the body',
          '(blocked terms, creativity, model: step 3 as it is in the form), citing the knowledge passages used. Blocked terms in the',
          "question or the answer get a polite refusal in the base's language (`outcome: refused`). Each answered message counts as an",
          'AI request of the month. Failures (error code): 400 `unknown_model` (not in GET /ai-models), 429 `ai_rate_limited` with',
          'Retry-After, 502 `ai_unavailable`.',
        ].join(' '),
        tags,
        security,
        params: aiBaseIdParamsSchema,
        body: chatRequestSchema,
        response: {
          200: chatAnswerSchema,
          400: apiErrorBodySchema,
          401: apiErrorBodySchema,
          404: apiErrorBodySchema,
          429: apiErrorBodySchema,
          502: apiErrorBodySchema,
        },
      },
    },
    async (request) => {
      const { model } = request.body.settings;
      try {
        return await chat.answer(principalOf(request).uid, request.params.id, request.body);
      } catch (error) {
        if (error instanceof ChatRefusal) throw refusals[error.reason]({ model });
        if (!(error instanceof AnswererFailure)) throw error;
        // Logged without the key: the failure's message never holds it.
        request.log.warn({ model, failure: error.kind, detail: error.message }, 'the AI model did not answer');
        throw refusals[error.kind]({ model, retryAfterSeconds: error.retryAfterSeconds });
      }
    },
  );

  api.get(
    '/ai-models',
    {
      schema: {
        summary: 'The models a base can answer with: the built-in retrieval answerer first, then the LLM endpoint’s',
        description: `\`${BUILTIN_MODEL}\` always; the models of LLM_BASE_URL's GET /models when it is configured and answers (remembered for a minute).`,
        tags,
        security,
        response: { 200: aiModelListSchema, 401: apiErrorBodySchema },
      },
    },
    async (request) => ({ models: await models.list(request.log) }),
  );
}
