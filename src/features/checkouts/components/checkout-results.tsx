// The period's figures and the page of the list the URL asks for: read when shown (again when the
// inventory, period, filter, search or page changes: the page mounts it anew), then the figures, the
// table and the pager; before any checkout was left, a sentence on what will show here. A failed
// read says so and can be tried again.
import { useState } from 'react';
import { useRouter } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import type { CheckoutList } from '@/domain/checkout-list';
import { useRead } from '@/src/api/use-read';
import { Button } from '@/src/ui/button';
import { EmptyState } from '@/src/ui/empty-state';
import { Notice } from '@/src/ui/notice';
import { Skeleton } from '@/src/ui/skeleton';
import { checkoutListApi } from '../api/checkout-list-api';
import { isNarrowed, type CheckoutsView } from '../checkout-search';
import { CheckoutFigures } from './checkout-figures';
import { CheckoutPager } from './checkout-pager';
import { CheckoutTable } from './checkout-table';

type Props = { view: CheckoutsView & { inventoryId: string } };

export function CheckoutResults({ view }: Props) {
  const [attempt, setAttempt] = useState(0);
  return <ResultsRead key={attempt} view={view} onRetry={() => setAttempt((n) => n + 1)} />;
}

function ResultsRead({ view, onRetry }: Props & { onRetry: () => void }) {
  const { t } = useLingui();
  const { api } = useRouter().options.context;
  const read = useRead<CheckoutList>((signal) => checkoutListApi(api).list(view, new Date(), signal));
  if (read.status === 'loading') return <Skeleton block lines={4} label={t`Loading the checkouts`} />;
  if (read.status === 'failed')
    return (
      <Notice variant="negative" title={<Trans>The checkouts could not be loaded.</Trans>}>
        <Button variant="secondary" onClick={onRetry}>
          <Trans>Try again</Trans>
        </Button>
      </Notice>
    );
  const { figures, items, total, pageSize } = read.value;
  return (
    <>
      <CheckoutFigures figures={figures} />
      {figures.abandoned === 0 && !isNarrowed(view) ? (
        <EmptyState
          title={<Trans>No abandoned checkout in this period</Trans>}
          description={
            <Trans>
              A checkout shows here once a shopper leaves it with a phone number and no order, after the first reminder’s delay — whether or
              not recovery is on, so you see what it would reach.
            </Trans>
          }
        />
      ) : (
        <>
          <CheckoutTable items={items} view={view} />
          <CheckoutPager view={view} total={total} pageSize={pageSize} />
        </>
      )}
    </>
  );
}
