// The dashboard's AI use: requests in the period with their change, the media types shoppers sent
// (counts and share), the month's cost (the plan's price plus extra queries, in the account's
// currency), the allowance used ('812 of up to 1,000 queries this month') and the projection to the
// month's end. Until an AI base exists, the 'configure first' notice; a period without requests says so.
import { Trans, useLingui } from '@lingui/react/macro';
import styled from 'styled-components';
import { dashboardDefinitions, type Dashboard } from '@/domain/dashboard';
import { mediaTypes } from '@/domain/plans';
import { formatNumber, formatPercent } from '@/src/i18n/format';
import { formatMicros, formatMinor } from '@/src/i18n/money';
import { useLang } from '@/src/i18n/use-lang';
import { EmptyState } from '@/src/ui/empty-state';
import { Notice } from '@/src/ui/notice';
import { ProgressBar } from '@/src/ui/progress-bar';
import { formatMonth, formatRange } from '../dashboard-format';
import { mediaTypeNames } from '../dashboard-messages';
import { DefinitionTip, Figure, FigureChange } from './dashboard-figure';
import { FIGURE_GRID_TWO_COLUMNS, FigureGrid, SectionTitle } from './dashboard-results';

const Panel = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(2)};
  padding: ${({ theme }) => theme.space(4)};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.md};
`;

const PanelTitle = styled.h3`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(1)};
  margin: 0;
  font-size: ${({ theme }) => theme.font.size.md};
  color: ${({ theme }) => theme.colors.primary};
`;

// Three columns whose headers are single long words ('Participação') need more than one figure's
// width: the table takes two of the grid's columns where it has them.
const WidePanel = styled(Panel)`
  @container figure-grid (min-width: ${FIGURE_GRID_TWO_COLUMNS}) {
    grid-column: span 2;
  }
`;

const Rows = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-variant-numeric: tabular-nums;
  th,
  td {
    padding: ${({ theme }) => theme.space(1)} 0;
    text-align: end;
  }
  th + th,
  th + td,
  td + td {
    padding-inline-start: ${({ theme }) => theme.space(3)};
  }
  th:first-child,
  td:first-child {
    text-align: start;
  }
  thead th {
    color: ${({ theme }) => theme.colors.muted};
    font-size: ${({ theme }) => theme.font.size.sm};
  }
`;

const Facts = styled.dl`
  display: grid;
  grid-template-columns: auto auto;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space(1)} ${({ theme }) => theme.space(4)};
  margin: 0;
  font-variant-numeric: tabular-nums;
  dt {
    color: ${({ theme }) => theme.colors.muted};
  }
  dd {
    margin: 0;
    text-align: end;
    font-weight: 600;
  }
`;

const Line = styled.p`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(1)};
  margin: 0;
`;

function MediaTypes({ dashboard }: { dashboard: Dashboard }) {
  const { t, i18n } = useLingui();
  const lang = useLang();
  const name = t`Media types`;
  return (
    <WidePanel>
      <PanelTitle id="dashboard-media-types">
        {name}
        <DefinitionTip name={name} definition={dashboardDefinitions.mediaTypes} />
      </PanelTitle>
      <Rows aria-labelledby="dashboard-media-types">
        <thead>
          <tr>
            <th scope="col">
              <Trans>Type</Trans>
            </th>
            <th scope="col">
              <Trans>Requests</Trans>
            </th>
            <th scope="col">
              <Trans>Share</Trans>
            </th>
          </tr>
        </thead>
        <tbody>
          {mediaTypes.map((type) => {
            const figure = dashboard.mediaTypes[type];
            return (
              <tr key={type}>
                <th scope="row">{i18n._(mediaTypeNames[type])}</th>
                <td>{formatNumber(lang, figure.current ?? 0)}</td>
                <td>{formatPercent(lang, figure.share)}</td>
              </tr>
            );
          })}
        </tbody>
      </Rows>
    </WidePanel>
  );
}

function MonthlyCost({ dashboard }: { dashboard: Dashboard }) {
  const { t } = useLingui();
  const lang = useLang();
  const cost = dashboard.monthlyCost;
  const money = (minor: number) => formatMinor(lang, minor, cost.currency);
  const name = t`Monthly cost`;
  const month = formatMonth(lang, cost.month);
  const extra = formatNumber(lang, cost.extraQueries);
  const extraPrice = money(cost.extraQueryMinor);
  return (
    <Panel>
      <PanelTitle id="dashboard-monthly-cost">
        {name}
        <DefinitionTip name={name} definition={dashboardDefinitions.monthlyCost} />
      </PanelTitle>
      <Facts aria-labelledby="dashboard-monthly-cost">
        <dt>
          <Trans>Plan ({month})</Trans>
        </dt>
        <dd>{money(cost.planMinor)}</dd>
        <dt>
          <Trans>
            Extra queries ({extra} × {extraPrice})
          </Trans>
        </dt>
        <dd>{money(cost.extraQueries * cost.extraQueryMinor)}</dd>
        <dt>
          <Trans>Total</Trans>
        </dt>
        <dd>{money(cost.totalMinor)}</dd>
      </Facts>
      <FigureChange change={cost.change} />
    </Panel>
  );
}

