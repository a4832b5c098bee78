// Where a file's name may wrap (src/ui/file-name.tsx): after "_", "-" and "." and between a
// lower-case and an upper-case letter, never inside a word nor between the extension and its dot.
import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { ThemeProvider } from 'styled-components';
import { FileName, fileNameParts } from '@/src/ui/file-name';
import { theme } from '@/src/ui/theme';

describe('fileNameParts', () => {
  it('cuts after the separators and keeps the extension with the last word', () => {
    expect(fileNameParts('product_template_for_the_summer_catalogue_2026.csv')).toEqual([
      'product_',
      'template_',
      'for_',
      'the_',
      'summer_',
      'catalogue_',
      '2026.csv',
    ]);
    expect(fileNameParts('price-list.final.v2.xlsx')).toEqual(['price-', 'list.', 'final.', 'v2.xlsx']);
  });

  it('cuts between camel-case words, and once after a run of separators', () => {
    expect(fileNameParts('SummerCatalogue__2026.pdf')).toEqual(['Summer', 'Catalogue__', '2026.pdf']);
  });

  it('leaves a name without a place to cut whole, and the parts always make the name', () => {
    expect(fileNameParts('report.pdf')).toEqual(['report.pdf']);
    expect(fileNameParts('.env')).toEqual(['.env']);
    for (const name of ['a_b-c.d.e', '__x__.csv', 'ÁguaDeCôco_preços.xls', '']) expect(fileNameParts(name).join('')).toBe(name);
  });
});

describe('FileName', () => {
  it('shows a name without bidirectional controls: it reads as it is, never as another', () => {
    // 'report' + U+202E + 'vsc.csv' would read 'reportcsv.csv' with the override kept.
    const html = renderToStaticMarkup(
      <ThemeProvider theme={theme}>
        <FileName name={'report\u202evsc.csv'} />
      </ThemeProvider>,
    );
    expect(html).not.toMatch(/[\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c]/);
    expect(html).toMatch(/>reportvsc\.csv</);
  });

  it('offers a line break (<wbr>) at each cut and nowhere else, the text unchanged', () => {
    const html = renderToStaticMarkup(
      <ThemeProvider theme={theme}>
        <FileName name="product_template_2026.csv" />
      </ThemeProvider>,
    );
    expect(html).toMatch(/>product_<wbr\/>template_<wbr\/>2026\.csv</);
  });
});
