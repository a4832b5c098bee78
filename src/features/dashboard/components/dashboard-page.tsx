// `/dashboard`, the merchant's first screen: what Catalyst brought (results), what it cost
// (AI use), and what to configure next (action cards), over a range and filters kept in the URL. The
// dashboard machine reads GET /api/v1/dashboard: a skeleton before the first answer, the last figures
// kept (marked as updating) while a new range or filter is read, a notice with a retry when a read
// fails. The days are the account's (the zone the answer names, shown with a link to Settings).
import { lazy, Suspense, useEffect, useMemo, useState, type ReactNode } from 'react';
import { Link, useMatch, useNavigate, useRouter, useSearch } from '@tanstack/react-router';
import { useActor, useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { Trans, useLingui } from '@lingui/react/macro';
import styled from 'styled-components';
import type { Dashboard } from '@/domain/dashboard';
import type { Locale } from '@/domain/locales';
import { localeCurrency } from '@/domain/plans';
import { dashboardMachine, dashboardQueryOf, type DashboardFailureKind, type DashboardSelection } from '@/machines/dashboard';
import { useLang } from '@/src/i18n/use-lang';
import { PageFrame } from '@/src/ui/page-frame';
import { Button } from '@/src/ui/button';
import { Notice } from '@/src/ui/notice';
import { Skeleton } from '@/src/ui/skeleton';
import { loadDashboardActor } from '../api/dashboard-api';
import { downloadDashboardCsv } from '../api/dashboard-csv-api';
import { dashboardFiltersApi, type DashboardFilterChoices } from '../api/dashboard-filters-api';
import { browserZone } from '../browser-zone';
import { searchOf, selectionOf } from '../dashboard-search';
import { DashboardActions } from './dashboard-actions';
import { DashboardAiUse, hasAiSources } from './dashboard-ai-use';
import { DashboardControls } from './dashboard-controls';
import { DashboardResults, hasResultSources } from './dashboard-results';
import { DashboardWidget } from './dashboard-widget';

// The charts and their chart library (uPlot) load with the figures, on this route only.
const DashboardCharts = lazy(() => import('./dashboard-charts'));

const Stack = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(6)};
  min-width: 0;
`;

const Figures = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(8)};
  min-width: 0;
  transition: opacity 0.2s;
  &[aria-busy='true'] {
    opacity: 0.6;
  }
`;

const Small = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.muted};
  font-size: ${({ theme }) => theme.font.size.sm};
  a {
    color: ${({ theme }) => theme.colors.info};
  }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
