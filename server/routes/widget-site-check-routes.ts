// POST /api/v1/widget/site-check: 'check my site' on the widget screen. The caller names a page of
// one of their widget's sites; the server fetches it (server/widgets/site-check.ts) and answers whether
// the widget's snippet is on it. An address that is not http(s), not on one of the widget's saved
// sites, or not on the public internet is refused at the `url` field (422).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiErrorBodySchema } from '@/domain/api-error';
import { widgetOrigin } from '@/domain/widget';
import { siteCheckAnswerSchema, siteCheckRefusals, siteCheckRequestSchema, siteCheckUrl } from '@/domain/widget-site-check';
import type { AccountStore } from '../accounts/account-store';
import { principalOf } from '../auth/bearer-auth';
import { HttpError } from '../http/http-error';
import { FIREBASE_BEARER } from '../http/openapi';
import { checkSiteForSnippet, SiteAddressBlocked, type SiteCheckOptions } from '../widgets/site-check';
import type { WidgetStore } from '../widgets/widget-store';

export type WidgetSiteCheckRouteOptions = {
  accounts: AccountStore;
  widgets: Pick<WidgetStore, 'get'>;
} & SiteCheckOptions;

const refused = (message: { id?: string }) =>
  new HttpError(422, 'validation_failed', 'This page cannot be checked.', { fields: { url: message.id! } });

export function registerWidgetSiteCheckRoutes(app: FastifyInstance, { accounts, widgets, ...fetching }: WidgetSiteCheckRouteOptions) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/widget/site-check',
    {
      schema: {
        summary: 'Checks whether the website widget’s snippet is on a page of one of its sites',
        description:
          'Fetches `url` (http or https, on one of the widget’s saved sites; redirects followed on that site only) and answers ' +
          '`found` when a `<script>` for widget.js with the widget’s `data-catalyst` public id is on it, `not_found` when not, ' +
          '`unreachable` when the page did not answer, answered an error, or redirected elsewhere. 422 `validation_failed` with ' +
          '`fields.url` (domain/widget-site-check.ts siteCheckRefusals): not an http(s) address, not on a listed site, or not a ' +
          'public address.',
        tags: ['Website widget'],
        security: [{ [FIREBASE_BEARER]: [] }],
        body: siteCheckRequestSchema,
        response: { 200: siteCheckAnswerSchema, 400: apiErrorBodySchema, 401: apiErrorBodySchema, 422: apiErrorBodySchema },
      },
    },
    async (request) => {
      const { uid, email } = principalOf(request);
      const url = siteCheckUrl(request.body.url);
      if (!url) throw refused(siteCheckRefusals.urlInvalid);
      await accounts.findOrCreate(uid, email);
      const widget = await widgets.get(uid);
      const listed = widget.allowedOrigins.map((origin) => widgetOrigin(origin) ?? origin);
      if (!listed.includes(url.origin)) throw refused(siteCheckRefusals.notListed);
      try {
        return await checkSiteForSnippet(url, widget.publicId, fetching);
      } catch (error) {
        if (error instanceof SiteAddressBlocked) throw refused(siteCheckRefusals.addressBlocked);
        throw error;
      }
    },
  );
}
