// The shopper's pages (issue 14): `/{lang}/c/{public id}`, the catalog from the last sync, and
// `/{lang}/c/{public id}/cart`, a cart summary (`?cart=` an order's cart id, `?items=` a chat
// flow's lines), rendered per request by the built renderer into the shop shell (dist/shop.html).
// A catalog page is kept until its inventory syncs again (the key holds the sync's time), per
// language and origin; a cart page is rendered each time (its lines are the request's). Public:
// nothing of the merchant's beyond the store's name and what it sells.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isLocale } from '../../domain/locales';
import type { ShopPageInput, ShopRenderer } from '../../domain/public-pages';
import { parseCartItems } from '../../domain/storefront';
import { cspHeader, inlineScriptHashes, type CspDirectives } from '../http/content-security-policy';
import { siteOrigin } from '../http/site-origin';
import type { PublicInventory, StorefrontStore } from '../storefront/storefront-store';

export type ShopPagesOptions = {
  renderer: ShopRenderer;
  store: StorefrontStore;
  /** The built shop shell (dist/shop.html). */
  shell: string;
  csp: CspDirectives;
  siteUrl?: string;
  /** The runtime config's API base (`/api/v1` or an absolute URL): where the pages' checkout and events go. */
  apiBaseUrl: string;
};

/**
 * Catalog pages kept (inventory × language × origin), up to a count and a size in all (a 2,000-product
 * page is about a megabyte); the oldest goes first.
 */
const CACHED_PAGES = 300;
const CACHED_BYTES = 48 * 1024 * 1024;

type Params = { lang: string; publicId: string };
type CartQuery = { cart?: string; items?: string };

export function registerShopPages(app: FastifyInstance, { renderer, store, shell, csp, siteUrl, apiBaseUrl }: ShopPagesOptions) {
  const cache = new Map<string, { html: string; csp: string; status: number }>();
  let cachedBytes = 0;
  const forget = (key: string) => {
    cachedBytes -= cache.get(key)?.html.length ?? 0;
    cache.delete(key);
  };

  const send = (reply: FastifyReply, page: { html: string; csp: string; status: number }) =>
    reply
      .code(page.status)
      .header('cache-control', 'no-cache')
      .header('content-security-policy', page.csp)
      .type('text/html; charset=utf-8')
      .send(page.html);

  async function render(request: FastifyRequest<{ Params: Params }>, path: string, shop: ShopPageInput) {
    const page = await renderer.renderShopPage({ url: path, siteUrl: siteOrigin(request, siteUrl), template: shell, shop, apiBaseUrl });
    if (page.kind !== 'page') throw new Error(`A shop page answered a ${page.kind}`);
    return { html: page.html, status: page.status, csp: cspHeader(csp, inlineScriptHashes(page.html)) };
  }

  /** The configured inventory behind the path's public id, or null (any malformed id is simply unknown). */
  const inventoryOf = (publicId: string): Promise<PublicInventory | null> =>
    publicId.length > 64 ? Promise.resolve(null) : store.inventory(publicId);

  app.get<{ Params: Params }>('/:lang/c/:publicId', { schema: { hide: true } }, async (request, reply) => {
    const { lang, publicId } = request.params;
    if (!isLocale(lang)) return reply.callNotFound();
    const path = `/${lang}/c/${encodeURIComponent(publicId)}`;
    const inventory = await inventoryOf(publicId);
    if (!inventory) return send(reply, await render(request, path, { page: 'problem', publicId: null, reason: 'inventory_not_found' }));
    const key = `${inventory.id}|${lang}|${siteOrigin(request, siteUrl)}|${inventory.lastSyncedAt?.getTime() ?? 0}`;
    let page = cache.get(key);
    if (!page) {
      page = await render(request, path, { page: 'catalog', catalog: await store.catalog(inventory) });
      // A page of the same inventory from before its last sync is stale: it goes with the new one's arrival.
      for (const old of [...cache.keys()]) if (old.startsWith(`${inventory.id}|${lang}|`)) forget(old);
      while (cache.size > 0 && (cache.size >= CACHED_PAGES || cachedBytes + page.html.length > CACHED_BYTES))
        forget(cache.keys().next().value!);
      cache.set(key, page);
      cachedBytes += page.html.length;
    }
    return send(reply, page);
  });

  app.get<{ Params: Params; Querystring: CartQuery }>('/:lang/c/:publicId/cart', { schema: { hide: true } }, async (request, reply) => {
    const { lang, publicId } = request.params;
    if (!isLocale(lang)) return reply.callNotFound();
    const path = `/${lang}/c/${encodeURIComponent(publicId)}/cart`;
    const inventory = await inventoryOf(publicId);
    if (!inventory) return send(reply, await render(request, path, { page: 'problem', publicId: null, reason: 'inventory_not_found' }));
    const problem = (reason: 'cart_not_found' | 'items_malformed') => render(request, path, { page: 'problem', publicId, reason });
    const { cart, items } = request.query;
    if (typeof cart === 'string' && cart !== '') {
      const lines = cart.length <= 64 ? await store.cartLines(inventory.id, cart) : null;
      if (!lines) return send(reply, await problem('cart_not_found'));
      const summary = await store.summary(inventory, cart, lines);
      return send(reply, await render(request, path, { page: 'cart', publicId, summary, items: null }));
    }
    const raw = typeof items === 'string' ? items : '';
    const parsed = raw === '' ? [] : raw.length <= 8_000 ? parseCartItems(raw) : null;
    if (!parsed) return send(reply, await problem('items_malformed'));
    const lines = parsed.map((line) => ({ ...line, priceMinor: null, currency: null }));
    const summary = await store.summary(inventory, null, lines);
    return send(reply, await render(request, path, { page: 'cart', publicId, summary, items: raw || null }));
  });
}
