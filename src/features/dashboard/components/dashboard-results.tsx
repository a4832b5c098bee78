// The dashboard's results: accesses, catalogs sent, converted value, orders, average ticket, cost per
// catalog, conversion rate, return on spend, and checkout recovery's recovered value and recovery rate
// (with the checkouts it divides), each with its change and its definition. Until an
// inventory is configured or a number connected, the 'configure first' notice; with sources but
// nothing counted in the period, a plain empty state rather than zeros that look like a failure.
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import styled from 'styled-components';
import { dashboardDefinitions, type Dashboard } from '@/domain/dashboard';
import { useLang } from '@/src/i18n/use-lang';
import { EmptyState } from '@/src/ui/empty-state';
import { Notice } from '@/src/ui/notice';
import { formatNumber } from '@/src/i18n/format';
import { formatRange } from '../dashboard-format';
import { Figure } from './dashboard-figure';

// A container: a card that needs two columns' room takes them where the grid has two (FIGURE_GRID_TWO_COLUMNS).
export const FigureGrid = styled.div`
  container: figure-grid / inline-size;
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(min(100%, 14rem), 1fr));
  gap: ${({ theme }) => theme.space(3)};
`;

/** The grid's width from which it has two columns or more (two of 14rem and the gap between). */
export const FIGURE_GRID_TWO_COLUMNS = '29rem';

export const SectionTitle = styled.h2`
  margin: 0 0 ${({ theme }) => theme.space(3)};
  font-size: ${({ theme }) => theme.font.size.lg};
  color: ${({ theme }) => theme.colors.primary};
`;

/** Results are counted from configured inventories (catalog pages, carts) and connected numbers (catalogs sent). */
export const hasResultSources = ({ sources }: Dashboard) => sources.configuredInventories > 0 || sources.channels > 0;

/** Nothing at all happened in the period: no access, catalog sent, order or checkout reminded. */
export const isQuietPeriod = (dashboard: Dashboard) =>
  [dashboard.accesses, dashboard.catalogsSent, dashboard.orders, dashboard.convertedValue, dashboard.recovery.reminded].every(
    ({ current }) => !current,
  );

/** What the recovery rate divides: 'Of 20 checkouts reminded: 5 recovered'. */
function RecoveredOfReminded({ recovery }: { recovery: Dashboard['recovery'] }) {
  const lang = useLang();
  const reminded = recovery.reminded.current ?? 0;
  const recovered = formatNumber(lang, recovery.recovered.current ?? 0);
  return reminded === 0 ? (
    <Trans>No checkout was reminded in this period.</Trans>
  ) : (
    <Plural
      value={reminded}
      one={`Of # checkout reminded: ${recovered} recovered`}
      other={`Of # checkouts reminded: ${recovered} recovered`}
    />
  );
}

export function DashboardResults({ dashboard }: { dashboard: Dashboard }) {
  const { t } = useLingui();
  const lang = useLang();
  const { from, to } = formatRange(lang, dashboard.range);
  const converted = dashboard.convertedCurrency ?? dashboard.currency;
  let body;
  if (!hasResultSources(dashboard)) {
    body = (
      <Notice variant="info">
        <Trans>Configure your first inventory or connect a WhatsApp number to see your results here.</Trans>
      </Notice>
    );
  } else if (isQuietPeriod(dashboard)) {
    body = (
      <EmptyState
        headingLevel={3}
        title={<Trans>No results in this period</Trans>}
        description={
          <Trans>
            No catalog was opened or sent and no order came in from {from} to {to}.
          </Trans>
        }
      />
    );
  } else {
    const definitions = dashboardDefinitions;
    body = (
      <FigureGrid>
        <Figure name={t`Accesses`} definition={definitions.accesses} figure={dashboard.accesses} kind="count" />
        <Figure name={t`Catalogs sent`} definition={definitions.catalogsSent} figure={dashboard.catalogsSent} kind="count" />
        <Figure
          name={t`Converted value`}
          definition={definitions.convertedValue}
          figure={dashboard.convertedValue}
          kind="money"
          currency={converted}
        />
        <Figure name={t`Orders`} definition={definitions.orders} figure={dashboard.orders} kind="count" />
        <Figure
          name={t`Average ticket`}
          definition={definitions.averageTicket}
          figure={dashboard.averageTicket}
          kind="money"
          currency={converted}
        />
        <Figure
          name={t`Cost per catalog`}
          definition={definitions.costPerCatalog}
          figure={dashboard.costPerCatalog}
          kind="money"
          currency={dashboard.currency}
        />
        <Figure name={t`Conversion rate`} definition={definitions.conversionRate} figure={dashboard.conversionRate} kind="percent" />
        <Figure
          name={t`Return on spend`}
          definition={definitions.returnOnSpend}
          figure={dashboard.returnOnSpend}
          kind="multiple"
          suffix="×"
        />
        <Figure
          name={t`Recovered value`}
          definition={definitions.recoveredValue}
          figure={dashboard.recovery.valueMinor}
          kind="money"
          currency={dashboard.recovery.currency ?? converted}
        />
        <Figure
          name={t`Recovery rate`}
          definition={definitions.recoveryRate}
          figure={dashboard.recovery.rate}
          kind="percent"
          detail={<RecoveredOfReminded recovery={dashboard.recovery} />}
        />
      </FigureGrid>
    );
  }
  return (
    <section aria-labelledby="dashboard-results">
      <SectionTitle id="dashboard-results">
        <Trans>Results</Trans>
      </SectionTitle>
      {body}
    </section>
  );
}
