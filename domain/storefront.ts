// The shopper's side of an inventory: the carts a catalog page or a WhatsApp order
// makes, the WhatsApp Cloud API `order` message the public API turns into a cart, what is recorded
// when a shopper opens a page or checks out, and the orders a store attributes back to a cart.
import * as z from 'zod/mini';
import { LINK_REF } from './link-ref';
import { CART_MAX_LINES, CART_MAX_QUANTITY } from './cart-items';
import { locales } from './locales';

/** How a cart came to be: a WhatsApp order message, the catalog page's 'Go to checkout', or an `items=` link. */
export const cartSources = ['whatsapp_order', 'catalog_page', 'items_link'] as const;
export type CartSource = (typeof cartSources)[number];

// The cart's limits, expiry and `items=` form live zod-free in cart-items.ts (the catalog page imports them).
export { CART_EXPIRY_DAYS, CART_MAX_LINES, CART_MAX_QUANTITY, cartExpired, cartItemsParam, parseCartItems } from './cart-items';

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
        quantity: z.union([z.int().check(z.gte(1), z.lte(CART_MAX_QUANTITY)), z.string().check(z.regex(/^[1-9]\d{0,2}$/))]),
        item_price: z.optional(z.union([z.number(), z.string()])),
        currency: z.optional(z.string()),
      }),
    )
    .check(z.minLength(1), z.maxLength(CART_MAX_LINES)),
});
export type WhatsappOrder = z.infer<typeof whatsappOrderSchema>;

/**
 * What a shopper's visit records (the dashboard counts them): a catalog open, a cart summary opened, a
 * checkout click; and the catalog (or a list of its products) sent to a shopper on WhatsApp.
 */
export const storefrontEventKinds = ['access', 'cart_view', 'checkout', 'catalog_sent'] as const;
export type StorefrontEventKind = (typeof storefrontEventKinds)[number];

/** A visitor id: random, made and kept by the shopper's browser (no personal data). */
export const visitorIdSchema = z.string().check(z.regex(/^[A-Za-z0-9_-]{8,64}$/));

/** What a public page reports as it is seen: the checkout is recorded by the checkout itself. */
export const storefrontBeaconSchema = z.object({
  kind: z.enum(['access', 'cart_view']),
  visitorId: visitorIdSchema,
  locale: z.enum(locales),
  cartId: z.optional(z.string().check(z.maxLength(64))),
  /** The `ref` of the link the page was opened from (a campaign's catalog link), when it is one of ours. */
  ref: z.optional(z.string().check(z.regex(LINK_REF))),
});

/** How an order was tied to a Catalyst cart: the cart attribute on the order, else the referral code of its visit. */
export const orderAttributions = ['cart_attribute', 'referral_code'] as const;
export type OrderAttribution = (typeof orderAttributions)[number];

/** What may be wrong with a line of a cart summary, as the page explains it. */
export const cartLineProblems = ['unknown', 'unavailable', 'not_sold_in_store', 'price_changed'] as const;
export type CartLineProblem = (typeof cartLineProblems)[number];

/** A line of a cart summary: the product as the last sync saw it, and what changed since it was chosen. */
export const cartSummaryLineSchema = z.object({
  retailerId: z.string(),
  quantity: z.int(),
  title: z.nullable(z.string()),
  variantTitle: z.string(),
  imageUrl: z.nullable(z.string()),
  /** The price now (minor units), and the one the shopper saw when it differs. */
  priceMinor: z.nullable(z.int()),
  chosenPriceMinor: z.nullable(z.int()),
  currency: z.nullable(z.string()),
  available: z.boolean(),
  problem: z.nullable(z.enum(cartLineProblems)),
});
export type CartSummaryLine = z.infer<typeof cartSummaryLineSchema>;

export const cartSummarySchema = z.object({
  cartId: z.nullable(z.string()),
  storeName: z.string(),
  currency: z.nullable(z.string()),
  lines: z.array(cartSummaryLineSchema),
  /** The sum of the lines that can be bought, at today's prices. */
  totalMinor: z.int(),
  lastSyncedAt: z.nullable(z.string()),
});
export type CartSummary = z.infer<typeof cartSummarySchema>;

/** What the order-to-cart API answers: the cart summary URL to send the shopper, and the lines it did not know. */
export const whatsappOrderCartSchema = z.object({
  cartId: z.string(),
  cartUrl: z.string(),
  unknownRetailerIds: z.array(z.string()),
});
export type WhatsappOrderCart = z.infer<typeof whatsappOrderCartSchema>;

/**
 * 'Go to checkout': the lines as the shopper has them (or the id of a cart a WhatsApp order made),
 * the browser's visitor id and the page's language. The answer is where to send the shopper.
 */
export const checkoutRequestSchema = z.object({
  cartId: z.optional(z.string().check(z.maxLength(64))),
  lines: z.optional(z.array(cartLineSchema).check(z.maxLength(CART_MAX_LINES))),
  source: z.enum(['catalog_page', 'items_link']),
  visitorId: visitorIdSchema,
  locale: z.enum(locales),
  /**
   * The cart page's 'Send me order updates on WhatsApp', ticked: the number as typed. The server reads
   * it in the store's country (a number without +) and passes it to the checkout as a cart attribute;
   * a number it cannot read is a 400 with the field `whatsappUpdates.phone`. Absent: not ticked.
   */
  whatsappUpdates: z.optional(z.object({ phone: z.string().check(z.maxLength(64)) })),
  /** The `ref` of the link the page was opened from (a campaign's, the website widget's): its orders are told apart by it. */
  ref: z.optional(z.string().check(z.regex(LINK_REF))),
});

export const checkoutAnswerSchema = z.object({
  cartId: z.string(),
  /** The Shopify cart permalink, through the merchant's tracking URL when one is set. */
  url: z.string(),
  /** Lines the store cannot sell now (unknown, sold out, not in the store): left out, for the page to say so. */
  leftOut: z.array(z.object({ retailerId: z.string(), problem: z.enum(cartLineProblems) })),
});
export type CheckoutAnswer = z.infer<typeof checkoutAnswerSchema>;

/** A variant a shopper can choose on the catalog page: the id a cart line names it by, and what it costs now. */
export const catalogVariantSchema = z.object({
  /** The line id: the catalog's retailer id, or the variant id of a store variant the catalog lacks. */
  lineId: z.string(),
  /** 'M / Azul'; '' for a product's only variant. */
  title: z.string(),
  priceMinor: z.nullable(z.int()),
  available: z.boolean(),
});

/** A product of the public catalog: its variants in the store's order (only what the store sells). */
export const catalogProductSchema = z.object({
  /** Stable across syncs: the store's product id. */
  id: z.string(),
  title: z.string(),
  imageUrl: z.nullable(z.string()),
  /** The store's product type, the page's category filter; null when the store gives none. */
  productType: z.nullable(z.string()),
  variants: z.array(catalogVariantSchema),
});
export type CatalogProduct = z.infer<typeof catalogProductSchema>;

/** The public catalog page's data: nothing of the merchant's beyond the store's name and what it sells. */
export const publicCatalogSchema = z.object({
  publicId: z.string(),
  storeName: z.string(),
  /** The store's currency (ISO 4217); prices are in its minor units. */
  currency: z.nullable(z.string()),
  products: z.array(catalogProductSchema),
  lastSyncedAt: z.nullable(z.string()),
});
export type PublicCatalog = z.infer<typeof publicCatalogSchema>;
