import { createRouter } from '@tanstack/react-router';
import { routeTree } from '../route-tree.gen';
import type { RouterContext } from './router-context';
import { NotFoundPage } from '../features/errors/components/not-found-page';
import { RouteError } from '../features/errors/components/route-error';

export function createAppRouter(context: RouterContext) {
  return createRouter({
    routeTree,
    context,
    defaultPreload: 'intent',
    defaultNotFoundComponent: NotFoundPage,
    defaultErrorComponent: RouteError,
    scrollRestoration: true,
    // `/pt/` (the canonical landing URL, a static file) and `/pt` are both served as they are.
    trailingSlash: 'preserve',
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