`;

export function DashboardPage() {
  const lang = useLang();
  // The page's language decides the currency of the plan's prices: another language is another machine.
  return <DashboardScreen key={lang} lang={lang} />;
}

function FailureText({ kind }: { kind: DashboardFailureKind }) {
  switch (kind) {
    case 'offline':
      return <Trans>No answer came: check your connection and try again.</Trans>;
    case 'not_found':
      return <Trans>A filter names an inventory, AI base or channel that no longer exists.</Trans>;
    case 'unknown':
      return <Trans>Something went wrong on our side. Try again in a moment.</Trans>;
  }
}

/** The lists the filters choose from (a failure leaves the filters off; the figures do not depend on them). */
function useFilterChoices(): DashboardFilterChoices | null | 'failed' {
  const { api } = useRouter().options.context;
  const logic = useMemo(
    () =>
      fromPromise<DashboardFilterChoices | 'failed'>(({ signal }) =>
        dashboardFiltersApi(api)
          .read(signal)
          // Stopped meanwhile (StrictMode's second mount reads again): this run's end is no one's news.
          .catch(() => (signal.aborted ? new Promise<never>(() => {}) : ('failed' as const))),
      ),
    [api],
  );
  const [snapshot] = useActor(logic);
  return snapshot.status === 'done' && snapshot.output ? snapshot.output : null;
}

function CsvDownload({
  dashboard,
  selection,
  tz,
  lang,
}: {
  dashboard: Dashboard;
  selection: DashboardSelection;
  tz: string;
  lang: Locale;
}) {
  const { auth, runtimeConfig } = useRouter().options.context;
  const [state, setState] = useState<'idle' | 'busy' | 'failed'>('idle');
  const download = async () => {
    setState('busy');
    // The days shown (the account's), the filters shown.
    const query = dashboardQueryOf(
      {
        selection: { ...selection, range: 'custom', custom: { from: dashboard.range.from, to: dashboard.range.to } },
        zone: dashboard.range.tz,
        tz,
        currency: localeCurrency[lang],
      },
      dashboard.range.to,
    );
    try {
      await downloadDashboardCsv({ apiBaseUrl: runtimeConfig.apiBaseUrl, getIdToken: () => auth.getIdToken() }, query);
      setState('idle');
    } catch {
      setState('failed');
    }
  };
  return (
    <>
      <Button variant="secondary" onClick={download} loading={state === 'busy'}>
        <Trans>Download CSV</Trans>
      </Button>
      {state === 'failed' && (
        <Notice variant="negative" onDismiss={() => setState('idle')}>
          <Trans>The CSV could not be downloaded. Try again.</Trans>
        </Notice>
      )}
    </>
  );
}

function DashboardScreen({ lang }: { lang: Locale }) {
  const { t } = useLingui();
  const { api } = useRouter().options.context;
  // Not strict: the view also renders alone in tests, under a bare `$lang` route.
  const search = useSearch({ strict: false });
  const navigate = useNavigate();
  const searchKey = JSON.stringify(search);
  const selection = useMemo(() => selectionOf(JSON.parse(searchKey)), [searchKey]);
  const logic = useMemo(() => dashboardMachine.provide({ actors: { loadDashboard: loadDashboardActor(api) } }), [api]);
  const [snapshot, send] = useMachine(logic, { input: { selection, browserZone: browserZone(), currency: localeCurrency[lang] } });
  const choices = useFilterChoices();
  // The plan's number of AI bases, from the signed-in layout's account (absent when the view renders alone).
  const account = useMatch({ from: '/$lang/_app', shouldThrow: false })?.loaderData;
  // The URL changed (a pick here, back and forward): the machine reads the new selection (the same one is ignored).
  useEffect(() => send({ type: 'SELECT', selection }), [selection, send]);

  const select = (next: DashboardSelection) => void navigate({ to: '/$lang/dashboard', params: { lang }, search: searchOf(next) });
  const { dashboard, failure, tz } = snapshot.context;
  const refreshing = snapshot.hasTag('refreshing');

  let body: ReactNode;
  if (snapshot.hasTag('loading')) {
    body = <Skeleton block lines={4} label={t`Loading the dashboard`} />;
  } else if (snapshot.hasTag('failed')) {
    body = (
      <Notice variant="negative" title={<Trans>The dashboard could not be loaded.</Trans>}>
        <p>
          <FailureText kind={failure?.kind ?? 'unknown'} />
        </p>
        <Actions>
          <Button variant="secondary" onClick={() => send({ type: 'RETRY' })}>
            <Trans>Try again</Trans>
          </Button>
          {failure?.kind === 'not_found' && (
            <Button variant="ghost" onClick={() => select({ ...selection, inventory: null, aiBase: null, channel: null })}>
              <Trans>Clear the filters</Trans>
            </Button>
          )}
        </Actions>
      </Notice>
    );
  } else if (dashboard) {
    const zone = dashboard.range.tz;
    body = (
      <Figures aria-busy={refreshing}>
        <Small>
          <span>
            <Trans>Days in {zone} time.</Trans>
          </span>{' '}
          <Link to="/$lang/settings" params={{ lang }}>
            <Trans>Change the time zone</Trans>
          </Link>
        </Small>
        {!hasResultSources(dashboard) && !hasAiSources(dashboard) ? (
          <Notice variant="info">
            <Trans>Configure your first AI base and inventory to see your results here.</Trans>
          </Notice>
        ) : (
          <>
            <DashboardResults dashboard={dashboard} />
            <DashboardWidget dashboard={dashboard} />
            <DashboardAiUse dashboard={dashboard} />
            <Suspense fallback={<Skeleton block lines={2} label={t`Loading the charts`} />}>
              <DashboardCharts
                days={dashboard.days}
                lang={lang}
                convertedCurrency={dashboard.convertedCurrency}
                areas={{ results: hasResultSources(dashboard), aiUse: hasAiSources(dashboard) }}
              />
            </Suspense>
          </>
        )}
        <DashboardActions sources={dashboard.sources} planAiBases={account?.limits.aiBases ?? null} />
      </Figures>
    );
  }

  return (
    <PageFrame
      title={<Trans>Dashboard</Trans>}
      actions={
        dashboard && snapshot.matches('ready') ? (
          <CsvDownload dashboard={dashboard} selection={snapshot.context.selection} tz={tz} lang={lang} />
        ) : null
      }
    >
      <Stack>
        <DashboardControls
          selection={selection}
          shownRange={dashboard ? { from: dashboard.range.from, to: dashboard.range.to } : null}
          choices={choices}
          onSelect={select}
        />
        <div role="status" aria-live="polite">
          {refreshing && (
            <Small>
              <Trans>Updating the figures…</Trans>
            </Small>
          )}
        </div>
        {body}
      </Stack>
    </PageFrame>
  );
}
