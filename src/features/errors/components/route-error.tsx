import { useEffect, useRef } from 'react';
import type { ErrorComponentProps } from '@tanstack/react-router';
import { Trans } from '@lingui/react/macro';
import { isChunkLoadError } from '@/src/pwa/chunk-load-error';
import { reportChunkFailure, sawChunkFailure, usePwaStatus } from '@/src/pwa/pwa-status';
import { ErrorPage } from './error-page';

/**
 * The router's error boundary. A failed chunk load is handed to the sw-update machine, which
 * reloads once; if it failed again within the window, the machine says so and we show the error page.
 */
export function RouteError({ error }: ErrorComponentProps) {
  // After a reported chunk failure the import yields nothing, so the route fails for that reason.
  const chunkError = isChunkLoadError(error) || sawChunkFailure();
  const chunks = usePwaStatus((s) => s.chunks);
  const reported = useRef(false);

  useEffect(() => {
    if (chunkError && !reported.current) {
      reported.current = true;
      reportChunkFailure(Date.now());
    }
  }, [chunkError]);

  if (chunkError && chunks !== 'failed') {
    return (
      <p role="status">
        <Trans>Loading the latest version…</Trans>
      </p>
    );
  }
  return <ErrorPage status={500} />;
}
