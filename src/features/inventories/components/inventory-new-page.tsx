// `/inventory`: 'Configure new inventory' — the wizard for an inventory not created yet, which asks
// for its name first.
import { InventoryWizard } from './inventory-wizard';

export function InventoryNewPage() {
  return <InventoryWizard inventoryId={null} />;
}
