// The dashboard's three charts as plain data, and their uPlot options, built without uPlot itself (a
// type import only): testable without a canvas, and the chart library stays in the route's lazy chunk.
// One x value per day (its index, so days cut in the account's zone are drawn as they are); dates and
// numbers formatted for the page's language; series colours from the theme's palette, each at least
// 3:1 against the card (WCAG 1.4.11; the ratios are proved in tests/unit/dashboard-chart-options.test.ts).
import type uPlot from 'uplot';
import type { DashboardDay } from '@/domain/dashboard';
import { localeTags, type Locale } from '@/domain/locales';
import { palette } from '@/domain/palette';
import { mediaTypes, type MediaType } from '@/domain/plans';
import { currencyDigits } from '@/src/i18n/money';

export type ChartSeries = {
  key: string;
  label: string;
  /** Against the card's white: secondary 5.5:1, accent 5.4:1, positive 5.1:1, primary 16:1, warning 5.0:1. */
  color: string;
  /** A line pattern too, so no series is told apart by its colour alone. */
  dash?: number[];
  values: number[];
};

export type ChartSpec = {
  days: string[];
  /** The days' own label (the legend's first entry, the table's first column). */
  dayLabel: string;
  series: ChartSeries[];
  /** A value as the table and the legend show it ('R$ 1.234,50', '1,234'). */
  format: (value: number) => string;
  /** A value as the y axis shows it (compact: '1.2K', 'R$ 1,2 mil'). */
  tick: (value: number) => string;
  /** Whole counts (ticks on integers) or money. */
  kind: 'count' | 'money';
};

export type ChartLabels = Record<'day' | 'catalogsSent' | 'accesses' | 'convertedValue' | MediaType, string>;

/** The media types' line patterns: solid, dashed, dotted, dash-dot. */
const mediaStyle: Record<MediaType, { color: string; dash?: number[] }> = {
  text: { color: palette.primary },
  vision: { color: palette.secondary, dash: [8, 4] },
  file: { color: palette.warning, dash: [2, 3] },
  voice: { color: palette.accent, dash: [10, 3, 2, 3] },
};

/** The colours the charts draw with, for the contrast test. */
export const chartColors = [palette.secondary, palette.accent, palette.positive, ...mediaTypes.map((type) => mediaStyle[type].color)];

const dayInstant = (day: string) => Date.parse(`${day}T00:00:00Z`);

/** A day on the x axis: 'Nov 27', '27 de nov.' (the day as the API cut it: formatted in UTC). */
export function dayTickFormat(lang: Locale): (day: string) => string {
  const format = new Intl.DateTimeFormat(localeTags[lang], { day: 'numeric', month: 'short', timeZone: 'UTC' });
  return (day) => format.format(dayInstant(day));
}

