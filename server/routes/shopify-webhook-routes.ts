// /webhooks/shopify/:inventoryId: where an inventory's store sends its order and fulfillment webhooks
// (public; subscribed by server/order-events/order-webhook-subscriptions.ts). A POST trusts nothing
// before `X-Shopify-Hmac-Sha256` is the base64 HMAC-SHA256 of the raw body with the inventory's API
// secret key (compared in constant time); then its order events are recorded and queued for the notice
// sender, or its checkout recorded for checkout recovery, a redelivery (the same `X-Shopify-Webhook-Id`)
// recording nothing, and it answers 200 at once.
// Every refusal is the same 401 (a missing or forged signature, an unknown inventory, one without a
// secret), so a prober learns nothing; no secret, signature or body reaches a log line.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { apiErrorBodySchema } from '@/domain/api-error';
import { orderEventTopics, type OrderEventKind } from '@/domain/order-event';
import { checkoutFromWebhook, CHECKOUT_TOPICS, restCheckoutSchema } from '../checkouts/shopify-checkouts';
import { RECOVERY_QUEUE, type RecordedCheckout } from '../checkouts/checkout-intake';
import type { CheckoutDraft } from '../checkouts/shopify-checkouts';
import { HttpError } from '../http/http-error';
import { requestLogSerializers } from '../http/request-log';
import { ORDER_EVENT_QUEUE, type OrderEventIntake } from '../order-events/order-event-intake';
import type { WebhookDelivery } from '../order-events/webhook-deliveries';
import { SHOPIFY_WEBHOOK_PATH } from '../order-events/order-webhook-address';
import {
  fulfillmentFromWebhook,
  orderCreatedFromWebhook,
  restFulfillmentSchema,
  restOrderSchema,
  type OrderEventDraft,
} from '../order-events/shopify-order-events';

/** Shopify's order payloads are tens of kilobytes at most; the same limit as Meta's webhook. */
export const SHOPIFY_WEBHOOK_BODY_LIMIT = 1024 * 1024;

export type ShopifyWebhookRouteOptions = {
  intake: OrderEventIntake;
  /** Records a checkout of the inventory's store (server/checkouts/checkout-intake.ts). */
  recordCheckout: (inventoryId: string, checkout: CheckoutDraft, delivery: WebhookDelivery) => Promise<RecordedCheckout>;
  /** Wakes this process's workers of `queue`: events were queued for the notice sender. */
  /** Work was queued: `inMs` from now when it is due later. */
  onQueued: (queue: string, inMs?: number) => void;
};

type WebhookRefusal = 'empty_body' | 'signature_missing' | 'unknown_inventory' | 'signature_invalid';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A base64 HMAC-SHA256: 32 bytes, 44 characters. */
const BASE64_SHA256 = /^[A-Za-z0-9+/]{43}=$/;

/** Whether `signatureBase64` is the HMAC-SHA256 of `body` keyed with `apiSecret`, compared in constant time. */
export function shopifySignatureMatches(body: Buffer, apiSecret: string, signatureBase64: string): boolean {
  const expected = createHmac('sha256', apiSecret).update(body).digest();
  const given = Buffer.from(signatureBase64, 'base64');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

const kindOfTopic = new Map<string, OrderEventKind>(
  Object.entries(orderEventTopics).map(([kind, topic]) => [topic, kind as OrderEventKind]),
);

/** The event a signed payload of `kind` carries; null when it is not one Catalyst can read. */
function eventOf(kind: OrderEventKind, json: unknown): OrderEventDraft | null {
  if (kind === 'order_created') {
    const order = restOrderSchema.safeParse(json);
    return order.success ? orderCreatedFromWebhook(order.data) : null;
  }
  const fulfillment = restFulfillmentSchema.safeParse(json);
  return fulfillment.success ? fulfillmentFromWebhook(kind, fulfillment.data) : null;
}

/** The checkout a signed `checkouts/*` payload carries; null when Catalyst cannot read one. */
function checkoutOf(body: Buffer): CheckoutDraft | null {
  try {
    const checkout = restCheckoutSchema.safeParse(JSON.parse(body.toString('utf8')));
    return checkout.success ? checkoutFromWebhook(checkout.data) : null;
  } catch {
    return null;
  }
}

const unsigned = () => new HttpError(401, 'unauthenticated', 'This request is not signed by the Shopify store of an inventory.');
const header = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value)?.trim() ?? '';

