// One message of step 3's refinement chat: the saved base with the settings being tried, answered
// from its best passages, blocked terms refused, each answer an AI request of the month. Its
// pipeline, answerAsBase, is also how the WhatsApp answerer answers. Details: docs/how-it-works.md,
// 'Answers'.
import type { AiBase } from '../../domain/ai-base';
import type { Passage } from '../../domain/knowledge';
import { MAX_CHAT_PASSAGES, type ChatAnswer, type ChatRequest, type CitedPassage } from '../../domain/refinement-chat';
import type { AccountStore } from '../accounts/account-store';
import type { AiBaseStore } from '../ai-bases/ai-base-store';
import type { KnowledgeStore } from '../knowledge/knowledge-store';
import type { LeftOutProduct } from '../../domain/knowledge-columns';
import { agentPhrases } from './agent-phrases';
import type { SearchedPassage } from './answerer';
import { builtinAnswer } from './builtin-answerer';
import { findBlockedTerm } from './blocked-terms';
import type { ModelCatalog } from './model-catalog';
import { leftOutNamed, lookUpProduct, mayNameLeftOut } from './product-match';

export type RefinementChatDependencies = { aiBases: AiBaseStore; knowledge: KnowledgeStore; accounts: AccountStore; models: ModelCatalog };

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

export type BaseAnswerDependencies = Pick<RefinementChatDependencies, 'knowledge' | 'models'>;

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

export function refinementChat({ aiBases, knowledge, accounts, models }: RefinementChatDependencies) {
  return {
    /** Throws ChatRefusal, or the answerer's AnswererFailure. */
    async answer(uid: string, baseId: string, request: ChatRequest): Promise<ChatAnswer> {
      const base = await aiBases.get(uid, baseId);
      if (!base) throw new ChatRefusal('not_found');
      const reply = await answerAsBase({ knowledge, models }, uid, base, request);
      await accounts.countQuery(uid);
      return reply;
    },
  };
}

export type RefinementChat = ReturnType<typeof refinementChat>;
