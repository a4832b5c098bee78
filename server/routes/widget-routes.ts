// /api/v1/widget: the caller's website widget (domain/widget.ts) — read (off, with its public id, until
// saved) and saved once it holds, refusals at their fields — and its chat's conversations. And
// /api/v1/widget-sites/{public id}: what the widget's script reads on a site and where its chat's
// messages go (domain/widget-chat.ts), public, answered only to the sites the merchant listed (the
// request's Origin, echoed in Access-Control-Allow-Origin; a preflight answered for them alone) and to
// Catalyst's own pages (the screen's live preview); any other site gets a 403 a browser's script
// cannot read. The chat also refuses bots by their user agent (isbot) and counts each visitor's and
// each address's messages in the database, so the limits hold across processes.
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { isbot } from 'isbot';
import * as z from 'zod/mini';
import { apiErrorBodySchema } from '@/domain/api-error';
import { publicCatalogSchema } from '@/domain/storefront';
import { publicWidgetSchema, widgetSchema, widgetSettingsSchema } from '@/domain/widget';
import {
  widgetChatAnswerSchema,
  widgetChatRequestSchema,
  widgetConversationsSchema,
  widgetHandoffRequestSchema,
  widgetHandoffSchema,
} from '@/domain/widget-chat';
import { widgetBeaconSchema } from '@/domain/widget-events';
import type { AccountStore } from '../accounts/account-store';
import { principalOf } from '../auth/bearer-auth';
import { HttpError } from '../http/http-error';
import { FIREBASE_BEARER } from '../http/openapi';
import { sendEncoded } from '../http/encoded-body';
import { siteOrigin } from '../http/site-origin';
import { encodedCatalogs } from '../widgets/encoded-catalogs';
import { WidgetChatRefusal, type WidgetChat } from '../widgets/widget-chat';
import type { StorefrontStore } from '../storefront/storefront-store';
import type { WidgetEventRecorder } from '../widgets/widget-event-recorder';
import type { WidgetHandoffs } from '../widgets/widget-handoffs';
import { WidgetRefusal, type WidgetStore } from '../widgets/widget-store';

export type WidgetRouteOptions = {
  accounts: AccountStore;
  store: WidgetStore;
  /** SITE_URL: Catalyst's own origin (the preview's); unset, the request's. */
  siteUrl?: string;
  /** Reads of a widget's settings a client address may make per minute (a page view makes one). */
  readsPerMinute?: number;
  /** The widget's chat: its answers and conversations. */
  chat: WidgetChat;
  /** The codes 'Continue on WhatsApp' carries. */
  handoffs: WidgetHandoffs;
  /** The inventories' public catalogs, which the widget's product finder reads. */
  storefront: Pick<StorefrontStore, 'inventory' | 'catalog'>;
  /** What the pages report (views, panels opened, finder searches, clicks to WhatsApp), written in batches. */
  events: Pick<WidgetEventRecorder, 'record'>;
  /** Events a client address may report per minute. */
  eventsPerMinute?: number;
};

/** Each refusal of the chat as the page reads it: the code its script translates, and for a limit when to try again. */
const chatRefusals: Record<WidgetChatRefusal['reason'], (error: WidgetChatRefusal) => HttpError> = {
  rate_limited: (error) =>
    new HttpError(429, 'rate_limited', 'Too many messages: wait a moment and send it again.', {
      headers: { 'retry-after': String(Math.max(1, Math.ceil((error.retryAfterMs ?? 60_000) / 1000))) },
    }),
  daily_cap_reached: () => new HttpError(429, 'daily_cap_reached', 'The chat has given all of today’s answers: continue on WhatsApp.'),
  not_answering: () => new HttpError(503, 'not_answering', 'Nothing answers on this chat right now: continue on WhatsApp.'),
  ai_unavailable: () =>
    new HttpError(503, 'ai_unavailable', 'The answer could not be written right now: try again in a moment.', {
      headers: { 'retry-after': '30' },
    }),
};

async function chatRefusing<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (error instanceof WidgetChatRefusal) throw chatRefusals[error.reason](error);
    throw error;
  }
}

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

