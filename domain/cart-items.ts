// A cart's limits, its expiry and its `items=` form (`SKU-1:2,shopify_BR_1_2:1`), without zod: the
// shopper's pages need them in the browser, where every kilobyte of JS counts (domain/storefront.ts
// re-exports them for the server and the schemas).

/** Most lines a cart holds, and most of one item: a WhatsApp cart allows 99 of each of 30 items. */
export const CART_MAX_LINES = 100;
export const CART_MAX_QUANTITY = 999;

/**
 * A stored cart (a WhatsApp order's, a catalog checkout's) expires this many days after it was made:
 * its page then says so and offers no checkout, as its prices and stock will have moved on.
 */
export const CART_EXPIRY_DAYS = 30;

/** Whether a cart made at `createdAt` has expired at `now`. */
export const cartExpired = (createdAt: Date, now: Date): boolean => now.getTime() - createdAt.getTime() >= CART_EXPIRY_DAYS * 86_400_000;

/**
 * A cart in a URL, as a chat flow writes it: `items=SKU-1:2,shopify_BR_1_2:1` — retailer id, a
 * colon, the quantity; lines joined by commas. A retailer id may hold colons (the last one
 * splits); one holding a comma cannot be written here (a cart id can). Null when malformed.
 */
export function parseCartItems(value: string): Array<{ retailerId: string; quantity: number }> | null {
  const lines = new Map<string, number>();
  const entries = value.split(',');
  if (entries.length > CART_MAX_LINES) return null;
  for (const entry of entries) {
    const at = entry.lastIndexOf(':');
    const retailerId = entry.slice(0, Math.max(at, 0)).trim();
    const quantity = at < 0 ? NaN : Number(entry.slice(at + 1).trim());
    if (!retailerId || retailerId.length > 100 || !Number.isInteger(quantity) || quantity < 1 || quantity > CART_MAX_QUANTITY) return null;
    lines.set(retailerId, Math.min(CART_MAX_QUANTITY, (lines.get(retailerId) ?? 0) + quantity));
  }
  return [...lines].map(([retailerId, quantity]) => ({ retailerId, quantity }));
}

/** The `items=` value of lines (the inverse of parseCartItems). */
export const cartItemsParam = (lines: ReadonlyArray<{ retailerId: string; quantity: number }>) =>
  lines.map((line) => `${line.retailerId}:${line.quantity}`).join(',');
