// A store's checkouts as checkout recovery reads them, from Shopify's `checkouts/create` and
// `checkouts/update` webhooks (REST-style JSON). Shopify sends no 'abandoned' event: a checkout is a
// state that changes (contact details typed, shipping picked, `completed_at` once the order is placed),
// and whether it was abandoned is decided later, from its last update (domain/checkout-recovery.ts).
// A checkout is known by its token; the shopper's number is read in E.164 (the cart page's WhatsApp
// box first, then the number the shopper gave for text messages, then the checkout's and its
// addresses'), with the shipping (else billing) address's country.
import * as z from 'zod/mini';
import { CART_ATTRIBUTE } from '@/domain/checkout-link';
import { WHATSAPP_UPDATES_ATTRIBUTE } from '@/domain/order-event';
import {
  e164,
  link,
  minorOf,
  nullableText,
  numericIdOf,
  restAddressSchema,
  restId,
  text,
  timeOf,
} from '../order-events/shopify-order-events';

/** The checkout topics a store is subscribed to (`X-Shopify-Topic`), and as Admin GraphQL names them. */
export const CHECKOUT_TOPICS = ['checkouts/create', 'checkouts/update'] as const;
export const CHECKOUT_WEBHOOK_TOPICS = ['CHECKOUTS_CREATE', 'CHECKOUTS_UPDATE'] as const;

/** Lines kept of a checkout: enough for a reminder's 'products' and the Checkouts screen. */
export const CHECKOUT_ITEMS_MAX = 50;

export type CheckoutItem = { title: string; quantity: number; variantId: string | null };

/** A checkout as recorded (server/checkouts/checkout-tables.ts's store_checkouts, less what the recording adds). */
export type CheckoutDraft = {
  token: string;
  shopifyCheckoutId: string | null;
  phone: string | null;
  /** The number of the cart page's WhatsApp box (a cart attribute), E.164: the shopper's consent to updates. */
  whatsappUpdatesPhone: string | null;
  /** Whether the shopper agreed at checkout to the store's text-message marketing. */
  acceptsSmsMarketing: boolean;
  /** The Catalyst cart it was opened from (the `catalyst_cart` attribute of our checkout links); absent or null: none. */
  cartId?: string | null;
  firstName: string | null;
  locale: string | null;
  currency: string | null;
  totalMinor: number | null;
  items: CheckoutItem[];
  /** Shopify's `abandoned_checkout_url`: the way back to this checkout. */
  recoveryUrl: string | null;
  startedAt: Date;
  updatedAt: Date;
  completedAt: Date | null;
};

const restLineItemSchema = z.object({
  title: nullableText(),
  variant_title: nullableText(),
  quantity: z.optional(z.nullable(z.number())),
  variant_id: z.optional(z.nullable(restId)),
});

/** The fields of a `checkouts/create` or `/update` payload recovery reads (the rest is ignored). */
export const restCheckoutSchema = z.object({
  id: z.optional(z.nullable(restId)),
  token: z.string(),
  created_at: z.string(),
  updated_at: z.optional(z.nullable(z.string())),
  completed_at: nullableText(),
  abandoned_checkout_url: nullableText(),
  currency: nullableText(),
  presentment_currency: nullableText(),
  total_price: nullableText(),
  customer_locale: nullableText(),
  phone: nullableText(),
  sms_marketing_phone: nullableText(),
  buyer_accepts_sms_marketing: z.optional(z.nullable(z.boolean())),
  note_attributes: z.optional(z.nullable(z.array(z.object({ name: z.string(), value: z.optional(z.nullable(z.unknown())) })))),
  line_items: z.optional(z.nullable(z.array(restLineItemSchema))),
  customer: z.optional(z.nullable(z.object({ first_name: nullableText(), phone: nullableText() }))),
  shipping_address: z.optional(z.nullable(restAddressSchema)),
  billing_address: z.optional(z.nullable(restAddressSchema)),
});
export type RestCheckout = z.infer<typeof restCheckoutSchema>;

/** A checkout token as Shopify writes it (hex, or letters, digits, `-` and `_`). */
const TOKEN = /^[A-Za-z0-9_-]{1,100}$/;

/** The checkout a webhook carries; null when it has no token or time it can be kept by. */
export function checkoutFromWebhook(checkout: RestCheckout): CheckoutDraft | null {
  const startedAt = timeOf(checkout.created_at);
  const updatedAt = timeOf(checkout.updated_at) ?? startedAt;
  if (!TOKEN.test(checkout.token) || !startedAt || !updatedAt) return null;
  const country = checkout.shipping_address?.country_code ?? checkout.billing_address?.country_code;
  const currency = text(checkout.presentment_currency ?? checkout.currency, 3);
  const attributeOf = (name: string) => checkout.note_attributes?.find((entry) => entry.name === name)?.value;
  const attribute = attributeOf(WHATSAPP_UPDATES_ATTRIBUTE);
  const cart = attributeOf(CART_ATTRIBUTE);
  const whatsappUpdatesPhone = typeof attribute === 'string' ? e164([attribute], country) : null;
  const items = (checkout.line_items ?? []).slice(0, CHECKOUT_ITEMS_MAX).flatMap((item): CheckoutItem[] => {
    const title = text([item.title, item.variant_title].filter(Boolean).join(' – '), 300);
    const quantity = item.quantity ?? 0;
    return title && Number.isSafeInteger(quantity) && quantity > 0 ? [{ title, quantity, variantId: numericIdOf(item.variant_id) }] : [];
  });
  return {
    token: checkout.token,
    shopifyCheckoutId: numericIdOf(checkout.id),
    phone:
      whatsappUpdatesPhone ??
      e164(
        [
          checkout.sms_marketing_phone,
          checkout.phone,
          checkout.shipping_address?.phone,
          checkout.billing_address?.phone,
          checkout.customer?.phone,
        ],
        country,
      ),
    whatsappUpdatesPhone,
    acceptsSmsMarketing: checkout.buyer_accepts_sms_marketing === true,
    cartId: typeof cart === 'string' ? text(cart, 64) : null,
    firstName: text(checkout.shipping_address?.first_name ?? checkout.billing_address?.first_name ?? checkout.customer?.first_name, 100),
    locale: text(checkout.customer_locale, 35),
    currency,
    totalMinor: minorOf(checkout.total_price, currency),
    items,
    recoveryUrl: link(checkout.abandoned_checkout_url),
    startedAt,
    updatedAt,
    completedAt: timeOf(checkout.completed_at),
  };
}
