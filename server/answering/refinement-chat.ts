// One message of step 3's refinement chat: the saved base with the settings being tried. A blocked
// term in the question gets the polite refusal without asking the answerer; otherwise the base's
// best passages (full-text, in its language) go to the model's answerer, and an answer holding a
// blocked term is replaced by the refusal. Every message answered (refusals and "not found"
// included) counts as an AI request of the month; a failed answerer counts nothing.
import type { Passage } from '../../domain/knowledge';
import { MAX_CHAT_PASSAGES, type ChatAnswer, type ChatRequest, type CitedPassage } from '../../domain/refinement-chat';
import type { AccountStore } from '../accounts/account-store';
import type { AiBaseStore } from '../ai-bases/ai-base-store';
import type { KnowledgeStore } from '../knowledge/knowledge-store';
import { agentPhrases } from './agent-phrases';
import { findBlockedTerm } from './blocked-terms';
import type { ModelCatalog } from './model-catalog';

export type RefinementChatDependencies = { aiBases: AiBaseStore; knowledge: KnowledgeStore; accounts: AccountStore; models: ModelCatalog };

/** Why a message was not taken: not the caller's base, or a model the server does not offer. */
export class ChatRefusal extends Error {
  constructor(readonly reason: 'not_found' | 'unknown_model') {
    super(reason);
  }
}

const cited = ({ fileId, fileName, source, content }: Passage): CitedPassage => ({ fileId, fileName, source, content });

export function refinementChat({ aiBases, knowledge, accounts, models }: RefinementChatDependencies) {
  return {
    /** Throws ChatRefusal, or the answerer's AnswererFailure. */
    async answer(uid: string, baseId: string, { message, history, settings }: ChatRequest): Promise<ChatAnswer> {
      const base = await aiBases.get(uid, baseId);
      if (!base) throw new ChatRefusal('not_found');
      const answerer = await models.answererFor(settings.model);
      if (!answerer) throw new ChatRefusal('unknown_model');
      const refusal: ChatAnswer = { answer: agentPhrases[base.language].refusal, outcome: 'refused', passages: [], model: settings.model };

      let reply: ChatAnswer;
      if (findBlockedTerm(message, settings.blockedTerms) !== null) reply = refusal;
      else {
        const passages = await knowledge.search(uid, base, message, { limit: MAX_CHAT_PASSAGES, match: 'any' });
        const result = await answerer.answer({ base, settings, question: message, history, passages });
        reply =
          findBlockedTerm(result.text, settings.blockedTerms) !== null
            ? { ...refusal, model: result.model }
            : { answer: result.text, outcome: result.noKnowledge ? 'no_knowledge' : 'answered', passages: result.used.map(cited), model: result.model };
      }
      await accounts.countQuery(uid);
      return reply;
    },
  };
}

export type RefinementChat = ReturnType<typeof refinementChat>;
