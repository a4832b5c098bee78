// `/{lang}/inventory`: 'Configure new inventory' — the inventory wizard, starting with the name.
import { createFileRoute } from '@tanstack/react-router';
import { crumbs } from '@/src/layouts/crumbs';
import { InventoryNewPage } from '@/src/features/inventories/components/inventory-new-page';

export const Route = createFileRoute('/$lang/_app/inventory/')({
  staticData: { crumbs: [crumbs.inventories, crumbs.inventoryConfiguration] },
  component: InventoryNewPage,
});
