// The dashboard charts' data and uPlot options (src/features/dashboard/chart-options.ts), pure, as
// the plot and its table read them: the series of each chart from the API's days, money from minor
// units by the currency's digits, dates and numbers in the page's language on the axes and in the
// legend, whole-number ticks for counts, and every series colour at least 3:1 against the card and
// the page (WCAG 1.4.11), each series told apart by its line pattern too.
import { describe, expect, test } from 'vitest';
import type uPlot from 'uplot';
import type { DashboardDay } from '@/domain/dashboard';
import { palette } from '@/domain/palette';
import { chartColors, dashboardChartSpecs, niceMax, uplotOptions, type ChartLabels } from '@/src/features/dashboard/chart-options';

const labels: ChartLabels = {
  day: 'Day',
  catalogsSent: 'Catalogs sent',
  accesses: 'Accesses',
  convertedValue: 'Converted value',
  text: 'Text',
  vision: 'Image',
  file: 'File',
  voice: 'Voice',
};

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
    convertedValueMinor: 123450,
    requests: 2,
    mediaTypes: { text: 2, vision: 0, file: 0, voice: 0 },
  }),
];

/** Spaces as Intl writes them (narrow and no-break) as plain ones, for readable expectations. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');
const self = {} as uPlot;

/** WCAG 2's contrast ratio of two #rrggbb colours. */
function contrast(a: string, b: string): number {
  const luminance = (hex: string) => {
    const [r, g, bl] = [1, 3, 5].map((at) => {
      const channel = parseInt(hex.slice(at, at + 2), 16) / 255;
      return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
    }) as [number, number, number];
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

describe('the charts’ series', () => {
  test('catalog evolution: catalogs sent and accesses per day; requests by the four media types', () => {
    const { catalog, media } = dashboardChartSpecs(days, 'en', 'BRL', labels);
    expect(catalog.days).toEqual(['2026-11-26', '2026-11-27']);
    expect(catalog.series.map(({ key, label, values }) => ({ key, label, values }))).toEqual([
      { key: 'catalogsSent', label: 'Catalogs sent', values: [2, 7] },
      { key: 'accesses', label: 'Accesses', values: [3, 1250] },
    ]);
    expect(media.series.map(({ key, label, values }) => ({ key, label, values }))).toEqual([
      { key: 'text', label: 'Text', values: [3, 2] },
      { key: 'vision', label: 'Image', values: [1, 0] },
      { key: 'file', label: 'File', values: [0, 0] },
      { key: 'voice', label: 'Voice', values: [1, 0] },
    ]);
    expect(plain(catalog.format(1250))).toBe('1,250');
  });

  test('converted value: minor units as the currency’s major, formatted for the page; none without a currency', () => {
    const pt = dashboardChartSpecs(days, 'pt', 'BRL', labels).converted!;
    expect(pt.series[0]!.values).toEqual([129.9, 1234.5]);
    expect(plain(pt.format(1234.5))).toBe('R$ 1.234,50');
    expect(plain(pt.tick(1234.5))).toBe('R$ 1,2 mil');
    expect(plain(dashboardChartSpecs(days, 'en', 'USD', labels).converted!.format(1234.5))).toBe('$1,234.50');
    expect(plain(dashboardChartSpecs(days, 'es', 'EUR', labels).converted!.format(1234.5))).toBe('1234,50 €');
    // No minor digits in yen: 12990 minor units are ¥12,990.
    const yen = dashboardChartSpecs(days, 'en', 'JPY', labels).converted!;
    expect(yen.series[0]!.values).toEqual([12990, 123450]);
    expect(plain(yen.format(12990))).toBe('¥12,990');
    expect(dashboardChartSpecs(days, 'en', null, labels).converted).toBeNull();
  });
});

describe('uPlot’s options', () => {
  test('one x value per day, dates on the axis and in the legend in the page’s language', () => {
    const { catalog } = dashboardChartSpecs(days, 'pt', 'BRL', labels);
    const { options, data } = uplotOptions(catalog, 'pt');
    expect(data).toEqual([
      [0, 1],
      [2, 7],
      [3, 1250],
    ]);
    expect(options.scales!.x!.time).toBe(false);
    const xValues = options.axes![0]!.values as uPlot.Axis.DynamicValues;
    // Between two days, and past the last one, there is no label.
    expect(xValues(self, [0, 0.5, 1, 2], 0, 0, 1).map((text) => plain(String(text)))).toEqual(['26 de nov.', '', '27 de nov.', '']);
    const legendDay = options.series[0]!.value as (self: uPlot, value: number) => string;
    expect(plain(legendDay(self, 1))).toBe('sex., 27 de nov. de 2026');
    const legendValue = options.series[2]!.value as (self: uPlot, value: number | null) => string;
    expect(legendValue(self, 1250)).toBe('1.250');
    expect(legendValue(self, null)).toBe('–');
    expect(options.series.map((series) => series.label)).toEqual(['Day', 'Catalogs sent', 'Accesses']);
  });

  test('counts: ticks on whole numbers from 0 to a round top; money: compact currency ticks', () => {
    const { catalog, converted } = dashboardChartSpecs(days, 'en', 'USD', labels);
    const counts = uplotOptions(catalog, 'en').options;
    expect((counts.axes![1]!.incrs as number[]).every(Number.isInteger)).toBe(true);
    expect((counts.scales!.y!.range as () => [number, number])()).toEqual([0, 2000]);
    expect((counts.axes![1]!.values as uPlot.Axis.DynamicValues)(self, [0, 1000, 2000], 1, 0, 1000)).toEqual(['0', '1K', '2K']);
    const money = uplotOptions(converted!, 'en').options;
    expect(money.axes![1]!.incrs).toBeUndefined();
    expect((money.axes![1]!.values as uPlot.Axis.DynamicValues)(self, [0, 1500], 1, 0, 1500)).toEqual(['$0', '$1.5K']);
    expect([0, 1, 3, 7, 10, 11, 1250, 0.4].map(niceMax)).toEqual([1, 1, 5, 10, 10, 20, 2000, 0.5]);
  });

  test('the x axis spans the period’s days; one day (today) is drawn in the middle of the plot', () => {
    const xRange = (count: number) => {
      const { catalog } = dashboardChartSpecs(days.slice(0, count), 'en', null, labels);
      return (uplotOptions(catalog, 'en').options.scales!.x!.range as (self: uPlot, min: number, max: number) => [number, number])(
        self,
        0,
        100,
      );
    };
    expect(xRange(2)).toEqual([0, 1]);
    expect(xRange(1)).toEqual([-1, 1]);
  });

  test('each series its own palette colour and line pattern', () => {
    const { catalog, media } = dashboardChartSpecs(days, 'en', 'USD', labels);
    for (const spec of [catalog, media]) {
      const series = uplotOptions(spec, 'en').options.series.slice(1);
      expect(new Set(series.map((one) => one.stroke)).size).toBe(series.length);
      expect(new Set(series.map((one) => JSON.stringify(one.dash ?? []))).size).toBe(series.length);
      for (const one of series) expect(Object.values(palette)).toContain(one.stroke);
    }
  });
});

describe('contrast (WCAG 1.4.11, graphical objects ≥ 3:1)', () => {
  test('every series colour against the card’s surface and the page', () => {
    for (const color of chartColors) {
      expect(contrast(color, palette.surface), color).toBeGreaterThanOrEqual(3);
      expect(contrast(color, palette.page), color).toBeGreaterThanOrEqual(3);
    }
    // The lowest: warning 5.02:1 and positive 5.08:1 on white; the axis labels (muted) 6.09:1, as text.
    expect(contrast(palette.warning, palette.surface)).toBeCloseTo(5.02, 2);
    expect(contrast(palette.muted, palette.surface)).toBeGreaterThanOrEqual(4.5);
  });

  test('the contrast function itself: black on white is 21:1, a colour on itself 1:1', () => {
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrast(palette.accent, palette.accent)).toBe(1);
  });
});
