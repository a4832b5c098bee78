// /api/v1/widget: the caller's website widget (domain/widget.ts) — read (off, with its public id, until
// saved) and saved once it holds, refusals at their fields. And /api/v1/widget-sites/{public id}: what
// the widget's script reads on a site, public, answered only to the sites the merchant listed (the
// request's Origin, echoed in Access-Control-Allow-Origin) and to Catalyst's own pages (the screen's
// live preview); any other site gets a 403 a browser's script cannot read.
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { apiErrorBodySchema } from '@/domain/api-error';
import { publicWidgetSchema, widgetSchema, widgetSettingsSchema } from '@/domain/widget';
import type { AccountStore } from '../accounts/account-store';
import { principalOf } from '../auth/bearer-auth';
import { HttpError } from '../http/http-error';
import { FIREBASE_BEARER } from '../http/openapi';
import { siteOrigin } from '../http/site-origin';
import { WidgetRefusal, type WidgetStore } from '../widgets/widget-store';

export type WidgetRouteOptions = {
  accounts: AccountStore;
  store: WidgetStore;
  /** SITE_URL: Catalyst's own origin (the preview's); unset, the request's. */
  siteUrl?: string;
  /** Reads of a widget's settings a client address may make per minute (a page view makes one). */
  readsPerMinute?: number;
};

const security = [{ [FIREBASE_BEARER]: [] }];
const tags = ['Website widget'];

async function refusing<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (error instanceof WidgetRefusal)
      throw new HttpError(422, 'widget_refused', 'These widget settings cannot be saved as they are.', {
        fields: Object.fromEntries(Object.entries(error.fields).map(([field, message]) => [field, message.id!])),
      });
    throw error;
  }
}

/** The request's Origin when it may read the widget: one the merchant listed, or Catalyst's own. */
function allowedOrigin(request: FastifyRequest, allowed: readonly string[], ownOrigin: string): string | null {
  const origin = request.headers.origin;
  if (typeof origin !== 'string') return null;
  return origin === ownOrigin || allowed.includes(origin) ? origin : null;
}

/** Answers vary by Origin: no cache may hand one site's answer to another. */
const varyByOrigin = (reply: FastifyReply) => reply.header('vary', 'Origin');

export async function registerWidgetRoutes(app: FastifyInstance, { accounts, store, siteUrl, readsPerMinute = 120 }: WidgetRouteOptions) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/widget',
    {
      schema: {
        summary: "The caller's website widget: its settings (off, until saved) and the public id its snippet names",
        tags,
        security,
        response: { 200: widgetSchema, 401: apiErrorBodySchema },
      },
    },
    async (request) => {
      const { uid, email } = principalOf(request);
      // The widget belongs to the account (its first read makes its public id): the account exists first.
      await accounts.findOrCreate(uid, email);
      return store.get(uid);
    },
  );

  api.put(
    '/widget',
    {
      schema: {
        summary: "Saves the caller's website widget",
        description:
          'On, it needs a connected number of the caller’s (`channelId`, whose active AI base answers) and at least one site ' +
          '(`allowedOrigins`, each `https://` and a domain, no path; `http://` only for localhost). 422 `widget_refused` with ' +
          '`fields` naming each field refused and its message id (domain/widget.ts widgetRefusals).',
        tags,
        security,
        body: widgetSettingsSchema,
        response: { 200: widgetSchema, 400: apiErrorBodySchema, 401: apiErrorBodySchema, 422: apiErrorBodySchema },
      },
    },
    async (request) => {
      const { uid, email } = principalOf(request);
      await accounts.findOrCreate(uid, email);
      return refusing(store.save(uid, request.body));
    },
  );

  await app.register(async (sites) => {
    const publicApi = sites.withTypeProvider<ZodTypeProvider>();
    await sites.register(rateLimit, {
      global: false,
      errorResponseBuilder: (_request, context) =>
        new HttpError(429, 'rate_limited', `Too many requests from this address: try again in ${context.after}.`),
    });

    publicApi.get(
      '/widget-sites/:publicId',
      {
        config: { public: true, rateLimit: { max: readsPerMinute, timeWindow: 60_000 } },
        schema: {
          summary: "What the website widget's script reads on a site: its look, greetings, hours and WhatsApp number",
          description:
            'Public, for the sites the merchant listed: the request’s `Origin` must be one of them (or Catalyst’s own, for the ' +
            'preview), and is echoed in `Access-Control-Allow-Origin`; any other is 403 `origin_not_allowed`. A widget that is ' +
            'off, unknown or without its number is 404.',
          tags: ['Website widget (public)'],
          params: z.object({ publicId: z.string().check(z.minLength(1), z.maxLength(64)) }),
          response: { 200: publicWidgetSchema, 403: apiErrorBodySchema, 404: apiErrorBodySchema, 429: apiErrorBodySchema },
        },
      },
      async (request, reply) => {
        varyByOrigin(reply);
        const found = await store.forSite(request.params.publicId);
        if (!found) throw HttpError.notFound('No such widget, or it is off.');
        const origin = allowedOrigin(request, found.allowedOrigins, siteOrigin(request, siteUrl));
        if (!origin) {
          request.log.info({ uid: found.uid, code: 'origin_not_allowed' }, 'widget refused to a site not listed');
          throw new HttpError(403, 'origin_not_allowed', 'This site is not among the widget’s sites.');
        }
        reply.header('access-control-allow-origin', origin);
        // A page may keep it a minute; the merchant's change shows on the next page after that.
        reply.header('cache-control', 'private, max-age=60');
        return found.widget;
      },
    );
  });
}
