// GET /api/v1/me: the caller's account, its plan's limits and its usage. The first call of a
// verified user creates the account on the basic plan.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiErrorBodySchema } from '../../domain/api-error';
import { meQuerySchema, meResponseSchema, type MeResponse } from '../../domain/account';
import { plans } from '../../domain/plans';
import type { AccountStore, AccountWithUsage } from '../accounts/account-store';
import { principalOf } from '../auth/bearer-auth';
import { FIREBASE_BEARER } from '../http/openapi';

export function registerMeRoutes(app: FastifyInstance, accounts: AccountStore) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/me',
    {
      schema: {
        summary: 'The signed-in account',
        description: 'Creates the account on the basic plan on the first call of a verified user.',
        tags: ['account'],
        security: [{ [FIREBASE_BEARER]: [] }],
        querystring: meQuerySchema,
        response: { 200: meResponseSchema, 400: apiErrorBodySchema, 401: apiErrorBodySchema },
      },
    },
    async (request) => {
      const { uid, email } = principalOf(request);
      return meView(await accounts.findOrCreate(uid, email));
    },
  );
}

function meView(account: AccountWithUsage): MeResponse {
  return {
    uid: account.uid,
    email: account.email,
    plan: account.plan,
    limits: plans[account.plan].limits,
    usage: {
      month: account.month,
      aiBases: account.aiBases,
      trainingsThisMonth: account.trainingsThisMonth,
      queriesThisMonth: account.queriesThisMonth,
    },
    createdAt: account.createdAt.toISOString(),
  };
}
