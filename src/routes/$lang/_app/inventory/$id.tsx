// `/{lang}/inventory/{id}`: the inventory wizard resumed at its step, or the configured inventory's screen.
import { createFileRoute } from '@tanstack/react-router';
import { crumbs } from '@/src/layouts/crumbs';
import { InventoryEditPage } from '@/src/features/inventories/components/inventory-edit-page';

export const Route = createFileRoute('/$lang/_app/inventory/$id')({
  staticData: { crumbs: [crumbs.inventories, crumbs.inventoryConfiguration] },
  component: InventoryEditPage,
});