/** A day in the table and the legend: 'Fri, Nov 27, 2026', 'sex., 27 de nov. de 2026'. */
export function dayLongFormat(lang: Locale): (day: string) => string {
  const format = new Intl.DateTimeFormat(localeTags[lang], {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
  return (day) => format.format(dayInstant(day));
}

function countFormats(lang: Locale) {
  const plain = new Intl.NumberFormat(localeTags[lang], { maximumFractionDigits: 0 });
  const compact = new Intl.NumberFormat(localeTags[lang], { notation: 'compact', maximumFractionDigits: 1 });
  return { format: (value: number) => plain.format(value), tick: (value: number) => compact.format(value) };
}

function moneyFormats(lang: Locale, currency: string) {
  try {
    const plain = new Intl.NumberFormat(localeTags[lang], { style: 'currency', currency });
    const compact = new Intl.NumberFormat(localeTags[lang], {
      style: 'currency',
      currency,
      notation: 'compact',
      minimumFractionDigits: 0,
      maximumFractionDigits: 1,
    });
    return { format: (value: number) => plain.format(value), tick: (value: number) => compact.format(value) };
  } catch {
    // A code Intl refuses: the amount and the code as they are.
    const { tick } = countFormats(lang);
    const digits = new Intl.NumberFormat(localeTags[lang], { maximumFractionDigits: currencyDigits(currency) });
    return { format: (value: number) => `${digits.format(value)} ${currency}`, tick: (value: number) => `${tick(value)} ${currency}` };
  }
}

/**
 * The three charts of a period: catalog evolution (catalogs sent and accesses), converted value (in
 * the store's currency, minor units → major; null without a currency: no orders), requests by media type.
 */
export function dashboardChartSpecs(days: readonly DashboardDay[], lang: Locale, convertedCurrency: string | null, labels: ChartLabels) {
  const dayKeys = days.map((day) => day.day);
  const counts = countFormats(lang);
  const catalog: ChartSpec = {
    days: dayKeys,
    dayLabel: labels.day,
    kind: 'count',
    ...counts,
    series: [
      { key: 'catalogsSent', label: labels.catalogsSent, color: palette.secondary, values: days.map((day) => day.catalogsSent) },
      { key: 'accesses', label: labels.accesses, color: palette.accent, dash: [8, 4], values: days.map((day) => day.accesses) },
    ],
  };
  const converted: ChartSpec | null =
    convertedCurrency === null
      ? null
      : {
          days: dayKeys,
          dayLabel: labels.day,
          kind: 'money',
          ...moneyFormats(lang, convertedCurrency),
          series: [
            {
              key: 'convertedValue',
              label: labels.convertedValue,
              color: palette.positive,
              values: days.map((day) => day.convertedValueMinor / 10 ** currencyDigits(convertedCurrency)),
            },
          ],
        };
  const media: ChartSpec = {
    days: dayKeys,
    dayLabel: labels.day,
    kind: 'count',
    ...counts,
    series: mediaTypes.map((type) => ({
      key: type,
      label: labels[type],
      ...mediaStyle[type],
      values: days.map((day) => day.mediaTypes[type] ?? 0),
    })),
  };
  return { catalog, converted, media };
}

/** The top of a count or money axis: 1, 2 or 5 × a power of ten at or above the largest value (1 when all are 0). */
export function niceMax(max: number): number {
  if (!(max > 0)) return 1;
  const power = 10 ** Math.floor(Math.log10(max));
  const step = [1, 2, 5, 10].find((factor) => factor * power >= max) ?? 10;
  return step * power;
}

/** Whole-number tick steps for counts (no '0.5 accesses'): 1, 2, 5, 10, 20, 50, … */
const countIncrs = Array.from({ length: 10 }, (_, power) => [1, 2, 5].map((factor) => factor * 10 ** power)).flat();
/** Day steps on the x axis: a day, two, a week, two weeks, four, then longer. */
const dayIncrs = [1, 2, 7, 14, 28, 56, 91, 182, 364];

const axisFont = '12px system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';

export type ChartOptions = Omit<uPlot.Options, 'width' | 'height'>;

/** uPlot's options and data for a chart (its size is the wrapper's business). */
export function uplotOptions(spec: ChartSpec, lang: Locale): { options: ChartOptions; data: uPlot.AlignedData } {
  const tickDay = dayTickFormat(lang);
  const longDay = dayLongFormat(lang);
  const dayAt = (index: number | null | undefined) => (index === null || index === undefined ? undefined : spec.days[index]);
  const max = Math.max(0, ...spec.series.flatMap((series) => series.values));
  const options: ChartOptions = {
    legend: { show: true, live: true },
    cursor: { points: { size: 8 } },
    scales: {
      // One point (today): a day either side, so it is drawn in the middle.
      x: { time: false, range: () => (spec.days.length <= 1 ? [-1, 1] : [0, spec.days.length - 1]) },
      y: { range: () => [0, niceMax(max)] },
    },
    axes: [
      {
        stroke: palette.muted,
        font: axisFont,
        space: 64,
        incrs: dayIncrs,
        grid: { stroke: palette.border, width: 1 },
        ticks: { stroke: palette.border, width: 1 },
        values: (_, splits) => splits.map((index) => (Number.isInteger(index) && dayAt(index) ? tickDay(dayAt(index)!) : '')),
      },
      {
        stroke: palette.muted,
        font: axisFont,
        ...(spec.kind === 'count' ? { incrs: countIncrs } : {}),
        grid: { stroke: palette.border, width: 1 },
        ticks: { stroke: palette.border, width: 1 },
        values: (_, splits) => splits.map((value) => spec.tick(value)),
        // Wide enough for the longest label ('R$ 12,5 mil'): about 7 px a character, and the gap.
        size: (_, values) => Math.max(40, ...(values ?? []).map((value) => value.length * 7 + 18)),
      },
    ],
    series: [
      { label: spec.dayLabel, value: (_, index) => (dayAt(index) ? longDay(dayAt(index)!) : '–') },
      ...spec.series.map((series): uPlot.Series => ({
        label: series.label,
        stroke: series.color,
        width: 2,
        ...(series.dash ? { dash: series.dash } : {}),
        points: { show: spec.days.length <= 31, size: 5, fill: series.color },
        value: (_, value) => (value === null || value === undefined ? '–' : spec.format(value)),
      })),
    ],
  };
  const data: uPlot.AlignedData = [spec.days.map((_, index) => index), ...spec.series.map((series) => series.values)];
  return { options, data };
}
