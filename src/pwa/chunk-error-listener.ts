import { reportChunkFailure } from './pwa-status';

/**
 * Vite reports a failed dynamic import or preload with `vite:preloadError`. The error still
 * propagates (no preventDefault) so the route shows its error boundary if no reload happens.
 */
export function listenForChunkErrors(): void {
  window.addEventListener('vite:preloadError', () => reportChunkFailure(Date.now()));
}
