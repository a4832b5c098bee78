// /webhooks/whatsapp: the callback URL merchants give Meta for their numbers (public). GET answers
// Meta's verification; POST trusts nothing before the raw body's HMAC with the app secret of the
// numbers it names, then records the shoppers' consent it carries (stop words, consent buttons, Meta's
// `user_preferences`: ../channels/conversation-consent.ts), records and queues the messages and answers
// 200 at once. Every refusal is the same 401, so a prober learns nothing. Details:
// docs/how-it-works.md, 'WhatsApp webhook'.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { apiErrorBodySchema } from '@/domain/api-error';
import { phoneFromWhatsappId } from '@/domain/contact-phone';
import type { SendStatusUpdate } from '@/domain/template-send';
import {
  flattenWebhook,
  templateUpdatesOf,
  userPreferencesOf,
  webhookSendersOf,
  whatsappWebhookSchema,
  type TemplateUpdateEvent,
} from '@/domain/whatsapp-webhook';
import { WHATSAPP_INBOUND_QUEUE } from '../channels/channel-store';
import { consentSignalsOf, noConsentCounts, recordConversationConsent, type ConsentRecording } from '../channels/conversation-consent';
import type { WebhookIntake } from '../channels/webhook-intake';
import { HttpError } from '../http/http-error';
import { requestLogSerializers } from '../http/request-log';

export const WHATSAPP_WEBHOOK_PATH = '/webhooks/whatsapp';
/** Meta's payloads are a few kilobytes; this is the app's BODY_LIMIT, which the 413's message names. */
export const WHATSAPP_WEBHOOK_BODY_LIMIT = 1024 * 1024;

export type WhatsappWebhookRouteOptions = {
  intake: WebhookIntake;
  /** Where the shoppers' opt-outs and opt-ins by number are recorded (the contact store). */
  contacts: ConsentRecording['contacts'];
  /** Wakes this process's workers of `queue`: messages were queued for the answerer. */
  onQueued: (queue: string) => void;
  /** Applies templates' review and quality updates to the channels whose app secret signed them (server/templates). */
  onTemplateUpdates?: (updates: Array<{ update: TemplateUpdateEvent; channelIds: string[] }>) => Promise<void>;
  /** What Meta says of messages a send marked with callback data (the template sender's), for the channels they came through. */
  onSendStatuses?: (statuses: SendStatusUpdate[]) => Promise<void>;
  /** Shoppers whose messages were recorded (a stop word among them): their checkouts' recovery looks again now. */
  onShopperMessages?: (shoppers: Array<{ uid: string; phone: string }>) => Promise<unknown>;
};

/** Why a POST was refused, as its log line says (the answer is the same 401 for all). */
type WebhookRefusal = 'empty_body' | 'signature_missing' | 'unparseable' | 'no_phone_number' | 'unknown_number' | 'signature_invalid';

const SIGNATURE = /^sha256=([0-9a-f]{64})$/i;

