// Server rendering off the event loop: the built renderer (dist-ssr/entry-server.js) runs in
// worker threads (piscina), so a page's milliseconds of React never hold up the API's requests,
// and pages render on every core. Threads start with the first page and stop when idle.
import { pathToFileURL } from 'node:url';
import { Piscina } from 'piscina';
import type { RenderedPage, RenderRequest, ServerRenderer, ShopRenderer, ShopRenderRequest } from '@/domain/public-pages';

export type RenderPool = ServerRenderer & ShopRenderer & { close(): Promise<void> };

export function renderPool(rendererFile: string, threads: number): RenderPool {
  const pool = new Piscina<RenderRequest | ShopRenderRequest, RenderedPage>({
    filename: pathToFileURL(rendererFile).href,
    name: 'renderPage',
    minThreads: 0,
    maxThreads: threads,
    idleTimeout: 60_000,
  });
  // close() lets the pages being rendered finish, then stops the threads.
  return {
    renderPage: (request) => pool.run(request),
    renderShopPage: (request) => pool.run(request, { name: 'renderShopPage' }),
    close: () => pool.close(),
  };
}
