// POST {api}/storefront/{publicId}/events: the page tells the server it was seen (a catalog access,
// a cart view). Fire and forget, after the page is up: `keepalive` lets it finish if the shopper
// leaves at once, and a failure is only logged (the shopper never sees it).
import type { Locale } from '@/domain/locales';
import { visitorId } from './visitor-id';

export function reportPageSeen(apiBaseUrl: string, locale: Locale, publicId: string, kind: 'access' | 'cart_view', cartId?: string): void {
  const body = JSON.stringify({ kind, visitorId: visitorId(), locale, ...(cartId ? { cartId } : {}) });
  fetch(`${apiBaseUrl}/storefront/${encodeURIComponent(publicId)}/events`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body,
    keepalive: true,
  }).catch((error: unknown) => console.warn('Catalyst: the page view was not reported', error));
}
