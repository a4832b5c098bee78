import { reportChunkFailure } from './pwa-status';

/**
 * Vite reports every failed dynamic import (and chunk preload) with `vite:preloadError`.
 * The sw-update machine alone decides what to do: reload once, or show the error page.
 * preventDefault stops Vite from rethrowing, which also keeps TanStack Router's own
 * reload-on-missing-module from reloading a second time.
 */
export function listenForChunkErrors(): void {
  window.addEventListener('vite:preloadError', (event) => {
    event.preventDefault();
    reportChunkFailure(Date.now());
  });
}
