// /api/v1/storefront/{public id}: the public API behind an inventory's shopper pages, no sign-in.
// A chat flow posts a WhatsApp Cloud API `order` here and gets the cart summary URL to send back
// (a short cart id keeps it short); the cart summary page reads a cart — by id or as an `items=`
// list — against the last sync's products. Only what the public pages show leaves here: never a
// token, the store's admin address or another inventory's data. Refusals map to codes below.
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { apiErrorBodySchema } from '../../domain/api-error';
import { locales } from '../../domain/locales';
import { cartSummarySchema, parseCartItems, whatsappOrderCartSchema, whatsappOrderSchema } from '../../domain/storefront';
import { HttpError } from '../http/http-error';
import { siteOrigin } from '../http/site-origin';
import { StorefrontRefusal, type PublicInventory, type StorefrontStore } from '../storefront/storefront-store';

export type StorefrontRouteOptions = {
  store: StorefrontStore;
  /** SITE_URL: the origin the cart summary URLs name (unset: the request's). */
  siteUrl?: string;
  /** Carts a client address may create per minute (the order-to-cart API). */
  cartsPerMinute?: number;
};

const refusals: Record<StorefrontRefusal['reason'], () => HttpError> = {
  inventory_not_found: () => new HttpError(404, 'inventory_not_found', 'No catalog has this address.'),
  cart_not_found: () => new HttpError(404, 'cart_not_found', 'This cart does not exist (or belongs to another catalog).'),
  catalog_mismatch: () => new HttpError(422, 'catalog_mismatch', 'This order is from another catalog than this inventory’s.'),
};

const paramsSchema = z.object({ publicId: z.string().check(z.minLength(1), z.maxLength(64)) });
const tags = ['Storefront (public)'];

export async function registerStorefrontRoutes(app: FastifyInstance, { store, siteUrl, cartsPerMinute = 120 }: StorefrontRouteOptions) {
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
          return reply.code(201).send({ ...cart, cartUrl });
        } catch (error) {
          if (error instanceof StorefrontRefusal) throw refusals[error.reason]();
          throw error;
        }
      },
    );

    api.get(
      '/storefront/:publicId/cart',
      {
        config: { public: true },
        schema: {
          summary: 'A cart summary: each line with its price and stock from the last sync',
          description:
            'Public. The cart is `cart` (an id the order-to-cart API gave) or `items` (`{retailer_id}:{qty},…`, as a chat flow ' +
            'writes it). Each line says what changed since it was chosen: `unknown`, `unavailable`, `not_sold_in_store`, `price_changed`.',
          tags,
          params: paramsSchema,
          querystring: z.object({
            cart: z.optional(z.string().check(z.maxLength(64))),
            items: z.optional(z.string().check(z.maxLength(8_000))),
          }),
          response: { 200: cartSummarySchema, 400: apiErrorBodySchema, 404: apiErrorBodySchema },
        },
      },
      async (request) => {
        const inventory = await inventoryOf(request.params.publicId);
        const { cart, items } = request.query;
        if (cart !== undefined) {
          const lines = await store.cartLines(inventory.id, cart);
          if (!lines) throw refusals.cart_not_found();
          return store.summary(inventory, cart, lines);
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
  });
}
