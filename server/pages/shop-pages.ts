// The shopper's pages, rendered per request into the shop shell: the catalog of the last sync (kept
// and compressed until the next one, rendered once however many ask at once) and a cart summary
// (rendered each time; an expired cart's page says so and offers no checkout), whose checkout form
// also posts to it before the page's JavaScript runs.
// Public: nothing of the merchant's beyond the store's name and what it sells. Details:
// docs/how-it-works.md, 'Shop pages'.
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  cartCheckoutRequest,
  WHATSAPP_UPDATES_ERROR_FIELD,
  WHATSAPP_UPDATES_FIELD,
  WHATSAPP_UPDATES_PHONE_FIELD,
  type CartCheckoutPost,
} from '@/domain/cart-checkout-form';
import { LINK_REF } from '@/domain/link-ref';
import { isLocale, type Locale } from '@/domain/locales';
import type { ShopPageInput, ShopRenderer } from '@/domain/public-pages';
import { parseCartItems, type CartSummary } from '@/domain/storefront';
import { cspHeader, inlineScriptHashes, type CspDirectives } from '../http/content-security-policy';
import { encodedBody, sendEncoded, type EncodedBody } from '../http/encoded-body';
import { notFound } from '../http/error-handler';
import { siteOrigin } from '../http/site-origin';
import { API_PREFIX } from '../routes/api-prefix';
import type { PublicInventory, StorefrontStore } from '../storefront/storefront-store';
import { whatsappUpdatesCountryOf, whatsappUpdatesProblemOf } from '../storefront/whatsapp-updates';

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
type CartQuery = { cart?: string; items?: string; ref?: string };
/** A body kept with its compressed copies. */
type Body = EncodedBody;
type Page = Body & { csp: string; status: number; type: string };
/** A catalog page and its whole product list, made by one render. */
type CatalogPages = { page: Page; products: Page };