export async function registerWidgetRoutes(
  app: FastifyInstance,
  { accounts, store, siteUrl, readsPerMinute = 120, chat, handoffs, storefront, events, eventsPerMinute = 120 }: WidgetRouteOptions,
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const catalogs = encodedCatalogs(storefront);

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

  api.get(
    '/widget/conversations',
    {
      schema: {
        summary: "The caller's website widget conversations, newest first, each with its last messages",
        tags,
        security,
        response: { 200: widgetConversationsSchema, 401: apiErrorBodySchema },
      },
    },
    async (request) => {
      const { uid, email } = principalOf(request);
      await accounts.findOrCreate(uid, email);
      return { channelId: (await store.get(uid)).channelId, conversations: await chat.conversations(uid) };
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
          params: publicIdParams,
          response: { 200: publicWidgetSchema, 403: apiErrorBodySchema, 404: apiErrorBodySchema, 429: apiErrorBodySchema },
        },
      },
      async (request, reply) => {
        const found = await siteFor(request, reply, request.params.publicId);
        // A page may keep it a minute; the merchant's change shows on the next page after that.
        reply.header('cache-control', 'private, max-age=60');
        return found.widget;
      },
    );

    publicApi.get(
      '/widget-sites/:publicId/catalog',
      {
        config: { public: true, rateLimit: { max: readsPerMinute, timeWindow: 60_000 } },
        schema: {
          summary: "The catalog the widget's product finder (CATALYST FILTER) searches: the inventory's public catalog",
          description:
            'Public, for the sites the merchant listed (`Origin` checked as the settings read; 403 `origin_not_allowed`). ' +
            'The widget’s inventory’s public catalog as the catalog page reads it (products, variants with their option ' +
            'values, prices in minor units, availability), from memory until the next sync. 404 while the finder is off, ' +
            'the widget has no configured inventory, or it is off.',
          tags: ['Website widget (public)'],
          params: publicIdParams,
          response: { 200: publicCatalogSchema, 304: z.null(), 403: apiErrorBodySchema, 404: apiErrorBodySchema, 429: apiErrorBodySchema },
        },
      },
      async (request, reply) => {
        const found = await siteFor(request, reply, request.params.publicId);
        const inventory = found.widget.filterCatalogId ? await storefront.inventory(found.widget.filterCatalogId) : null;
        if (!inventory) throw HttpError.notFound('This widget has no product finder.');
        // A page may keep it five minutes (the hourly sync changes it far less often), and ask again with its ETag.
        reply.header('cache-control', 'private, max-age=300');
        const body = await catalogs.of(inventory);
        reply.header('etag', body.etag);
        if (request.headers['if-none-match'] === body.etag) return reply.code(304).send(null);
        return sendEncoded(request, reply.type('application/json; charset=utf-8'), body);
      },
    );

    // The browser's preflight of each POST a page makes (its body is JSON).
    for (const [path, what] of [
      ['/widget-sites/:publicId/messages', "the widget chat's messages"],
      ['/widget-sites/:publicId/handoffs', "the widget's handoff codes"],
      ['/widget-sites/:publicId/events', "the widget's events"],
    ] as const)
      publicApi.options(
        path,
        {
          config: { public: true },
          schema: {
            summary: `The browser's preflight of ${what}, answered for the sites the merchant listed`,
            description:
              'A listed `Origin` (or Catalyst’s own) gets 204 with `Access-Control-Allow-Methods: POST` and ' +
              '`Access-Control-Allow-Headers: content-type`; any other is 403 `origin_not_allowed` without them; a widget off is 404.',
            tags: ['Website widget (public)'],
            params: publicIdParams,
            response: { 204: z.null(), 403: apiErrorBodySchema, 404: apiErrorBodySchema },
          },
        },
        async (request, reply) => {
          await siteFor(request, reply, request.params.publicId);
          reply.header('access-control-allow-methods', 'POST');
          reply.header('access-control-allow-headers', 'content-type');
          reply.header('access-control-max-age', '600');
          return reply.code(204).send(null);
        },
      );

    publicApi.post(
      '/widget-sites/:publicId/events',
      {
        config: { public: true, rateLimit: { max: eventsPerMinute, timeWindow: 60_000 } },
        bodyLimit: 256,
        schema: {
          summary: 'What a page saw its widget do: shown, opened, a product finder search, a click to WhatsApp',
          description:
            'Public, for the sites the merchant listed (`Origin` checked as the settings read; 403 `origin_not_allowed`). ' +
            'Recorded in batches for the dashboard and the Solutions screen: the kind, the widget’s number and the time, ' +
            'nothing of the visitor. Answered 204 at once; a bot’s report and the screen’s own preview are answered alike ' +
            'and not counted. 429 `rate_limited` past the reports an address may make a minute; a widget off is 404.',
          tags: ['Website widget (public)'],
          params: publicIdParams,
          body: widgetBeaconSchema,
          response: { 204: z.null(), 400: apiErrorBodySchema, 403: apiErrorBodySchema, 404: apiErrorBodySchema, 429: apiErrorBodySchema },
        },
      },
      async (request, reply) => {
        const found = await siteFor(request, reply, request.params.publicId);
        const agent = request.headers['user-agent'];
        const preview = request.headers.origin === siteOrigin(request, siteUrl);
        if (agent && !isbot(agent) && !preview) events.record({ uid: found.uid, kind: request.body.kind, channelId: found.channelId });
        return reply.code(204).send(null);
      },
    );

    publicApi.post(
      '/widget-sites/:publicId/handoffs',
      {
        config: { public: true },
        bodyLimit: 1024,
        schema: {
          summary: "The code a page's 'Continue on WhatsApp' message carries, for its visitor",
          description:
            'Public, for the sites the merchant listed (`Origin` checked as the settings read; 403 `origin_not_allowed`). ' +
            'The visitor’s code not picked up yet, else a new one (domain/widget-ref.ts). When a WhatsApp message to the ' +
            'merchant’s number carries it, the AI base reads the visitor’s site conversation first and the conversation ' +
            'counts as the widget’s. 429 `rate_limited` (with `Retry-After`) past the codes an address may ask for an hour. ' +
            'A bot’s user agent is 403 `bot_refused`; a widget off is 404.',
          tags: ['Website widget (public)'],
          params: publicIdParams,
          body: widgetHandoffRequestSchema,
          response: {
            200: widgetHandoffSchema,
            400: apiErrorBodySchema,
            403: apiErrorBodySchema,
            404: apiErrorBodySchema,
            429: apiErrorBodySchema,
          },
        },
      },
      async (request, reply) => {
        const found = await siteFor(request, reply, request.params.publicId);
        refuseBots(request, found.uid);
        return { ref: await chatRefusing(handoffs.issue(found, request.body.visitorId, request.ip, new Date())) };
      },
    );

    publicApi.post(
      '/widget-sites/:publicId/messages',
      {
        config: { public: true },
        bodyLimit: 8 * 1024,
        schema: {
          summary: "A shopper's message in the website widget's chat, answered by the number's active AI base",
          description:
            'Public, for the sites the merchant listed (`Origin` checked as the settings read; 403 `origin_not_allowed`). ' +
            'A bot’s user agent is 403 `bot_refused`. Answered through the WhatsApp pipeline (knowledge, blocked terms, ' +
            'function, language, tone; product cards with a link to the cart summary page), stored with the conversation ' +
            'and counted as an AI request of the plan. 429 `rate_limited` (with `Retry-After`) past the messages a visitor ' +
            'or an address may send a minute, or the conversations an address may start an hour; 429 `daily_cap_reached` ' +
            'once the merchant’s answers of the day (its time zone) are given; 503 `not_answering` while the number is ' +
            'paused or has no active AI base, `ai_unavailable` when the answerer fails. A widget off is 404.',
          tags: ['Website widget (public)'],
          params: publicIdParams,
          body: widgetChatRequestSchema,
          response: {
            200: widgetChatAnswerSchema,
            400: apiErrorBodySchema,
            403: apiErrorBodySchema,
            404: apiErrorBodySchema,
            429: apiErrorBodySchema,
            503: apiErrorBodySchema,
          },
        },
      },
      async (request, reply) => {
        const found = await siteFor(request, reply, request.params.publicId);
        refuseBots(request, found.uid);
        try {
          const { answer, begunAt } = await chatRefusing(chat.ask(found, request.body, request.ip, siteOrigin(request, siteUrl)));
          // A chat begun: the dashboard's and the Solutions screen's count, batched as the pages' reports are.
          if (begunAt) events.record({ uid: found.uid, kind: 'chat', channelId: found.channelId, occurredAt: begunAt });
          return answer;
        } catch (error) {
          if (error instanceof HttpError) request.log.info({ uid: found.uid, code: error.code }, 'widget chat message refused');
          throw error;
        }
      },
    );
  });

  /** A bot's user agent (isbot), or none, is refused: the chat and its codes are for people in a browser. */
  function refuseBots(request: FastifyRequest, uid: string) {
    const agent = request.headers['user-agent'];
    if (agent && !isbot(agent)) return;
    request.log.info({ uid, code: 'bot_refused' }, 'widget request refused to a bot');
    throw new HttpError(403, 'bot_refused', 'This chat answers people in a browser.');
  }

  /** The widget of a public id for the request's site, with its Origin echoed; 404 when off, 403 for a site not listed. */
  async function siteFor(request: FastifyRequest, reply: FastifyReply, publicId: string) {
    varyByOrigin(reply);
    const found = await store.forSite(publicId);
    if (!found) throw HttpError.notFound('No such widget, or it is off.');
    const origin = allowedOrigin(request, found.allowedOrigins, siteOrigin(request, siteUrl));
    if (!origin) {
      request.log.info({ uid: found.uid, code: 'origin_not_allowed' }, 'widget refused to a site not listed');
      throw new HttpError(403, 'origin_not_allowed', 'This site is not among the widget’s sites.');
    }
    reply.header('access-control-allow-origin', origin);
    return found;
  }
}

// A public id is base64url (widget-store.ts newPublicId); anything else never reaches the database.
const publicIdParams = z.object({ publicId: z.string().check(z.regex(/^[A-Za-z0-9_-]{1,64}$/)) });
