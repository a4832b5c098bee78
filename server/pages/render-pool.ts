// Server rendering off the event loop: the built renderer (dist-ssr/entry-server.js) runs in
// worker threads (piscina), so a page's milliseconds of React never hold up the API's requests,
// and pages render on every core. Threads start with the first page and stop when idle.
import { availableParallelism } from 'node:os';
import { pathToFileURL } from 'node:url';
import { Piscina } from 'piscina';
import type { RenderedPage, RenderRequest, ServerRenderer, ShopRenderer, ShopRenderRequest } from '../../domain/public-pages';

export type RenderPool = ServerRenderer & ShopRenderer & { close(): Promise<void> };

/** RENDER_THREADS: how many pages render at once (default: one per core). */
export function renderThreadsFromEnv(env: Record<string, string | undefined>): number {
  const threads = Number(env.RENDER_THREADS);
  return Number.isInteger(threads) && threads > 0 ? threads : availableParallelism();
}

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
