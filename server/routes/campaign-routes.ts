// /api/v1/campaigns: the caller's campaigns (domain/campaign.ts) — drafts the wizard creates and
// saves at every step, the review of what planning would do (reachable contacts, who is left out and
// why, the estimated cost, how the messaging limit spreads the sends), planning, pause, resume,
// cancel, and the results beside the previous campaign's. Refusals of a draft come by field (message
// ids the SPA translates); another account's id is a 404.
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { apiErrorBodySchema } from '@/domain/api-error';
import {
  CAMPAIGN_MAX_DAYS_AHEAD,
  campaignDraftSchema,
  campaignIdParamsSchema,
  campaignListSchema,
  campaignResultsSchema,
  campaignReviewSchema,
  campaignSchema,
  newCampaignSchema,
} from '@/domain/campaign';
import { principalOf } from '../auth/bearer-auth';
import { campaignCsvFileName, campaignCsvLines } from '../campaigns/campaign-csv';
import { CampaignPlanRefusal } from '../campaigns/campaign-planner';
import type { CampaignResultsReader } from '../campaigns/campaign-results';
import { CampaignRefusal, type CampaignStore } from '../campaigns/campaign-store';
import { HttpError } from '../http/http-error';
import { FIREBASE_BEARER } from '../http/openapi';
import { siteOrigin } from '../http/site-origin';

export type CampaignRouteOptions = {
  store: CampaignStore;
  results: CampaignResultsReader;
  /** SITE_URL: the origin of the catalog links a campaign's messages carry; unset, the request's. */
  siteUrl?: string;
};

const refusals: Record<CampaignRefusal['reason'], () => HttpError> = {
  not_found: () => HttpError.notFound('No such campaign.'),
  not_draft: () => new HttpError(409, 'campaign_not_draft', 'This campaign was planned already: its plan no longer changes.'),
  not_active: () => new HttpError(409, 'campaign_not_active', 'Only a campaign that is sending or scheduled can be paused.'),
  not_paused: () => new HttpError(409, 'campaign_not_paused', 'Only a paused campaign can be resumed.'),
  ended: () => new HttpError(409, 'campaign_ended', 'This campaign was cancelled already.'),
};

async function refusing<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (error instanceof CampaignRefusal) throw refusals[error.reason]();
    if (error instanceof CampaignPlanRefusal)
      throw new HttpError(422, 'campaign_refused', 'This campaign cannot be planned as it is.', {
        fields: Object.fromEntries(Object.entries(error.fields).map(([field, message]) => [field, message.id!])),
      });
    throw error;
  }
}

const errors = { 400: apiErrorBodySchema, 401: apiErrorBodySchema, 404: apiErrorBodySchema };
const security = [{ [FIREBASE_BEARER]: [] }];
const tags = ['Campaigns'];
const params = campaignIdParamsSchema;
const PLAN_REFUSALS =
  '422 `campaign_refused` with `fields` (message ids of domain/campaign.ts) at `name`, `audienceId` (none, or no reachable ' +
  'contact in a language the template is approved in), `channelId`, `templateName` (none approved, or not MARKETING), ' +
  '`variables.<name>` (no value, or an empty text), `inventoryId` (a catalog link without an inventory of the account), ' +
  `\`schedule\` (no valid local time, past, or more than ${CAMPAIGN_MAX_DAYS_AHEAD} days ahead). 409 \`campaign_not_draft\` once planned.`;

