// The contract between the server renderer that Vite builds from src/entry-server.tsx and the
// product server that loads it (server/pages/): server/ never imports src/, only this and the built file.
import type { CartCheckoutPost, WhatsappUpdatesCountry } from './cart-checkout-form';
import type { LeadFormPost } from './lead-form-post';
import { locales } from './locales';
import type { CartSummary, PublicCatalog } from './storefront';

export type RenderRequest = {
  /** The page's path and query, e.g. `/pt/`. */
  url: string;
  /** The public origin written into canonical, alternate and Open Graph URLs. */
  siteUrl: string;
  /** The built shell (dist/landing.html for the landing): its head, styles and scripts frame the page. */
  template: string;
  /** The landing answering a lead form sent as a plain HTML form: what the page shows of it. */
  form?: LeadFormPost;
};

export type RenderedPage =
  | {
      kind: 'page';
      status: number;
      html: string;
      /** A catalog page's whole product list (JSON), which the page loads after it is up (`…/c/{id}/products.json`). */
      productsJson?: string;
    }
  | { kind: 'redirect'; status: number; location: string };

/** What `entry-server.js` exports. */
export type ServerRenderer = { renderPage(request: RenderRequest): Promise<RenderedPage> };

/** The built renderer's folder and file, beside the SPA's folder: `dist` → `dist-ssr/entry-server.js`. */
export const serverRendererDir = (distDir: string) => `${distDir.replace(/\/+$/, '')}-ssr`;
export const SERVER_RENDERER_FILE = 'entry-server.js';

/**
 * The landing page of each language, rendered at build time into `<dist>/<lang>/index.html`. The
 * public origin is not known then: the files hold this stand-in, which the server replaces with
 * SITE_URL (or the request's origin) as it serves them, so one build serves any domain.
 */
export const staticLandingPaths = locales.map((lang) => ({ lang, url: `/${lang}/`, file: `${lang}/index.html` }));
export const SITE_URL_PLACEHOLDER = 'https://site-url.catalyst.invalid';

/**
 * The landing's shell (landing.html), built beside index.html: its entry (src/entry-landing.tsx)
 * hydrates the landing's interactive parts without the router, with what the JSON data block the
 * server renders after the root holds (the language's messages).
 */
export const LANDING_SHELL_FILE = 'landing.html';
export const LANDING_DATA_ELEMENT_ID = 'landing-data';

/**
 * The shopper's pages, `/{lang}/c/{public id}` and `…/cart`: the server reads what they
 * show and hands it to the renderer, which renders them with React alone (no router, no
 * styled-components: the page's JS budget is 80 KB) into the shop shell (dist/shop.html).
 */
export const shopProblems = ['inventory_not_found', 'cart_not_found', 'cart_expired', 'items_malformed'] as const;
export type ShopProblem = (typeof shopProblems)[number];

export type ShopPageInput =
  | { page: 'catalog'; catalog: PublicCatalog }
  | {
      page: 'cart';
      publicId: string;
      summary: CartSummary;
      items: string | null;
      /** The `ref` of the link the page was opened from (one of ours), which its plain form passes on to the checkout. */
      ref?: string | null;
      /** The country a number for order updates is read in (the server's choice; absent: the box shows no country). */
      whatsappUpdates?: WhatsappUpdatesCountry;
      /** The page answering its own plain form: what was posted and what went wrong. */
      posted?: CartCheckoutPost;
    }
  | { page: 'problem'; publicId: string | null; reason: ShopProblem };

export type ShopRenderRequest = RenderRequest & {
  shop: ShopPageInput;
  /** Where the page's checkout and events go: `/api/v1` (same origin) or an absolute URL (the runtime config's). */
  apiBaseUrl: string;
};

/** What `entry-server.js` exports for the shopper's pages, beside renderPage. */
export type ShopRenderer = { renderShopPage(request: ShopRenderRequest): Promise<RenderedPage> };

/** The shop pages' shell, built beside index.html. */
export const SHOP_SHELL_FILE = 'shop.html';
/** Where a shop page's data sits for the browser to hydrate from: a JSON block, never run as script. */
export const SHOP_DATA_ELEMENT_ID = 'shop-data';
