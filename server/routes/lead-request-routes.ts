// The landing page's public forms: POST /contact-requests and /material-requests. Validated
// with the SPA's own schemas, limited per client address, stored once however often repeated;
// a filled honeypot gets the same answer as anyone and is dropped.
import type { FastifyInstance } from 'fastify';
import rateLimit, { type FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { isValidPhoneNumber } from 'libphonenumber-js/min';
import * as z from 'zod/mini';
import { apiErrorBodySchema } from '@/domain/api-error';
import { isStorableDate } from '@/domain/storable-values';
import {
  createContactRequestSchema,
  createMaterialRequestSchema,
  isHoneypotFilled,
  leadRequestKinds,
  leadRequestReceivedSchema,
  leadRequestRecordSchema,
  type LeadRequestKind,
} from '@/domain/lead-requests';
import { principalOf } from '../auth/bearer-auth';
import { HttpError } from '../http/http-error';
import { requireStaff } from './admin-account-routes';
import { FIREBASE_BEARER } from '../http/openapi';
import type { LeadRequestStore } from '../leads/lead-request-store';

/** Requests per client address per window: LEAD_RATE_LIMIT_MAX and _WINDOW_SECONDS (server/config.ts). */
export type LeadRateLimit = { max: number; windowSeconds: number };

const schemas = {
  contact: createContactRequestSchema(isValidPhoneNumber),
  material: createMaterialRequestSchema(isValidPhoneNumber),
} satisfies Record<LeadRequestKind, unknown>;

/** Each form's route, below the API prefix (the landing's plain form posts are sent through them too: server/pages/lead-form-posts.ts). */
export const leadRequestPaths: Record<LeadRequestKind, string> = { contact: '/contact-requests', material: '/material-requests' };

const descriptions: Record<LeadRequestKind, { path: string; summary: string }> = {
  contact: { path: leadRequestPaths.contact, summary: 'Ask to be contacted by a specialist (the landing page form)' },
  material: { path: leadRequestPaths.material, summary: 'Ask for the product material by email (the landing page popup)' },
};

export async function registerLeadRequestRoutes(
  app: FastifyInstance,
  store: LeadRequestStore,
  limit: LeadRateLimit,
  counts: FastifyRateLimitStoreCtor,
) {
  // One budget per client address shared by both forms, counted in PostgreSQL: every web process shares it.
  // The address is the socket's, or the proxy's X-Forwarded-For when TRUST_PROXY trusts it.
  await app.register(async (forms) => {
    await forms.register(rateLimit, {
      global: true,
      store: counts,
      max: limit.max,
      timeWindow: limit.windowSeconds * 1000,
      errorResponseBuilder: (_request, context) =>
        new HttpError(429, 'rate_limited', `Too many requests from this address: try again in ${context.after}.`),
    });

    for (const kind of leadRequestKinds) {
      forms.withTypeProvider<ZodTypeProvider>().post(
        descriptions[kind].path,
        {
          config: { public: true },
          schema: {
            summary: descriptions[kind].summary,
            description:
              'Public. Answers 202 for a stored request, for a repeat of one (stored once) and for a filled honeypot (not stored) alike. ' +
              `At most ${limit.max} requests per client address per ${limit.windowSeconds} s; then 429 with Retry-After.`,
            tags: ['landing page'],
            body: schemas[kind],
            response: { 202: leadRequestReceivedSchema, 400: apiErrorBodySchema, 429: apiErrorBodySchema },
          },
        },
        async (request, reply) => {
          if (isHoneypotFilled(request.body)) request.log.info({ kind }, 'lead request dropped: honeypot filled');
          else {
            const stored = await store.save(kind, request.body);
            request.log.info({ kind, id: stored.id, repeated: stored.repeated }, 'lead request received');
          }
          return reply.code(202).send({ status: 'received' });
        },
      );
    }
  });

  // The business's staff read the requests here (and with `npm run admin -- list-requests`).
  app.withTypeProvider<ZodTypeProvider>().get(
    '/admin/lead-requests',
    {
      schema: {
        summary: 'Every contact and material request, oldest first (staff only)',
        description: 'Needs a Firebase ID token with the `admin` custom claim (`npm run admin -- grant-admin --email E`).',
        tags: ['admin'],
        security: [{ [FIREBASE_BEARER]: [] }],
        querystring: z.strictObject({
          kind: z.optional(z.enum(leadRequestKinds)),
          since: z.optional(
            z.iso.datetime({ offset: true }).check(z.refine(isStorableDate, { error: 'A date between the years 1 and 9999.' })),
          ),
        }),
        response: { 200: z.object({ requests: z.array(leadRequestRecordSchema) }), 401: apiErrorBodySchema, 403: apiErrorBodySchema },
      },
    },
    async (request) => {
      requireStaff(principalOf(request));
      const { kind, since } = request.query;
      return { requests: await store.list({ kind, since: since === undefined ? undefined : new Date(since) }) };
    },
  );
}