function Allowance({ dashboard }: { dashboard: Dashboard }) {
  const { t } = useLingui();
  const lang = useLang();
  const cost = dashboard.monthlyCost;
  const used = formatNumber(lang, cost.queriesUsed);
  const limit = formatNumber(lang, cost.allowance.count);
  const projected = formatNumber(lang, cost.projectedQueries);
  const projectedCost = formatMinor(lang, cost.projectedTotalMinor, cost.currency);
  const name = t`Allowance used`;
  const capped = cost.allowance.bound === 'up_to';
  return (
    <Panel>
      <PanelTitle>
        {name}
        <DefinitionTip name={name} definition={dashboardDefinitions.allowanceUsed} />
      </PanelTitle>
      <Line>
        {capped ? (
          <Trans>
            {used} of up to {limit} queries this month
          </Trans>
        ) : (
          <Trans>
            {used} queries this month; your plan includes more than {limit}
          </Trans>
        )}
      </Line>
      {capped && (
        <ProgressBar
          label={t`Allowance used`}
          hideLabel
          value={Math.min(cost.queriesUsed, cost.allowance.count)}
          max={Math.max(cost.allowance.count, 1)}
          tone={cost.queriesUsed > cost.allowance.count ? 'negative' : 'default'}
        />
      )}
      <Line>
        <Trans>
          At this pace: about {projected} queries and {projectedCost} by the end of the month
        </Trans>
        <DefinitionTip name={t`Projection`} definition={dashboardDefinitions.projection} />
      </Line>
    </Panel>
  );
}

function MessagesSent({ dashboard }: { dashboard: Dashboard }) {
  const { t } = useLingui();
  const lang = useLang();
  const { messages } = dashboard;
  const name = t`WhatsApp messages sent`;
  return (
    <Panel>
      <PanelTitle id="dashboard-messages-sent">
        {name}
        <DefinitionTip name={name} definition={dashboardDefinitions.messagesSent} />
      </PanelTitle>
      <Facts aria-labelledby="dashboard-messages-sent">
        <dt>
          <Trans>Utility</Trans>
        </dt>
        <dd>{formatNumber(lang, messages.utility.current ?? 0)}</dd>
        <dt>
          <Trans>Marketing</Trans>
        </dt>
        <dd>{formatNumber(lang, messages.marketing.current ?? 0)}</dd>
        <dt>
          <Trans>Of them, post-sale notices</Trans>
        </dt>
        <dd>{formatNumber(lang, messages.noticesSent.current ?? 0)}</dd>
        <dt>
          <Trans>Meta’s price</Trans>
          <DefinitionTip name={t`Meta’s price`} definition={dashboardDefinitions.messageCost} />
        </dt>
        {/* A total: in dollars and cents, as the Checkouts screen's messages' cost (micros: millionths of a dollar). */}
        <dd>{formatMicros(lang, messages.costMicros.current ?? 0, 'USD')}</dd>
      </Facts>
    </Panel>
  );
}

/** An AI base exists: the requests can be counted. */
export const hasAiSources = ({ sources }: Dashboard) => sources.aiBases > 0;

export function DashboardAiUse({ dashboard }: { dashboard: Dashboard }) {
  const { t } = useLingui();
  const lang = useLang();
  const { from, to } = formatRange(lang, dashboard.range);
  let body;
  if (!hasAiSources(dashboard)) {
    body = (
      <Notice variant="info">
        <Trans>Configure your first AI base to see its use here.</Trans>
      </Notice>
    );
  } else {
    const requests = dashboard.requests.current ?? 0;
    body = (
      <FigureGrid>
        {requests === 0 ? (
          <EmptyState
            headingLevel={3}
            title={<Trans>No AI requests in this period</Trans>}
            description={
              <Trans>
                Your AI bases answered no message from {from} to {to}.
              </Trans>
            }
          />
        ) : (
          <>
            <Figure name={t`Requests`} definition={dashboardDefinitions.requests} figure={dashboard.requests} kind="count" />
            <MediaTypes dashboard={dashboard} />
          </>
        )}
        <MonthlyCost dashboard={dashboard} />
        <Allowance dashboard={dashboard} />
        <MessagesSent dashboard={dashboard} />
      </FigureGrid>
    );
  }
  return (
    <section aria-labelledby="dashboard-ai-use">
      <SectionTitle id="dashboard-ai-use">
        <Trans>AI use</Trans>
      </SectionTitle>
      {body}
    </section>
  );
}
