// /api/v1/dashboard: the caller's figures for a range of days in the account's time zone, each with the
// previous period's, in one answer (the dashboard screen's one round trip); /api/v1/dashboard.csv:
// the same period by day and source. Sums of the rollups only (server/dashboard/dashboard-store.ts).
// A filter naming no record of the caller's (another account's included) is a 404.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiErrorBodySchema } from '@/domain/api-error';
import { dashboardQuerySchema, dashboardSchema, dashboardValidation } from '@/domain/dashboard';
import type { AccountStore } from '../accounts/account-store';
import { principalOf } from '../auth/bearer-auth';
import { dashboardCsv } from '../dashboard/dashboard-csv';
import { DashboardRefusal, type DashboardStore } from '../dashboard/dashboard-store';
import { HttpError } from '../http/http-error';
import { FIREBASE_BEARER } from '../http/openapi';

const filterNames: Record<DashboardRefusal['filter'], string> = {
  inventory: 'inventory',
  aiBase: 'AI base',
  channel: 'WhatsApp number',
  tz: 'time zone',
};

const refusals: Record<DashboardRefusal['reason'], (error: DashboardRefusal) => HttpError> = {
  filter_not_found: (error) => HttpError.notFound(`No such ${filterNames[error.filter]}.`),
  zone_unknown: () =>
    new HttpError(400, 'validation_failed', 'The request is not valid.', {
      fields: { tz: dashboardValidation.timeZoneInvalid.id },
    }),
};

async function refusing<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (error instanceof DashboardRefusal) throw refusals[error.reason](error);
    throw error;
  }
}

const security = [{ [FIREBASE_BEARER]: [] }];
const tags = ['Dashboard'];
const description =
  "`from` and `to` are days (YYYY-MM-DD, both counted, at most 366) of the account's time zone (PUT /api/v1/me/time-zone); `tz`, the " +
  "caller's IANA zone, becomes the account's when it has none (the answer's `range.tz` is the zone used); `inventory`, `aiBase` and " +
  '`channel` keep what that source took part in; `currency` (USD, BRL) prices the plan. Refusals: 400 `validation_failed` (a bad ' +
  "date, range, zone or id), 404 `not_found` (a filter naming no record of the caller's).";

export function registerDashboardRoutes(app: FastifyInstance, store: DashboardStore, accounts: AccountStore) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/dashboard',
    {
      schema: {
        summary: "The caller's results and AI use over a range of days, each figure with the previous period's",
        description,
        tags,
        security,
        querystring: dashboardQuerySchema,
        response: {
          200: dashboardSchema,
          400: apiErrorBodySchema,
          401: apiErrorBodySchema,
          404: apiErrorBodySchema,
        },
      },
    },
    async (request) => {
      const { uid, email } = principalOf(request);
      await accounts.findOrCreate(uid, email);
      return refusing(store.dashboard(uid, request.query));
    },
  );

  api.get(
    '/dashboard.csv',
    {
      schema: {
        summary: "The caller's figures over a range of days as CSV, one row per day and source",
        description,
        tags,
        security,
        // No response schema: the body is text/csv (the refusals are the JSON errors above).
        querystring: dashboardQuerySchema,
      },
    },
    async (request, reply) => {
      const { uid, email } = principalOf(request);
      await accounts.findOrCreate(uid, email);
      const { range, rows, nameOf } = await refusing(store.exportRows(uid, request.query));
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="catalyst-dashboard-${range.from}-${range.to}.csv"`)
        .header('cache-control', 'private, no-store')
        .send(dashboardCsv(range, rows, nameOf));
    },
  );
}
