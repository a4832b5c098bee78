// A page of the Checkouts list: when the shopper left it (their last activity at the checkout, which
// the period, the order and the export's left_at go by; the moment it counted as abandoned, a flow's
// first delay later, is on its timeline), who (first name and the number masked but its last four
// digits; one of Catalyst's own carts says which), the cart's total, where its recovery stands (the
// reminder last sent, why it was skipped or stopped) and how many reminders went; the shopper links
// to the checkout's timeline.
import type { MessageDescriptor } from '@lingui/core';
import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import type { CheckoutListItem } from '@/domain/checkout-list';
import { stopReasons, type SkipReason, type StopReason } from '@/domain/checkout-recovery';
import { formatDateTime, formatNumber } from '@/src/i18n/format';
import { useLang } from '@/src/i18n/use-lang';
import { Badge, type BadgeVariant } from '@/src/ui/badge';
import { Table } from '@/src/ui/table';
import { checkoutSourceNames, checkoutStatusNames, skipReasonNames, stopReasonNames } from '../checkout-messages';
import { formatMinor } from '@/src/i18n/money';
import { checkoutsSearch, type CheckoutsView } from '../checkout-search';

const statusVariants: Record<CheckoutListItem['status'], BadgeVariant> = {
  waiting: 'neutral',
  reminded: 'info',
  recovered: 'positive',
  lost: 'warning',
  opted_out: 'negative',
  skipped: 'neutral',
};

/** Why, in words: a skipped checkout's reason, else why its reminders stopped. */
function reasonName(item: CheckoutListItem): MessageDescriptor | null {
  if (item.reason === null) return null;
  if (item.status === 'skipped') return skipReasonNames[item.reason as SkipReason] ?? null;
  return (stopReasons as readonly string[]).includes(item.reason) ? stopReasonNames[item.reason as StopReason] : null;
}

/** `view`: the list the rows are of; each shopper links to its checkout's timeline, the list kept for the way back. */
export function CheckoutTable({ items, view }: { items: readonly CheckoutListItem[]; view?: CheckoutsView }) {
  const { t, i18n } = useLingui();
  const lang = useLang();
  return (
    <Table
      caption={t`Abandoned checkouts`}
      hideCaption
      rows={items}
      rowKey={(item) => item.id}
      emptyMessage={<Trans>No checkout matches.</Trans>}
      columns={[
        { key: 'left', header: t`Last activity`, render: (item) => formatDateTime(lang, new Date(item.lastActivityAt)) },
        {
          key: 'shopper',
          header: t`Shopper`,
          isRowHeader: true,
          render: (item) => {
            const who = [item.firstName, item.phone].filter(Boolean).join(' · ') || t`A shopper`;
            // A store's checkout is the usual case; one of Catalyst's own carts says which.
            const source = item.source && item.source !== 'store' ? <small> · {i18n._(checkoutSourceNames[item.source])}</small> : null;
            return view ? (
              <>
                <Link to="/$lang/checkouts" params={{ lang }} search={checkoutsSearch({ ...view, checkoutId: item.id })}>
                  {who}
                </Link>
                {source}
              </>
            ) : (
              <>
                {who}
                {source}
              </>
            );
          },
        },
        {
          key: 'total',
          header: t`Total`,
          align: 'end',
          render: (item) => (item.totalMinor !== null && item.currency ? formatMinor(lang, item.totalMinor, item.currency) : '—'),
        },
        {
          key: 'status',
          header: t`Status`,
          render: (item) => {
            const reason = reasonName(item);
            return (
              <>
                <Badge variant={statusVariants[item.status]}>{i18n._(checkoutStatusNames[item.status])}</Badge>
                {reason && <> {i18n._(reason)}</>}
              </>
            );
          },
        },
        { key: 'reminders', header: t`Reminders`, align: 'end', render: (item) => formatNumber(lang, item.remindersSent) },
      ]}
    />
  );
}
