// POST {api}/storefront/{publicId}/events: the page tells the server it was seen (a catalog access,
// a cart view), with the `ref` of the link it was opened from (a campaign's catalog link) when there
// is one. Fire and forget, after the page is up: `keepalive` lets it finish if the shopper leaves at
// once, and a failure is only logged (the shopper never sees it).
import type { Locale } from '@/domain/locales';
import { LINK_REF } from '@/domain/link-ref';
import { visitorId } from './visitor-id';

/** The page address's `ref`, when it is one a link of ours carries. */
export function linkRef(): string | null {
  const ref = new URLSearchParams(globalThis.location?.search ?? '').get('ref');
  return ref !== null && LINK_REF.test(ref) ? ref : null;
}

export function reportPageSeen(apiBaseUrl: string, locale: Locale, publicId: string, kind: 'access' | 'cart_view', cartId?: string): void {
  const ref = linkRef();
  const body = JSON.stringify({ kind, visitorId: visitorId(), locale, ...(cartId ? { cartId } : {}), ...(ref ? { ref } : {}) });
  fetch(`${apiBaseUrl}/storefront/${encodeURIComponent(publicId)}/events`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body,
    keepalive: true,
  }).catch((error: unknown) => console.warn('Catalyst: the page view was not reported', error));
}
