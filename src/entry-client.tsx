// The browser's entry. A page the server rendered (the landing, the shopper pages) is hydrated
// from its HTML and the router's dehydrated state; every other page (the signed-in app, served as
// the SPA shell) is rendered here.
import { startTransition, StrictMode, type ReactNode } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { RouterProvider } from '@tanstack/react-router';
import { RouterClient } from '@tanstack/react-router/ssr/client';
import { pickLocale } from '../domain/locales';
import { activateLocale, isLandingPath } from './i18n/i18n';
import { readLangCookie } from './i18n/lang-cookie';
import { fetchRuntimeConfig, readSiteUrl, validateRuntimeConfig } from './app/load-runtime-config';
import { createAppRouter } from './app/create-app-router';
import { App } from './app/app';
import { BootError } from './app/boot-error';
import { createDeferredApiClient } from './api/deferred-api-client';
import { listenForChunkErrors } from './pwa/chunk-error-listener';
import { isChunkLoadError } from './pwa/chunk-load-error';
import { createDeferredAuthHandle } from './app/deferred-auth-handle';

async function boot() {
  listenForChunkErrors();
  const container = document.getElementById('root')!;
  // TanStack Router's bootstrap script sets this global in server-rendered pages, before this module runs.
  const hydrating = '$_TSR' in window;
  let root: Root | null = null;
  const fail = (error: unknown) => {
    console.error('Catalyst could not start', error);
    (root ??= createRoot(container)).render(<BootError />);
  };
  // The language in the path wins; before routing, fall back to the cookie or the browser.
  const pathLang = window.location.pathname.split('/')[1];
  await activateLocale(pickLocale(pathLang || readLangCookie(), navigator.languages ?? []), {
    app: !isLandingPath(window.location.pathname),
  });
  try {
    const rawConfig = await fetchRuntimeConfig();
    const runtimeConfig = validateRuntimeConfig(rawConfig);
    // Made with the validated config: the auth session (Firebase) on the first `auth.ready()`, the
    // API client (wretch) on the first request. Neither happens on a public page before an interaction.
    const auth = createDeferredAuthHandle(runtimeConfig.ready);
    const api = createDeferredApiClient(async () => {
      const [{ createApiClient }, { notifyHttpError }, config] = await Promise.all([
        import('./api/api-client'),
        import('./api/notify-http-error'),
        runtimeConfig.ready(),
      ]);
      return createApiClient({
        baseUrl: config.apiBaseUrl,
        getIdToken: auth.getIdToken,
        onHttpError: notifyHttpError,
      });
    });
    const router = createAppRouter({
      runtimeConfig: runtimeConfig.config,
      runtimeConfigReady: runtimeConfig.ready,
      api,
      auth,
      siteUrl: readSiteUrl(rawConfig) ?? window.location.origin,
    });
    const app = (routerElement: ReactNode) => (
      <StrictMode>
        <App>{routerElement}</App>
      </StrictMode>
    );
    // As a transition, hydration yields to the browser every few milliseconds instead of holding the
    // main thread for the whole page (the page is already painted and readable meanwhile).
    if (hydrating) startTransition(() => void (root = hydrateRoot(container, app(<RouterClient router={router} />))));
    else (root = createRoot(container)).render(app(<RouterProvider router={router} />));
    // Validated right after the first render, whatever the page: a config that does not match its
    // schema shows the boot error, as when it cannot be read. A chunk that fails to load is left to
    // the routes that need the config (they retry, and the sw-update machine reloads once).
    runtimeConfig.ready().catch((error: unknown) => {
      if (isChunkLoadError(error)) console.warn(error);
      else fail(error);
    });
  } catch (error) {
    fail(error);
  }
}

void boot();
