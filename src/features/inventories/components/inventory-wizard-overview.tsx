// The inventory screen of a configured inventory: 'Inventory info' (the store and catalog it links,
// how the store's orders reach Catalyst, its two public links, a preview of its checkout link, and
// 'Edit', which reopens the wizard) above 'Post-sale notices' (the notices section) and 'Inventory
// sync' (the sync panel).
import { Trans, useLingui } from '@lingui/react/macro';
import { useRouter } from '@tanstack/react-router';
import styled from 'styled-components';
import type { Inventory } from '@/domain/inventory';
import { Button } from '@/src/ui/button';
import { Card } from '@/src/ui/card';
import { InventoryCheckoutPreview } from './inventory-checkout-preview';
import { InventorySyncPanel } from './inventory-sync-panel';
import { InventoryWizardLinks } from './inventory-wizard-links';
import { orderPollInterval } from '../order-poll-interval';
import { OrderNoticesSection } from './order-notices-section';
import { FactsList } from '@/src/ui/facts-list';

const Body = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(6)};
`;

export function InventoryWizardOverview({ inventory, onEdit }: { inventory: Inventory; onEdit: () => void }) {
  const { store, catalog } = inventory;
  const { i18n } = useLingui();
  // The server's polling interval: the same for every inventory it polls, and known before any exists.
  const interval = orderPollInterval(i18n, useRouter().options.context.runtimeConfig.orderPollSeconds);
  return (
    <Body>
      <Card
        title={<Trans>Inventory info</Trans>}
        footer={
          <Button variant="secondary" onClick={onEdit}>
            <Trans>Edit</Trans>
          </Button>
        }
      >
        <FactsList>
          <dt>
            <Trans>Store</Trans>
          </dt>
          <dd>{store ? `${store.name} (${inventory.shopifyUrl})` : inventory.shopifyUrl}</dd>
          <dt>
            <Trans>Website</Trans>
          </dt>
          <dd>{inventory.website}</dd>
          <dt>
            <Trans>Catalog</Trans>
          </dt>
          <dd>{catalog ? `${catalog.name} (${inventory.catalogId})` : inventory.catalogId}</dd>
          <dt>
            <Trans>Orders</Trans>
          </dt>
          <dd>
            {inventory.orderEvents === 'webhooks' ? (
              <Trans>The store sends its new orders and shipments to Catalyst as they happen (webhooks).</Trans>
            ) : (
              <Trans>Catalyst checks the store for new orders and shipments {interval}.</Trans>
            )}
          </dd>
        </FactsList>
        <InventoryWizardLinks publicId={inventory.publicId} />
        <InventoryCheckoutPreview inventory={inventory} />
      </Card>
      <OrderNoticesSection inventoryId={inventory.id} />
      <InventorySyncPanel inventoryId={inventory.id} />
    </Body>
  );
}
