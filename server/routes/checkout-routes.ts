// /api/v1/checkouts: the Checkouts screen's figures and list — an account's abandoned checkouts of a
// period, one inventory's or all its inventories', with where each recovery stands (domain/checkout-list.ts).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiErrorBodySchema } from '@/domain/api-error';
import { checkoutListQuerySchema, checkoutListSchema } from '@/domain/checkout-list';
import { principalOf } from '../auth/bearer-auth';
import { CheckoutListRefusal, type CheckoutListStore } from '../checkouts/checkout-list-store';
import { HttpError } from '../http/http-error';
import { FIREBASE_BEARER } from '../http/openapi';

export type CheckoutRouteOptions = { store: CheckoutListStore };

const refusals: Record<CheckoutListRefusal['reason'], () => HttpError> = {
  not_found: () => HttpError.notFound('No such inventory.'),
};

export function registerCheckoutRoutes(app: FastifyInstance, { store }: CheckoutRouteOptions) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/checkouts',
    {
      schema: {
        summary: "The account's abandoned checkouts of a period: the figures, and a page of the list",
        description:
          'Checkouts left from `from` to `to` (inclusive UTC dates) that recovery looked at, of `inventory` (404 when it is not the ' +
          'account’s) or of every inventory; `status` filters the list, not the figures. The recovery rate is recovered ÷ reminded ' +
          '(null when none was reminded); numbers are masked but their last four digits. Pages of 50, newest first.',
        tags: ['Checkout recovery'],
        security: [{ [FIREBASE_BEARER]: [] }],
        querystring: checkoutListQuerySchema,
        response: { 200: checkoutListSchema, 400: apiErrorBodySchema, 401: apiErrorBodySchema, 404: apiErrorBodySchema },
      },
    },
    async (request) => {
      try {
        return await store.list(principalOf(request).uid, request.query);
      } catch (error) {
        if (error instanceof CheckoutListRefusal) throw refusals[error.reason]();
        throw error;
      }
    },
  );
}
