// The browser's entry of the landing page (landing.html). The server's HTML is the whole page; this
// hydrates its interactive parts alone (landing-islands.tsx: the language choice, the material
// request, the contact form), each from its element, without the router, with the language's
// messages from the page's JSON data block. React, Lingui and styled-components only: the page's JS
// budget is 110 KB. Once they are live the app's service worker is registered (installable,
// offline); the toasts' outlet loads when a live form first shows.
import { startTransition, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { i18n } from '@lingui/core';
import { LANDING_DATA_ELEMENT_ID } from '../domain/public-pages';
import { LandingShell } from './app/landing-shell';
import { landingIslands, type LandingIslandName } from './features/landing/components/landing-islands';
import type { LandingDocument } from './features/landing/landing-document';
import { createDeferredApiClient } from './api/deferred-api-client';
import { fetchRuntimeConfig, validateRuntimeConfig } from './app/load-runtime-config';

// As src/i18n/i18n.ts does for the app: a message missing from the page's catalog shows as its id.
i18n.on('missing', ({ locale, id }) => console.error(`Catalyst: no message "${id}" loaded for ${locale}`));

const isIslandName = (name: string | undefined): name is LandingIslandName => name !== undefined && name in landingIslands;

/** Marks the document once every island has hydrated (what tests and tools wait for), then starts what comes after. */
function afterHydration(count: number, then: () => void) {
  let left = count;
  return function Hydrated() {
    useEffect(() => {
      if (--left > 0) return;
      document.documentElement.setAttribute('data-app-mounted', '');
      document.documentElement.setAttribute('data-landing-live', '');
      then();
    }, []);
    return null;
  };
}

const once = (run: () => void) => {
  let done = false;
  return () => {
    if (!done) run();
    done = true;
  };
};

/** The toasts' outlet (react-hot-toast), mounted when a live form first shows: the forms' success notices are toasts. */
function mountToaster() {
  import('./app/toaster').then(
    ({ default: AppToaster }) => {
      const outlet = document.createElement('div');
      document.body.append(outlet);
      createRoot(outlet).render(<AppToaster />);
    },
    (error: unknown) => console.error('The toasts could not load', error),
  );
}

/** Registers the app's service worker, as the app's sw-update machine does (its update prompt stays the app's). */
function registerServiceWorker() {
  if (!('serviceWorker' in navigator)) return;
  const register = () => navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch((error: unknown) => console.warn(error));
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}

/** Hydrates the islands from the page's data block. */
function hydrateIslands() {
  const block = document.getElementById(LANDING_DATA_ELEMENT_ID);
  const islands = [...document.querySelectorAll<HTMLElement>('[data-island]')].filter((element) => isIslandName(element.dataset.island));
  if (!block?.textContent || islands.length === 0) return;
  const { locale, messages, form } = JSON.parse(block.textContent) as LandingDocument;
  i18n.load(locale, messages);
  i18n.activate(locale);
  // The public forms need no signed-in user: no token, and no Firebase.
  const api = createDeferredApiClient(async () => {
    const [{ createApiClient }, { notifyHttpError }, config] = await Promise.all([
      import('./api/api-client'),
      import('./api/notify-http-error'),
      fetchRuntimeConfig().then((raw) => validateRuntimeConfig(raw).ready()),
    ]);
    return createApiClient({ baseUrl: config.apiBaseUrl, getIdToken: async () => null, onHttpError: notifyHttpError });
  });
  const services = { api, needToasts: once(mountToaster) };
  const Hydrated = afterHydration(islands.length, registerServiceWorker);
  // In a transition, React hydrates in slices and yields to the browser between them, so a phone's
  // main thread is never blocked for long (Lighthouse's total blocking time).
  startTransition(() => {
    for (const element of islands) {
      const Island = landingIslands[element.dataset.island as LandingIslandName];
      hydrateRoot(
        element,
        <LandingShell services={services} post={form ?? null}>
          <Island />
          <Hydrated />
        </LandingShell>,
      );
    }
  });
}

// In a task of its own: the one that evaluated the page's modules is long enough already.
setTimeout(hydrateIslands);
