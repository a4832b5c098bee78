// The shopper's pages, rendered per request into the shop shell: the catalog of the last sync (kept
// and compressed until the next one, rendered once however many ask at once) and a cart summary
// (rendered each time). Public: nothing of the merchant's beyond the store's name and what it
// sells. Details: docs/how-it-works.md, 'Shop pages'.
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isLocale } from '@/domain/locales';
import type { ShopPageInput, ShopRenderer } from '@/domain/public-pages';
import { parseCartItems } from '@/domain/storefront';
import { cspHeader, inlineScriptHashes, type CspDirectives } from '../http/content-security-policy';
import { notFound } from '../http/error-handler';
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
/** A body kept with its compressed copies. */
type Body = { text: string; br?: Buffer; gzip?: Buffer };
type Page = Body & { csp: string; status: number; type: string };
/** A catalog page and its whole product list, made by one render. */
type CatalogPages = { page: Page; products: Page };

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** The page with its compressed bodies (made in libuv's thread pool, not on the event loop). */
async function compressed(page: Page): Promise<Page> {
  const [br, gz] = await Promise.all([
    brotli(page.text, { params: { [constants.BROTLI_PARAM_QUALITY]: 9, [constants.BROTLI_PARAM_SIZE_HINT]: page.text.length } }),
    gzipped(page.text, { level: 9 }),
  ]);
  return { ...page, br, gzip: gz };
}

const HTML = 'text/html; charset=utf-8';

export function registerShopPages(app: FastifyInstance, { renderer, store, shell, csp, siteUrl, apiBaseUrl }: ShopPagesOptions) {
  const cache = new Map<string, CatalogPages>();
  let cachedBytes = 0;
  const bytesOf = (body: Body) => body.text.length + (body.br?.length ?? 0) + (body.gzip?.length ?? 0);
  const sizeOf = (pages: CatalogPages | undefined) => (pages ? bytesOf(pages.page) + bytesOf(pages.products) : 0);
  const forget = (key: string) => {
    cachedBytes -= sizeOf(cache.get(key));
    cache.delete(key);
  };

  const send = (request: FastifyRequest, reply: FastifyReply, page: Page) => {
    reply
      .code(page.status)
      .header('cache-control', 'no-cache')
      .header('content-security-policy', page.csp)
      .header('vary', 'accept-encoding')
      .type(page.type);
    const accepted = String(request.headers['accept-encoding'] ?? '');
    if (page.br && /\bbr\b/.test(accepted)) return reply.header('content-encoding', 'br').send(page.br);
    if (page.gzip && /\bgzip\b/.test(accepted)) return reply.header('content-encoding', 'gzip').send(page.gzip);
    return reply.send(page.text);
  };

  async function renderPage(request: FastifyRequest<{ Params: Params }>, path: string, shop: ShopPageInput) {
    const page = await renderer.renderShopPage({ url: path, siteUrl: siteOrigin(request, siteUrl), template: shell, shop, apiBaseUrl });
    if (page.kind !== 'page') throw new Error(`A shop page answered a ${page.kind}`);
    return page;
  }
  const htmlPage = (html: string, status: number): Page => ({
    text: html,
    status,
    type: HTML,
    csp: cspHeader(csp, inlineScriptHashes(html)),
  });
  async function render(request: FastifyRequest<{ Params: Params }>, path: string, shop: ShopPageInput): Promise<Page> {
    const page = await renderPage(request, path, shop);
    return htmlPage(page.html, page.status);
  }

  /**
   * Renders being made, by key: the requests that come while a page is rendered (right after a sync,
   * 100 a second) wait for that one render. When each rendered its own, renders queued up in the
   * render pool and the page's slowest answers took seconds.
   */
  const rendering = new Map<string, Promise<CatalogPages>>();

  /** The inventory's catalog page and product list in this language, from the cache, the render under way, or rendered now. */
  function catalogPages(request: FastifyRequest<{ Params: Params }>, lang: string, inventory: PublicInventory): Promise<CatalogPages> {
    const key = `${inventory.id}|${lang}|${siteOrigin(request, siteUrl)}|${inventory.lastSyncedAt?.getTime() ?? 0}`;
    const cached = cache.get(key);
    if (cached) return Promise.resolve(cached);
    let pages = rendering.get(key);
    if (!pages) {
      pages = renderCatalogPages(request, lang, inventory, key).finally(() => rendering.delete(key));
      rendering.set(key, pages);
    }
    return pages;
  }

  async function renderCatalogPages(
    request: FastifyRequest<{ Params: Params }>,
    lang: string,
    inventory: PublicInventory,
    key: string,
  ): Promise<CatalogPages> {
    const path = `/${lang}/c/${encodeURIComponent(inventory.publicId)}`;
    const rendered = await renderPage(request, path, { page: 'catalog', catalog: await store.catalog(inventory) });
    const json = rendered.productsJson ?? '{"products":[]}';
    const [page, products] = await Promise.all([
      compressed(htmlPage(rendered.html, rendered.status)),
      compressed({ text: json, status: 200, type: 'application/json; charset=utf-8', csp: "default-src 'none'" }),
    ]);
    const pages = { page, products };
    // A page of the same inventory from before its last sync is stale: it goes with the new one's arrival.
    for (const old of [...cache.keys()]) if (old.startsWith(`${inventory.id}|${lang}|`)) forget(old);
    while (cache.size > 0 && (cache.size >= CACHED_PAGES || cachedBytes + sizeOf(pages) > CACHED_BYTES)) forget(cache.keys().next().value!);
    cache.set(key, pages);
    cachedBytes += sizeOf(pages);
    return pages;
  }

  // The store remembers a public id's inventory a few seconds (storefront-store.ts).
  const inventoryOf = (publicId: string) => store.inventory(publicId);

  app.get<{ Params: Params }>('/:lang/c/:publicId', { schema: { hide: true } }, async (request, reply) => {
    const { lang, publicId } = request.params;
    if (!isLocale(lang)) return reply.callNotFound();
    const path = `/${lang}/c/${encodeURIComponent(publicId)}`;
    const inventory = await inventoryOf(publicId);
    if (!inventory)
      return send(request, reply, await render(request, path, { page: 'problem', publicId: null, reason: 'inventory_not_found' }));
    return send(request, reply, (await catalogPages(request, lang, inventory)).page);
  });

  // The catalog's whole product list, which its page loads once it is up (the page carries only the first ones).
  app.get<{ Params: Params }>('/:lang/c/:publicId/products.json', { schema: { hide: true } }, async (request, reply) => {
    const { lang, publicId } = request.params;
    if (!isLocale(lang)) return reply.callNotFound();
    const inventory = await inventoryOf(publicId);
    if (!inventory) return notFound(request, reply);
    return send(request, reply, (await catalogPages(request, lang, inventory)).products);
  });

  app.get<{ Params: Params; Querystring: CartQuery }>('/:lang/c/:publicId/cart', { schema: { hide: true } }, async (request, reply) => {
    const { lang, publicId } = request.params;
    if (!isLocale(lang)) return reply.callNotFound();
    const path = `/${lang}/c/${encodeURIComponent(publicId)}/cart`;
    const inventory = await inventoryOf(publicId);
    if (!inventory)
      return send(request, reply, await render(request, path, { page: 'problem', publicId: null, reason: 'inventory_not_found' }));
    const problem = (reason: 'cart_not_found' | 'items_malformed') => render(request, path, { page: 'problem', publicId, reason });
    const { cart, items } = request.query;
    if (typeof cart === 'string' && cart !== '') {
      const lines = cart.length <= 64 ? await store.cartLines(inventory.id, cart) : null;
      if (!lines) return send(request, reply, await problem('cart_not_found'));
      const summary = await store.summary(inventory, cart, lines);
      return send(request, reply, await render(request, path, { page: 'cart', publicId, summary, items: null }));
    }
    const raw = typeof items === 'string' ? items : '';
    const parsed = raw === '' ? [] : raw.length <= 8_000 ? parseCartItems(raw) : null;
    if (!parsed) return send(request, reply, await problem('items_malformed'));
    const lines = parsed.map((line) => ({ ...line, priceMinor: null, currency: null }));
    const summary = await store.summary(inventory, null, lines);
    return send(request, reply, await render(request, path, { page: 'cart', publicId, summary, items: raw || null }));
  });
}
