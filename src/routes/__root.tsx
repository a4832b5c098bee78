import { createRootRouteWithContext, HeadContent, Outlet, Scripts, useRouter } from '@tanstack/react-router';
import type { RouterContext } from '../app/router-context';
import { NotFoundPage } from '../features/errors/components/not-found-page';

export const Route = createRootRouteWithContext<RouterContext>()({
  // Every page's default; routes add their own (the landing: description, alternates, Open Graph).
  head: () => ({ meta: [{ title: 'Catalyst' }] }),
  component: RootComponent,
  notFoundComponent: NotFoundPage,
});

function RootComponent() {
  const router = useRouter();
  return (
    <>
      {/* The server writes the head tags into the document itself (src/entry-server.tsx); in the
          browser React hoists these into <head>, adopting the server's on hydration. */}
      {router.isServer ? null : <HeadContent />}
      <Outlet />
      {/* On the server: the dehydrated router state, which the client hydrates from. */}
      <Scripts />
    </>
  );
}
