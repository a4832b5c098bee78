import { Trans } from '@lingui/react/macro';
import { PageFrame } from '../../../layouts/page-frame';
import { EmptyState } from '../../../ui/empty-state';

export function AiBasesPage() {
  return (
    <PageFrame title={<Trans>AI Bases</Trans>}>
      <EmptyState
        title={<Trans>No AI bases yet</Trans>}
        description={<Trans>Configure your first AI base to start selling with AI on WhatsApp.</Trans>}
      />
    </PageFrame>
  );
}
