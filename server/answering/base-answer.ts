// A question answered as an AI base answers it (answerAsBase), the one pipeline of step 3's
// refinement chat (./refinement-chat.ts) and of the WhatsApp answerer (../channels/inbound-answer.ts):
// blocked terms refused, the base's best passages, the model's answer. ChatRefusal says why a message
// was not taken. Details: docs/how-it-works.md, 'Answers'.
import type { AiBase } from '@/domain/ai-base';
import type { Passage } from '@/domain/knowledge';
import type { LeftOutProduct } from '@/domain/knowledge-columns';
import { MAX_CHAT_PASSAGES, type ChatAnswer, type ChatRequest, type CitedPassage } from '@/domain/refinement-chat';
import type { KnowledgeStore } from '../knowledge/knowledge-store';
import { agentPhrases } from './agent-phrases';
import type { SearchedPassage } from './answerer';
import { builtinAnswer } from './builtin-answerer';
import { findBlockedTerm } from './blocked-terms';
import type { ModelCatalog } from './model-catalog';
import { leftOutNamed, lookUpProduct, mayNameLeftOut } from './product-match';

/** Why a message was not taken: not the caller's base, or a model the server does not offer. */
export class ChatRefusal extends Error {
  constructor(readonly reason: 'not_found' | 'unknown_model') {
    super(reason);
  }
}

/** How much of a document's text searches the knowledge base when the shopper wrote nothing with it. */
const DOCUMENT_SEARCH_CHARS = 300;

const cited = ({ fileId, fileName, source, content }: Passage): CitedPassage => ({ fileId, fileName, source, content });

/**
 * The products the question names that the base's files left out (archived, draft, unpublished),
 * looked for only when it names a product and no found passage is about it (./product-match).
 */
export async function leftOutAsked(
  knowledge: Pick<KnowledgeStore, 'leftOutProducts'>,
  uid: string,
  base: AiBase,
  question: string,
  passages: readonly SearchedPassage[],
): Promise<LeftOutProduct[]> {
  if (!question.trim() || !mayNameLeftOut(lookUpProduct(question, passages))) return [];
  return leftOutNamed(question, await knowledge.leftOutProducts(uid, base.id));
}

export type BaseAnswerDependencies = { knowledge: KnowledgeStore; models: ModelCatalog };

/**
 * A question answered by `base` with `settings`: blocked terms on the question and the answer, the
 * base's best passages, the model's answerer. `onlyFromKnowledge` (a support agent on WhatsApp): when
 * no passage matches, the built-in "not found" reply (with its offer of a person) instead of asking a
 * model. `image` (a shopper's photo on WhatsApp, a `data:` URL) and `document` (the text of a file
 * they sent) go to the model with the question.
 * Throws ChatRefusal('unknown_model'), or the answerer's AnswererFailure.
 */
export async function answerAsBase(
  { knowledge, models }: BaseAnswerDependencies,
  uid: string,
  base: AiBase,
  { message, history, settings }: ChatRequest,
  { onlyFromKnowledge = false, image, document }: { onlyFromKnowledge?: boolean; image?: string; document?: string } = {},
): Promise<ChatAnswer> {
  const answerer = await models.answererFor(settings.model);
  if (!answerer) throw new ChatRefusal('unknown_model');
  const refusal: ChatAnswer = { answer: agentPhrases[base.language].refusal, outcome: 'refused', passages: [], model: settings.model };
  if (findBlockedTerm(message, settings.blockedTerms) !== null) return refusal;
  // A document sent without a word is searched by its beginning (what it is about, as far as a search can tell).
  const searched = message.trim() || (document ?? '').slice(0, DOCUMENT_SEARCH_CHARS);
  const passages = await knowledge.search(uid, base, searched, { limit: MAX_CHAT_PASSAGES, match: 'any' });
  const leftOut = await leftOutAsked(knowledge, uid, base, message, passages);
  const result =
    onlyFromKnowledge && passages.length === 0
      ? builtinAnswer({ base, settings, passages, question: message, leftOut })
      : await answerer.answer({
          base,
          settings,
          question: message,
          history,
          passages,
          leftOut,
          ...(image ? { image } : {}),
          ...(document ? { document } : {}),
        });
  if (findBlockedTerm(result.text, settings.blockedTerms) !== null) return { ...refusal, model: result.model };
  const outcome = result.noKnowledge ? 'no_knowledge' : 'answered';
  return { answer: result.text, outcome, passages: result.used.map(cited), model: result.model };
}
