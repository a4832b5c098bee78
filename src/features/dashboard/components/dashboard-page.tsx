import { Trans } from '@lingui/react/macro';
import { PageFrame } from '../../../layouts/page-frame';
import { Notice } from '../../../ui/notice';

export function DashboardPage() {
  return (
    <PageFrame title={<Trans>Dashboard</Trans>}>
      <Notice variant="info">
        <Trans>Configure your first AI base and inventory to see your results here.</Trans>
      </Notice>
    </PageFrame>
  );
}
