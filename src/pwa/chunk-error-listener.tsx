import { useEffect } from 'react';
import { SwUpdateActorContext } from './sw-update-context';

/**
 * Vite reports a failed dynamic import or preload with `vite:preloadError`. The error still
 * propagates (no preventDefault) so the route shows its error boundary if no reload happens.
 */
export function ChunkErrorListener() {
  const actorRef = SwUpdateActorContext.useActorRef();
  useEffect(() => {
    const onPreloadError = () => {
      actorRef.send({ type: 'CHUNK_LOAD_FAILED', at: Date.now() });
    };
    window.addEventListener('vite:preloadError', onPreloadError);
    return () => window.removeEventListener('vite:preloadError', onPreloadError);
  }, [actorRef]);
  return null;
}
