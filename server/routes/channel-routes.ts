// /api/v1/channels: the caller's WhatsApp numbers — connect (the number checked against the Cloud
// API with the merchant's token before anything is stored), list, read with its conversations,
// pause, resume, change the AI base or inventory, replace the token, rotate the verify token,
// disconnect. Another account's id is a 404. A check Meta refuses answers its code (422, or 502/503
// when Meta did not answer or asked us to wait). Tokens and app secrets go in and never come back;
// the verify token is answered once, with the webhook URL to paste beside it. `store` is the one the
// webhook reads through, so a pause or a disconnect reaches its cache at once.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { apiErrorBodySchema } from '@/domain/api-error';
import {
  channelAnsweringSchema,
  channelDetailQuerySchema,
  channelDetailSchema,
  channelIdParamsSchema,
  channelListSchema,
  channelRetentionSchema,
  channelSchema,
  channelValidation,
  channelWebhookSetupSchema,
  connectChannelSchema,
  qualityRatingOf,
  replaceAccessTokenSchema,
  type ChannelCheckFailure,
  type ConnectedChannel,
  type PhoneNumberCheck,
} from '@/domain/channel';
import type { AccountStore } from '../accounts/account-store';
import { principalOf } from '../auth/bearer-auth';
import { ChannelRefusal, type ChannelStore } from '../channels/channel-store';
import { cloudApiClient, type CloudApiConfig, type CloudApiFailure } from '../channels/cloud-api-client';
import type { Services } from '../services';
import { HttpError } from '../http/http-error';
import { FIREBASE_BEARER } from '../http/openapi';
import { siteOrigin } from '../http/site-origin';
import { WHATSAPP_WEBHOOK_PATH } from './whatsapp-webhook-routes';

export type ChannelRouteOptions = {
  accounts: AccountStore;
  /** The process's one channel store (../services.ts): its changes empty the webhook intake's cache of a channel at once. */
  store: ChannelStore;
  /** A channel's conversations, a page at a time. */
  conversations: Services['conversations'];
  /** Meta's Graph API for WhatsApp (WHATSAPP_GRAPH_URL). */
  whatsapp: CloudApiConfig;
  /** SITE_URL: the origin of the webhook URL answered; unset, the request's. */
  siteUrl?: string;
};

const refusals: Record<ChannelRefusal['reason'], () => HttpError> = {
  not_found: () => HttpError.notFound('No such channel.'),
  ai_base_not_found: () =>
    new HttpError(422, 'ai_base_not_found', 'This AI base no longer exists.', {
      fields: { aiBaseId: channelValidation.aiBaseNotFound.id },
    }),
  ai_base_not_active: () =>
    new HttpError(409, 'ai_base_not_active', 'Choose an active AI base: this one is not switched on.', {
      fields: { aiBaseId: channelValidation.aiBaseNotActive.id },
    }),
  inventory_not_found: () =>
    new HttpError(422, 'inventory_not_found', 'This inventory no longer exists.', {
      fields: { inventoryId: channelValidation.inventoryNotFound.id },
    }),
  already_connected: () =>
    new HttpError(409, 'already_connected', 'This WhatsApp number is already connected to Catalyst.', {
      fields: { phoneNumberId: channelValidation.alreadyConnected.id },
    }),
  needs_access_token: () =>
    new HttpError(409, 'channel_needs_access_token', 'Meta refused this number’s access token: replace the token first.'),
};

async function refusing<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (error instanceof ChannelRefusal) throw refusals[error.reason]();
    throw error;
  }
}

const checkMessages: Record<ChannelCheckFailure, string> = {
  whatsapp_token_invalid:
    'Meta refused the access token (wrong, expired or revoked): paste a token of this number’s WhatsApp Business Account.',
  whatsapp_permission_missing:
    'The access token lacks a permission Catalyst needs: whatsapp_business_management and whatsapp_business_messaging.',
  whatsapp_number_not_found: 'No WhatsApp number with this phone number ID can be seen with this access token.',
  whatsapp_unreachable: 'The WhatsApp Cloud API did not answer. Try again in a moment.',
  whatsapp_throttled: 'Meta asked us to slow down. Try again in a moment.',
};

const checkError = (code: ChannelCheckFailure, status: 422 | 502) => new HttpError(status, code, checkMessages[code]);
const throttled = (retryAfterMs: number) =>
  new HttpError(503, 'whatsapp_throttled', checkMessages.whatsapp_throttled, {
    headers: { 'retry-after': String(Math.max(1, Math.ceil(retryAfterMs / 1000))) },
  });

/** Graph's permission errors: 10 (permission denied) and the 200 range (a permission not granted). */
const isPermissionCode = (code: number) => code === 10 || (code >= 200 && code < 300);

