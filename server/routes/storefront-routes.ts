// /api/v1/storefront/{public id}: the public API behind an inventory's shopper pages, no sign-in.
// A chat flow posts a WhatsApp Cloud API `order` here and gets the cart summary URL to send back
// (a short cart id keeps it short); the cart summary page reads a cart — by id or as an `items=`
// list — against the last sync's products. Only what the public pages show leaves here: never a
// token, the store's admin address or another inventory's data. Refusals map to codes below.
import rateLimit from '@fastify/rate-limit';
import { isbot } from 'isbot';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { apiErrorBodySchema } from '@/domain/api-error';
import { WHATSAPP_UPDATES_ERROR_FIELD } from '@/domain/cart-checkout-form';
import { locales } from '@/domain/locales';
import {
  CART_EXPIRY_DAYS,
  cartSummarySchema,
  checkoutAnswerSchema,
  checkoutRequestSchema,
  parseCartItems,
  publicCatalogSchema,
  storefrontBeaconSchema,
  whatsappOrderCartSchema,
  whatsappOrderSchema,
} from '@/domain/storefront';
import { HttpError } from '../http/http-error';
import { siteOrigin } from '../http/site-origin';
import { cartPageUrl, type OwnCarts } from '../checkouts/own-carts';
import type { EventRecorder } from '../storefront/event-recorder';
import { StorefrontRefusal, type CheckoutCart, type PublicInventory, type StorefrontStore } from '../storefront/storefront-store';
import { readWhatsappUpdatesPhone } from '../storefront/whatsapp-updates';

export type StorefrontRouteOptions = {
  store: StorefrontStore;
  /** SITE_URL: the origin the cart summary URLs name (unset: the request's). */
  siteUrl?: string;
  /** Carts a client address may create per minute (the order-to-cart API). */
  cartsPerMinute?: number;
  events: EventRecorder;
  /** Page events a client address may report per minute (a shopper browsing makes a few). */
  eventsPerMinute?: number;
  /** Checkout recovery's own carts: a checkout opened with the shopper's number becomes one (none: not recorded). */
  ownCarts?: Pick<OwnCarts, 'checkoutOpened'>;
};

/** Crawlers and link previews (WhatsApp's and Facebook's card fetchers, search engines, headless browsers) and a client that names none. */
export const isBotAgent = (userAgent: string | undefined) => !userAgent?.trim() || isbot(userAgent);

/** Which inventory a public id names, remembered a minute (events come far more often than inventories change). */
function inventoryIdCache(store: StorefrontStore, ttlMs = 60_000, max = 10_000) {
  const known = new Map<string, { id: string; until: number }>();
  return async (publicId: string): Promise<string | null> => {
    const hit = known.get(publicId);
    if (hit && hit.until > Date.now()) return hit.id;
    const inventory = await store.inventory(publicId);
    if (!inventory) return null;
    if (known.size >= max) known.delete(known.keys().next().value!);
    known.set(publicId, { id: inventory.id, until: Date.now() + ttlMs });
    return inventory.id;
  };
}

const refusals: Record<StorefrontRefusal['reason'], () => HttpError> = {
  inventory_not_found: () => new HttpError(404, 'inventory_not_found', 'No catalog has this address.'),
  cart_not_found: () => new HttpError(404, 'cart_not_found', 'This cart does not exist (or belongs to another catalog).'),
  cart_expired: () =>
    new HttpError(
      410,
      'cart_expired',
      `This cart expired: carts are kept ${CART_EXPIRY_DAYS} days. Choose the products again in the catalog.`,
    ),
  catalog_mismatch: () => new HttpError(422, 'catalog_mismatch', 'This order is from another catalog than this inventory’s.'),
  nothing_to_checkout: () =>
    new HttpError(422, 'nothing_to_checkout', 'None of these items can be bought now (unknown, sold out or not sold by the store).'),
};

const paramsSchema = z.object({ publicId: z.string().check(z.minLength(1), z.maxLength(64)) });
const tags = ['Storefront (public)'];

