// The callback URL and the verify token to paste in Meta's webhook settings, each with a copy button,
// and the warning that the token is shown this once (the server keeps only its fingerprint). Shown
// when a number is connected (channel-webhook-steps.tsx) and when its verify token is replaced
// (channel-rotated-token.tsx).
import { Trans, useLingui } from '@lingui/react/macro';
import type { ChannelWebhookSetup } from '@/domain/channel';
import { CopyField } from '@/src/ui/copy-field';
import { Notice } from '@/src/ui/notice';

export function ChannelWebhookFields({ answer }: { answer: ChannelWebhookSetup }) {
  const { t } = useLingui();
  return (
    <>
      <CopyField label={t`Callback URL`} name="webhookUrl" value={answer.webhookUrl} />
      <CopyField label={t`Verify token`} name="verifyToken" value={answer.verifyToken} />
      <Notice variant="warning">
        <Trans>Copy the verify token now: Catalyst keeps only a fingerprint of it and cannot show it again.</Trans>
      </Notice>
    </>
  );
}
