// The real app in happy-dom: its routes, views, machines and API client, at a path, signed in as
// a merchant of the Auth emulator, talking to the real API server of global-setup.ts over HTTP
// (same origin, as in production). Only the auth session's Firebase side is replaced: the session
// machine is given a user that is signed in from the start.
import { cleanup, render } from '@testing-library/react';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { afterEach, inject } from 'vitest';
import { createActor, fromCallback, fromPromise, waitFor } from 'xstate';
import { authSessionMachine, isSessionReady, signedInUser, type AuthSessionEvent, type SignInInput } from '@/machines/auth-session';
import { I18nProvider } from '@lingui/react';
import { ThemeProvider } from 'styled-components';
import AppToaster from '@/src/app/toaster';
import { createAppRouter } from '@/src/app/create-app-router';
import { parseRuntimeConfig } from '@/src/app/parse-runtime-config';
import { createApiClient } from '@/src/api/api-client';
import { notifyHttpError } from '@/src/api/notify-http-error';
import type { AuthHandle } from '@/src/auth/auth-handle';
import type { AuthSessionActor } from '@/src/auth/start-auth-session';
import { activateLocale, i18n } from '@/src/i18n/i18n';
import { theme } from '@/src/ui/theme';
import type { TestUser } from '@/tests/server/support/emulator-users';

export const serverUrl = inject('componentServerUrl');
// The page's origin is the server's: relative API calls and uploads go to it, as in production.
(window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(`${serverUrl}/`);

afterEach(() => {
  cleanup();
  localStorage.clear();
});

function signedInSession(user: TestUser): AuthHandle {
  const logic = authSessionMachine.provide({
    actors: {
      authState: fromCallback<AuthSessionEvent>(({ sendBack }) =>
        sendBack({ type: 'AUTH_CHANGED', user: { uid: user.uid, email: user.email } }),
      ),
      signIn: fromPromise<void, SignInInput>(async () => {}),
      signOut: fromPromise<void>(async () => {}),
    },
    actions: { storeUser: () => undefined, removeStoredUser: () => undefined, logSignOutFailure: () => undefined },
  });
  const actor = createActor(logic).start() as unknown as AuthSessionActor;
  return {
    ready: async () => signedInUser(await waitFor(actor, isSessionReady)),
    getIdToken: async () => user.idToken,
    current: () => actor,
  };
}

/** Renders the app at `path` (e.g. `/en/ia-base`) for `user`; returns the router to read where it went. */
export async function renderApp(path: string, user: TestUser) {
  const lang = path.split('/')[1]!;
  await activateLocale(lang as 'en', { app: true });
  const runtimeConfig = parseRuntimeConfig(await (await fetch(`${serverUrl}/runtime-config.json`)).json());
  const auth = signedInSession(user);
  const api = createApiClient({ baseUrl: runtimeConfig.apiBaseUrl, getIdToken: auth.getIdToken, onHttpError: notifyHttpError });
  const router = createAppRouter(
    { runtimeConfig, runtimeConfigReady: async () => runtimeConfig, api, auth, siteUrl: serverUrl },
    createMemoryHistory({ initialEntries: [path] }),
  );
  // The app's providers and toasts, without its service-worker runtime (no worker in happy-dom).
  const view = render(
    <I18nProvider i18n={i18n}>
      <ThemeProvider theme={theme}>
        <RouterProvider router={router} />
        <AppToaster />
      </ThemeProvider>
    </I18nProvider>,
  );
  return { router, view };
}
