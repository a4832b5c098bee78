// /api/v1/inventories/:id/recovery-flow: an inventory's checkout-recovery flow — on or off, the number
// its reminders go from, up to three steps (a delay, an approved template and what fills each of its
// variables, an optional discount), the minimum cart value and the quiet hours. Saved only when it
// holds (domain/checkout-recovery.ts's refusals and the server's own, at their fields). And 'send me a
// test': reminder 1 of the saved flow to the merchant's own number, with sample values
// (server/checkouts/recovery-test-send.ts; refusals at `phone`, `consent`, `flow`; a limit per account).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { apiErrorBodySchema } from '@/domain/api-error';
import { recoveryFlowSchema } from '@/domain/checkout-recovery';
import {
  RECOVERY_TEST_WINDOW_MINUTES,
  RECOVERY_TESTS_PER_WINDOW,
  recoveryTestRequestSchema,
  recoveryTestSentSchema,
} from '@/domain/recovery-test';
import { principalOf } from '../auth/bearer-auth';
import { RecoveryFlowRefusal, type RecoveryFlowStore } from '../checkouts/recovery-flow-store';
import { RecoveryTestRefusal, type RecoveryTestSends } from '../checkouts/recovery-test-send';
import { HttpError } from '../http/http-error';
import { FIREBASE_BEARER } from '../http/openapi';
import { siteOrigin } from '../http/site-origin';

export type RecoveryFlowRouteOptions = {
  store: RecoveryFlowStore;
  tests: RecoveryTestSends;
  /** SITE_URL: the origin of the public catalog page a test links to when the store has no website; unset, the request's. */
  siteUrl?: string;
};

const refusals: Record<RecoveryFlowRefusal['reason'], (refusal: RecoveryFlowRefusal) => HttpError> = {
  not_found: () => HttpError.notFound('No such inventory.'),
  invalid: ({ fields }) =>
    new HttpError(422, 'recovery_flow_refused', 'This recovery flow cannot be saved as it is.', {
      fields: Object.fromEntries(Object.entries(fields).map(([field, message]) => [field, message.id!])),
    }),
};

const messageIds = (fields: Partial<Record<string, { id?: string }>>) =>
  Object.fromEntries(Object.entries(fields).map(([field, message]) => [field, message!.id!]));

const testRefusals: Record<RecoveryTestRefusal['reason'], (refusal: RecoveryTestRefusal) => HttpError> = {
  not_found: () => HttpError.notFound('No such inventory.'),
  invalid: ({ fields }) =>
    new HttpError(422, 'recovery_test_refused', 'This test cannot be sent as it is.', { fields: messageIds(fields) }),
  rate_limited: ({ retryAfterMs }) => {
    const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
    return new HttpError(429, 'too_many_requests', `Too many tests for now: try again in ${seconds} s.`, {
      headers: { 'retry-after': String(seconds) },
    });
  },
};

async function refusing<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (error instanceof RecoveryFlowRefusal) throw refusals[error.reason](error);
    if (error instanceof RecoveryTestRefusal) throw testRefusals[error.reason](error);
    throw error;
  }
}

const params = z.object({ id: z.uuid() });
const security = [{ [FIREBASE_BEARER]: [] }];
const tags = ['Checkout recovery'];

export function registerRecoveryFlowRoutes(app: FastifyInstance, { store, tests, siteUrl }: RecoveryFlowRouteOptions) {
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

  api.post(
    '/inventories/:id/recovery-flow/test',
    {
      schema: {
        summary: "Sends reminder 1 of an inventory's saved recovery flow to the merchant's own WhatsApp number, with sample values",
        description:
          'Body: `phone`, the merchant’s number as typed (read in the sending number’s country when it has no +), and `consent`, ' +
          'which must be `true` (the merchant agrees to receive the test there). Sends step 1 of the SAVED flow (on or off) from its ' +
          'number with sample values in the template’s language (the contact’s, else the number’s country’s, else one approved): ' +
          'a sample name, products and total, the store’s website (else its public catalog page) and name, and for a discount step a ' +
          '`TEST-…` code that is never made in the store. The number becomes a contact with consent for the template’s category ' +
          'from `merchant_test`; an earlier opt-out wins. Answers 202 with the send queued and the number masked. 422 ' +
          '`recovery_test_refused` with `fields` (message ids of domain/recovery-test.ts) at `phone`, `consent` or `flow`. ' +
          `At most ${RECOVERY_TESTS_PER_WINDOW} tests per account per ${RECOVERY_TEST_WINDOW_MINUTES} minutes; then 429 ` +
          '`too_many_requests` with Retry-After.',
        tags,
        security,
        params,
        body: recoveryTestRequestSchema,
        response: {
          202: recoveryTestSentSchema,
          400: apiErrorBodySchema,
          401: apiErrorBodySchema,
          404: apiErrorBodySchema,
          422: apiErrorBodySchema,
          429: apiErrorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const sent = await refusing(
        tests.send(principalOf(request).uid, request.params.id, request.body, { siteOrigin: siteOrigin(request, siteUrl) }),
      );
      return reply.code(202).send(sent);
    },
  );
}
