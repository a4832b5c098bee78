// One message of step 3's refinement chat: the saved base with the settings being tried, answered
// as the base answers (./base-answer.ts, also the WhatsApp answerer's pipeline), each answer an AI
// request of the month. Details: docs/how-it-works.md, 'Answers'.
import type { ChatAnswer, ChatRequest } from '@/domain/refinement-chat';
import type { AccountStore } from '../accounts/account-store';
import type { AiBaseStore } from '../ai-bases/ai-base-store';
import type { KnowledgeStore } from '../knowledge/knowledge-store';
import { answerAsBase, ChatRefusal } from './base-answer';
import type { ModelCatalog } from './model-catalog';

export type RefinementChatDependencies = { aiBases: AiBaseStore; knowledge: KnowledgeStore; accounts: AccountStore; models: ModelCatalog };

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