/** Each way a number check can fail, as its answer (a new kind does not compile until it has one). */
const checkFailures: { [Kind in CloudApiFailure['kind']]: (failure: Extract<CloudApiFailure, { kind: Kind }>) => HttpError } = {
  'token-invalid': () => checkError('whatsapp_token_invalid', 422),
  'not-found': () => checkError('whatsapp_number_not_found', 422),
  invalid: ({ code }) =>
    isPermissionCode(code) ? checkError('whatsapp_permission_missing', 422) : checkError('whatsapp_unreachable', 502),
  throughput: ({ retryAfterMs }) => throttled(retryAfterMs),
  'pair-rate-limit': ({ retryAfterMs }) => throttled(retryAfterMs),
  server: () => checkError('whatsapp_unreachable', 502),
  // Neither can answer a read of the number; should one, Meta did not answer as the Cloud API does.
  'outside-window': () => checkError('whatsapp_unreachable', 502),
  'too-large': () => checkError('whatsapp_unreachable', 502),
  unreachable: () => checkError('whatsapp_unreachable', 502),
};

const answerFor = (failure: CloudApiFailure): HttpError =>
  (checkFailures[failure.kind] as (failure: CloudApiFailure) => HttpError)(failure);

const errors = { 400: apiErrorBodySchema, 401: apiErrorBodySchema, 404: apiErrorBodySchema, 409: apiErrorBodySchema };
const checkErrors = { 422: apiErrorBodySchema, 502: apiErrorBodySchema, 503: apiErrorBodySchema };
const security = [{ [FIREBASE_BEARER]: [] }];
const tags = ['Channels'];
const CHECK_REFUSALS =
  'A check Meta refuses: 422 `whatsapp_token_invalid`, `whatsapp_permission_missing` or `whatsapp_number_not_found`; ' +
  '502 `whatsapp_unreachable`; 503 `whatsapp_throttled` with Retry-After.';
const NEEDS_TOKEN =
  '409 `channel_needs_access_token` while the channel needs attention for its access token (refused, a permission missing, ' +
  'the number gone): only a new token (PUT …/token) clears that.';
const ANSWERING_REFUSALS =
  '422 `ai_base_not_found` or `inventory_not_found` (not the caller’s, or deleted); ' +
  '409 `ai_base_not_active` (the base is not switched on).';

