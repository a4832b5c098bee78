// Staff routes for accounts (a token with the `admin` claim): change an account's plan, as
// `npm run admin -- set-plan` does, for the business's tools.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { storableText } from '@/domain/storable-values';
import { apiErrorBodySchema } from '@/domain/api-error';
import { planIdSchema } from '@/domain/plan-schemas';
import type { AccountStore } from '../accounts/account-store';
import { principalOf } from '../auth/bearer-auth';
import { HttpError } from '../http/http-error';
import { FIREBASE_BEARER } from '../http/openapi';

export function requireStaff(principal: { admin: boolean }) {
  if (!principal.admin) throw new HttpError(403, 'forbidden', 'Only the staff (the admin claim) may do this.');
}

export function registerAdminAccountRoutes(app: FastifyInstance, accounts: AccountStore) {
  app.withTypeProvider<ZodTypeProvider>().put(
    '/admin/accounts/:uid/plan',
    {
      schema: {
        summary: "Change an account's plan (staff only)",
        tags: ['admin'],
        security: [{ [FIREBASE_BEARER]: [] }],
        params: z.strictObject({ uid: storableText('The uid has characters no uid has.').check(z.minLength(1), z.maxLength(128)) }),
        body: z.strictObject({ plan: planIdSchema }),
        response: {
          200: z.object({ uid: z.string(), plan: planIdSchema }),
          400: apiErrorBodySchema,
          401: apiErrorBodySchema,
          403: apiErrorBodySchema,
          404: apiErrorBodySchema,
        },
      },
    },
    async (request) => {
      requireStaff(principalOf(request));
      const account = await accounts.find(request.params.uid);
      if (!account) throw HttpError.notFound('No account with this uid.');
      const saved = await accounts.upsertPlan(account.uid, account.email, request.body.plan);
      return { uid: saved.uid, plan: saved.plan };
    },
  );
}
