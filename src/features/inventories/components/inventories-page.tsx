// `/inventories`: the merchant's inventories, configured ones first, then those in configuration,
// each with its sync status and last update; 'Configure new inventory' opens the wizard, which
// asks for the name first (`/inventory`). The list is read when the screen opens (the route has no
// loader): a failed read says so and can be tried again.
import { useMemo, useState } from 'react';
import { Link, useRouter } from '@tanstack/react-router';
import { useActor } from '@xstate/react';
import { fromPromise } from 'xstate';
import { Trans, useLingui } from '@lingui/react/macro';
import styled from 'styled-components';
import type { Inventory, InventoryStatus } from '@/domain/inventory';
import { PageFrame } from '@/src/ui/page-frame';
import { useLang } from '@/src/i18n/use-lang';
import { Button } from '@/src/ui/button';
import { EmptyState } from '@/src/ui/empty-state';
import { Notice } from '@/src/ui/notice';
import { Skeleton } from '@/src/ui/skeleton';
import { inventoryListApi } from '../api/inventory-list-api';
import { inventorySectionTitles } from '../sync-messages';
import { InventoryCard } from './inventory-card';
import { PrimaryLink } from '@/src/ui/primary-link';

/** The list's sections, in this order; a status without inventories has none. */
const sectionOrder: readonly InventoryStatus[] = ['configured', 'configuring'];

const Sections = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(8)};
`;

const Grid = styled.ul`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(min(280px, 100%), 1fr));
  gap: ${({ theme }) => theme.space(4)};
  margin: 0;
  padding: 0;
  list-style: none;
`;

const SectionTitle = styled.h2`
  margin: 0 0 ${({ theme }) => theme.space(3)};
  font-size: ${({ theme }) => theme.font.size.lg};
  color: ${({ theme }) => theme.colors.primary};
`;

function NewInventory() {
  const lang = useLang();
  return (
    <PrimaryLink>
      <Link to="/$lang/inventory" params={{ lang }}>
        <Trans>Configure new inventory</Trans>
      </Link>
    </PrimaryLink>
  );
}

function Section({ status, inventories }: { status: InventoryStatus; inventories: Inventory[] }) {
  const { i18n } = useLingui();
  if (inventories.length === 0) return null;
  const id = `${status}-inventories`;
  return (
    <section aria-labelledby={id}>
      <SectionTitle id={id}>{i18n._(inventorySectionTitles[status])}</SectionTitle>
      <Grid>
        {inventories.map((inventory) => (
          <li key={inventory.id}>
            <InventoryCard inventory={inventory} />
          </li>
        ))}
      </Grid>
    </section>
  );
}

/** One read of the list (a retry mounts a new one). */
function InventoryList({ onRetry }: { onRetry: () => void }) {
  const { t } = useLingui();
  const { api } = useRouter().options.context;
  const logic = useMemo(
    () =>
      // A failed read is an answer to show (useActor would throw the rejection to the route's error page).
      fromPromise<Inventory[] | 'failed'>(({ signal }) =>
        inventoryListApi(api)
          .list(signal)
          .catch(() => 'failed' as const),
      ),
    [api],
  );
  const [snapshot] = useActor(logic);

  if (snapshot.status === 'active') return <Skeleton block lines={3} label={t`Loading the inventories`} />;
  if (snapshot.output === 'failed' || !snapshot.output) {
    return (
      <Notice variant="negative" title={<Trans>The inventories could not be loaded.</Trans>}>
        <Button variant="secondary" onClick={onRetry}>
          <Trans>Try again</Trans>
        </Button>
      </Notice>
    );
  }
  const inventories = snapshot.output;
  if (inventories.length === 0) {
    return (
      <EmptyState
        title={<Trans>No inventories yet</Trans>}
        description={<Trans>Configure your first inventory to share your Shopify catalog on WhatsApp.</Trans>}
        action={<NewInventory />}
      />
    );
  }
  return (
    <Sections>
      {sectionOrder.map((status) => (
        <Section key={status} status={status} inventories={inventories.filter((inventory) => inventory.status === status)} />
      ))}
    </Sections>
  );
}

export function InventoriesPage() {
  const [attempt, setAttempt] = useState(0);
  return (
    <PageFrame title={<Trans>Inventories</Trans>} actions={<NewInventory />}>
      <InventoryList key={attempt} onRetry={() => setAttempt((n) => n + 1)} />
    </PageFrame>
  );
}
