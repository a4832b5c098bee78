// The shopper's side of an inventory (issue 14): the carts a catalog page or a WhatsApp order
// makes, the WhatsApp Cloud API `order` message the public API turns into a cart, what is recorded
// when a shopper opens a page or checks out, and the orders a store attributes back to a cart.
import * as z from 'zod/mini';

/** How a cart came to be: a WhatsApp order message, the catalog page's 'Go to checkout', or an `items=` link. */
export const cartSources = ['whatsapp_order', 'catalog_page', 'items_link'] as const;
export type CartSource = (typeof cartSources)[number];

/** Most lines a cart holds, and most of one item: a WhatsApp cart allows 99 of each of 30 items. */
export const CART_MAX_LINES = 100;
export const CART_MAX_QUANTITY = 999;

/** A line as the shopper chose it: the catalog's retailer id, how many, and the price seen then (null: not known). */
export const cartLineSchema = z.object({
  retailerId: z.string().check(z.trim(), z.minLength(1), z.maxLength(100)),
  quantity: z.int().check(z.gte(1), z.lte(CART_MAX_QUANTITY)),
  priceMinor: z.nullable(z.int()),
  currency: z.nullable(z.string().check(z.regex(/^[A-Z]{3}$/))),
});
export type CartLine = z.infer<typeof cartLineSchema>;

/**
 * The `order` object of a WhatsApp Cloud API message (`messages[].order`): the catalog it came
 * from and its items, each with the retailer id, quantity, unit price (a decimal number, in major
 * units) and currency. Unknown fields are allowed: Meta adds them.
 */
export const whatsappOrderSchema = z.object({
  catalog_id: z.string().check(z.regex(/^\d{1,32}$/)),
  text: z.optional(z.string()),
  product_items: z
    .array(
      z.object({
        product_retailer_id: z.string().check(z.trim(), z.minLength(1), z.maxLength(100)),
        quantity: z.union([z.int(), z.string().check(z.regex(/^\d{1,4}$/))]),
        item_price: z.optional(z.union([z.number(), z.string()])),
        currency: z.optional(z.string()),
      }),
    )
    .check(z.minLength(1), z.maxLength(CART_MAX_LINES)),
});
export type WhatsappOrder = z.infer<typeof whatsappOrderSchema>;

/** What a shopper's visit records (issue 16 counts them): a catalog open, a cart summary opened, a checkout click. */
export const storefrontEventKinds = ['access', 'cart_view', 'checkout'] as const;
export type StorefrontEventKind = (typeof storefrontEventKinds)[number];

/** How an order was tied to a Catalyst cart: the cart attribute on the order, else the referral code of its visit. */
export const orderAttributions = ['cart_attribute', 'referral_code'] as const;
export type OrderAttribution = (typeof orderAttributions)[number];
