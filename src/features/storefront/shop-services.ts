// What the shopper's pages need from outside React: the saved cart, the checkout API, leaving for
// the checkout and reporting the page as seen. The browser's entry supplies the real ones; the
// server renders with stand-ins (nothing runs there but the first render); tests pass their own.
import type { Locale } from '@/domain/locales';
import type { CartLineProblem } from '@/domain/storefront';
import type { ShopProductView } from './shop-page-data';

export type ShopCheckoutLine = { retailerId: string; quantity: number; priceMinor: number | null; currency: string | null };

export type ShopServices = {
  /** The shopper's saved cart of this inventory (localStorage in the browser; nothing on the server). */
  loadCart(publicId: string): string | null;
  saveCart(publicId: string, value: string): void;
  /**
   * 'Go to checkout': answers where to send the shopper (the server's checkout API); rejects with
   * { code?: string; fields?: Record<string, string> } on failure (`fields`: a 400's fields by name).
   * `whatsappUpdates`: the cart page's box for order updates, ticked, with the number as typed.
   */
  checkout(
    publicId: string,
    request: {
      cartId?: string;
      lines?: ShopCheckoutLine[];
      source: 'catalog_page' | 'items_link';
      whatsappUpdates?: { phone: string };
    },
  ): Promise<{ url: string; leftOut: Array<{ retailerId: string; problem: CartLineProblem }> }>;
  /** Sends the shopper to the checkout URL (location.assign). */
  go(url: string): void;
  /** The catalog's whole product list (…/products.json); rejects when it cannot be had. */
  loadProducts(locale: Locale, publicId: string): Promise<ShopProductView[]>;
  /** Reports the page as seen (once, after hydration): an access on the catalog, a cart view on the cart page. */
  pageSeen(publicId: string, kind: 'access' | 'cart_view', cartId?: string): void;
};
