// A view alone in happy-dom at `/<lang>`, as the `$lang` route's component, with the app's catalogs,
// theme and search parsing (plain `?checkout=2`, as src/app/create-app-router.ts has it). Unit tests'
// counterpart of tests/component/support/render-view.tsx, which needs the component tests' server.
import { I18nProvider } from '@lingui/react';
import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet, RouterProvider } from '@tanstack/react-router';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { ThemeProvider } from 'styled-components';
import type { Locale } from '@/domain/locales';
import { parseAppSearch, stringifyAppSearch } from '@/src/app/search-params';
import { activateLocale, i18n } from '@/src/i18n/i18n';
import { theme } from '@/src/ui/theme';

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
  return render(
    <I18nProvider i18n={i18n}>
      <ThemeProvider theme={theme}>
        <RouterProvider router={router as never} />
      </ThemeProvider>
    </I18nProvider>,
  );
}
