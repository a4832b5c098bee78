// 'Inventory sync' on the inventory screen, bound to the inventory-sync machine: the last update, what
// the inventory's links converted (the store's orders from Catalyst carts, as of the last sync) and
// the sync status (pending synchronization, syncing, synced, failed with its reason), 'Sync now'
// (refused within a minute of the last run: it says when it can be asked again), the last runs with
// their counts and duration, the latest report, and the products table. The status is watched
// while a sync is underway, not while the page is hidden (the page's visibility is sent to the
// machine); the view itself holds no flow of its own.
import { useEffect, useId } from 'react';
import { useRouter } from '@tanstack/react-router';
import { useMachine } from '@xstate/react';
import { Trans, useLingui } from '@lingui/react/macro';
import styled from 'styled-components';
import { backoffDelay, inventorySyncMachine, shownSyncStatus } from '@/machines/inventory-sync';
import { useLang } from '@/src/i18n/use-lang';
import { Button } from '@/src/ui/button';
import { Notice } from '@/src/ui/notice';
import { Skeleton } from '@/src/ui/skeleton';
import { inventorySyncActors } from '../api/inventory-sync-api';
import { InventoryConverted } from './inventory-converted';
import { InventoryProductsTable } from './inventory-products-table';
import { InventoryRunsTable } from './inventory-runs-table';
import { InventorySyncReport } from './inventory-sync-report';
import { formatDateTime, InventoryLastUpdate, InventorySyncStatus } from './inventory-sync-status';
import { FactsList } from '@/src/ui/facts-list';

const Panel = styled.section`
  display: grid;
  gap: ${({ theme }) => theme.space(5)};
  min-width: 0;

  h2 {
    margin: 0;
    font-size: ${({ theme }) => theme.font.size.lg};
    color: ${({ theme }) => theme.colors.primary};
  }
  h3 {
    margin: 0 0 ${({ theme }) => theme.space(2)};
    font-size: ${({ theme }) => theme.font.size.md};
    color: ${({ theme }) => theme.colors.primary};
  }
`;

const Header = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(3)};
  align-items: flex-start;
  justify-content: space-between;
`;

const Part = styled.section`
  display: grid;
  gap: ${({ theme }) => theme.space(2)};
  min-width: 0;
`;

/** The panel of one inventory; a new id starts a new flow. */
export function InventorySyncPanel({ inventoryId }: { inventoryId: string }) {
  return <SyncPanel key={inventoryId} inventoryId={inventoryId} />;
}

function SyncPanel({ inventoryId }: { inventoryId: string }) {
  const { t } = useLingui();
  const lang = useLang();
  const { api } = useRouter().options.context;
  const [snapshot, send] = useMachine(inventorySyncMachine.provide({ actors: inventorySyncActors(api) }), { input: { inventoryId } });
  const { inventory, runs, refusal, failedAsks, productsPage, query } = snapshot.context;

  // Nothing is asked while the page is hidden; back in view, the status is asked at once.
  useEffect(() => {
    const report = () => send({ type: document.hidden ? 'PAGE_HIDDEN' : 'PAGE_VISIBLE' });
    if (document.hidden) report();
    document.addEventListener('visibilitychange', report);
    return () => document.removeEventListener('visibilitychange', report);
  }, [send]);

  const status = shownSyncStatus(snapshot);
  const requesting = snapshot.matches({ syncNow: 'requesting' });
  // A sync underway (or being asked for) needs no other; an inventory in configuration has none to run.
  const canSyncNow = inventory?.status === 'configured' && !snapshot.hasTag('syncing') && snapshot.can({ type: 'SYNC_NOW' });
  const latestReport = runs.find((run) => run.report !== null);
  const retryIn = Math.round(backoffDelay(failedAsks) / 1000);
  const ids = useId();

  return (
    <Panel aria-labelledby={`${ids}-sync-title`}>
      <Header>
        <h2 id={`${ids}-sync-title`}>
          <Trans>Inventory sync</Trans>
        </h2>
        <Button onClick={() => send({ type: 'SYNC_NOW' })} disabled={!canSyncNow} loading={requesting}>
          <Trans>Sync now</Trans>
        </Button>
      </Header>

      {snapshot.matches({ status: 'notFound' }) ? (
        <Notice variant="negative" title={<Trans>This inventory no longer exists.</Trans>} />
      ) : !inventory || !status ? (
        <Skeleton lines={2} label={t`Loading the sync status`} />
      ) : (
        <FactsList>
          <dt>
            <Trans>Status</Trans>
          </dt>
          <dd role="status">
            <InventorySyncStatus status={status} failure={inventory.syncFailure} />
          </dd>
          <dt>
            <Trans>Last update</Trans>
          </dt>
          <dd>
            <InventoryLastUpdate at={inventory.lastSyncedAt} />
          </dd>
          <dt>
            <Trans comment="The value of the store's orders that came from the inventory's catalog and cart links">Converted</Trans>
          </dt>
          <dd>
            <InventoryConverted converted={inventory.converted} />
          </dd>
        </FactsList>
      )}

      {snapshot.hasTag('failed') && (
        <Notice variant="warning" title={<Trans>The sync status could not be updated.</Trans>}>
          <p>
            <Trans>Trying again in {retryIn} seconds.</Trans>
          </p>
          <Button variant="secondary" size="sm" onClick={() => send({ type: 'RETRY' })}>
            <Trans>Try again now</Trans>
          </Button>
        </Notice>
      )}
      {refusal?.kind === 'too_many_requests' && (
        <Notice variant="info" title={<Trans>This inventory was synced less than a minute ago.</Trans>}>
          <Trans>
            You can sync it again at{' '}
            <time dateTime={new Date(refusal.retryAt).toISOString()}>
              {formatDateTime(lang, new Date(refusal.retryAt).toISOString(), { timeStyle: 'medium' })}
            </time>
            .
          </Trans>
        </Notice>
      )}
      {refusal && refusal.kind !== 'too_many_requests' && (
        <Notice variant="negative" title={<SyncNowRefusal kind={refusal.kind} />} onDismiss={() => send({ type: 'DISMISS_REFUSAL' })} />
      )}

      {/* Not a region of its own: the table is one, named by its caption. */}
      <Part as="div">
        <h3>
          <Trans>Last syncs</Trans>
        </h3>
        <InventoryRunsTable runs={runs} />
      </Part>

      {latestReport && (
        <Part aria-labelledby={`${ids}-report-title`}>
          <h3 id={`${ids}-report-title`}>
            <Trans>Catalog report</Trans>
          </h3>
          <InventorySyncReport run={latestReport} />
        </Part>
      )}

      <Part aria-labelledby={`${ids}-products-title`}>
        <h3 id={`${ids}-products-title`}>
          <Trans>Products</Trans>
        </h3>
        <InventoryProductsTable
          page={productsPage}
          query={query}
          loading={snapshot.matches({ products: 'loading' })}
          failed={snapshot.matches({ products: 'failed' })}
          onSearch={(q) => send({ type: 'SEARCH', q })}
          onPage={(page) => send({ type: 'GO_TO_PAGE', page })}
          onRetry={() => send({ type: 'RETRY_PRODUCTS' })}
        />
      </Part>
    </Panel>
  );
}

function SyncNowRefusal({ kind }: { kind: 'not_found' | 'incomplete' | 'unknown' }) {
  if (kind === 'incomplete') return <Trans>Save the store and the catalog before syncing.</Trans>;
  if (kind === 'not_found') return <Trans>This inventory no longer exists.</Trans>;
  return <Trans>The sync could not be started. Try again in a moment.</Trans>;
}
