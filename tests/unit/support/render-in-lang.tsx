// A view alone in happy-dom at `/<lang>`, as the `$lang` route's component, with the app's catalogs,
// theme and search parsing (plain `?checkout=2`, as src/app/create-app-router.ts has it). Unit tests'
// counterpart of tests/component/support/render-view.tsx, which needs the component tests' server.
import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { Locale } from '@/domain/locales';
import { parseAppSearch, stringifyAppSearch } from '@/src/app/search-params';
import { activateLocale } from '@/src/i18n/i18n';
import { renderRouter } from '@/tests/support/render-router';

/**
 * Renders `view` at `/<lang>`. `routes`: paths under `$lang` (e.g. 'templates', 'channels/$id') the
 * view links to; `context`: the router's (a view that reads `api` from it needs one).
 */
export async function renderInLang(
  view: () => ReactNode,
  { lang = 'en', routes = [], context }: { lang?: Locale; routes?: string[]; context?: object } = {},
) {
  await activateLocale(lang, { app: true });
  const root = createRootRoute({ component: Outlet });
  const langRoute = createRoute({ getParentRoute: () => root, path: '$lang', component: view });
  const children = routes.map((path) => createRoute({ getParentRoute: () => langRoute, path }));
  const router = createRouter({
    routeTree: root.addChildren([langRoute.addChildren(children)]),
    history: createMemoryHistory({ initialEntries: [`/${lang}`] }),
    parseSearch: parseAppSearch,
    stringifySearch: stringifyAppSearch,
    ...(context ? { context } : {}),
  });
  return renderRouter(router);
}
