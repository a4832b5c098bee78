// /api/v1/inventories/:id/recovery-flow: an inventory's checkout-recovery flow — on or off, the number
// its reminders go from, up to three steps (a delay, an approved template and what fills each of its
// variables, an optional discount), the minimum cart value and the quiet hours. Saved only when it
// holds (domain/checkout-recovery.ts's refusals and the server's own, at their fields).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { apiErrorBodySchema } from '@/domain/api-error';
import { recoveryFlowSchema } from '@/domain/checkout-recovery';
import { principalOf } from '../auth/bearer-auth';
import { RecoveryFlowRefusal, type RecoveryFlowStore } from '../checkouts/recovery-flow-store';
import { HttpError } from '../http/http-error';
import { FIREBASE_BEARER } from '../http/openapi';

export type RecoveryFlowRouteOptions = { store: RecoveryFlowStore };

const refusals: Record<RecoveryFlowRefusal['reason'], (refusal: RecoveryFlowRefusal) => HttpError> = {
  not_found: () => HttpError.notFound('No such inventory.'),
  invalid: ({ fields }) =>
    new HttpError(422, 'recovery_flow_refused', 'This recovery flow cannot be saved as it is.', {
      fields: Object.fromEntries(Object.entries(fields).map(([field, message]) => [field, message.id!])),
    }),
};

async function refusing<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (error instanceof RecoveryFlowRefusal) throw refusals[error.reason](error);
    throw error;
  }
}

const params = z.object({ id: z.uuid() });
const security = [{ [FIREBASE_BEARER]: [] }];
const tags = ['Checkout recovery'];

export function registerRecoveryFlowRoutes(app: FastifyInstance, { store }: RecoveryFlowRouteOptions) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/inventories/:id/recovery-flow',
    {
      schema: {
        summary: "An inventory's checkout-recovery flow: the ready-made one, off, until saved",
        tags,
        security,
        params,
        response: { 200: recoveryFlowSchema, 401: apiErrorBodySchema, 404: apiErrorBodySchema },
      },
    },
    async (request) => refusing(store.get(principalOf(request).uid, request.params.id)),
  );

  api.put(
    '/inventories/:id/recovery-flow',
    {
      schema: {
        summary: "Saves an inventory's checkout-recovery flow",
        description:
          '422 `recovery_flow_refused` with `fields` (message ids) when it does not hold: one to three steps, each 15 minutes to 7 ' +
          'days after the checkout was left and later than the one before; a discount of more than 0 and at most 100 % or a whole ' +
          'positive amount in minor units, lasting 1 hour to 30 days; quiet hours as HH:MM; while on, the number (the account’s) ' +
          'and for each step a template of it approved in some language with a source for each of its variables. `enabledAt` is ' +
          'set by the server (the moment it was switched on; checkouts left before are never messaged). Answers the flow as stored.',
        tags,
        security,
        params,
        body: recoveryFlowSchema,
        response: {
          200: recoveryFlowSchema,
          400: apiErrorBodySchema,
          401: apiErrorBodySchema,
          404: apiErrorBodySchema,
          422: apiErrorBodySchema,
        },
      },
    },
    async (request) => refusing(store.save(principalOf(request).uid, request.params.id, request.body)),
  );
}
