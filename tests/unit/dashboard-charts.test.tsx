// @vitest-environment happy-dom
// The dashboard's charts as React renders them (src/features/dashboard/components/dashboard-charts.tsx):
// each chart's title, its plot named for screen readers, and its 'Show as table' toggle opening a
// table of the same figures, dates and money in the page's language; the converted value's notice
// without orders. happy-dom has no canvas, so the plot is left out there (the wrapper's own rule);
// the options it would draw are tested in dashboard-chart-options.test.ts. Also: uPlot is reached only
// through the lazily loaded charts file, so the library stays out of every other route's chunks.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ThemeProvider } from 'styled-components';
import { afterEach, beforeAll, describe, expect, test } from 'vitest';
import type { DashboardDay } from '@/domain/dashboard';
import type { Locale } from '@/domain/locales';
import DashboardChartsDefault, { DashboardCharts } from '@/src/features/dashboard/components/dashboard-charts';
import { theme } from '@/src/ui/theme';

const day = (date: string, more: Partial<DashboardDay> = {}): DashboardDay => ({
  day: date,
  accesses: 0,
  catalogsSent: 0,
  orders: 0,
  convertedValueMinor: 0,
  requests: 0,
  mediaTypes: { text: 0, vision: 0, file: 0, voice: 0 },
  ...more,
});

const days = [
  day('2026-11-26', {
    accesses: 3,
    catalogsSent: 2,
    orders: 1,
    convertedValueMinor: 12990,
    requests: 5,
    mediaTypes: { text: 3, vision: 1, file: 0, voice: 1 },
  }),
  day('2026-11-27', {
    accesses: 1250,
    catalogsSent: 7,
    orders: 2,
    convertedValueMinor: 123450,
    requests: 2,
    mediaTypes: { text: 1, vision: 0, file: 1, voice: 0 },
  }),
];

const plain = (text: string | null) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ').trim();

function show(lang: Locale, convertedCurrency: string | null, areas?: { results: boolean; aiUse: boolean }) {
  return render(
    <I18nProvider i18n={i18n}>
      <ThemeProvider theme={theme}>
        <DashboardCharts days={days} lang={lang} convertedCurrency={convertedCurrency} {...(areas ? { areas } : {})} />
      </ThemeProvider>
    </I18nProvider>,
  );
}

/** A chart's card, by its title. */
const chart = (title: string) => screen.getByRole('heading', { name: title, level: 2 }).parentElement!;
const tableRows = (card: HTMLElement) =>
  within(card)
    .getAllByRole('row')
    .map((row) => [...row.querySelectorAll('th, td')].map((cell) => plain(cell.textContent)));

beforeAll(() => {
  // English source messages, as Lingui shows them without a catalog; dates and numbers follow `lang`.
  i18n.loadAndActivate({ locale: 'en', messages: {} });
});
afterEach(() => cleanup());

