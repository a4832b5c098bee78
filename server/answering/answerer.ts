// What answers a refinement-chat question: the built-in retrieval answerer or an
// OpenAI-compatible chat endpoint, behind one function. The chat route finds the passages and
// checks blocked terms; an answerer only turns the question and the passages into an answer.
import type { AiBase, Refinement } from '@/domain/ai-base';
import type { Passage } from '@/domain/knowledge';
import type { LeftOutProduct, PassageFacts } from '@/domain/knowledge-columns';

/** A passage search found, with what it means when the importer knew (a product, an answer). */
export type SearchedPassage = Passage & { facts?: PassageFacts | null };
import type { ChatTurn } from '@/domain/refinement-chat';

export type AnswerInput = {
  /** The saved base: function, language, voice tone, instructions, expected inputs. */
  base: AiBase;
  /** Step 3's values being tried (maybe unsaved): blocked terms, creativity, model. */
  settings: Refinement;
  question: string;
  history: readonly ChatTurn[];
  /** The base's passages best matching the question, best first (maybe none). */
  passages: readonly SearchedPassage[];
  /** An image the shopper sent with the question, as a `data:` URL (only a model with vision reads it). */
  image?: string;
  /** The text of a document the shopper sent with the question, labelled and cut to size (context, not a question). */
  document?: string;
  /** Products the question names that the import left out (archived, draft, unpublished), the closest first: not for sale. */
  leftOut?: readonly LeftOutProduct[];
};

export type AnswerResult = {
  text: string;
  /** The model that answered. */
  model: string;
  /** The passages the answer used (of `passages`): those the built-in quoted, or all those sent to a model. */
  used: readonly SearchedPassage[];
  /** Nothing in the knowledge base answered it; `text` says so (the built-in answerer only). */
  noKnowledge?: boolean;
};

export type Answerer = { answer(input: AnswerInput): Promise<AnswerResult> };

/**
 * The answerer could not answer: `rate_limited` (the provider's limit, with how long to wait) or
 * `unavailable` (it failed, refused our key, timed out or answered something unreadable; `status`
 * the HTTP status it answered, when it did: a 400 refuses what was sent, not the service). The
 * message is for the log: it never holds the key.
 */
export class AnswererFailure extends Error {
  constructor(
    readonly kind: 'rate_limited' | 'unavailable',
    message: string,
    readonly retryAfterSeconds?: number,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'AnswererFailure';
  }
}
