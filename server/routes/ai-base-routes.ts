// /api/v1/ai-bases: the caller's AI bases — create (wizard step 1), read, list, save each step,
// revert, activate, deactivate, delete. Another account's id is a 404; a stale version a 409;
// the plan's number of AI bases a 403 with the seed's notice.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { apiErrorBodySchema } from '@/domain/api-error';
import {
  aiBaseValidation,
  aiBaseIdParamsSchema,
  aiBaseListSchema,
  aiBaseSchema,
  createAiBaseSchema,
  saveInstructionsSchema,
  saveRefinementSchema,
  versionOnlySchema,
} from '@/domain/ai-base';
import { plans } from '@/domain/plans';
import type { AccountStore } from '../accounts/account-store';
import { AiBaseRefusal, type AiBaseStore } from '../ai-bases/ai-base-store';
import type { ChannelStore } from '../channels/channel-store';
import { principalOf } from '../auth/bearer-auth';
import { HttpError } from '../http/http-error';
import { FIREBASE_BEARER } from '../http/openapi';

export const PLAN_LIMIT_MESSAGE = 'Upgrade your plan to add more AI Bases.';

const refusals: Record<AiBaseRefusal['reason'], (error: AiBaseRefusal) => HttpError> = {
  not_found: () => HttpError.notFound('No such AI base.'),
  version_conflict: (error) =>
    new HttpError(
      409,
      'version_conflict',
      `This AI base was saved elsewhere (now version ${error.currentVersion}). Reload it to see the changes.`,
    ),
  plan_limit: () => new HttpError(403, 'plan_limit', PLAN_LIMIT_MESSAGE),
  incomplete: () => new HttpError(409, 'incomplete', 'Finish the three steps of the AI base before activating it.'),
  nothing_to_revert: () => new HttpError(409, 'nothing_to_revert', 'There is no earlier saved version to go back to.'),
  name_taken: () =>
    new HttpError(400, 'validation_failed', 'The request is not valid.', { fields: { name: aiBaseValidation.nameTaken.id } }),
};

async function refusing<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (error instanceof AiBaseRefusal) throw refusals[error.reason](error);
    throw error;
  }
}

const errors = { 400: apiErrorBodySchema, 401: apiErrorBodySchema, 404: apiErrorBodySchema, 409: apiErrorBodySchema };
const security = [{ [FIREBASE_BEARER]: [] }];
const tags = ['AI bases'];

export function registerAiBaseRoutes(
  app: FastifyInstance,
  aiBases: AiBaseStore,
  accounts: AccountStore,
  channels: Pick<ChannelStore, 'summariesByBase'>,
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const planLimit = async (uid: string, email: string | null) => plans[(await accounts.findOrCreate(uid, email)).plan].limits.aiBases;

  api.get(
    '/ai-bases',
    {
      schema: {
        summary: "The caller's AI bases, oldest first, each with the WhatsApp numbers it answers on",
        tags,
        security,
        response: { 200: aiBaseListSchema, 401: apiErrorBodySchema },
      },
    },
    async (request) => {
      const { uid } = principalOf(request);
      const [list, numbers] = await Promise.all([aiBases.list(uid), channels.summariesByBase(uid)]);
      return { aiBases: list.map((base) => ({ ...base, connectedChannels: numbers.get(base.id) ?? [] })) };
    },
  );

  api.post(
    '/ai-bases',
    {
      schema: {
        summary: 'Create an AI base from the wizard’s first step (Instructions)',
        description: `403 \`plan_limit\` ("${PLAN_LIMIT_MESSAGE}") when the plan's number of AI bases is reached.`,
        tags,
        security,
        body: createAiBaseSchema,
        response: { 201: aiBaseSchema, 403: apiErrorBodySchema, ...errors },
      },
    },
    async (request, reply) => {
      const { uid, email } = principalOf(request);
      const created = await refusing(aiBases.create(uid, request.body, await planLimit(uid, email)));
      return reply.code(201).header('location', `${request.url}/${created.id}`).send(created);
    },
  );

  api.get(
    '/ai-bases/:id',
    { schema: { summary: 'One AI base', tags, security, params: aiBaseIdParamsSchema, response: { 200: aiBaseSchema, ...errors } } },
    async (request) => {
      const found = await aiBases.get(principalOf(request).uid, request.params.id);
      if (!found) throw refusals.not_found(new AiBaseRefusal('not_found'));
      return found;
    },
  );

  api.put(
    '/ai-bases/:id/instructions',
    {
      schema: {
        summary: 'Save step 1, Instructions',
        tags,
        security,
        params: aiBaseIdParamsSchema,
        body: saveInstructionsSchema,
        response: { 200: aiBaseSchema, ...errors },
      },
    },
    async (request) => {
      const { expectedVersion, ...instructions } = request.body;
      return refusing(aiBases.saveInstructions(principalOf(request).uid, request.params.id, expectedVersion, instructions));
    },
  );

  api.put(
    '/ai-bases/:id/knowledge',
    {
      schema: {
        summary: 'Save step 2, Knowledge base (the files are uploaded on their own)',
        tags,
        security,
        params: aiBaseIdParamsSchema,
        body: versionOnlySchema,
        response: { 200: aiBaseSchema, ...errors },
      },
    },
    async (request) => refusing(aiBases.saveKnowledge(principalOf(request).uid, request.params.id, request.body.expectedVersion)),
  );

  api.put(
    '/ai-bases/:id/refinement',
    {
      schema: {
        summary: 'Save step 3, Refinement and test',
        tags,
        security,
        params: aiBaseIdParamsSchema,
        body: saveRefinementSchema,
        response: { 200: aiBaseSchema, ...errors },
      },
    },
    async (request) => {
      const { expectedVersion, ...refinement } = request.body;
      return refusing(aiBases.saveRefinement(principalOf(request).uid, request.params.id, expectedVersion, refinement));
    },
  );

  api.post(
    '/ai-bases/:id/revert',
    {
      schema: {
        summary: 'Go back to the previous saved version (as a new version)',
        tags,
        security,
        params: aiBaseIdParamsSchema,
        body: versionOnlySchema,
        response: { 200: aiBaseSchema, ...errors },
      },
    },
    async (request) => refusing(aiBases.revert(principalOf(request).uid, request.params.id, request.body.expectedVersion)),
  );

  api.post(
    '/ai-bases/:id/activate',
    {
      schema: {
        summary: 'Switch the AI base on (also to reactivate a deactivated one)',
        description: `409 \`incomplete\` before the three steps are saved; 403 \`plan_limit\` past the plan's number of active AI bases.`,
        tags,
        security,
        params: aiBaseIdParamsSchema,
        response: { 200: aiBaseSchema, 403: apiErrorBodySchema, ...errors },
      },
    },
    async (request) => {
      const { uid, email } = principalOf(request);
      return refusing(aiBases.activate(uid, request.params.id, await planLimit(uid, email)));
    },
  );

  api.post(
    '/ai-bases/:id/deactivate',
    {
      schema: {
        summary: 'Switch the AI base off',
        tags,
        security,
        params: aiBaseIdParamsSchema,
        response: { 200: aiBaseSchema, ...errors },
      },
    },
    async (request) => refusing(aiBases.deactivate(principalOf(request).uid, request.params.id)),
  );

  api.delete(
    '/ai-bases/:id',
    {
      schema: {
        summary: 'Delete the AI base with its versions',
        tags,
        security,
        params: aiBaseIdParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await refusing(aiBases.remove(principalOf(request).uid, request.params.id));
      return reply.code(204).send(null);
    },
  );
}