describe('the charts', () => {
  test('three titled charts, each plot named for screen readers, its table closed until asked for', () => {
    show('en', 'USD');
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
      'Catalog evolution',
      'Converted value per day',
      'Requests by media type',
    ]);
    const catalog = chart('Catalog evolution');
    expect(within(catalog).getByRole('img').getAttribute('aria-label')).toBe(
      'Chart of Catalog evolution. Its figures are in a table: press “Show as table” below it.',
    );
    // The definition from domain/dashboard.ts says what it shows.
    expect(catalog.textContent).toContain('Catalog evolution: catalogs sent and catalog accesses day by day over the period.');
    const toggle = within(catalog).getByRole('button', { name: 'Show as table' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(within(catalog).queryByRole('table')).toBeNull();
    expect(document.getElementById(toggle.getAttribute('aria-controls')!)!.hidden).toBe(true);
  });

  test("an area still waiting for its sources (its 'configure first' notice) gets no chart of flat zeros", () => {
    const titles = () => screen.queryAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
    show('en', 'USD', { results: true, aiUse: false });
    expect(titles()).toEqual(['Catalog evolution', 'Converted value per day']);
    cleanup();
    show('en', null, { results: false, aiUse: true });
    expect(titles()).toEqual(['Requests by media type']);
  });

  test('“Show as table” opens the figures of each day in the page’s language, and closes them again', async () => {
    const user = userEvent.setup();
    show('pt', 'BRL');
    const catalog = chart('Catalog evolution');
    const toggle = within(catalog).getByRole('button', { name: 'Show as table' });
    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(document.getElementById(toggle.getAttribute('aria-controls')!)!.hidden).toBe(false);
    expect(within(catalog).getByRole('table').querySelector('caption')!.textContent).toBe('Catalog evolution');
    expect(tableRows(catalog)).toEqual([
      ['Day', 'Catalogs sent', 'Accesses'],
      ['qui., 26 de nov. de 2026', '2', '3'],
      ['sex., 27 de nov. de 2026', '7', '1.250'],
    ]);
    // Each table opens on its own.
    expect(within(chart('Requests by media type')).queryByRole('table')).toBeNull();

    const converted = chart('Converted value per day');
    await user.click(within(converted).getByRole('button', { name: 'Show as table' }));
    expect(tableRows(converted)).toEqual([
      ['Day', 'Converted value'],
      ['qui., 26 de nov. de 2026', 'R$ 129,90'],
      ['sex., 27 de nov. de 2026', 'R$ 1.234,50'],
    ]);

    const media = chart('Requests by media type');
    await user.click(within(media).getByRole('button', { name: 'Show as table' }));
    expect(tableRows(media)).toEqual([
      ['Day', 'Text', 'Image', 'File', 'Voice'],
      ['qui., 26 de nov. de 2026', '3', '1', '0', '1'],
      ['sex., 27 de nov. de 2026', '1', '0', '1', '0'],
    ]);

    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(within(catalog).queryByRole('table')).toBeNull();
  });

  test('in Spanish and in US English: the dates and money of those pages', async () => {
    const user = userEvent.setup();
    show('es', 'EUR');
    const converted = chart('Converted value per day');
    await user.click(within(converted).getByRole('button', { name: 'Show as table' }));
    expect(tableRows(converted)[2]).toEqual(['vie, 27 nov 2026', '1234,50 €']);
    cleanup();

    show('en', 'USD');
    const catalog = chart('Catalog evolution');
    await user.click(within(catalog).getByRole('button', { name: 'Show as table' }));
    expect(tableRows(catalog)[2]).toEqual(['Fri, Nov 27, 2026', '7', '1,250']);
  });

  test('without orders (no currency) the converted value says so instead of an empty chart', () => {
    show('en', null);
    const converted = chart('Converted value per day');
    expect(converted.textContent).toContain('No orders came from Catalyst in this period yet, so there is no converted value to chart.');
    expect(within(converted).queryByRole('img')).toBeNull();
    expect(within(converted).queryByRole('button')).toBeNull();
  });

  test('the default export is the component (React.lazy takes the module’s default)', () => {
    expect(DashboardChartsDefault).toBe(DashboardCharts);
  });
});

describe('uPlot stays on the dashboard route', () => {
  const root = join(__dirname, '../../src');
  const files = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? files(path) : /\.tsx?$/.test(name) ? [path] : [];
    });
  /** Files that import `target` at load time (a static import or re-export that is not type-only). */
  const importersOf = (target: RegExp) =>
    files(root)
      .filter((path) =>
        [...readFileSync(path, 'utf8').matchAll(/^\s*(?:import|export)\s+(?!type\b)[^;]*?from\s+'([^']+)'|^\s*import\s+'([^']+)'/gm)].some(
          (match) => target.test(match[1] ?? match[2]!),
        ),
      )
      .map((path) => relative(root, path));

  test('only the charts’ wrapper imports uplot, only the charts file imports the wrapper, and nothing imports the charts file statically', () => {
    expect(importersOf(/^uplot(\/|$)/).sort()).toEqual(['features/dashboard/components/uplot-chart.tsx']);
    expect(importersOf(/\/uplot-chart$/)).toEqual(['features/dashboard/components/dashboard-charts.tsx']);
    expect(importersOf(/\/dashboard-charts$/)).toEqual([]);
  });
});
