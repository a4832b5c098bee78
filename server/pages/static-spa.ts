import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { SHOP_SHELL_FILE, type ServerRenderer, type ShopRenderer } from '@/domain/public-pages';
import type { StorefrontStore } from '../storefront/storefront-store';
import type { CspDirectives } from '../http/content-security-policy';
import { notFound } from '../http/error-handler';
import { registerPublicPages } from './public-pages';
import { registerShopPages } from './shop-pages';

// Files that must always be revalidated so a new deploy is seen at once.
const NO_CACHE = new Set(['/index.html', '/sw.js', '/manifest.webmanifest', '/build-id.json', '/registerSW.js']);

/** The website widget's script, as the build writes it (scripts/build-widget.ts). */
const WIDGET_SCRIPT = 'widget.js';

function cacheControlFor(urlPath: string): string {
  if (urlPath.startsWith('/assets/')) {
    return 'public, max-age=31536000, immutable';
  }
  // The static landing pages (/<lang>/index.html) name the build's assets like index.html does.
  if (NO_CACHE.has(urlPath) || urlPath.startsWith('/workbox-') || urlPath.endsWith('/index.html')) return 'no-cache';
  // The widget's one address serves each new build: a merchant's pages pick a new one up within minutes.
  if (urlPath === `/${WIDGET_SCRIPT}`) return 'public, max-age=300';
  return 'public, max-age=3600';
}

export type StaticSpaOptions = {
  distDir: string;
  csp: CspDirectives;
  siteUrl?: string;
  /** Instead of the built server renderer (tests). */
  renderer?: (ServerRenderer & Partial<ShopRenderer>) | null;
  renderThreads: number;
  /** The shopper's pages' data and where their API calls go; without it (no database) they are not served. */
  shop?: { store: StorefrontStore; apiBaseUrl: string };
};

/**
 * The shell with its own stylesheets written into it: a shopper's phone on a slow network then
 * paints the page from the HTML alone, without a round trip for a small stylesheet (the CSP allows
 * inline styles already). A stylesheet the build did not write is left as a link.
 */
export function inlineStylesheets(shell: string, root: string): string {
  return shell.replace(/<link rel="stylesheet"(?: crossorigin)? href="(\/assets\/[^"?#]+\.css)">/g, (link, href: string) => {
    const file = resolve(root, `.${href}`);
    if (!file.startsWith(root + '/') || !existsSync(file)) return link;
    return `<style>${readFileSync(file, 'utf8').replace(/<\/style/gi, '<\\/style')}</style>`;
  });
}

/** Serves the built SPA: static files, the server-rendered public pages, and index.html for every client-side route. */
export async function registerStaticSpa(app: FastifyInstance, { distDir, csp, siteUrl, renderer, renderThreads, shop }: StaticSpaOptions) {
  const root = resolve(distDir);
  if (!existsSync(resolve(root, 'index.html'))) {
    throw new Error(`No built SPA in ${root}: run "npm run build" first.`);
  }
  await app.register(fastifyStatic, {
    root,
    index: ['index.html'],
    wildcard: true,
    // The build's .br and .gz copies of each asset (scripts/compress-assets.ts), sent to a browser that takes them.
    preCompressed: true,
    cacheControl: false,
    setHeaders: (res, filePath) => {
      const urlPath =
        '/' +
        filePath
          .slice(root.length + 1)
          .split('\\')
          .join('/');
      res.setHeader('cache-control', cacheControlFor(urlPath));
    },
  });

  // The website widget runs on the merchants' sites: another origin's page loads it as a script, which
  // helmet's Cross-Origin-Resource-Policy (same-origin, set for every answer) would block.
  app.addHook('onSend', async (request, reply) => {
    if (request.url.split('?')[0] === `/${WIDGET_SCRIPT}`) reply.header('cross-origin-resource-policy', 'cross-origin');
  });

  const pages = registerPublicPages(app, { root, csp, siteUrl, renderer, renderThreads });
  const shopShell = resolve(root, SHOP_SHELL_FILE);
  if (shop && pages.renderer?.renderShopPage && existsSync(shopShell)) {
    const shopRenderer = { renderShopPage: pages.renderer.renderShopPage.bind(pages.renderer) };
    const shell = inlineStylesheets(readFileSync(shopShell, 'utf8'), root);
    registerShopPages(app, { ...shop, renderer: shopRenderer, shell, csp, siteUrl });
  } else if (shop) app.log.warn('no shop renderer or shell: the shopper pages are not served (run "npm run build")');

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const isAsset = /\.[a-z0-9]+$/i.test(path) || path.startsWith('/api/');
    if (request.method !== 'GET' || isAsset) {
      return notFound(request, reply);
    }
    // A client-side route: the SPA decides (its own 404 page included).
    reply.header('cache-control', 'no-cache');
    return reply.type('text/html; charset=utf-8').sendFile('index.html');
  });
}
