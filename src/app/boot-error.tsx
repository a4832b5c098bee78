import { I18nProvider } from '@lingui/react';
import { ThemeProvider } from 'styled-components';
import { i18n } from '../i18n/i18n';
import { theme } from '../ui/theme';
import { GlobalStyle } from '../ui/global-style';
import { ErrorPage } from '../features/errors/components/error-page';

/** Shown when the runtime config cannot be read: the app cannot talk to its server. */
export function BootError() {
  return (
    <I18nProvider i18n={i18n}>
      <ThemeProvider theme={theme}>
        <GlobalStyle />
        <ErrorPage status={500} />
      </ThemeProvider>
    </I18nProvider>
  );
}
