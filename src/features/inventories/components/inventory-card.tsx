// One inventory in the /inventories list: its name, configuration status, sync status (with the
// reason of a failed sync), last update, the store and catalog it links, and the way to it — the
// wizard at its saved step for one in configuration, its screen for a configured one.
import { Link } from '@tanstack/react-router';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import type { Inventory } from '@/domain/inventory';
import { useLang } from '@/src/i18n/use-lang';
import { Badge } from '@/src/ui/badge';
import { Card } from '@/src/ui/card';
import { inventoryStatusNames } from '../sync-messages';
import { InventoryLastUpdate, InventorySyncStatus } from './inventory-sync-status';
import { FactsList } from '@/src/ui/facts-list';
import { OpenLink } from '@/src/ui/open-link';

export function InventoryCard({ inventory }: { inventory: Inventory }) {
  const { t, i18n } = useLingui();
  const lang = useLang();
  const { name, store, catalog } = inventory;
  const configuring = inventory.status === 'configuring';
  const itemCount = catalog?.itemCount ?? 0;
  return (
    <Card
      title={name}
      headingLevel={3}
      footer={
        <OpenLink>
          <Link
            to="/$lang/inventory/$id"
            params={{ lang, id: inventory.id }}
            aria-label={configuring ? t`Complete the configuration of ${name}` : t`Open ${name}`}
          >
            {configuring ? <Trans>Complete configuration</Trans> : <Trans>Open</Trans>}
          </Link>
        </OpenLink>
      }
    >
      <div>
        <Badge variant={configuring ? 'warning' : 'positive'}>{i18n._(inventoryStatusNames[inventory.status])}</Badge>
      </div>
      <FactsList>
        <dt>
          <Trans>Sync status</Trans>
        </dt>
        <dd>
          <InventorySyncStatus status={inventory.syncStatus} failure={inventory.syncFailure} />
        </dd>
        <dt>
          <Trans>Last update</Trans>
        </dt>
        <dd>
          <InventoryLastUpdate at={inventory.lastSyncedAt} />
        </dd>
        {store && (
          <>
            <dt>
              <Trans>Store</Trans>
            </dt>
            <dd>{store.name}</dd>
          </>
        )}
        {catalog && (
          <>
            <dt>
              <Trans>Catalog</Trans>
            </dt>
            <dd>
              {catalog.name} (<Plural value={itemCount} one="# item" other="# items" />)
            </dd>
          </>
        )}
      </FactsList>
    </Card>
  );
}
