// The product API under /api/v1: every route authenticated (unless marked public) and scoped
// to the caller's account.
import type { FastifyInstance } from 'fastify';
import { accountStore } from '../accounts/account-store';
import { registerBearerAuth } from '../auth/bearer-auth';
import type { TokenVerifier } from '../auth/token-verifier';
import type { Database } from '../db/database';
import { aiBaseStore } from '../ai-bases/ai-base-store';
import { knowledgeStore } from '../knowledge/knowledge-store';
import { leadRequestStore } from '../leads/lead-request-store';
import { API_PREFIX } from './api-prefix';
import { registerAdminAccountRoutes } from './admin-account-routes';
import { registerAiBaseRoutes } from './ai-base-routes';
import { registerKnowledgeFileRoutes, type KnowledgeRouteOptions } from './knowledge-file-routes';
import { registerLeadRequestRoutes, type LeadRateLimit } from './lead-request-routes';
import { registerMeRoutes } from './me-routes';

export type ApiDependencies = {
  database: Database;
  verifyToken: TokenVerifier;
  leadRateLimit: LeadRateLimit;
  knowledge: Pick<KnowledgeRouteOptions, 'dataDir' | 'maxFileBytes' | 'onQueued'>;
};

export async function registerApiV1(app: FastifyInstance, { database, verifyToken, leadRateLimit, knowledge }: ApiDependencies) {
  await app.register(
    async (api) => {
      registerBearerAuth(api, verifyToken);
      const accounts = accountStore(database.db);
      registerMeRoutes(api, accounts);
      registerAiBaseRoutes(api, aiBaseStore(database.db), accounts);
      registerAdminAccountRoutes(api, accounts);
      await registerKnowledgeFileRoutes(api, { store: knowledgeStore(database.db), accounts, ...knowledge });
      await registerLeadRequestRoutes(api, leadRequestStore(database.db), leadRateLimit);
    },
    { prefix: API_PREFIX },
  );
}
