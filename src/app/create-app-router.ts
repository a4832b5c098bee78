import { createRouter, type RouterHistory } from '@tanstack/react-router';
import { routeTree } from '../route-tree.gen';
import type { RouterContext } from './router-context';
import { parseAppSearch, stringifyAppSearch } from './search-params';
import { NotFoundPage } from '../features/errors/components/not-found-page';
import { RouteError } from '../features/errors/components/route-error';

/** `history` is the browser's unless given (component tests render at a path in memory). */
export function createAppRouter(context: RouterContext, history?: RouterHistory) {
  return createRouter({
    routeTree,
    context,
    ...(history ? { history } : {}),
    defaultPreload: 'intent',
    defaultNotFoundComponent: NotFoundPage,
    defaultErrorComponent: RouteError,
    scrollRestoration: true,
    // `/pt/` (the canonical landing URL, a static file) and `/pt` are both served as they are.
    trailingSlash: 'preserve',
    // Plain text (`?checkout=2`), not JSON (`?checkout=%222%22`): ./search-params.ts.
    parseSearch: parseAppSearch,
    stringifySearch: stringifyAppSearch,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
