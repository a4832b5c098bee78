import { Trans } from '@lingui/react/macro';
import { PageFrame } from '../../../layouts/page-frame';
import { EmptyState } from '../../../ui/empty-state';

export function InventoriesPage() {
  return (
    <PageFrame title={<Trans>Inventories</Trans>}>
      <EmptyState
        title={<Trans>No inventories yet</Trans>}
        description={<Trans>Configure your first inventory to share your Shopify catalog on WhatsApp.</Trans>}
      />
    </PageFrame>
  );
}
