// The server's entry, built by `vite build --ssr` into dist-ssr/entry-server.js: renders a public
// page (the landing, the shopper pages) to the complete HTML document the browser hydrates. Used
// at build time for the static landing pages (scripts/render-static-pages.ts) and per request by
// the product server, which loads the built file and never imports src/.
import { renderToStaticMarkup, renderToString } from 'react-dom/server';
import { setupI18n, type I18n, type Messages } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { prerender } from 'react-dom/static';
import { ServerStyleSheet } from 'styled-components';
import { HeadContent, RouterContextProvider } from '@tanstack/react-router';
import { createRequestHandler, renderSsrHtmlResponse, RouterServer } from '@tanstack/react-router/ssr/server';
import { isLocale, localeTags, locales, type Locale } from '../domain/locales';
import {
  LANDING_DATA_ELEMENT_ID,
  SHOP_DATA_ELEMENT_ID,
  type RenderedPage,
  type RenderRequest,
  type ShopRenderRequest,
} from '../domain/public-pages';
import { messages as enShop } from '../locales/en/shop.po';
import { messages as esShop } from '../locales/es/shop.po';
import { messages as ptShop } from '../locales/pt/shop.po';
import { ShopPage } from './features/storefront/components/shop-page';
import { shopHead } from './features/storefront/shop-head';
import { CATALOG_PAGE_SIZE, shopPageData, type ShopDocument } from './features/storefront/shop-page-data';
import type { ShopServices } from './features/storefront/shop-services';
import type { LandingDocument } from './features/landing/landing-document';
import { PostedFormContext } from './features/landing/components/posted-form';
import { LandingHtmlContext } from './features/landing/components/landing-html';
import type { RuntimeConfig } from '../domain/runtime-config';
import { App } from './app/app';
import { i18n } from './i18n/i18n';
import { createAppRouter } from './app/create-app-router';
import type { RouterContext } from './app/router-context';
import type { ApiClient } from './api/api-client';

const onlyInTheBrowser = (what: string) => () => Promise.reject(new Error(`${what} is not available while rendering on the server`));

/** What a public page may touch while rendering: nothing of the signed-in app's (they act on interaction only). */
function serverContext(siteUrl: string): RouterContext {
  const api: ApiClient = {
    get: onlyInTheBrowser('The API'),
    post: onlyInTheBrowser('The API'),
    put: onlyInTheBrowser('The API'),
    patch: onlyInTheBrowser('The API'),
    delete: onlyInTheBrowser('The API'),
  };
  return {
    runtimeConfig: {} as RuntimeConfig,
    runtimeConfigReady: onlyInTheBrowser('The runtime config'),
    api,
    auth: { ready: onlyInTheBrowser('The auth session'), getIdToken: async () => null, current: () => null },
    siteUrl,
  };
}

// Lingui's active locale is process-wide, and rendering awaits (route chunks, lazy sections): one
// page renders at a time, so a Portuguese page never reads Spanish messages. A page renders in a
// few milliseconds, so the queue stays short.
let queue: Promise<unknown> = Promise.resolve();

/** Renders one page; a route that redirects answers the redirect. Throws when rendering fails. */
export function renderPage(request: RenderRequest): Promise<RenderedPage> {
  const result = queue.then(() => render(request));
  queue = result.catch(() => undefined);
  return result;
}

async function render({ url, siteUrl, template, form }: RenderRequest): Promise<RenderedPage> {
  const handler = createRequestHandler({
    request: new Request(new URL(url, siteUrl)),
    createRouter: () => createAppRouter(serverContext(siteUrl)),
  });
  let landing = false;
  const response = await handler(async ({ router, responseHeaders }) => {
    const sheet = new ServerStyleSheet();
    try {
      // prerender waits for every Suspense boundary (the landing's lazy sections), so the HTML is whole.
      const { prelude } = await prerender(
        sheet.collectStyles(
          <LandingHtmlContext value>
            <PostedFormContext value={form ?? null}>
              <App>
                <RouterServer router={router} />
              </App>
            </PostedFormContext>
          </LandingHtmlContext>,
        ),
        {
          // Inline every boundary: React would otherwise outline big ones behind a script that reveals them later.
          progressiveChunkSize: Number.POSITIVE_INFINITY,
        },
      );
      const body = await new Response(prelude).text();
      const head = renderToStaticMarkup(
        <RouterContextProvider router={router}>
          <HeadContent />
        </RouterContextProvider>,
      );
      const segment = router.state.location.pathname.split('/')[1];
      const locale = isLocale(segment) ? segment : 'en';
      landing = router.state.matches.some((match) => match.routeId === '/$lang/');
      // The landing's data block: what its own entry (landing.html's) hydrates the page from. Its
      // messages are those the page rendered with: the public catalog its route loaded (src/i18n/i18n.ts).
      const afterRoot = landing
        ? `<script type="application/json" id="${LANDING_DATA_ELEMENT_ID}">${scriptJson({ locale, messages: i18n.messages, ...(form ? { form } : {}) } satisfies LandingDocument)}</script>`
        : '';
      const styles = landing ? stylesOfItsOwn(sheet.getStyleTags()) : sheet.getStyleTags();
      const html = fillTemplate(template, { lang: localeTags[locale], head: head + styles, body, afterRoot });
      // The router adds its doctype and finishes the dehydration scripts <Scripts /> started.
      return renderSsrHtmlResponse({ router, responseHeaders, render: () => html });
    } finally {
      sheet.seal();
    }
  });
  const location = response.headers.get('location');
  if (response.status >= 300 && response.status < 400 && location) return { kind: 'redirect', status: response.status, location };
  if (response.status >= 500) throw new Error(`Rendering ${url} answered ${response.status}`);
  const html = await response.text();
  return { kind: 'page', status: response.status, html: landing ? withoutInlineScripts(html) : html };
}

