import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import type { RouterContext } from '../app/router-context';
import { NotFoundPage } from '../features/errors/components/not-found-page';
import { UpdatePrompt } from '../pwa/update-prompt';
import { ChunkErrorListener } from '../pwa/chunk-error-listener';
import { SwStateProbe } from '../pwa/sw-state-probe';

export const Route = createRootRouteWithContext<RouterContext>()({
  component: RootComponent,
  notFoundComponent: NotFoundPage,
});

function RootComponent() {
  return (
    <>
      <Outlet />
      <UpdatePrompt />
      <ChunkErrorListener />
      <SwStateProbe />
    </>
  );
}
