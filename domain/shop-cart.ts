// The shopper's cart on the catalog page, as a reducer: lines of a variant (by its line id), how
// many and the price the shopper saw. Kept in the browser's storage as JSON (serializeCart), and
// restored against today's catalog (restoreCart). Zod-free: it runs in the page's small bundle.
import { CART_MAX_LINES, CART_MAX_QUANTITY } from './cart-items';

export type ShopCartLine = { lineId: string; quantity: number; priceMinor: number | null };
export type ShopCart = { lines: ShopCartLine[] };

export type ShopCartAction =
  | { type: 'add'; lineId: string; priceMinor: number | null; quantity?: number }
  | { type: 'setQuantity'; lineId: string; quantity: number }
  | { type: 'remove'; lineId: string }
  | { type: 'clear' }
  | { type: 'restore'; cart: ShopCart };

export const emptyCart: ShopCart = { lines: [] };

/** A whole number of items in 1..CART_MAX_QUANTITY (1 for what is not a number). */
export const clampQuantity = (quantity: number) =>
  Number.isFinite(quantity) ? Math.min(CART_MAX_QUANTITY, Math.max(1, Math.trunc(quantity))) : 1;

/** Whether adding this line fits: a line already in the cart always does, a new one while under CART_MAX_LINES. */
export const canAdd = (cart: ShopCart, lineId: string) =>
  cart.lines.length < CART_MAX_LINES || cart.lines.some((line) => line.lineId === lineId);

/** How many items the cart holds (the header's count). */
export const cartCount = (cart: ShopCart) => cart.lines.reduce((sum, line) => sum + line.quantity, 0);

export function shopCartReducer(cart: ShopCart, action: ShopCartAction): ShopCart {
  switch (action.type) {
    case 'add': {
      const quantity = clampQuantity(action.quantity ?? 1);
      const found = cart.lines.find((line) => line.lineId === action.lineId);
      if (found) {
        // The price seen is the latest one: the shopper just saw it on the card.
        const next = { lineId: action.lineId, quantity: clampQuantity(found.quantity + quantity), priceMinor: action.priceMinor };
        return { lines: cart.lines.map((line) => (line === found ? next : line)) };
      }
      if (!canAdd(cart, action.lineId)) return cart;
      return { lines: [...cart.lines, { lineId: action.lineId, quantity, priceMinor: action.priceMinor }] };
    }
    case 'setQuantity':
      return {
        lines: cart.lines.map((line) => (line.lineId === action.lineId ? { ...line, quantity: clampQuantity(action.quantity) } : line)),
      };
    case 'remove':
      return { lines: cart.lines.filter((line) => line.lineId !== action.lineId) };
    case 'clear':
      return emptyCart;
    case 'restore':
      // Lines added before the saved cart could be read (the catalog still loading) join it.
      return cart.lines.reduce(
        (merged, line) =>
          shopCartReducer(merged, { type: 'add', lineId: line.lineId, priceMinor: line.priceMinor, quantity: line.quantity }),
        action.cart,
      );
  }
}

export const serializeCart = (cart: ShopCart) => JSON.stringify({ lines: cart.lines });

/**
 * The saved cart against today's catalog: lines whose variant the catalog no longer has are
 * dropped, quantities clamped, repeated lines merged, at most CART_MAX_LINES kept, and each price
 * is today's (the one the page shows). Anything unreadable gives an empty cart.
 */
export function restoreCart(saved: string | null, known: (lineId: string) => { priceMinor: number | null } | undefined): ShopCart {
  let parsed: unknown;
  try {
    parsed = saved ? JSON.parse(saved) : null;
  } catch {
    return emptyCart;
  }
  const lines = (parsed as { lines?: unknown } | null)?.lines;
  if (!Array.isArray(lines)) return emptyCart;
  let cart = emptyCart;
  for (const line of lines as Array<{ lineId?: unknown; quantity?: unknown } | null>) {
    const variant = typeof line?.lineId === 'string' ? known(line.lineId) : undefined;
    if (!variant || typeof line?.quantity !== 'number') continue;
    cart = shopCartReducer(cart, { type: 'add', lineId: line.lineId as string, priceMinor: variant.priceMinor, quantity: line.quantity });
  }
  return cart;
}
