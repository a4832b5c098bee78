// `/checkouts`: checkout recovery for one inventory at a time (the URL's, else the account's first):
// the period's figures and the list of abandoned checkouts, then the inventory's recovery flow. With
// no inventory yet, the way to make one. One checkout's timeline shows in place of the list; the
// list's rows (its filters and search) export as CSV. The inventories are read once; what is shown lives in the URL.
import { useMemo, useState } from 'react';
import { Link, useNavigate, useRouter, useSearch } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import styled from 'styled-components';
import type { Inventory } from '@/domain/inventory';
import { useRead } from '@/src/api/use-read';
import { useLang } from '@/src/i18n/use-lang';
import { Button } from '@/src/ui/button';
import { EmptyState } from '@/src/ui/empty-state';
import { Notice } from '@/src/ui/notice';
import { PageFrame } from '@/src/ui/page-frame';
import { PrimaryLink } from '@/src/ui/primary-link';
import { Skeleton } from '@/src/ui/skeleton';
import { checkoutInventoriesApi } from '../api/checkout-inventories-api';
import { checkoutsSearch, checkoutsViewOf, type CheckoutsView } from '../checkout-search';
import { CheckoutDetail } from './checkout-detail';
import { CheckoutExportButton } from './checkout-export-button';
import { CheckoutFilters, CheckoutScope } from './checkout-filters';
import { CheckoutResults } from './checkout-results';
import { RecoveryFlowSection } from './recovery-flow-card';

const Stack = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(6)};
`;

const Bar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space(3)};
`;

const Part = styled.section`
  display: grid;
  gap: ${({ theme }) => theme.space(4)};

  h2 {
    margin: 0;
    font-size: ${({ theme }) => theme.font.size.lg};
    color: ${({ theme }) => theme.colors.primary};
  }
`;

export function CheckoutsPage() {
  const [attempt, setAttempt] = useState(0);
  return (
    <PageFrame title={<Trans>Checkouts</Trans>}>
      <InventoriesRead key={attempt} onRetry={() => setAttempt((n) => n + 1)} />
    </PageFrame>
  );
}

function InventoriesRead({ onRetry }: { onRetry: () => void }) {
  const { t } = useLingui();
  const { api } = useRouter().options.context;
  const read = useRead<Inventory[]>((signal) => checkoutInventoriesApi(api).list(signal));
  if (read.status === 'loading') return <Skeleton block lines={4} label={t`Loading the inventories`} />;
  if (read.status === 'failed')
    return (
      <Notice variant="negative" title={<Trans>The inventories could not be loaded.</Trans>}>
        <Button variant="secondary" onClick={onRetry}>
          <Trans>Try again</Trans>
        </Button>
      </Notice>
    );
  if (read.value.length === 0) return <NoInventory />;
  return <CheckoutsOf inventories={read.value} />;
}

function CheckoutsOf({ inventories }: { inventories: Inventory[] }) {
  const lang = useLang();
  const navigate = useNavigate();
  // Not strict: the view also renders alone in tests, under a bare `$lang` route.
  const search = useSearch({ strict: false });
  const searchKey = JSON.stringify(search);
  const asked = useMemo(() => checkoutsViewOf(JSON.parse(searchKey)), [searchKey]);
  // An inventory not (or no longer) the account's shows the first one.
  const inventory = inventories.find((candidate) => candidate.id === asked.inventoryId) ?? inventories[0]!;
  const view = { ...asked, inventoryId: inventory.id };
  const { name } = inventory;
  const go = (next: CheckoutsView) => void navigate({ to: '/$lang/checkouts', params: { lang }, search: checkoutsSearch(next) });
  return (
    <Stack>
      <Bar>
        <CheckoutScope view={view} inventories={inventories} onChange={go} />
        <CheckoutExportButton view={view} />
      </Bar>
      <Part aria-labelledby="checkouts-list">
        <h2 id="checkouts-list">
          <Trans>Abandoned checkouts of {name}</Trans>
        </h2>
        {view.checkoutId ? (
          <CheckoutDetail key={view.checkoutId} view={{ ...view, checkoutId: view.checkoutId }} />
        ) : (
          <>
            <CheckoutFilters view={view} onChange={go} />
            {/* Mounted anew for each inventory, period, filter and page: each is read once. */}
            <CheckoutResults key={JSON.stringify(view)} view={view} />
          </>
        )}
      </Part>
      <RecoveryFlowSection inventoryId={inventory.id} />
    </Stack>
  );
}

function NoInventory() {
  const lang = useLang();
  return (
    <EmptyState
      title={<Trans>No inventory yet</Trans>}
      description={
        <Trans>
          Checkout recovery works on a Shopify store linked as an inventory: Catalyst sees the checkouts its shoppers leave and reminds them
          on WhatsApp.
        </Trans>
      }
      action={
        <PrimaryLink>
          <Link to="/$lang/inventory" params={{ lang }}>
            <Trans>Add an inventory</Trans>
          </Link>
        </PrimaryLink>
      }
    />
  );
}