/** Whether `signatureHex` is the HMAC-SHA256 of `body` keyed with `appSecret`, compared in constant time. */
export function signatureMatches(body: Buffer, appSecret: string, signatureHex: string): boolean {
  const expected = createHmac('sha256', appSecret).update(body).digest();
  const given = Buffer.from(signatureHex, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

const unsigned = () => new HttpError(401, 'unauthenticated', 'This request is not signed by Meta for a connected WhatsApp number.');
const unverified = () => new HttpError(403, 'forbidden', 'This is not the verify token of a connected WhatsApp number.');

const tags = ['WhatsApp webhook (Meta)'];

export async function registerWhatsappWebhookRoutes(
  app: FastifyInstance,
  {
    intake,
    contacts,
    onQueued,
    onTemplateUpdates = async () => {},
    onSendStatuses = async () => {},
    onShopperMessages = async () => {},
  }: WhatsappWebhookRouteOptions,
) {
  await app.register(
    async (webhook) => {
      // The signature is over the bytes Meta sent: this scope keeps every body as a Buffer, whatever its type.
      webhook.removeAllContentTypeParsers();
      webhook.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: WHATSAPP_WEBHOOK_BODY_LIMIT }, (_request, body, done) =>
        done(null, body),
      );
      const api = webhook.withTypeProvider<ZodTypeProvider>();

      api.get(
        WHATSAPP_WEBHOOK_PATH,
        {
          config: { public: true },
          schema: {
            summary: 'Meta’s webhook verification: answers the challenge for a connected number’s verify token',
            description:
              'Public; Meta calls it when the callback URL is saved. With `hub.mode=subscribe` and the verify token shown when the ' +
              'number was connected, answers `hub.challenge` as text/plain; anything else is 403.',
            tags,
            querystring: z.object({
              'hub.mode': z.optional(z.string()),
              'hub.verify_token': z.optional(z.string()),
              'hub.challenge': z.optional(z.string()),
            }),
            response: { 200: z.string(), 400: apiErrorBodySchema, 403: apiErrorBodySchema },
          },
        },
        async (request, reply) => {
          const { 'hub.mode': mode, 'hub.verify_token': token, 'hub.challenge': challenge } = request.query;
          if (mode !== 'subscribe' || !token || !challenge || !/^[\w.-]{1,256}$/.test(challenge)) throw unverified();
          if (!(await intake.verifyWebhook(token))) {
            request.log.info({ whatsappWebhook: 'verify_token_unknown' }, 'whatsapp webhook verification refused');
            throw unverified();
          }
          request.log.info({ whatsappWebhook: 'verified' }, 'whatsapp webhook verified');
          return reply.type('text/plain; charset=utf-8').send(challenge);
        },
      );

      api.post(
        WHATSAPP_WEBHOOK_PATH,
        {
          config: { public: true },
          bodyLimit: WHATSAPP_WEBHOOK_BODY_LIMIT,
          schema: {
            summary: 'Meta’s WhatsApp Cloud API events: shoppers’ messages and the delivery statuses of ours',
            description:
              'Public, signed: `X-Hub-Signature-256: sha256=<hex HMAC-SHA256 of the raw body with the app secret>` of the connected ' +
              'numbers the payload names (`entry[].changes[].value.metadata.phone_number_id`), and, for a change naming no number (a ' +
              'template’s review or quality), of a channel of its WhatsApp Business Account (`entry[].id`); otherwise 401. Answers 200 once the ' +
              'shoppers’ consent it carries is recorded for the number’s account (a text asking to stop, a tap on a consent button, ' +
              '`user_preferences` marketing stops and resumes) and the messages are recorded (a redelivered message id adds nothing) and ' +
              'queued for the AI base; a signed payload it cannot read is acknowledged and dropped. Bodies up to 1 MiB (413).',
            tags,
            response: { 200: z.object({ status: z.literal('received') }), 401: apiErrorBodySchema, 413: apiErrorBodySchema },
          },
        },
        async (request, reply) => {
          const refused = (reason: WebhookRefusal, channelIds: string[] = []) => {
            request.log.warn({ whatsappWebhook: reason, channelIds }, 'whatsapp webhook refused');
            return unsigned();
          };
          const body = request.body;
          if (!Buffer.isBuffer(body) || body.length === 0) throw refused('empty_body');
          const signature = SIGNATURE.exec(String(request.headers['x-hub-signature-256'] ?? ''))?.[1];
          if (!signature) throw refused('signature_missing');

          let json: unknown;
          try {
            json = JSON.parse(body.toString('utf8'));
          } catch {
            throw refused('unparseable');
          }
          const senders = webhookSendersOf(json);
          if (!senders) throw refused('no_phone_number');
          const found = await intake.webhookChannels(senders.phoneNumberIds);
          const channelIds = [...found.values()].map((channel) => channel.id);
          if (found.size < senders.phoneNumberIds.length) throw refused('unknown_number', channelIds);
          const appSecrets = new Set([...found.values()].map((channel) => channel.appSecret));
          if (![...appSecrets].every((appSecret) => signatureMatches(body, appSecret, signature)))
            throw refused('signature_invalid', channelIds);
          // A change that names no number is its account's: it is signed for the channels of that
          // account whose app secret signed it (another account's channel claiming the same id does not).
          const byAccount = await intake.accountChannels(senders.wabaIds);
          const signedByAccount = new Map<string, string[]>();
          for (const wabaId of senders.wabaIds) {
            const ofAccount = byAccount.get(wabaId) ?? [];
            if (ofAccount.length === 0) throw refused('unknown_number', channelIds);
            const signed = ofAccount.filter((channel) => signatureMatches(body, channel.appSecret, signature));
            if (signed.length === 0)
              throw refused(
                'signature_invalid',
                ofAccount.map((channel) => channel.id),
              );
            signedByAccount.set(
              wabaId,
              signed.map((channel) => channel.id),
            );
            channelIds.push(...signed.map((channel) => channel.id));
          }

          // Signed by Meta for these numbers: now the payload may be read.
          const payload = whatsappWebhookSchema.safeParse(json);
          if (!payload.success) {
            const issues = payload.error.issues.slice(0, 5).map((issue) => ({ path: issue.path.join('.'), code: issue.code }));
            request.log.warn(
              { whatsappWebhook: 'payload_invalid', channelIds, issues },
              'whatsapp webhook payload not understood; acknowledged',
            );
            return reply.send({ status: 'received' });
          }
          const ofChannel = <Event extends { phoneNumberId: string }>(event: Event) => {
            const channel = found.get(event.phoneNumberId);
            return channel ? [{ channel, event }] : [];
          };
          const events = flattenWebhook(payload.data).flatMap(ofChannel);
          // The shoppers' consent before their messages are recorded and queued (conversation-consent.ts says why).
          const signals = consentSignalsOf(events, userPreferencesOf(payload.data).flatMap(ofChannel));
          const consent = signals.length > 0 ? await recordConversationConsent({ intake, contacts }, signals) : noConsentCounts;
          const recorded = await intake.recordEvents(events);
          if (recorded.queued > 0) onQueued(WHATSAPP_INBOUND_QUEUE);
          const shoppers = events.flatMap(({ channel, event }) => {
            const phone = event.kind === 'message' ? phoneFromWhatsappId(event.from) : null;
            return phone ? [{ uid: channel.uid, phone }] : [];
          });
          if (shoppers.length > 0) await onShopperMessages(shoppers);
          const templateUpdates = templateUpdatesOf(payload.data).map((update) => ({
            update,
            channelIds: signedByAccount.get(update.wabaId) ?? [],
          }));
          if (templateUpdates.length > 0) await onTemplateUpdates(templateUpdates);
          const sendStatuses = events.flatMap(({ channel, event }) =>
            event.kind === 'status' && event.callbackData !== null
              ? [
                  {
                    channelId: channel.id,
                    messageId: event.messageId,
                    status: event.status,
                    errorCodes: event.errorCodes,
                    callbackData: event.callbackData,
                  },
                ]
              : [],
          );
          if (sendStatuses.length > 0) await onSendStatuses(sendStatuses);
          request.log.info(
            {
              whatsappWebhook: 'received',
              channelIds,
              ...recorded,
              templateUpdates: templateUpdates.length,
              ...(signals.length > 0 ? { consent } : {}),
            },
            'whatsapp webhook',
          );
          return reply.send({ status: 'received' });
        },
      );
    },
    { logSerializers: requestLogSerializers },
  );
}
