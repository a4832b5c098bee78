// The product API under /api/v1: every route authenticated (unless marked public) and scoped
// to the caller's account.
import type { FastifyInstance } from 'fastify';
import { accountStore } from '../accounts/account-store';
import { registerBearerAuth } from '../auth/bearer-auth';
import type { TokenVerifier } from '../auth/token-verifier';
import type { Database } from '../db/database';
import { API_PREFIX } from './api-prefix';
import { registerMeRoutes } from './me-routes';

export type ApiDependencies = { database: Database; verifyToken: TokenVerifier };

export async function registerApiV1(app: FastifyInstance, { database, verifyToken }: ApiDependencies) {
  await app.register(
    async (api) => {
      registerBearerAuth(api, verifyToken);
      registerMeRoutes(api, accountStore(database.db));
    },
    { prefix: API_PREFIX },
  );
}
