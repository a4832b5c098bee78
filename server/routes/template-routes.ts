// /api/v1/templates and /api/v1/channels/:channelId/templates/…: each connected number's WhatsApp
// message templates, read again from Meta on 'Refresh', and one template's languages submitted for
// Meta's review (created, or edited once rejected or paused). Meta's refusal of a submission is a
// 422 naming the field it refuses (its own words in the message).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { apiErrorBodySchema } from '@/domain/api-error';
import {
  templateAccountSchema,
  templateDraftSchema,
  templateListSchema,
  templateRecordsSchema,
  templateValidation,
} from '@/domain/message-template';
import type { AccountStore } from '../accounts/account-store';
import { principalOf } from '../auth/bearer-auth';
import { HttpError } from '../http/http-error';
import { FIREBASE_BEARER } from '../http/openapi';
import { TemplateRefusal, type TemplateStore } from '../templates/template-store';

export type TemplateRouteOptions = { accounts: AccountStore; store: TemplateStore };

const refusals: Record<TemplateRefusal['reason'], (refusal: TemplateRefusal) => HttpError> = {
  not_found: () => HttpError.notFound('No such template or channel.'),
  token_invalid: () =>
    new HttpError(409, 'channel_needs_access_token', 'Meta refused this number’s access token: replace the token first.'),
  unreachable: () => new HttpError(502, 'whatsapp_unreachable', 'The WhatsApp Cloud API did not answer. Try again in a moment.'),
  throttled: () => new HttpError(429, 'whatsapp_throttled', 'Meta asked us to slow down. Try again in a moment.'),
  refused: ({ refusal }) =>
    new HttpError(422, 'template_refused', refusal?.metaMessage ?? 'Meta refused this template.', {
      ...(refusal?.field ? { fields: { [refusal.field]: refusal.message.id! } } : {}),
    }),
};

async function refusing<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (error instanceof TemplateRefusal) throw refusals[error.reason](error);
    throw error;
  }
}

const channelParams = z.object({ channelId: z.uuid() });
const templateParams = z.object({ channelId: z.uuid(), name: z.string().check(z.minLength(1), z.maxLength(512)) });
const errors = { 401: apiErrorBodySchema, 404: apiErrorBodySchema };
const metaErrors = { 409: apiErrorBodySchema, 429: apiErrorBodySchema, 502: apiErrorBodySchema };
const security = [{ [FIREBASE_BEARER]: [] }];
const tags = ['Templates'];
const META_REFUSALS =
  '409 `channel_needs_access_token` when Meta refuses the number’s token (the channel then needs attention); 429 ' +
  '`whatsapp_throttled`; 502 `whatsapp_unreachable`.';

export function registerTemplateRoutes(app: FastifyInstance, { accounts, store }: TemplateRouteOptions) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/templates',
    {
      schema: {
        summary: "The caller's connected numbers, each with its WhatsApp Business Account's templates as last read",
        tags,
        security,
        response: { 200: templateListSchema, 401: apiErrorBodySchema },
      },
    },
    async (request) => store.list(principalOf(request).uid),
  );

  api.post(
    '/channels/:channelId/templates/refresh',
    {
      schema: {
        summary: "Reads the number's templates from Meta again, whole",
        description: `404 for a channel not the caller’s. ${META_REFUSALS}`,
        tags,
        security,
        params: channelParams,
        response: { 200: templateAccountSchema, ...errors, ...metaErrors },
      },
    },
    async (request) => refusing(store.refresh(principalOf(request).uid, request.params.channelId)),
  );

  api.get(
    '/channels/:channelId/templates/:name',
    {
      schema: {
        summary: "One template's languages, as Meta last said",
        tags,
        security,
        params: templateParams,
        response: { 200: templateRecordsSchema, ...errors },
      },
    },
    async (request) => ({
      records: await refusing(store.records(principalOf(request).uid, request.params.channelId, request.params.name)),
    }),
  );

  api.put(
    '/channels/:channelId/templates/:name',
    {
      schema: {
        summary: "Submits a template's languages for Meta's review: new ones created, rejected or paused ones edited",
        description:
          '400 `validation_failed` with the fields Meta’s published rules refuse (the same checks as the editor); 422 ' +
          '`template_refused` when Meta refuses it (`fields` names the part when Meta does; `message` is Meta’s). The languages ' +
          `before a refused one are submitted. ${META_REFUSALS}`,
        tags,
        security,
        params: templateParams,
        body: templateDraftSchema,
        response: { 200: templateRecordsSchema, 400: apiErrorBodySchema, 422: apiErrorBodySchema, ...errors, ...metaErrors },
      },
    },
    async (request) => {
      const { uid, email } = principalOf(request);
      if (request.body.name.trim() !== request.params.name)
        throw new HttpError(400, 'validation_failed', 'The template’s name is the one in its address.', {
          fields: { name: templateValidation.nameInvalid.id! },
        });
      await accounts.findOrCreate(uid, email);
      return { records: await refusing(store.submit(uid, request.params.channelId, request.body)) };
    },
  );
}
