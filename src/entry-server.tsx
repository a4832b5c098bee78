// The server's entry, built by `vite build --ssr` into dist-ssr/entry-server.js: renders a public
// page (the landing, the shopper pages) to the complete HTML document the browser hydrates. Used
// at build time for the static landing pages (scripts/render-static-pages.ts) and per request by
// the product server, which loads the built file and never imports src/.
import { renderToStaticMarkup } from 'react-dom/server';
import { prerender } from 'react-dom/static';
import { ServerStyleSheet } from 'styled-components';
import { HeadContent, RouterContextProvider } from '@tanstack/react-router';
import { createRequestHandler, renderSsrHtmlResponse, RouterServer } from '@tanstack/react-router/ssr/server';
import { isLocale, localeTags } from '../domain/locales';
import type { RenderedPage, RenderRequest } from '../domain/public-pages';
import type { RuntimeConfig } from '../domain/runtime-config';
import { App } from './app/app';
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

async function render({ url, siteUrl, template }: RenderRequest): Promise<RenderedPage> {
  const handler = createRequestHandler({
    request: new Request(new URL(url, siteUrl)),
    createRouter: () => createAppRouter(serverContext(siteUrl)),
  });
  const response = await handler(async ({ router, responseHeaders }) => {
    const sheet = new ServerStyleSheet();
    try {
      // prerender waits for every Suspense boundary (the landing's lazy sections), so the HTML is whole.
      const { prelude } = await prerender(
        sheet.collectStyles(
          <App>
            <RouterServer router={router} />
          </App>,
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
      const html = fillTemplate(template, { lang: localeTags[locale], head: head + sheet.getStyleTags(), body });
      // The router adds its doctype and finishes the dehydration scripts <Scripts /> started.
      return renderSsrHtmlResponse({ router, responseHeaders, render: () => html });
    } finally {
      sheet.seal();
    }
  });
  const location = response.headers.get('location');
  if (response.status >= 300 && response.status < 400 && location) return { kind: 'redirect', status: response.status, location };
  if (response.status >= 500) throw new Error(`Rendering ${url} answered ${response.status}`);
  return { kind: 'page', status: response.status, html: await response.text() };
}

/**
 * The shell with the page's language, head tags and markup; its doctype is the router's to write.
 * The shell's entry script and its preloads become public/start-after-paint.js, which loads them
 * once the server's HTML has painted: the page is readable before any JavaScript, and the app's
 * download and hydration do not hold back its first paint.
 */
function fillTemplate(template: string, { lang, head, body }: { lang: string; head: string; body: string }): string {
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
  return headPart + `<div id="root">${body}</div>` + parts[1];
}
