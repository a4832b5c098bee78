// One abandoned checkout instead of the list (`?checkout=<id>`): who left it (the number masked but
// its last four digits) and where it came from, what it held and its total, where its recovery
// stands, and its timeline — the shopper's steps, recovery's decisions, each reminder with its
// template and delivery, the discount code made for it, the order. A link back to the list keeps its
// filters.
import { useState } from 'react';
import { Link, useRouter } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import styled from 'styled-components';
import type { CheckoutDetail as Detail, CheckoutTimelineEvent } from '@/domain/checkout-list';
import { useRead } from '@/src/api/use-read';
import { formatDateTime, formatNumber } from '@/src/i18n/format';
import { useLang } from '@/src/i18n/use-lang';
import { Button } from '@/src/ui/button';
import { Card } from '@/src/ui/card';
import { Notice } from '@/src/ui/notice';
import { Skeleton } from '@/src/ui/skeleton';
import { checkoutDetailApi } from '../api/checkout-detail-api';
import { checkoutSourceNames, checkoutStatusNames, sendStatusNames, skipReasonNames, stopReasonNames } from '../checkout-messages';
import { formatMinor } from '@/src/i18n/money';
import { sendReasonName } from '../send-reason-names';
import { checkoutsSearch, type CheckoutsView } from '../checkout-search';

const Timeline = styled.ol`
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
  margin: 0;
  padding: 0;
  list-style: none;

  li {
    display: grid;
    gap: ${({ theme }) => theme.space(1)};
    padding-inline-start: ${({ theme }) => theme.space(4)};
    border-inline-start: 3px solid ${({ theme }) => theme.colors.border};
  }
  time,
  small {
    color: ${({ theme }) => theme.colors.muted};
    font-size: ${({ theme }) => theme.font.size.sm};
  }
`;

const Facts = styled.p`
  margin: 0;
`;

type Props = { view: CheckoutsView & { checkoutId: string } };

export function CheckoutDetail({ view }: Props) {
  const [attempt, setAttempt] = useState(0);
  const lang = useLang();
  return (
    <>
      <p>
        <Link to="/$lang/checkouts" params={{ lang }} search={checkoutsSearch({ ...view, checkoutId: null })}>
          <Trans>Back to the list</Trans>
        </Link>
      </p>
      <DetailRead key={attempt} checkoutId={view.checkoutId} onRetry={() => setAttempt((n) => n + 1)} />
    </>
  );
}

function DetailRead({ checkoutId, onRetry }: { checkoutId: string; onRetry: () => void }) {
  const { t } = useLingui();
  const { api } = useRouter().options.context;
  const read = useRead<Detail>((signal) => checkoutDetailApi(api).read(checkoutId, signal));
  if (read.status === 'loading') return <Skeleton block lines={4} label={t`Loading the checkout`} />;
  if (read.status === 'failed')
    return (
      <Notice variant="negative" title={<Trans>The checkout could not be loaded.</Trans>}>
        <Button variant="secondary" onClick={onRetry}>
          <Trans>Try again</Trans>
        </Button>
      </Notice>
    );
  return <CheckoutDetailCard detail={read.value} />;
}

export function CheckoutDetailCard({ detail }: { detail: Detail }) {
  const { t, i18n } = useLingui();
  const lang = useLang();
  const who = [detail.firstName, detail.phone].filter(Boolean).join(' · ') || t`A shopper`;
  const total = detail.totalMinor !== null && detail.currency ? formatMinor(lang, detail.totalMinor, detail.currency) : '—';
  const status = i18n._(checkoutStatusNames[detail.status]);
  const source = detail.source ? i18n._(checkoutSourceNames[detail.source]) : null;
  return (
    <Card title={who} description={detail.inventoryName}>
      <Facts>
        <Trans>
          Total {total} · {status}
        </Trans>
      </Facts>
      {source && (
        <Facts>
          <Trans>Source: {source}</Trans>
        </Facts>
      )}
      {detail.lines.length > 0 && (
        <ul aria-label={t`In the cart`}>
          {detail.lines.map((line, at) => (
            <li key={at}>
              {formatNumber(lang, line.quantity)} × {line.title}
            </li>
          ))}
        </ul>
      )}
      <Timeline aria-label={t`Timeline`}>
        {detail.timeline.map((event, at) => (
          <li key={at}>
            {event.at && <time dateTime={event.at}>{formatDateTime(lang, new Date(event.at))}</time>}
            <TimelineText event={event} />
          </li>
        ))}
      </Timeline>
    </Card>
  );
}

function TimelineText({ event }: { event: CheckoutTimelineEvent }) {
  const { i18n } = useLingui();
  switch (event.kind) {
    case 'started':
      return <Trans>Started the checkout</Trans>;
    case 'last_activity':
      return <Trans>Last change at the checkout</Trans>;
    case 'abandoned':
      return <Trans>Counted as abandoned</Trans>;
    case 'reminder': {
      const { step, templateName } = event;
      const delivery = i18n._(sendStatusNames[event.status]);
      return (
        <span>
          <Trans>
            Reminder {step} ({templateName}): {delivery}
          </Trans>
          {event.reason && <small> · {i18n._(sendReasonName(event.reason))}</small>}
        </span>
      );
    }
    case 'discount_code': {
      const { step, code } = event;
      return (
        <Trans>
          Discount code {code} made for reminder {step}
        </Trans>
      );
    }
    case 'skipped': {
      const reason = i18n._(skipReasonNames[event.reason]);
      return <Trans>Not reminded: {reason}</Trans>;
    }
    case 'stopped': {
      const reason = i18n._(stopReasonNames[event.reason]);
      return <Trans>Reminders stopped: {reason}</Trans>;
    }
    case 'completed':
      return <Trans>Order placed</Trans>;
    case 'recovered':
      return <Trans>Recovered: the order followed a reminder</Trans>;
    case 'lost':
      return <Trans>Lost: no order after the last reminder</Trans>;
  }
}
