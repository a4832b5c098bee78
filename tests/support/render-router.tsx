// A test router rendered as the app renders its own: inside the app's catalogs (I18nProvider) and
// theme. Shared by the unit tests' renderInLang and the component tests' views, which each build
// the router their test needs.
import { I18nProvider } from '@lingui/react';
import { RouterProvider, type AnyRouter } from '@tanstack/react-router';
import { render } from '@testing-library/react';
import { ThemeProvider } from 'styled-components';
import { i18n } from '@/src/i18n/i18n';
import { theme } from '@/src/ui/theme';

export const renderRouter = (router: AnyRouter) =>
  render(
    <I18nProvider i18n={i18n}>
      <ThemeProvider theme={theme}>
        <RouterProvider router={router as never} />
      </ThemeProvider>
    </I18nProvider>,
  );
