import { Trans } from '@lingui/react/macro';
import { PageFrame } from '../../../layouts/page-frame';
import { Notice } from '../../../ui/notice';

export function AiBaseEditPage() {
  return (
    <PageFrame title={<Trans>AI Base Configuration</Trans>}>
      <Notice variant="info">
        <Trans>Configure your AI base first: instructions, knowledge base, then refinement and test.</Trans>
      </Notice>
    </PageFrame>
  );
}
