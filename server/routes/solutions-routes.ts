// /api/v1/solutions: the Solutions screen's one read — each solution the landing page names (catalog
// filter, AI personal shopper, campaigns, website widget, cart recovery, post-sale notices) set up or
// not, where it is on, the first step missing and its headline figure over the last 30 days of the
// account's time zone (server/solutions/). The caller's account's records only.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiErrorBodySchema } from '@/domain/api-error';
import { SOLUTIONS_DAYS, solutionsSchema } from '@/domain/solutions';
import { principalOf } from '../auth/bearer-auth';
import { FIREBASE_BEARER } from '../http/openapi';
import type { SolutionsReader } from '../solutions/solutions-reader';

export type SolutionRouteOptions = { reader: SolutionsReader };

const security = [{ [FIREBASE_BEARER]: [] }];
const tags = ['Solutions'];

export function registerSolutionRoutes(app: FastifyInstance, { reader }: SolutionRouteOptions) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/solutions',
    {
      schema: {
        summary: "The caller's solutions: each set up or not, with its headline figure for the last 30 days",
        description:
          `One entry per solution, in the screen's order. \`state\` says whether it is set up; \`next\`, the first step missing ` +
          '(a configured inventory whose catalog synced, an active AI base, a connected number, a planned campaign, an ' +
          "inventory's recovery flow or post-sale notices switched on, the widget); `on`, the inventories, numbers (with the AI " +
          `base answering there) or running campaigns it is on. The figures cover the last ${SOLUTIONS_DAYS} days (today ` +
          "included) of the account's time zone, UTC until it has one (`range`): catalog page views, AI answers on WhatsApp, " +
          'campaign messages Meta took, recovered sales by currency (minor units, net of refunds), post-sale notices Meta took; ' +
          'none yet for the widget.',
        tags,
        security,
        response: { 200: solutionsSchema, 401: apiErrorBodySchema },
      },
    },
    async (request) => reader.read(principalOf(request).uid),
  );
}