// The landing is rendered into its own shell (landing.html), whose entry hydrates it without the
// router: the router's inline scripts (its dehydrated state, scroll restoration) have nothing to
// run for, and the page is left with no inline script at all. Data blocks (JSON, JSON-LD) stay.
const inlineScript = /<script(?![^>]*\ssrc=)(?![^>]*\stype="application\/(?:ld\+)?json")[^>]*>[\s\S]*?<\/script>/g;
const withoutInlineScripts = (html: string) => html.replace(inlineScript, '');

/**
 * The landing's styles as a style element of the page's own, not marked as styled-components': the
 * browser's styled-components would otherwise take it in on start (rehydration), removing it and
 * inserting its rules again, which restyles the whole page while it loads. The islands'
 * components add their own few rules (the same) as they hydrate. What only rehydration reads goes
 * (each component's marker rule, the rules' separators).
 */
function stylesOfItsOwn(styleTags: string): string {
  if (styleTags === '') return '';
  const own = styleTags
    .replace(/<style data-styled="[^"]*" data-styled-version="[^"]*"/g, '<style data-landing-styles')
    .replace(/data-styled\.g\d+\[id="[^"]*"\]\{content:"[^"]*"\}\/\*!sc\*\/\n?/g, '')
    .replaceAll('/*!sc*/\n', '');
  if (!own.startsWith('<style data-landing-styles') || own.includes('data-styled'))
    throw new Error('Unexpected styled-components style tags');
  return own;
}

// The shopper's pages: React alone (their JS budget leaves no room for the router), one Lingui
// instance per language rather than the process-wide one, so they render at once, without the queue.
const shopMessages: Record<Locale, Messages> = { en: enShop, pt: ptShop, es: esShop };
const shopI18n = Object.fromEntries(
  locales.map((locale) => [locale, setupI18n({ locale, messages: { [locale]: shopMessages[locale] } })]),
) as Record<Locale, I18n>;
const inertShopServices: ShopServices = {
  loadCart: () => null,
  saveCart: () => undefined,
  checkout: onlyInTheBrowser('Checkout'),
  go: () => undefined,
  pageSeen: () => undefined,
  loadProducts: onlyInTheBrowser('Loading the catalog'),
};

/** JSON inside a <script> element: nothing in it can end the element or start a comment. */
const scriptJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/** Renders a shopper's page (the catalog, the cart summary, or why the link shows neither) into the shop shell. */
export async function renderShopPage({ url, siteUrl, template, shop, apiBaseUrl }: ShopRenderRequest): Promise<RenderedPage> {
  const segment = url.split('/')[1];
  const locale: Locale = isLocale(segment) ? segment : 'en';
  const data = shopPageData(locale, shop);
  const i18n = shopI18n[locale];
  const body = renderToString(
    <I18nProvider i18n={i18n}>
      <ShopPage data={data} services={inertShopServices} />
    </I18nProvider>,
  );
  // A catalog's data block carries the products its first render shows; the page loads the rest
  // (productsJson, served as …/products.json) once it is up.
  const rest = data.page === 'catalog' && data.products.length > CATALOG_PAGE_SIZE;
  const document: ShopDocument = {
    data: rest ? { ...data, products: data.products.slice(0, CATALOG_PAGE_SIZE) } : data,
    apiBaseUrl,
    messages: shopMessages[locale],
  };
  // The app's manifest is not the shop's: a shopper is never offered to install Catalyst.
  const html = fillTemplate(template.replace(/\s*<link rel="manifest"[^>]*>/, ''), {
    lang: localeTags[locale],
    head: shopHead(i18n, data, siteUrl, url.split('?')[0]!),
    body,
    afterRoot: `<script type="application/json" id="${SHOP_DATA_ELEMENT_ID}">${scriptJson(document)}</script>`,
  });
  const status = data.page !== 'problem' ? 200 : data.reason === 'items_malformed' ? 400 : data.reason === 'cart_expired' ? 410 : 404;
  const productsJson = data.page === 'catalog' ? JSON.stringify({ products: data.products }) : undefined;
  return { kind: 'page', status, html: `<!doctype html>${html}`, productsJson };
}

/**
 * The shell with the page's language, head tags and markup; its doctype is the router's to write.
 * The shell's entry script and its preloads become public/start-after-paint.js, which loads them
 * once the server's HTML has painted: the page is readable before any JavaScript, and the app's
 * download and hydration do not hold back its first paint.
 */
function fillTemplate(
  template: string,
  { lang, head, body, afterRoot = '' }: { lang: string; head: string; body: string; afterRoot?: string },
): string {
  const parts = template.replace(/^<!doctype html>\s*/i, '').split('<div id="root"></div>');
  const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(template)?.[1];
  if (parts.length !== 2 || !parts[0]!.includes('</head>') || !entry)
    throw new Error('The SPA shell has no entry script, <div id="root"></div> or </head>');
  const chunks = [...template.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((match) => match[1]!);
  const start = `<script type="module" src="/start-after-paint.js" data-app-entry="${entry}" data-app-chunks="${chunks.join(' ')}"></script>`;
  const headPart = parts[0]!
    .replace(/<html lang="[^"]*"/, `<html lang="${lang}"`)
    .replace(/\s*<link rel="modulepreload" crossorigin href="[^"]+">/g, '')
    .replace(/<script type="module" crossorigin src="[^"]+"><\/script>/, start)
    .replace('</head>', `${head}</head>`);
  return headPart + `<div id="root">${body}</div>` + afterRoot + parts[1];
}
