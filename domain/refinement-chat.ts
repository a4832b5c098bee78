// The refinement chat of step 3: the merchant asks the AI base questions as a customer would and
// sees its answers, with the knowledge passages each one used. Shared by the SPA's chat panel and
// the server's answerers (the built-in retrieval answerer and any OpenAI-compatible endpoint).
// zod/mini: the wizard's chunk loads this.
import * as z from 'zod/mini';
import { refinementSchema } from './ai-base';
import { shownName, storableText } from './storable-values';

export const MAX_CHAT_MESSAGE_LENGTH = 2000;
/** The conversation sent back with each question: its last turns only. */
export const MAX_CHAT_HISTORY = 20;

export const chatValidation = {
  messageRequired: 'Write a message to send.',
  messageTooLong: 'The message is too long (2,000 characters at most).',
  unstorable: 'The message has characters that cannot be sent.',
  /** The step's settings do not pass their own checks yet: the chat tries them as they are. */
  settingsInvalid: 'Correct the settings above to try them.',
} as const;

/** `customer`: what the merchant typed as a customer would; `agent`: the base's answer. */
export const chatRoles = ['customer', 'agent'] as const;
export type ChatRole = (typeof chatRoles)[number];

export const chatTurnSchema = z.strictObject({
  role: z.enum(chatRoles),
  content: storableText(chatValidation.unstorable).check(z.maxLength(8000)),
});
export type ChatTurn = z.infer<typeof chatTurnSchema>;

/**
 * `POST /api/v1/ai-bases/:id/chat`. `settings` are step 3's values as they are in the form (maybe
 * not saved yet), so the merchant tries them before saving; the rest comes from the saved base.
 */
export const chatRequestSchema = z.strictObject({
  message: storableText(chatValidation.unstorable).check(
    z.trim(),
    z.minLength(1, { error: chatValidation.messageRequired, abort: true }),
    z.maxLength(MAX_CHAT_MESSAGE_LENGTH, { error: chatValidation.messageTooLong }),
  ),
  history: z.array(chatTurnSchema).check(z.maxLength(MAX_CHAT_HISTORY)),
  settings: refinementSchema,
});
export type ChatRequest = z.infer<typeof chatRequestSchema>;

/** A knowledge passage an answer used, with where it came from. */
export const citedPassageSchema = z.object({
  fileId: z.string(),
  fileName: shownName(),
  /** Where in the file: "row 12", "Sheet1, row 12", "page 3". */
  source: z.string(),
  content: z.string(),
});
export type CitedPassage = z.infer<typeof citedPassageSchema>;

/**
 * `answered`: an answer (from the passages cited, or from the model); `refused`: a blocked term was
 * in the question or in the answer, and `answer` is the polite refusal in the base's language;
 * `no_knowledge`: nothing in the knowledge base matched, and `answer` says so.
 */
export const chatOutcomes = ['answered', 'refused', 'no_knowledge'] as const;
export type ChatOutcome = (typeof chatOutcomes)[number];

export const chatAnswerSchema = z.object({
  answer: z.string(),
  outcome: z.enum(chatOutcomes),
  passages: z.array(citedPassageSchema),
  /** The model that answered (`builtin-retrieval` or the endpoint's). */
  model: z.string(),
});
export type ChatAnswer = z.infer<typeof chatAnswerSchema>;

/** How many knowledge passages a question is answered from at most (the best ones). */
export const MAX_CHAT_PASSAGES = 5;

/** `GET /api/v1/ai-models`: what the model field offers; the built-in answerer is always first. */
export const aiModelSchema = z.object({ id: z.string(), provider: z.enum(['builtin', 'llm']) });
export const aiModelListSchema = z.object({ models: z.array(aiModelSchema) });
export type AiModel = z.infer<typeof aiModelSchema>;

/** `fields.model` of a 400 `unknown_model`: the model is not one `GET /api/v1/ai-models` lists. */
export const UNKNOWN_MODEL_FIELD_MESSAGE = 'Choose one of the models offered.';