export async function registerStorefrontRoutes(
  app: FastifyInstance,
  { store, siteUrl, cartsPerMinute = 120, events, eventsPerMinute = 300, ownCarts }: StorefrontRouteOptions,
) {
  const inventoryIdOf = inventoryIdCache(store);

  async function inventoryOf(publicId: string): Promise<PublicInventory> {
    const inventory = await store.inventory(publicId);
    if (!inventory) throw refusals.inventory_not_found();
    return inventory;
  }

  await app.register(async (storefront) => {
    const api = storefront.withTypeProvider<ZodTypeProvider>();
    await storefront.register(rateLimit, {
      global: false,
      errorResponseBuilder: (_request, context) =>
        new HttpError(429, 'rate_limited', `Too many carts from this address: try again in ${context.after}.`),
    });

    api.post(
      '/storefront/:publicId/whatsapp-orders',
      {
        config: { public: true, rateLimit: { max: cartsPerMinute, timeWindow: 60_000 } },
        schema: {
          summary: 'Turn a WhatsApp Cloud API order message into a cart summary URL',
          description:
            'Public. The body is the `order` object of a WhatsApp `order` message (`catalog_id`, `product_items`). Answers 201 with ' +
            'the cart summary URL to send the shopper (`lang` chooses its language) and the retailer ids the last sync did not know ' +
            '(the page explains them). An order of another catalog is 422 `catalog_mismatch`.',
          tags,
          params: paramsSchema,
          querystring: z.object({ lang: z.optional(z.enum(locales)) }),
          body: whatsappOrderSchema,
          response: {
            201: whatsappOrderCartSchema,
            400: apiErrorBodySchema,
            404: apiErrorBodySchema,
            422: apiErrorBodySchema,
            429: apiErrorBodySchema,
          },
        },
      },
      async (request, reply) => {
        const inventory = await inventoryOf(request.params.publicId);
        try {
          const cart = await store.cartFromWhatsappOrder(inventory, request.body);
          const lang = request.query.lang ?? 'en';
          const cartUrl = `${siteOrigin(request, siteUrl)}/${lang}/c/${encodeURIComponent(inventory.publicId)}/cart?cart=${cart.cartId}`;
          request.log.info(
            { inventoryId: inventory.id, cartId: cart.cartId, lines: request.body.product_items.length },
            'cart from a WhatsApp order',
          );
          return reply.code(201).send({ cartId: cart.cartId, unknownRetailerIds: cart.unknownRetailerIds, cartUrl });
        } catch (error) {
          if (error instanceof StorefrontRefusal) throw refusals[error.reason]();
          throw error;
        }
      },
    );

    api.get(
      '/storefront/:publicId/catalog',
      {
        config: { public: true },
        schema: {
          summary: 'The public catalog: what the store sells, by product, as the last sync found it',
          description:
            'Public. The store’s name and currency and its products with their variants (the id a cart line names, price in ' +
            'minor units, availability); catalog items the store does not sell are not listed. Kept in memory until the next sync.',
          tags,
          params: paramsSchema,
          response: { 200: publicCatalogSchema, 404: apiErrorBodySchema },
        },
      },
      async (request) => store.catalog(await inventoryOf(request.params.publicId)),
    );

    api.get(
      '/storefront/:publicId/cart',
      {
        config: { public: true },
        schema: {
          summary: 'A cart summary: each line with its price and stock from the last sync',
          description:
            'Public. The cart is `cart` (an id the order-to-cart API gave) or `items` (`{retailer_id}:{qty},…`, as a chat flow ' +
            'writes it). Each line says what changed since it was chosen: `unknown`, `unavailable`, `not_sold_in_store`, `price_changed`. ' +
            `A cart made ${CART_EXPIRY_DAYS} days ago or more is 410 \`cart_expired\`.`,
          tags,
          params: paramsSchema,
          querystring: z.object({
            cart: z.optional(z.string().check(z.maxLength(64))),
            items: z.optional(z.string().check(z.maxLength(8_000))),
          }),
          response: { 200: cartSummarySchema, 400: apiErrorBodySchema, 404: apiErrorBodySchema, 410: apiErrorBodySchema },
        },
      },
      async (request) => {
        const inventory = await inventoryOf(request.params.publicId);
        const { cart, items } = request.query;
        if (cart !== undefined) {
          const stored = await store.cart(inventory.id, cart);
          if (!stored) throw refusals.cart_not_found();
          if (stored.expired) throw refusals.cart_expired();
          return store.summary(inventory, cart, stored.lines);
        }
        const parsed = parseCartItems(items ?? '');
        if (!parsed)
          throw new HttpError(400, 'items_malformed', 'Write the cart as items={retailer id}:{quantity},… (for example SKU-1:2,SKU-7:1).');
        return store.summary(
          inventory,
          null,
          parsed.map((line) => ({ ...line, priceMinor: null, currency: null })),
        );
      },
    );

    api.post(
      '/storefront/:publicId/events',
      {
        config: { public: true, rateLimit: { max: eventsPerMinute, timeWindow: 60_000 } },
        schema: {
          summary: 'Report a catalog access or a cart view (the pages send it once shown)',
          description:
            'Public. Answers 202 at once; the event is written with the next batch. Crawlers, link previews and headless ' +
            'browsers (by their user agent) get the same answer and are not counted. No address or personal data is kept: ' +
            'the inventory, the kind, the page’s language, the browser’s random visitor id, the link’s `ref` (a campaign’s) and the time.',
          tags,
          params: paramsSchema,
          body: storefrontBeaconSchema,
          response: {
            202: z.object({ status: z.literal('received') }),
            400: apiErrorBodySchema,
            404: apiErrorBodySchema,
            429: apiErrorBodySchema,
          },
        },
      },
      async (request, reply) => {
        const inventoryId = await inventoryIdOf(request.params.publicId);
        if (!inventoryId) throw refusals.inventory_not_found();
        if (!isBotAgent(request.headers['user-agent'])) {
          const { kind, visitorId, locale, cartId, ref } = request.body;
          // A cart id is kept only when it is this inventory's: a page cannot tie its view to another's cart.
          const ownCart = cartId !== undefined && (await store.cartLines(inventoryId, cartId)) !== null;
          events.record({ inventoryId, kind, visitorId, locale, cartId: ownCart ? cartId : null, ref: ref ?? null });
        }
        return reply.code(202).send({ status: 'received' });
      },
    );

    api.post(
      '/storefront/:publicId/checkout',
      {
        config: { public: true, rateLimit: { max: cartsPerMinute, timeWindow: 60_000 } },
        schema: {
          summary: 'Go to checkout: the cart becomes a link to Shopify’s checkout',
          description:
            'Public. Takes the lines the shopper has (or the id of a cart an order made) and answers the Shopify cart permalink ' +
            '(`{website}/cart/{variant}:{qty},…` with `ref` and `attributes[catalyst_cart]`, the merchant’s parameters and tracking ' +
            'URL) and the lines left out because the store cannot sell them. Records a checkout (with the `ref` of the link the page was opened from, when one of ours: the website widget’s orders are told by it). None sellable: 422 `nothing_to_checkout`. ' +
            'With `whatsappUpdates` (the cart page’s box for order updates on WhatsApp, ticked), the number is read in the store’s ' +
            'country and carried as `attributes[_catalyst_whatsapp_updates]` (E.164); one that is no number is a 400 naming the field ' +
            '`whatsappUpdates.phone`. A cart whose shopper’s number is known (that box, or the WhatsApp order that made the cart) is ' +
            'kept for checkout recovery until its order comes, and its link carries the recovery’s `attributes[_catalyst_recovery]`. ' +
            'The id of a cart made ' +
            `${CART_EXPIRY_DAYS} days ago or more is 410 \`cart_expired\`.`,
          tags,
          params: paramsSchema,
          body: checkoutRequestSchema,
          response: {
            200: checkoutAnswerSchema,
            400: apiErrorBodySchema,
            404: apiErrorBodySchema,
            410: apiErrorBodySchema,
            422: apiErrorBodySchema,
            429: apiErrorBodySchema,
          },
        },
      },
      async (request) => {
        const inventory = await inventoryOf(request.params.publicId);
        const { cartId, lines, source, visitorId, locale, whatsappUpdates, ref } = request.body;
        if (cartId === undefined && !lines?.length) throw new HttpError(400, 'validation_failed', 'Send the cart’s lines or its id.');
        // The number is read in the store's country, as the page says; only a flag of it reaches events and logs.
        const updates = whatsappUpdates ? readWhatsappUpdatesPhone(whatsappUpdates.phone, inventory.currency, locale) : null;
        if (updates && !updates.ok)
          throw new HttpError(400, 'validation_failed', 'The WhatsApp number for order updates is not a valid number.', {
            fields: { [WHATSAPP_UPDATES_ERROR_FIELD]: updates.messageId },
          });
        const bot = isBotAgent(request.headers['user-agent']);
        // Checkout recovery's own cart (server/checkouts/own-carts.ts): the shopper's cart with the number
        // of the box, or one a WhatsApp cart's row knows; its link then carries the recovery's ref.
        const phone = updates?.ok ? updates.phone : null;
        const attributesFor =
          ownCarts && !bot
            ? async (cart: CheckoutCart) => {
                try {
                  return await ownCarts.checkoutOpened({
                    inventoryId: inventory.id,
                    cartId: cart.cartId,
                    phone,
                    whatsappUpdatesPhone: phone,
                    locale,
                    currency: inventory.currency,
                    totalMinor: cart.totalMinor,
                    lines: cart.lines,
                    recoveryUrl: cartPageUrl(siteOrigin(request, siteUrl), locale, inventory.publicId, cart.cartId),
                    at: new Date(),
                  });
                } catch (error) {
                  // The shopper's checkout matters more than its reminders: it goes on without them.
                  request.log.error({ err: error, inventoryId: inventory.id, cartId: cart.cartId }, 'own cart not recorded');
                  return {};
                }
              }
            : undefined;
        try {
          const answer = await store.checkout(inventory, {
            ...(cartId === undefined ? {} : { cartId }),
            ...(lines ? { lines } : {}),
            source,
            ...(updates?.ok ? { whatsappUpdates: updates.phone } : {}),
            ...(attributesFor ? { attributesFor } : {}),
          });
          const ticked = updates !== null;
          if (!bot)
            events.record({
              inventoryId: inventory.id,
              kind: 'checkout',
              visitorId,
              locale,
              cartId: answer.cartId,
              whatsappUpdates: ticked,
              ref: ref ?? null,
            });
          request.log.info(
            { inventoryId: inventory.id, cartId: answer.cartId, leftOut: answer.leftOut.length, whatsappUpdates: ticked },
            'checkout',
          );
          return answer;
        } catch (error) {
          if (error instanceof StorefrontRefusal) throw refusals[error.reason]();
          throw error;
        }
      },
    );
  });
}
