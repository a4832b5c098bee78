import { beforeAll, describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nProvider } from '@lingui/react';
import { ThemeProvider } from 'styled-components';
import { i18n } from '@lingui/core';
import { ErrorPage } from '@/src/features/errors/components/error-page';
import { theme } from '@/src/ui/theme';

function render(status?: number) {
  return renderToStaticMarkup(
    <I18nProvider i18n={i18n}>
      <ThemeProvider theme={theme}>
        <ErrorPage {...(status === undefined ? {} : { status })} />
      </ThemeProvider>
    </I18nProvider>,
  );
}

describe('ErrorPage', () => {
  beforeAll(async () => {
    const { messages } = await import('@/locales/pt/public.po');
    i18n.load('pt', messages);
    i18n.load('en', (await import('@/locales/en/public.po')).messages);
    i18n.activate('en');
  });

  it('defaults to 500 Internal Server Error with a way home', () => {
    const html = render();
    expect(html).toContain('>500<');
    expect(html).toContain('Internal Server Error');
    expect(html).toContain('href="/en/"');
  });

  it('says Page Not Found for 404', () => {
    const html = render(404);
    expect(html).toContain('>404<');
    expect(html).toContain('Page Not Found');
    expect(html).not.toContain('Internal Server Error');
  });

  it('is translated', () => {
    i18n.activate('pt');
    const html = render(404);
    i18n.activate('en');
    expect(html).toContain('Página Não Encontrada');
    expect(html).toContain('href="/pt/"');
  });
});