export function registerCampaignRoutes(app: FastifyInstance, { store, results, siteUrl }: CampaignRouteOptions) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const lifecycle = (path: string, summary: string, act: (uid: string, id: string) => Promise<unknown>) =>
    api.post(
      `/campaigns/:id/${path}`,
      { schema: { summary, tags, security, params, response: { 200: campaignSchema, 409: apiErrorBodySchema, ...errors } } },
      async (request) => refusing(act(principalOf(request).uid, request.params.id)) as Promise<z.infer<typeof campaignSchema>>,
    );

  api.get(
    '/campaigns',
    { schema: { summary: "The caller's campaigns, newest first", tags, security, response: { 200: campaignListSchema, ...errors } } },
    async (request) => ({ campaigns: await store.list(principalOf(request).uid) }),
  );

  api.post(
    '/campaigns',
    {
      schema: {
        summary: 'Starts a campaign as a draft with its name',
        tags,
        security,
        body: newCampaignSchema,
        response: { 201: campaignSchema, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await store.create(principalOf(request).uid, request.body)),
  );

  api.get(
    '/campaigns/:id',
    { schema: { summary: 'One campaign', tags, security, params, response: { 200: campaignSchema, ...errors } } },
    async (request) => refusing(store.get(principalOf(request).uid, request.params.id)),
  );

  api.put(
    '/campaigns/:id',
    {
      schema: {
        summary: "Saves a campaign's draft (the wizard's every step)",
        description: 'Anything may still be missing: planning checks that it holds. 409 `campaign_not_draft` once planned.',
        tags,
        security,
        params,
        body: campaignDraftSchema,
        response: { 200: campaignSchema, 409: apiErrorBodySchema, ...errors },
      },
    },
    async (request) => refusing(store.saveDraft(principalOf(request).uid, request.params.id, request.body)),
  );

  api.delete(
    '/campaigns/:id',
    {
      schema: {
        summary: 'Deletes a draft campaign',
        description: '409 `campaign_not_draft` once planned (its sends stay counted).',
        tags,
        security,
        params,
        response: { 204: z.null(), 409: apiErrorBodySchema, ...errors },
      },
    },
    async (request, reply) => {
      await refusing(store.remove(principalOf(request).uid, request.params.id));
      return reply.code(204).send(null);
    },
  );

  api.get(
    '/campaigns/:id/review',
    {
      schema: {
        summary: 'What planning the draft now would do: reachable contacts, who is left out and why, the estimated cost, the spread',
        description: PLAN_REFUSALS,
        tags,
        security,
        params,
        response: { 200: campaignReviewSchema, 409: apiErrorBodySchema, 422: apiErrorBodySchema, ...errors },
      },
    },
    async (request) => refusing(store.review(principalOf(request).uid, request.params.id)),
  );

  api.post(
    '/campaigns/:id/plan',
    {
      schema: {
        summary: 'Plans the campaign: one send per reachable contact, values frozen, spread by the messaging limit and quiet hours',
        description: `${PLAN_REFUSALS} Planned twice at once, it plans once.`,
        tags,
        security,
        params,
        response: { 200: campaignSchema, 409: apiErrorBodySchema, 422: apiErrorBodySchema, ...errors },
      },
    },
    async (request) => refusing(store.plan(principalOf(request).uid, request.params.id, { siteOrigin: siteOrigin(request, siteUrl) })),
  );

  lifecycle('pause', 'Pauses a sending or scheduled campaign: no message of it is admitted once this answers', (uid, id) =>
    store.pause(uid, id),
  );
  lifecycle('resume', 'Resumes a paused campaign: what is left spreads again from now', (uid, id) => store.resume(uid, id));
  lifecycle('cancel', 'Cancels a planned campaign: what is left ends and never goes', (uid, id) => store.cancel(uid, id));

  api.get(
    '/campaigns/:id/sends.csv',
    {
      schema: {
        summary: "A campaign's messages as CSV, one row each in its plan's order",
        description:
          'Streamed: a UTF-8 BOM, a header row, then per message the number masked but its last four digits, the language it ' +
          'went in, its status and reason, when Meta took it and its price in US dollars.',
        tags,
        security,
        params,
        // No response schema: the body is text/csv (the refusals are the JSON errors above).
      },
    },
    async (request, reply) => {
      const { name, pages } = await refusing(store.exportPages(principalOf(request).uid, request.params.id));
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${campaignCsvFileName(name)}"`)
        .header('cache-control', 'private, no-store')
        .send(Readable.from(campaignCsvLines(pages)));
    },
  );

  api.get(
    '/campaigns/:id/results',
    {
      schema: {
        summary: "A campaign's results, beside the previous campaign's",
        description:
          'Sends by status and failure reason, replies and orders within 7 days of each message, revenue by currency, cost (USD ' +
          'micros) and the return on it where both are one currency.',
        tags,
        security,
        params,
        response: { 200: campaignResultsSchema, ...errors },
      },
    },
    async (request) => refusing(results.of(principalOf(request).uid, request.params.id)),
  );
}
