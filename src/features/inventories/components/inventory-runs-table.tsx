// The inventory's last syncs, newest first: when each started and, below, how (first, hourly, Sync
// now), how it ended (with the reason of a failure), how long it took, what it read on each side and
// what changed since the run before. Seven columns, whose texts wrap between words, so that
// the table fits a laptop's screen; on a phone it scrolls in its own box.
import type { I18n } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import styled from 'styled-components';
import type { SyncRun } from '@/domain/inventory-sync';
import type { Locale } from '@/domain/locales';
import { formatNumber } from '@/src/i18n/format';
import { useLang } from '@/src/i18n/use-lang';
import { Badge, type BadgeVariant } from '@/src/ui/badge';
import { Table, type TableColumn } from '@/src/ui/table';
import { syncRunStatusNames, syncTriggerNames } from '../sync-messages';
import { formatDateTime, syncFailureText } from './inventory-sync-status';

const runBadges: Record<SyncRun['status'], BadgeVariant> = { running: 'info', succeeded: 'positive', failed: 'negative' };

const Nowrap = styled.span`
  white-space: nowrap;
`;

const Trigger = styled.span`
  display: block;
  font-weight: 400;
  color: ${({ theme }) => theme.colors.muted};
`;

const Reason = styled.span`
  display: block;
  margin-top: ${({ theme }) => theme.space(1)};
  color: ${({ theme }) => theme.colors.negative};
`;

const Changes = styled.ul`
  margin: 0;
  padding: 0;
  list-style: none;
  white-space: nowrap;
`;

/** `4.2 s`, `2 min 5 s` in the page's language. */
export function formatDuration(lang: Locale, ms: number): string {
  const unit = (value: number, name: 'second' | 'minute', digits = 0) =>
    formatNumber(lang, value, { style: 'unit', unit: name, unitDisplay: 'short', maximumFractionDigits: digits });
  if (ms < 60_000) return unit(ms / 1000, 'second', ms < 10_000 ? 1 : 0);
  const seconds = Math.round(ms / 1000);
  return `${unit(Math.floor(seconds / 60), 'minute')} ${unit(seconds % 60, 'second')}`;
}

function count(i18n: I18n, value: number | undefined) {
  return value === undefined ? '—' : i18n.number(value);
}

export function InventoryRunsTable({ runs }: { runs: readonly SyncRun[] }) {
  const { i18n } = useLingui();
  const lang = useLang();
  const columns: TableColumn<SyncRun>[] = [
    {
      key: 'startedAt',
      header: <Trans>Started</Trans>,
      isRowHeader: true,
      render: (run) => (
        <>
          <time dateTime={run.startedAt}>{formatDateTime(lang, run.startedAt, { dateStyle: 'short', timeStyle: 'medium' })}</time>
          <Trigger>{i18n._(syncTriggerNames[run.trigger])}</Trigger>
        </>
      ),
    },
    {
      key: 'status',
      header: <Trans>Result</Trans>,
      render: (run) => (
        <>
          <Badge variant={runBadges[run.status]}>{i18n._(syncRunStatusNames[run.status])}</Badge>
          {run.status === 'failed' && <Reason>{syncFailureText(i18n, run.failure)}</Reason>}
        </>
      ),
    },
    {
      key: 'duration',
      header: <Trans>Duration</Trans>,
      align: 'end',
      render: (run) => <Nowrap>{run.durationMs === null ? '—' : formatDuration(lang, run.durationMs)}</Nowrap>,
    },
    { key: 'variants', header: <Trans>Store variants</Trans>, align: 'end', render: (run) => count(i18n, run.report?.counts.variants) },
    {
      key: 'catalogItems',
      header: <Trans>Catalog items</Trans>,
      align: 'end',
      render: (run) => count(i18n, run.report?.counts.catalogItems),
    },
    { key: 'matched', header: <Trans>Matched</Trans>, align: 'end', render: (run) => count(i18n, run.report?.counts.matched) },
    {
      key: 'changes',
      header: <Trans>Changes</Trans>,
      render: (run) => {
        if (!run.report) return '—';
        const { added, removed, priceChanged, wentOutOfStock } = run.report.counts;
        return (
          <Changes>
            <li>
              <Trans>Added: {added}</Trans>
            </li>
            <li>
              <Trans>Removed: {removed}</Trans>
            </li>
            <li>
              <Trans>Price changed: {priceChanged}</Trans>
            </li>
            <li>
              <Trans>Out of stock: {wentOutOfStock}</Trans>
            </li>
          </Changes>
        );
      },
    },
  ];
  return (
    <Table
      caption={<Trans>Last syncs</Trans>}
      hideCaption
      columns={columns}
      rows={runs}
      rowKey={(run) => run.id}
      emptyMessage={<Trans>No sync has run yet.</Trans>}
    />
  );
}
