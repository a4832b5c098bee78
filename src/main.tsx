import { StrictMode } from 'react';
import { pickLocale } from '../domain/locales';
import { activateLocale } from './i18n/i18n';
import { readLangCookie } from './i18n/lang-cookie';
import { loadRuntimeConfig } from './app/load-runtime-config';
import { createAppRouter } from './app/create-app-router';
import { App } from './app/app';
import { BootError } from './app/boot-error';
import { createApiClient } from './api/api-client';
import { notifyHttpError } from './api/notify-http-error';
import { listenForChunkErrors } from './pwa/chunk-error-listener';
import { createAuthHandle } from './features/auth/session/auth-handle';
import { createAppRoot } from './features/landing/prerendered-root';

async function boot() {
  listenForChunkErrors();
  // The landing pages arrive prerendered; the app takes over without a flash (see createAppRoot).
  const root = createAppRoot(document.getElementById('root')!);
  // The language in the path wins; before routing, fall back to the cookie or the browser.
  const pathLang = window.location.pathname.split('/')[1];
  await activateLocale(pickLocale(pathLang || readLangCookie(), navigator.languages ?? []));
  try {
    const runtimeConfig = await loadRuntimeConfig();
    const auth = createAuthHandle(runtimeConfig);
    const api = createApiClient({ baseUrl: runtimeConfig.apiBaseUrl, getIdToken: auth.getIdToken, onHttpError: notifyHttpError });
    const router = createAppRouter({ runtimeConfig, api, auth });
    root.render(
      <StrictMode>
        <App router={router} />
      </StrictMode>,
    );
  } catch (error) {
    console.error('Catalyst could not start', error);
    root.render(<BootError />);
  }
}

void boot();
