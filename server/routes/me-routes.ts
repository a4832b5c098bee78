// GET /api/v1/me: the caller's account, its plan's limits and its usage. The first call of a
// verified user creates the account on the basic plan. PUT /api/v1/me/time-zone: the zone the
// dashboard's days are cut in (the account's rollups are recounted in it).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiErrorBodySchema } from '@/domain/api-error';
import { accountTimeZoneSchema, meQuerySchema, meResponseSchema, type MeResponse } from '@/domain/account';
import { dashboardValidation } from '@/domain/dashboard';
import { plans } from '@/domain/plans';
import type { AccountStore, AccountWithUsage } from '../accounts/account-store';
import { principalOf } from '../auth/bearer-auth';
import { UnknownTimeZone } from '../dashboard/time-zone-change';
import { HttpError } from '../http/http-error';
import { FIREBASE_BEARER } from '../http/openapi';

export function registerMeRoutes(
  app: FastifyInstance,
  accounts: AccountStore,
  changeTimeZone: (uid: string, zone: string) => Promise<void>,
) {
  app.withTypeProvider<ZodTypeProvider>().put(
    '/me/time-zone',
    {
      schema: {
        summary: "Sets the zone the account's dashboard days are cut in",
        description:
          "An IANA zone ('America/Sao_Paulo'). The account's dashboard figures are recounted in it. Refusals: 400 `validation_failed` " +
          '(`fields.timeZone`: a zone this server does not know).',
        tags: ['account'],
        security: [{ [FIREBASE_BEARER]: [] }],
        body: accountTimeZoneSchema,
        response: {
          200: accountTimeZoneSchema,
          400: apiErrorBodySchema,
          401: apiErrorBodySchema,
        },
      },
    },
    async (request) => {
      const { uid, email } = principalOf(request);
      await accounts.findOrCreate(uid, email);
      try {
        await changeTimeZone(uid, request.body.timeZone);
      } catch (error) {
        if (error instanceof UnknownTimeZone)
          throw new HttpError(400, 'validation_failed', 'The body is not valid.', {
            fields: { timeZone: dashboardValidation.timeZoneInvalid.id },
          });
        throw error;
      }
      return { timeZone: request.body.timeZone };
    },
  );

  app.withTypeProvider<ZodTypeProvider>().get(
    '/me',
    {
      schema: {
        summary: 'The signed-in account',
        description: 'Creates the account on the basic plan on the first call of a verified user.',
        tags: ['account'],
        security: [{ [FIREBASE_BEARER]: [] }],
        querystring: meQuerySchema,
        response: {
          200: meResponseSchema,
          400: apiErrorBodySchema,
          401: apiErrorBodySchema,
        },
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
    timeZone: account.timeZone,
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
