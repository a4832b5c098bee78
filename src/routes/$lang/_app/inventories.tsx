import { createFileRoute } from '@tanstack/react-router';
import { crumbs } from '@/src/layouts/crumbs';
import { InventoriesPage } from '@/src/features/inventories/components/inventories-page';

export const Route = createFileRoute('/$lang/_app/inventories')({
  staticData: { crumbs: [crumbs.inventories] },
  component: InventoriesPage,
});
