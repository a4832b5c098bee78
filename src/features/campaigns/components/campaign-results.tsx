// A campaign's results beside the previous campaign's: messages planned, waiting, sent, delivered,
// read and failed (each reason named), replies, orders and their revenue by currency within the
// attribution window, the cost in US dollars, and the return on it — or why there is none.
import type { ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { CAMPAIGN_ATTRIBUTION_DAYS, type CampaignFigures, type CampaignResults as Results } from '@/domain/campaign';
import type { ReturnWithheld } from '@/domain/checkout-list';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { formatNumber } from '@/src/i18n/format';
import { useLang } from '@/src/i18n/use-lang';
import { Table } from '@/src/ui/table';
import { formatMoneyMinor, formatReturn, formatUsdMicros } from '../campaign-format';
import { campaignSendReasonName } from '../campaign-send-reasons';

const returnWithheldTexts: Record<ReturnWithheld, MessageDescriptor> = {
  no_cost: msg`none: nothing was spent yet`,
  several_currencies: msg`none: the revenue is in several currencies`,
  other_currency: msg`none: the revenue is not in US dollars, and no exchange rate is assumed`,
};

type Row = { key: string; label: ReactNode; value: (figures: CampaignFigures) => ReactNode };

export function CampaignResults({ results }: { results: Results }) {
  const { t, i18n } = useLingui();
  const lang = useLang();
  const number = (value: number) => formatNumber(lang, value);
  const { figures, previous } = results;
  const reasons = [...new Set([...figures.failedByReason, ...(previous?.figures.failedByReason ?? [])].map((entry) => entry.reason))];
  const days = CAMPAIGN_ATTRIBUTION_DAYS;
  const rows: Row[] = [
    { key: 'planned', label: <Trans>Messages planned</Trans>, value: (f) => number(f.planned) },
    { key: 'queued', label: <Trans>Waiting their turn</Trans>, value: (f) => number(f.queued) },
    { key: 'sent', label: <Trans context="campaign results: how many messages">Sent</Trans>, value: (f) => number(f.sent) },
    { key: 'delivered', label: <Trans>Delivered</Trans>, value: (f) => number(f.delivered) },
    { key: 'read', label: <Trans>Read</Trans>, value: (f) => number(f.read) },
    { key: 'failed', label: <Trans context="campaign results: how many messages">Failed</Trans>, value: (f) => number(f.failed) },
    ...reasons.map((reason) => ({
      key: `failed:${reason}`,
      label: <Trans>Failed: {i18n._(campaignSendReasonName(reason))}</Trans>,
      value: (f: CampaignFigures) => number(f.failedByReason.find((entry) => entry.reason === reason)?.count ?? 0),
    })),
    { key: 'replies', label: <Trans>Replies</Trans>, value: (f) => number(f.replies) },
    { key: 'clicks', label: <Trans>Catalog link opened</Trans>, value: (f) => number(f.clicks) },
    { key: 'orders', label: <Trans>Orders within {days} days</Trans>, value: (f) => number(f.orders) },
    {
      key: 'revenue',
      label: <Trans>Revenue</Trans>,
      value: (f) =>
        f.revenue.length === 0 ? '—' : f.revenue.map((entry) => formatMoneyMinor(lang, entry.totalMinor, entry.currency)).join(' + '),
    },
    { key: 'cost', label: <Trans>Cost (US dollars)</Trans>, value: (f) => formatUsdMicros(lang, f.costMicros) },
    {
      key: 'return',
      label: <Trans>Return on cost</Trans>,
      value: (f) =>
        f.returnOnCost !== null
          ? formatReturn(lang, f.returnOnCost)
          : `— ${f.returnWithheld ? i18n._(returnWithheldTexts[f.returnWithheld]) : ''}`.trim(),
    },
  ];
  return (
    <Table
      caption={t`Results`}
      rowKey={(row) => row.key}
      rows={rows}
      columns={[
        { key: 'figure', header: t`Figure`, isRowHeader: true, render: (row) => row.label },
        { key: 'this', header: t`This campaign`, align: 'end', render: (row) => row.value(figures) },
        {
          key: 'previous',
          header: previous ? t`Previous: ${previous.name}` : t`Previous campaign`,
          align: 'end',
          render: (row) => (previous ? row.value(previous.figures) : '—'),
        },
      ]}
    />
  );
}
