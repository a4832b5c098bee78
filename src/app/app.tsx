import { RouterProvider } from '@tanstack/react-router';
import { I18nProvider } from '@lingui/react';
import { ThemeProvider } from 'styled-components';
import { Toaster } from 'react-hot-toast';
import { i18n } from '../i18n/i18n';
import { theme } from '../ui/theme';
import { GlobalStyle } from '../ui/global-style';
import { SwUpdateActorContext } from '../pwa/sw-update-context';
import { swUpdateLogic } from '../pwa/sw-update-logic';
import { readLastChunkReloadAt, readReloadedForBuild } from '../pwa/session-marks';
import type { createAppRouter } from './create-app-router';

type AppProps = { router: ReturnType<typeof createAppRouter> };

export function App({ router }: AppProps) {
  return (
    <I18nProvider i18n={i18n}>
      <ThemeProvider theme={theme}>
        <GlobalStyle />
        <SwUpdateActorContext.Provider
          logic={swUpdateLogic}
          options={{
            input: {
              buildId: __BUILD_ID__,
              reloadedForBuild: readReloadedForBuild(),
              lastChunkReloadAt: readLastChunkReloadAt(),
            },
          }}
        >
          <RouterProvider router={router} />
        </SwUpdateActorContext.Provider>
        <Toaster position="bottom-center" />
      </ThemeProvider>
    </I18nProvider>
  );
}
