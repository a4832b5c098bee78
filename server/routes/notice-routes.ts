// /api/v1/inventories/:id/notices: an inventory's post-sale notices (order confirmation,
// shipping update): the number they go from, each one on or off with its template and what fills
// each variable. Saved only when they hold (domain/order-notice.ts's refusals, at their fields).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { apiErrorBodySchema } from '@/domain/api-error';
import { orderNoticeSettingsSchema } from '@/domain/order-notice';
import { principalOf } from '../auth/bearer-auth';
import { HttpError } from '../http/http-error';
import { FIREBASE_BEARER } from '../http/openapi';
import { NoticeRefusal, type NoticeStore } from '../notices/notice-store';

export type NoticeRouteOptions = { store: NoticeStore };

const refusals: Record<NoticeRefusal['reason'], (refusal: NoticeRefusal) => HttpError> = {
  not_found: () => HttpError.notFound('No such inventory.'),
  invalid: ({ fields }) =>
    new HttpError(422, 'notices_refused', 'These notice settings cannot be saved as they are.', {
      fields: Object.fromEntries(Object.entries(fields).map(([field, message]) => [field, message.id!])),
    }),
};

async function refusing<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (error instanceof NoticeRefusal) throw refusals[error.reason](error);
    throw error;
  }
}

const params = z.object({ id: z.uuid() });
const security = [{ [FIREBASE_BEARER]: [] }];
const tags = ['Notices'];

export function registerNoticeRoutes(app: FastifyInstance, { store }: NoticeRouteOptions) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/inventories/:id/notices',
    {
      schema: {
        summary: "An inventory's post-sale notices: both off until saved",
        tags,
        security,
        params,
        response: { 200: orderNoticeSettingsSchema, 401: apiErrorBodySchema, 404: apiErrorBodySchema },
      },
    },
    async (request) => refusing(store.get(principalOf(request).uid, request.params.id)),
  );

  api.put(
    '/inventories/:id/notices',
    {
      schema: {
        summary: "Saves an inventory's post-sale notices",
        description:
          '422 `notices_refused` with `fields` (message ids) when they do not hold: a switched-on notice needs the number, a template ' +
          'of it approved as Utility in some language, and a source for each of its variables (tracking and carrier only in the ' +
          'shipping update). A variable named like a source (`first_name`, `order_number`…) is filled from it unless told. Answers ' +
          'the settings as stored.',
        tags,
        security,
        params,
        body: orderNoticeSettingsSchema,
        response: {
          200: orderNoticeSettingsSchema,
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
