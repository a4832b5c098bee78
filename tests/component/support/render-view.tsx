// A view alone in happy-dom, under a `$lang` route of a router whose context has an API client of
// the component tests' server, signed in as `user` (optionally wrapped, e.g. by a stand-in for
// routes the server does not have yet). For views tested apart from the app's routes.
import { createMemoryHistory, createRootRouteWithContext, createRoute, createRouter, Outlet } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { createApiClient, type ApiClient } from '@/src/api/api-client';
import type { RouterContext } from '@/src/app/router-context';
import { activateLocale } from '@/src/i18n/i18n';
import type { TestUser } from '@/tests/server/support/emulator-users';
import { serverUrl } from './render-app';
import { renderRouter } from '@/tests/support/render-router';

export async function renderView(
  view: () => ReactNode,
  user: TestUser,
  { lang = 'en' as 'en' | 'pt' | 'es', api = (real: ApiClient) => real } = {},
) {
  await activateLocale(lang, { app: true });
  const client = api(createApiClient({ baseUrl: `${serverUrl}/api/v1`, getIdToken: async () => user.idToken }));
  const root = createRootRouteWithContext<RouterContext>()({ component: Outlet });
  const langRoute = createRoute({ getParentRoute: () => root, path: '$lang', component: view });
  const router = createRouter({
    routeTree: root.addChildren([langRoute]),
    context: { api: client, siteUrl: serverUrl } as RouterContext,
    history: createMemoryHistory({ initialEntries: [`/${lang}`] }),
  });
  return renderRouter(router);
}
