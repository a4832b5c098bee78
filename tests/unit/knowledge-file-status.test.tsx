// A ready file's status line says what its reading noticed, in the merchant's language: the
// products understood, products of a Shopify export left out (and why), numbers Excel turned into
// scientific notation, and PDF pages that look scanned — rather than a silent 'Ready · 1 passage'.
// Rendered with the compiled catalogs, as the app loads them.
import { beforeAll, describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { setupI18n, type I18n, type Messages } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { ThemeProvider } from 'styled-components';
import type { KnowledgeFile } from '@/domain/knowledge';
import { locales, type Locale } from '@/domain/locales';
import { KnowledgeFileStatus } from '@/src/features/ai-bases/components/knowledge-file-status';
import { theme } from '@/src/ui/theme';

let i18n: I18n;
beforeAll(async () => {
  const catalogs = {} as Record<Locale, Messages>;
  for (const locale of locales) catalogs[locale] = (await import(`../../locales/${locale}/messages.po`)).messages as Messages;
  i18n = setupI18n({ locale: 'en', messages: catalogs });
});

const file = (more: Partial<KnowledgeFile>): KnowledgeFile => ({
  id: 'f',
  baseId: 'b',
  name: 'products_export.csv',
  kind: 'csv',
  sizeBytes: 1000,
  status: 'ready',
  progress: 100,
  passageCount: 5,
  failureReason: null,
  columns: [],
  notes: {},
  createdAt: '2026-11-25T00:00:00Z',
  updatedAt: '2026-11-25T00:00:00Z',
  ...more,
});

function text(locale: Locale, shown: KnowledgeFile): string {
  i18n.activate(locale);
  const html = renderToStaticMarkup(
    <I18nProvider i18n={i18n}>
      <ThemeProvider theme={theme}>
        <KnowledgeFileStatus file={shown} />
      </ThemeProvider>
    </I18nProvider>,
  );
  return html
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

describe('a ready file’s status line', () => {
  const shopify = file({ notes: { products: 5, scientificNumbers: 3, skippedProducts: { archived: 1, draft: 1, unpublished: 1 } } });
  const scan = file({ name: 'catalogo.pdf', kind: 'pdf', passageCount: 12, notes: { scannedPages: 2, totalPages: 6 } });

  it('in English', () => {
    expect(text('en', shopify)).toBe(
      'Ready 5 passages · 5 products 3 products left out (archived: 1, draft: 1, unpublished: 1) 3 numbers look changed by Excel (like 1.2E+11): kept as written; check their columns.',
    );
    expect(text('en', scan)).toBe('Ready 12 passages 2 of 6 pages look scanned; their text was not read.');
  });

  it('in Portuguese and Spanish, nothing left in English', () => {
    expect(text('pt', scan)).toBe('Pronto 12 trechos 2 de 6 páginas parecem digitalizadas; o texto delas não foi lido.');
    for (const locale of ['pt', 'es'] as const) {
      const said = text(locale, shopify);
      expect(said).not.toMatch(/products|left out|archived|numbers|Excel \(like/);
      expect(said).toMatch(/5/);
    }
  });

  it('a file with nothing noticed says only its passages', () => {
    expect(text('en', file({ passageCount: 1 }))).toBe('Ready 1 passage');
  });
});