export function registerChannelRoutes(app: FastifyInstance, { accounts, store, conversations, whatsapp, siteUrl }: ChannelRouteOptions) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const cloudApi = cloudApiClient(whatsapp);

  /** The number as Meta shows it with this token, or the answer to why not. */
  async function checkNumber(request: FastifyRequest, phoneNumberId: string, accessToken: string): Promise<PhoneNumberCheck> {
    const result = await cloudApi.phoneNumber(phoneNumberId, accessToken);
    if (result.ok) {
      const { displayPhoneNumber, verifiedName, qualityRating } = result.value;
      return { displayPhoneNumber, verifiedName, qualityRating: qualityRatingOf(qualityRating) };
    }
    request.log.info({ whatsappCheck: result.failure.kind }, 'whatsapp number check failed');
    throw answerFor(result.failure);
  }

  const found = async (uid: string, id: string) => {
    const channel = await store.get(uid, id);
    if (!channel) throw refusals.not_found();
    return channel;
  };

  /** The verify token, this once, with where Meta should call. */
  const setup = (request: FastifyRequest, connected: ConnectedChannel) => ({
    ...connected,
    webhookUrl: `${siteOrigin(request, siteUrl)}${WHATSAPP_WEBHOOK_PATH}`,
  });

  api.get(
    '/channels',
    {
      schema: {
        summary: "The caller's WhatsApp numbers, oldest first",
        tags,
        security,
        response: { 200: channelListSchema, 401: apiErrorBodySchema },
      },
    },
    async (request) => ({ channels: await store.list(principalOf(request).uid) }),
  );

  api.post(
    '/channels',
    {
      schema: {
        summary: 'Connect a WhatsApp number, after checking it against the Cloud API with its access token',
        description:
          'The AI base (the caller’s, active) and the inventory (the caller’s, optional) are checked first, then the number with ' +
          `the token; nothing is stored before. ${ANSWERING_REFUSALS} ${CHECK_REFUSALS} 409 \`already_connected\` when the number ` +
          'is connected already (on any account). Answers the channel with the verify token, shown this once, and the webhook URL.',
        tags,
        security,
        body: connectChannelSchema,
        response: { 201: channelWebhookSetupSchema, ...errors, ...checkErrors },
      },
    },
    async (request, reply) => {
      const { uid, email } = principalOf(request);
      const input = request.body;
      await accounts.findOrCreate(uid, email); // the channel belongs to the account: it exists first
      await refusing(store.checkAnswering(uid, input.aiBaseId, input.inventoryId ?? null));
      const check = await checkNumber(request, input.phoneNumberId, input.accessToken);
      const connected = await refusing(store.connect(uid, input, check));
      return reply.code(201).header('location', `${request.url}/${connected.channel.id}`).send(setup(request, connected));
    },
  );

  api.get(
    '/channels/:id',
    {
      schema: {
        summary: 'One WhatsApp number, with its conversations: the shoppers who wrote last first, a page at a time',
        description:
          'Each conversation names the shopper by the last four digits of their number and holds their latest messages, newest ' +
          'first, each with the reply the AI base sent (`reply`: null until it is handled): its outcome, text, the products a ' +
          'product list showed and the knowledge passages it used (file and place). `cursor`: the `nextCursor` of the page before.',
        tags,
        security,
        params: channelIdParamsSchema,
        querystring: channelDetailQuerySchema,
        response: { 200: channelDetailSchema, ...errors },
      },
    },
    async (request) => {
      const channel = await found(principalOf(request).uid, request.params.id);
      return { ...channel, ...(await conversations.page(channel.id, request.query.cursor)) };
    },
  );

  api.post(
    '/channels/:id/pause',
    {
      schema: {
        summary: 'Pause: the AI base stops answering on the number (messages are still received)',
        description: NEEDS_TOKEN,
        tags,
        security,
        params: channelIdParamsSchema,
        response: { 200: channelSchema, ...errors },
      },
    },
    async (request) => refusing(store.pause(principalOf(request).uid, request.params.id)),
  );

  api.post(
    '/channels/:id/resume',
    {
      schema: {
        summary: 'Resume: the AI base answers on the number again',
        description: `409 \`ai_base_not_active\` when its AI base is switched off; 422 \`ai_base_not_found\` when it was deleted. ${NEEDS_TOKEN}`,
        tags,
        security,
        params: channelIdParamsSchema,
        response: { 200: channelSchema, 422: apiErrorBodySchema, ...errors },
      },
    },
    async (request) => refusing(store.resume(principalOf(request).uid, request.params.id)),
  );

  api.put(
    '/channels/:id/answering',
    {
      schema: {
        summary: 'Choose the AI base that answers on the number and the inventory it sells from (null: none)',
        description: ANSWERING_REFUSALS,
        tags,
        security,
        params: channelIdParamsSchema,
        body: channelAnsweringSchema,
        response: { 200: channelSchema, 422: apiErrorBodySchema, ...errors },
      },
    },
    async (request) => {
      const { aiBaseId, inventoryId } = request.body;
      return refusing(store.setAnswering(principalOf(request).uid, request.params.id, aiBaseId, inventoryId ?? null));
    },
  );

  api.put(
    '/channels/:id/retention',
    {
      schema: {
        summary: 'How many days the number’s conversations are kept (7 to 365; 90 unless chosen)',
        description:
          'Messages, replies and collected inputs older than this are deleted by the retention job; the dashboard’s counts ' +
          '(AI requests, catalogs sent, delivery statuses) are kept. 400 with `channel.retention_range` outside 7–365.',
        tags,
        security,
        params: channelIdParamsSchema,
        body: channelRetentionSchema,
        response: { 200: channelSchema, ...errors },
      },
    },
    async (request) => refusing(store.setRetention(principalOf(request).uid, request.params.id, request.body.retentionDays)),
  );

  api.put(
    '/channels/:id/token',
    {
      schema: {
        summary:
          'Replace the access token, after checking it against the number; a channel that needed attention for its token answers again',
        description: CHECK_REFUSALS,
        tags,
        security,
        params: channelIdParamsSchema,
        body: replaceAccessTokenSchema,
        response: { 200: channelSchema, ...errors, ...checkErrors },
      },
    },
    async (request) => {
      const { uid } = principalOf(request);
      const channel = await found(uid, request.params.id);
      const check = await checkNumber(request, channel.phoneNumberId, request.body.accessToken);
      return refusing(store.replaceAccessToken(uid, channel.id, request.body.accessToken, check));
    },
  );

  api.post(
    '/channels/:id/verify-token',
    {
      schema: {
        summary: 'A new verify token for Meta’s webhook settings, shown this once (the old one stops verifying)',
        tags,
        security,
        params: channelIdParamsSchema,
        response: { 200: channelWebhookSetupSchema, ...errors },
      },
    },
    async (request) => setup(request, await refusing(store.rotateVerifyToken(principalOf(request).uid, request.params.id))),
  );

  api.delete(
    '/channels/:id',
    {
      schema: {
        summary: 'Disconnect the number: the channel goes with its messages, and the webhook refuses its payloads',
        tags,
        security,
        params: channelIdParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const { uid } = principalOf(request);
      await refusing(store.remove(uid, request.params.id));
      return reply.code(204).send(null);
    },
  );
}
