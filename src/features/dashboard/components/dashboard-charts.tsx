// The dashboard's charts: catalog evolution (catalogs sent and accesses per day), converted
// value per day, and requests by media type per day. Each has its title, what it shows (the domain's
// definition) and a 'Show as table' toggle with the same figures formatted for the page's language.
// The dashboard page loads this file with React.lazy: it is the one way to uPlot (uplot-chart.tsx),
// so the chart library is fetched on the dashboard route only.
import { useId, useMemo, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import styled from 'styled-components';
import { dashboardDefinitions, type DashboardDay } from '@/domain/dashboard';
import type { Locale } from '@/domain/locales';
import { Button } from '@/src/ui/button';
import { Card } from '@/src/ui/card';
import type { HeadingLevel } from '@/src/ui/heading';
import { Table, type TableColumn } from '@/src/ui/table';
import { dashboardChartSpecs, dayLongFormat, uplotOptions, type ChartSpec } from '../chart-options';
import { UplotChart } from './uplot-chart';

// One column no wider than the page: a chart's canvas, drawn at the window's last width, must not
// hold its card that wide when the window narrows (its frame then redraws it at the new width).
const Charts = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: ${({ theme }) => theme.space(6)};
  min-width: 0;
`;

const Toggle = styled.div`
  display: flex;
  justify-content: flex-end;
`;

const Empty = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.muted};
`;

const CHART_HEIGHT = 240;

export type DashboardChartsProps = {
  days: DashboardDay[];
  lang: Locale;
  /** The converted value's currency (the store's); null without orders: that chart says so instead. */
  convertedCurrency: string | null;
  /** The charts' titles' level in the page's outline. */
  headingLevel?: HeadingLevel;
  /**
   * Which areas have sources to count from (an inventory or number; an AI base): an area still
   * showing its 'configure first' notice gets no chart of flat zeros. Both by default.
   */
  areas?: { results: boolean; aiUse: boolean };
};

export function DashboardCharts({
  days,
  lang,
  convertedCurrency,
  headingLevel = 2,
  areas = { results: true, aiUse: true },
}: DashboardChartsProps) {
  const { t, i18n } = useLingui();
  const specs = useMemo(
    () =>
      dashboardChartSpecs(days, lang, convertedCurrency, {
        day: t`Day`,
        catalogsSent: t`Catalogs sent`,
        accesses: t`Accesses`,
        convertedValue: t`Converted value`,
        text: t`Text`,
        vision: t`Image`,
        file: t`File`,
        voice: t`Voice`,
      }),
    [days, lang, convertedCurrency, t],
  );
  return (
    <Charts data-testid="dashboard-charts">
      {areas.results && (
        <ChartCard
          title={t`Catalog evolution`}
          description={i18n._(dashboardDefinitions.catalogEvolution)}
          spec={specs.catalog}
          lang={lang}
          headingLevel={headingLevel}
        />
      )}
      {!areas.results ? null : specs.converted ? (
        <ChartCard
          title={t`Converted value per day`}
          description={i18n._(dashboardDefinitions.convertedValue)}
          spec={specs.converted}
          lang={lang}
          headingLevel={headingLevel}
        />
      ) : (
        <Card title={t`Converted value per day`} headingLevel={headingLevel}>
          <Empty>
            <Trans>No orders came from Catalyst in this period yet, so there is no converted value to chart.</Trans>
          </Empty>
        </Card>
      )}
      {areas.aiUse && (
        <ChartCard
          title={t`Requests by media type`}
          description={i18n._(dashboardDefinitions.mediaTypes)}
          spec={specs.media}
          lang={lang}
          headingLevel={headingLevel}
        />
      )}
    </Charts>
  );
}

export default DashboardCharts;

type ChartCardProps = { title: string; description: string; spec: ChartSpec; lang: Locale; headingLevel: HeadingLevel };

type Row = { day: string; values: number[] };

function ChartCard({ title, description, spec, lang, headingLevel }: ChartCardProps) {
  const { t } = useLingui();
  const [showTable, setShowTable] = useState(false);
  const tableId = useId();
  const { options, data } = useMemo(() => uplotOptions(spec, lang), [spec, lang]);
  const longDay = useMemo(() => dayLongFormat(lang), [lang]);
  const rows: Row[] = spec.days.map((day, index) => ({ day, values: spec.series.map((series) => series.values[index] ?? 0) }));
  const columns: TableColumn<Row>[] = [
    { key: 'day', header: spec.dayLabel, isRowHeader: true, render: (row) => longDay(row.day) },
    ...spec.series.map((series, index): TableColumn<Row> => ({
      key: series.key,
      header: series.label,
      align: 'end',
      render: (row) => spec.format(row.values[index] ?? 0),
    })),
  ];
  if (spec.days.length === 0) {
    return (
      <Card title={title} headingLevel={headingLevel}>
        <Empty>
          <Trans>No days in this period.</Trans>
        </Empty>
      </Card>
    );
  }
  return (
    <Card
      title={title}
      description={description}
      headingLevel={headingLevel}
      data-chart={spec.series.map((series) => series.key).join(' ')}
    >
      <UplotChart
        options={options}
        data={data}
        height={CHART_HEIGHT}
        label={t`Chart of ${title}. Its figures are in a table: press “Show as table” below it.`}
      />
      <Toggle>
        <Button variant="ghost" size="sm" aria-expanded={showTable} aria-controls={tableId} onClick={() => setShowTable((shown) => !shown)}>
          <Trans>Show as table</Trans>
        </Button>
      </Toggle>
      <div id={tableId} hidden={!showTable}>
        {showTable && <Table caption={title} hideCaption columns={columns} rows={rows} rowKey={(row) => row.day} />}
      </div>
    </Card>
  );
}
