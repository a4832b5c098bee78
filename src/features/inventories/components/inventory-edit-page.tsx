// `/inventory/{id}`: the wizard of an inventory in configuration, resumed at its step, or the
// inventory screen (its links and its sync) once it is configured.
import { getRouteApi } from '@tanstack/react-router';
import { InventoryWizard } from './inventory-wizard';

const editRoute = getRouteApi('/$lang/_app/inventory/$id');

export function InventoryEditPage() {
  const { id } = editRoute.useParams();
  // A new key per inventory: another inventory's address starts a fresh wizard.
  return <InventoryWizard key={id} inventoryId={id} />;
}
