import { Trans } from '@lingui/react/macro';
import { PageFrame } from '../../../layouts/page-frame';
import { Notice } from '../../../ui/notice';

export function InventoryEditPage() {
  return (
    <PageFrame title={<Trans>Inventory Configuration</Trans>}>
      <Notice variant="info">
        <Trans>Configure your inventory first: integration, inventory, then conclusion.</Trans>
      </Notice>
    </PageFrame>
  );
}