/** The page with its compressed bodies (../http/encoded-body.ts). */
async function compressed(page: Page): Promise<Page> {
  return { ...page, ...(await encodedBody(page.text)) };
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

  /** Sends a page; `cacheControl` no-store for one that shows what a shopper typed. */
  const send = (request: FastifyRequest, reply: FastifyReply, page: Page, cacheControl = 'no-cache') => {
    reply.code(page.status).header('cache-control', cacheControl).header('content-security-policy', page.csp).type(page.type);
    return sendEncoded(request, reply, page);
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

  // The cart page's CSP lets its form go on to the checkout: the plain form's answer is a redirect to the
  // store's (or its tracking URL's) address, which the browser checks against form-action at each step.
  const cartCsp: CspDirectives = { ...csp, 'form-action': [...(csp['form-action'] ?? ["'self'"]), ...checkoutOrigins(csp)] };

  type CartPage = { inventory: PublicInventory; summary: CartSummary; items: string | null; ref: string | null } | { problem: Page };

  /** The cart a cart page's query names (an order's cart id, or an `items=` list), or the problem page that says why not. */
  async function cartOf(request: FastifyRequest<{ Params: Params; Querystring: CartQuery }>, lang: Locale): Promise<CartPage> {
    const { publicId } = request.params;
    const path = `/${lang}/c/${encodeURIComponent(publicId)}/cart`;
    const inventory = await inventoryOf(publicId);
    if (!inventory) return { problem: await render(request, path, { page: 'problem', publicId: null, reason: 'inventory_not_found' }) };
    const problem = async (reason: 'cart_not_found' | 'cart_expired' | 'items_malformed') => ({
      problem: await render(request, path, { page: 'problem', publicId, reason }),
    });
    const { cart, items } = request.query;
    // The link's `ref` (one of ours: a campaign's, the widget's), which the page's checkout passes on.
    const ref = typeof request.query.ref === 'string' && LINK_REF.test(request.query.ref) ? request.query.ref : null;
    if (typeof cart === 'string' && cart !== '') {
      const stored = cart.length <= 64 ? await store.cart(inventory.id, cart) : null;
      if (!stored) return problem('cart_not_found');
      if (stored.expired) return problem('cart_expired');
      return { inventory, summary: await store.summary(inventory, cart, stored.lines), items: null, ref };
    }
    const raw = typeof items === 'string' ? items : '';
    const parsed = raw === '' ? [] : raw.length <= 8_000 ? parseCartItems(raw) : null;
    if (!parsed) return problem('items_malformed');
    const lines = parsed.map((line) => ({ ...line, priceMinor: null, currency: null }));
    return { inventory, summary: await store.summary(inventory, null, lines), items: raw || null, ref };
  }

  /** The cart page, with the country its number for order updates is read in, and a post's outcome when it answers one. */
  async function renderCart(
    request: FastifyRequest<{ Params: Params }>,
    lang: Locale,
    { inventory, summary, items, ref }: Exclude<CartPage, { problem: Page }>,
    posted?: CartCheckoutPost,
    status?: number,
  ): Promise<Page> {
    const { publicId } = request.params;
    const page = await renderPage(request, `/${lang}/c/${encodeURIComponent(publicId)}/cart`, {
      page: 'cart',
      publicId,
      summary,
      items,
      ref,
      whatsappUpdates: whatsappUpdatesCountryOf(inventory.currency, lang),
      ...(posted ? { posted } : {}),
    });
    return { text: page.html, status: status ?? page.status, type: HTML, csp: cspHeader(cartCsp, inlineScriptHashes(page.html)) };
  }

  app.get<{ Params: Params; Querystring: CartQuery }>('/:lang/c/:publicId/cart', { schema: { hide: true } }, async (request, reply) => {
    const { lang } = request.params;
    if (!isLocale(lang)) return reply.callNotFound();
    const cart = await cartOf(request, lang);
    return send(request, reply, 'problem' in cart ? cart.problem : await renderCart(request, lang, cart));
  });

  // 'Go to checkout' posted as a plain form, before the page's JavaScript ran (or without it): the
  // same request the hydrated page sends, through the checkout API in-process, so its validation,
  // per-client rate limit and events apply. The answer: a redirect to the checkout, or the cart page
  // again with the box and number as posted and what went wrong (the cart itself is untouched).
  void app.register(async (forms) => {
    forms.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
      (_request, body, done) => {
        const fields: Record<string, string> = {};
        for (const [name, value] of new URLSearchParams(String(body))) fields[name] ??= value;
        done(null, fields);
      },
    );
    forms.post<{ Params: Params; Querystring: CartQuery }>(
      '/:lang/c/:publicId/cart',
      { schema: { hide: true } },
      async (request, reply) => {
        const { lang, publicId } = request.params;
        if (!isLocale(lang)) return reply.callNotFound();
        const cart = await cartOf(request, lang);
        if ('problem' in cart) return send(request, reply, cart.problem);
        const fields = (request.body ?? {}) as Record<string, unknown>;
        const ticked = fields[WHATSAPP_UPDATES_FIELD] !== undefined;
        const typed = fields[WHATSAPP_UPDATES_PHONE_FIELD];
        const phone = typeof typed === 'string' ? typed : '';
        // The page again, with what was posted (the number within the field's own limit) and what went wrong; never cached.
        const again = async (outcome: Pick<CartCheckoutPost, 'problem' | 'failure'>, status: number) => {
          const posted: CartCheckoutPost = { ticked, phone: phone.slice(0, 64), ...outcome };
          return send(request, reply, await renderCart(request, lang, cart, posted, status), 'no-store');
        };
        const checkout = cartCheckoutRequest(cart.summary.cartId, cart.summary.currency, cart.summary.lines);
        // Nothing to buy (its button is disabled; a post may still come): said as the API would.
        if (!checkout.cartId && !checkout.lines?.length) return again({ problem: null, failure: 'nothing_to_checkout' }, 422);
        const api = await app.inject({
          method: 'POST',
          url: `${API_PREFIX}/storefront/${encodeURIComponent(publicId)}/checkout`,
          payload: {
            ...checkout,
            // No visitor id before the page's JavaScript: this checkout counts as a visitor of its own.
            visitorId: randomBytes(12).toString('base64url'),
            locale: lang,
            ...(ticked ? { whatsappUpdates: { phone } } : {}),
            ...(cart.ref ? { ref: cart.ref } : {}),
          },
          remoteAddress: request.ip,
          headers: { 'user-agent': request.headers['user-agent'] ?? '' },
        });
        const answer = jsonOrNull(api.body) as { url?: string; error?: { code?: string; fields?: Record<string, string> } } | null;
        if (api.statusCode === 200 && answer?.url) return reply.header('cache-control', 'no-store').redirect(answer.url, 303);
        const refused = answer?.error?.fields?.[WHATSAPP_UPDATES_ERROR_FIELD];
        if (api.statusCode === 400 && refused !== undefined)
          return again({ problem: whatsappUpdatesProblemOf(refused), failure: null }, 400);
        if (api.statusCode === 429) {
          const retryAfter = api.headers['retry-after'];
          if (retryAfter !== undefined) reply.header('retry-after', String(retryAfter));
          return again({ problem: null, failure: 'rate_limited' }, 429);
        }
        if (answer?.error?.code === 'nothing_to_checkout') return again({ problem: null, failure: 'nothing_to_checkout' }, 422);
        return again({ problem: null, failure: 'failed' }, 503);
      },
    );
  });
}

/** A form's two fields are a few dozen bytes. */
const FORM_BODY_LIMIT = 8 * 1024;

/**
 * Where the cart page's form may lead: the store's checkout, through the merchant's tracking URL and
 * Shopify's redirects, on any https address; outside production also the loopback stores the demo
 * runs over plain http (the same ones img-src takes).
 */
function checkoutOrigins(csp: CspDirectives): string[] {
  return ['https:', ...(csp['img-src'] ?? []).filter((source) => source.startsWith('http://'))];
}

function jsonOrNull(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
