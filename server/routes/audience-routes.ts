// /api/v1/audiences: the caller's saved audiences (rules over their contacts, domain/audience.ts) —
// list, create, read, change, delete — and POST /audiences/count, the live count of any rules: how
// many contacts they match, how many are reachable (subscribed to marketing), the others by why, and
// the reachable by country. Another account's id is a 404.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { apiErrorBodySchema } from '@/domain/api-error';
import {
  AUDIENCES_MAX,
  audienceCountSchema,
  audienceIdParamsSchema,
  audienceInputSchema,
  audienceListSchema,
  audienceRulesSchema,
  audienceSchema,
} from '@/domain/audience';
import { principalOf } from '../auth/bearer-auth';
import { AudienceRefusal, type AudienceStore } from '../audiences/audience-store';
import { HttpError } from '../http/http-error';
import { FIREBASE_BEARER } from '../http/openapi';

const refusals: Record<AudienceRefusal['reason'], () => HttpError> = {
  not_found: () => HttpError.notFound('No such audience.'),
  too_many: () => new HttpError(409, 'too_many_audiences', `An account keeps at most ${AUDIENCES_MAX} audiences: delete one first.`),
  import_not_found: () => HttpError.notFound('No such contact import.'),
};

async function refusing<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (error instanceof AudienceRefusal) throw refusals[error.reason]();
    throw error;
  }
}

const errors = { 400: apiErrorBodySchema, 401: apiErrorBodySchema, 404: apiErrorBodySchema };
const security = [{ [FIREBASE_BEARER]: [] }];
const tags = ['Audiences'];
const RULES =
  'Rules: `languages` and `countries` (empty: any), `tags` (contacts with any of them; empty: any), `importId` (the contacts ' +
  'one of the caller’s imports named, frozen when it ran, GET /contacts/imports; null: any; another account’s or an unknown ' +
  'import is a 404), `orderedWithinDays` and `talkedWithinDays` (1 to 365, or null), `minTotalSpentMinor` ' +
  '(minor units, or null), `openAbandonedCheckout`; every rule set must hold. Only contacts subscribed to marketing are reachable.';

export function registerAudienceRoutes(app: FastifyInstance, { store }: { store: AudienceStore }) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/audiences',
    { schema: { summary: "The caller's saved audiences, newest first", tags, security, response: { 200: audienceListSchema, ...errors } } },
    async (request) => ({ audiences: await store.list(principalOf(request).uid) }),
  );

  api.post(
    '/audiences',
    {
      schema: {
        summary: 'Saves an audience: a name and rules over the contacts',
        description: `${RULES} 409 \`too_many_audiences\` past ${AUDIENCES_MAX}.`,
        tags,
        security,
        body: audienceInputSchema,
        response: { 201: audienceSchema, 409: apiErrorBodySchema, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await refusing(store.create(principalOf(request).uid, request.body))),
  );

  api.post(
    '/audiences/count',
    {
      schema: {
        summary: 'What rules match now: contacts matched, reachable (subscribed to marketing), left out by why, reachable by country',
        description: RULES,
        tags,
        security,
        body: z.strictObject({ rules: audienceRulesSchema }),
        response: { 200: audienceCountSchema, ...errors },
      },
    },
    async (request) => refusing(store.count(principalOf(request).uid, request.body.rules)),
  );

  api.get(
    '/audiences/:id',
    {
      schema: {
        summary: 'One saved audience',
        tags,
        security,
        params: audienceIdParamsSchema,
        response: { 200: audienceSchema, ...errors },
      },
    },
    async (request) => refusing(store.get(principalOf(request).uid, request.params.id)),
  );

  api.put(
    '/audiences/:id',
    {
      schema: {
        summary: "Changes a saved audience's name and rules",
        description: `${RULES} A campaign planned already keeps the rules it was planned with.`,
        tags,
        security,
        params: audienceIdParamsSchema,
        body: audienceInputSchema,
        response: { 200: audienceSchema, ...errors },
      },
    },
    async (request) => refusing(store.update(principalOf(request).uid, request.params.id, request.body)),
  );

  api.delete(
    '/audiences/:id',
    {
      schema: {
        summary: 'Deletes a saved audience (a draft campaign that named it then names none)',
        tags,
        security,
        params: audienceIdParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await refusing(store.remove(principalOf(request).uid, request.params.id));
      return reply.code(204).send(null);
    },
  );
}
