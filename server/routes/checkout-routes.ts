// /api/v1/checkouts: the Checkouts screen's figures (beside the previous period's) and list — an
// account's abandoned checkouts of a period, one inventory's or all its inventories', with where each
// recovery stands — one checkout with its timeline, and the list's query as a CSV file
// (domain/checkout-list.ts). Another account's checkout or inventory is a 404.
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiErrorBodySchema } from '@/domain/api-error';
import {
  CHECKOUT_SEARCH_MAX,
  checkoutDetailSchema,
  checkoutExportQuerySchema,
  checkoutIdParamsSchema,
  checkoutListQuerySchema,
  checkoutListSchema,
} from '@/domain/checkout-list';
import { principalOf } from '../auth/bearer-auth';
import { checkoutCsvFileName, checkoutCsvLines } from '../checkouts/checkout-csv';
import { CheckoutListRefusal, type CheckoutListStore } from '../checkouts/checkout-list-store';
import { HttpError } from '../http/http-error';
import { FIREBASE_BEARER } from '../http/openapi';

export type CheckoutRouteOptions = { store: CheckoutListStore };

const refusals: Record<CheckoutListRefusal['reason'], () => HttpError> = {
  not_found: () => HttpError.notFound('No such inventory.'),
};

async function refusing<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (error instanceof CheckoutListRefusal) throw refusals[error.reason]();
    throw error;
  }
}

const tags = ['Checkout recovery'];
const security = [{ [FIREBASE_BEARER]: [] }];
const errors = { 400: apiErrorBodySchema, 401: apiErrorBodySchema, 404: apiErrorBodySchema };
const QUERY =
  'Checkouts left from `from` to `to` (inclusive UTC dates) that recovery looked at, of `inventory` (404 when it is not the ' +
  'account’s) or of every inventory. `status` and `q` filter the list, not the figures: `q` (trimmed, up to ' +
  `${CHECKOUT_SEARCH_MAX} characters) finds first names holding it, case and accents aside, and, written as a number, the ` +
  'shoppers’ numbers ending in its digits.';

export function registerCheckoutRoutes(app: FastifyInstance, { store }: CheckoutRouteOptions) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/checkouts',
    {
      schema: {
        summary: "The account's abandoned checkouts of a period: the figures, and a page of the list",
        description:
          `${QUERY} The recovery rate is recovered ÷ reminded (null when none was reminded). The messages’ cost is the price the ` +
          'sender recorded for those checkouts’ reminders (USD micros); the return on it is the recovered value ÷ that cost, null ' +
          'with `returnWithheld` saying why when the cost is 0 or the value is not in US dollars alone (no exchange rate is ' +
          'assumed). `discountCodesUsed` counts the recovered orders that used their reminder’s discount code. `previous` holds ' +
          'the same figures for the period of as many days just before. Numbers are masked but their last four digits; `total` ' +
          'is the filtered list’s length. Pages of 50, newest first.',
        tags,
        security,
        querystring: checkoutListQuerySchema,
        response: { 200: checkoutListSchema, ...errors },
      },
    },
    async (request) => refusing(store.list(principalOf(request).uid, request.query)),
  );

  api.get(
    '/checkouts/export.csv',
    {
      schema: {
        summary: "The account's abandoned checkouts of a period as CSV: every row of the list's query",
        description:
          `${QUERY} Streamed, newest first: a UTF-8 BOM, a header row, one row per checkout (left at, inventory, status, reason, ` +
          'reminders sent, total, currency, the number masked but its last four digits, first name, completed at). Cells a ' +
          'spreadsheet would run as a formula start with an apostrophe.',
        tags,
        security,
        // No response schema: the body is text/csv (the refusals are the JSON errors above).
        querystring: checkoutExportQuerySchema,
      },
    },
    async (request, reply) => {
      const batches = await refusing(store.exportBatches(principalOf(request).uid, request.query));
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${checkoutCsvFileName(request.query.from, request.query.to)}"`)
        .header('cache-control', 'private, no-store')
        .send(Readable.from(checkoutCsvLines(batches)));
    },
  );

  api.get(
    '/checkouts/:id',
    {
      schema: {
        summary: 'One abandoned checkout with its timeline: the shopper’s steps, recovery’s decisions, each reminder’s delivery',
        description:
          'The list’s item (any status, waiting included), its inventory’s name and lines, and its events in time order: started, ' +
          'last activity, abandoned, each reminder with its template, delivery status, price (USD micros) and sent time, the ' +
          'discount code made for it, skipped or stopped with the reason (no recorded time), completed, recovered or lost. The ' +
          'number is masked but its last four digits. Another account’s checkout is a 404.',
        tags,
        security,
        params: checkoutIdParamsSchema,
        response: { 200: checkoutDetailSchema, ...errors },
      },
    },
    async (request) => {
      const checkout = await store.detail(principalOf(request).uid, Number(request.params.id));
      if (!checkout) throw HttpError.notFound('No such checkout.');
      return checkout;
    },
  );
}