export async function registerShopifyWebhookRoutes(app: FastifyInstance, { intake, recordCheckout, onQueued }: ShopifyWebhookRouteOptions) {
  await app.register(
    async (webhook) => {
      // The signature is over the bytes Shopify sent: this scope keeps every body as a Buffer, whatever its type.
      webhook.removeAllContentTypeParsers();
      webhook.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: SHOPIFY_WEBHOOK_BODY_LIMIT }, (_request, body, done) =>
        done(null, body),
      );
      const api = webhook.withTypeProvider<ZodTypeProvider>();

      api.post(
        `${SHOPIFY_WEBHOOK_PATH}/:inventoryId`,
        {
          config: { public: true },
          bodyLimit: SHOPIFY_WEBHOOK_BODY_LIMIT,
          schema: {
            summary: 'A Shopify store’s order and fulfillment webhooks for one inventory',
            description:
              'Public, signed: `X-Shopify-Hmac-Sha256: <base64 HMAC-SHA256 of the raw body with the API secret key saved on the ' +
              'inventory>`; otherwise (or for an unknown inventory, or one without a secret) 401. Topics `orders/create`, ' +
              '`fulfillments/create` and `fulfillments/update` (`X-Shopify-Topic`) are recorded as order events and queued, ' +
              '`checkouts/create` and `checkouts/update` as the store’s checkouts (the newest update kept); a ' +
              'redelivery (the same `X-Shopify-Webhook-Id`) records nothing; another topic, or a signed payload Catalyst cannot ' +
              'read, is acknowledged and dropped. Bodies up to 1 MiB (413).',
            tags: ['Shopify webhooks'],
            params: z.object({ inventoryId: z.string() }),
            response: { 200: z.object({ status: z.literal('received') }), 401: apiErrorBodySchema, 413: apiErrorBodySchema },
          },
        },
        async (request, reply) => {
          const { inventoryId } = request.params;
          const refused = (reason: WebhookRefusal) => {
            request.log.warn(
              { shopifyWebhook: reason, inventoryId: UUID.test(inventoryId) ? inventoryId : null },
              'shopify webhook refused',
            );
            return unsigned();
          };
          const body = request.body;
          if (!Buffer.isBuffer(body) || body.length === 0) throw refused('empty_body');
          const signature = header(request.headers['x-shopify-hmac-sha256']);
          if (!BASE64_SHA256.test(signature)) throw refused('signature_missing');
          const secret = UUID.test(inventoryId) ? await intake.secretOf(inventoryId.toLowerCase()) : null;
          if (secret === null) throw refused('unknown_inventory');
          if (!shopifySignatureMatches(body, secret, signature)) throw refused('signature_invalid');

          // Signed by the inventory's store: now the headers and the payload may be read.
          const topic = header(request.headers['x-shopify-topic']).slice(0, 100);
          const webhookId = header(request.headers['x-shopify-webhook-id']).slice(0, 200);
          const kind = kindOfTopic.get(topic);
          const details = { shopifyWebhook: 'received', inventoryId, topic, webhookId };
          if ((CHECKOUT_TOPICS as readonly string[]).includes(topic)) {
            const checkout = checkoutOf(body);
            if (!checkout) {
              request.log.warn({ ...details, shopifyWebhook: 'payload_invalid' }, 'shopify webhook acknowledged');
              return reply.send({ status: 'received' });
            }
            // Shopify names every delivery; one without a name is keyed by what it says, so a repeat still records nothing.
            const delivery = { webhookId: webhookId || `${topic}:${checkout.token}:${checkout.updatedAt.getTime()}`, topic };
            const recorded = await recordCheckout(inventoryId.toLowerCase(), checkout, delivery);
            // This process's recovery worker looks when the checkout's job is due (at once when it was placed).
            if (recorded.recoveryDueInMs !== null) onQueued(RECOVERY_QUEUE, recorded.recoveryDueInMs);
            request.log.info({ ...details, redelivery: !recorded.newDelivery, changed: recorded.changed }, 'shopify webhook');
            return reply.send({ status: 'received' });
          }
          let event: OrderEventDraft | null = null;
          if (kind) {
            try {
              event = eventOf(kind, JSON.parse(body.toString('utf8')));
            } catch {
              event = null;
            }
          }
          if (!event) {
            request.log.warn({ ...details, shopifyWebhook: kind ? 'payload_invalid' : 'topic_ignored' }, 'shopify webhook acknowledged');
            return reply.send({ status: 'received' });
          }
          const recorded = await intake.record(inventoryId.toLowerCase(), [event], webhookId ? { webhookId, topic } : undefined);
          if (recorded.recorded > 0) onQueued(ORDER_EVENT_QUEUE);
          request.log.info(
            { ...details, redelivery: webhookId !== '' && !recorded.newDelivery, recorded: recorded.recorded },
            'shopify webhook',
          );
          return reply.send({ status: 'received' });
        },
      );
    },
    { logSerializers: requestLogSerializers },
  );
}
