// The cart summary page's checkout form, with its 'Send me order updates on WhatsApp' box: the
// request 'Go to checkout' sends for a cart (the page once hydrated, and the server for the same form
// posted before the page's JavaScript ran), the names the plain form posts, the field the checkout API
// names when it cannot read the number, and what the page shows after a post (the box as the shopper
// left it, and why the checkout did not open). No imports: the shopper's page loads it, and its JS
// budget has no room for zod or phone metadata (the server reads the number).

/** The plain form's fields: the box (any value: ticked) and the number as typed. */
export const WHATSAPP_UPDATES_FIELD = 'whatsapp_updates';
export const WHATSAPP_UPDATES_PHONE_FIELD = 'phone';

/** The field of a checkout API 400 whose number could not be read (its value: the contact message id). */
export const WHATSAPP_UPDATES_ERROR_FIELD = 'whatsappUpdates.phone';

/** What is wrong with the number: none was written, or it is no number (domain/contact.ts's readContactPhone). */
export type WhatsappUpdatesProblem = 'phone_required' | 'phone_invalid';

/** Why the checkout did not open, as the page says it (the cart is kept in every case). */
export type CartCheckoutFailure = 'nothing_to_checkout' | 'rate_limited' | 'failed';

/** The country a number without + is read in, as the page tells the shopper: `BR` and its calling code `55`. */
export type WhatsappUpdatesCountry = { country: string; callingCode: string };

/** The cart page answering its own plain form: the box and number as posted, and what went wrong. */
export type CartCheckoutPost = {
  ticked: boolean;
  phone: string;
  problem: WhatsappUpdatesProblem | null;
  failure: CartCheckoutFailure | null;
};

/** A line of the cart summary, as far as checking out needs it. */
type SummaryLine = { retailerId: string; quantity: number; priceMinor: number | null; available: boolean };

/** The checkout API's request for a cart page's cart (without the visitor id and language the caller adds). */
export type CartCheckoutRequest = {
  cartId?: string;
  lines?: Array<{ retailerId: string; quantity: number; priceMinor: number | null; currency: string | null }>;
  source: 'items_link';
};

/**
 * What 'Go to checkout' sends for a cart page: a WhatsApp order's cart by its id; an `items=` link's
 * lines that can be bought, with today's price in the store's currency.
 */
export function cartCheckoutRequest(cartId: string | null, currency: string | null, lines: readonly SummaryLine[]): CartCheckoutRequest {
  if (cartId) return { cartId, source: 'items_link' };
  return {
    lines: lines
      .filter((line) => line.available)
      .map(({ retailerId, quantity, priceMinor }) => ({
        retailerId,
        quantity,
        priceMinor,
        currency: priceMinor === null ? null : currency,
      })),
    source: 'items_link',
  };
}

/** The cart page's own address: where its plain form posts (the cart it names, by id or as its `items=` list, and the `ref` of the link it came from). */
export function cartPagePath(
  locale: string,
  publicId: string,
  cartId: string | null,
  items: string | null,
  ref: string | null = null,
): string {
  const path = `/${locale}/c/${encodeURIComponent(publicId)}/cart`;
  const query = [
    cartId ? `cart=${encodeURIComponent(cartId)}` : items ? `items=${encodeURIComponent(items)}` : null,
    ref ? `ref=${encodeURIComponent(ref)}` : null,
  ].filter((part) => part !== null);
  return query.length ? `${path}?${query.join('&')}` : path;
}
