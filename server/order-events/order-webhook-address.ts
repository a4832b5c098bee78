// Where a store's order webhooks are sent: `{SITE_URL}/webhooks/shopify/{inventory id}`, when the site
// has an address Shopify can reach (https, not this machine). Without one (a local run, SITE_URL
// unset) no store is subscribed and the inventories' orders are polled instead.
import { isLoopbackOrigin } from '@/domain/inventory';

export const SHOPIFY_WEBHOOK_PATH = '/webhooks/shopify';

/** SITE_URL's origin when Shopify can call it (Shopify posts webhooks to https only); null otherwise. */
export function publicSiteOrigin(siteUrl: string | null | undefined): string | null {
  if (!siteUrl) return null;
  let url: URL;
  try {
    url = new URL(siteUrl);
  } catch {
    return null;
  }
  return url.protocol === 'https:' && !isLoopbackOrigin(url.origin) ? url.origin : null;
}

/** The callback URL of an inventory's order webhooks on the public origin. */
export const orderWebhookUrl = (origin: string, inventoryId: string) => `${origin}${SHOPIFY_WEBHOOK_PATH}/${inventoryId}`;
