// POST {api}/storefront/{publicId}/checkout: the shopper's cart becomes a cart on the server and the
// Shopify checkout link to send them to. A refusal rejects with the API's error code and a 400's
// fields (the page says what to do, at the field it names); a network failure rejects with code
// 'network'.
import type { Locale } from '@/domain/locales';
import type { CheckoutAnswer } from '@/domain/storefront';
import type { ShopServices } from '../shop-services';
import { linkRef } from './report-page-seen';
import { visitorId } from './visitor-id';

type ShopCheckoutRequest = Parameters<ShopServices['checkout']>[1];

export async function startCheckout(
  apiBaseUrl: string,
  locale: Locale,
  publicId: string,
  request: ShopCheckoutRequest,
): Promise<CheckoutAnswer> {
  const ref = linkRef();
  let response: Response;
  try {
    response = await fetch(`${apiBaseUrl}/storefront/${encodeURIComponent(publicId)}/checkout`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      // The link's `ref` goes with it: an order from the website widget's link counts as the widget's.
      body: JSON.stringify({ ...request, visitorId: visitorId(), locale, ...(ref ? { ref } : {}) }),
    });
  } catch {
    throw { code: 'network' };
  }
  const body = (await response.json().catch(() => null)) as
    (CheckoutAnswer & { error?: { code?: string; fields?: Record<string, string> } }) | null;
  if (!response.ok || !body?.url) throw { code: body?.error?.code ?? `http_${response.status}`, fields: body?.error?.fields ?? {} };
  return body;
}
