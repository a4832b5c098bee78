import { Component, lazy, Suspense, useEffect, type ReactNode } from 'react';
import { ClientOnly } from '@tanstack/react-router';
import { I18nProvider } from '@lingui/react';
import { ThemeProvider } from 'styled-components';
import { i18n } from '../i18n/i18n';
import { theme } from '../ui/theme';
import { GlobalStyle } from '../ui/global-style';
import { publishPwaStatus } from '../pwa/pwa-status';

// The service worker lifecycle (xstate, workbox-window) loads after the first render.
const PwaRuntime = lazy(() => import('../pwa/pwa-runtime'));
// So does the toasts' outlet (react-hot-toast): toasts raised before it mounts show when it does.
const AppToaster = lazy(() => import('./toaster'));

/** If the PWA runtime cannot load, the app still works; a pending chunk failure then shows the error page. */
class PwaRuntimeBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  componentDidCatch(error: unknown) {
    console.error('The PWA runtime could not load', error);
    publishPwaStatus({ offlineReady: false, chunks: 'failed' });
  }
  render() {
    return this.state.failed ? null : this.props.children;
  }
}

/** If the toasts' outlet cannot load, the app works on without toasts (the chunk failure is reported as any other). */
class ToasterBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  componentDidCatch(error: unknown) {
    console.error('The toasts could not load', error);
  }
  render() {
    return this.state.failed ? null : this.props.children;
  }
}

/** Marks the document once the app has mounted — on a server-rendered page, once React has hydrated it. */
function MountedMark() {
  useEffect(() => document.documentElement.setAttribute('data-app-mounted', ''), []);
  return null;
}

/**
 * The app around its router: `children` is the router's provider, as each entry renders it —
 * RouterProvider (a client render), RouterClient (hydrating server HTML) or RouterServer. The
 * service worker and the toasts exist in the browser only: they mount after the first render or
 * hydration.
 */
export function App({ children }: { children: ReactNode }) {
  return (
    <I18nProvider i18n={i18n}>
      <ThemeProvider theme={theme}>
        <GlobalStyle />
        {children}
        <MountedMark />
        <ClientOnly>
          <PwaRuntimeBoundary>
            <Suspense fallback={null}>
              <PwaRuntime />
            </Suspense>
          </PwaRuntimeBoundary>
          <ToasterBoundary>
            <Suspense fallback={null}>
              <AppToaster />
            </Suspense>
          </ToasterBoundary>
        </ClientOnly>
      </ThemeProvider>
    </I18nProvider>
  );
}
