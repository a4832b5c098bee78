// A new webhook verify token, just made on a number's page: the callback URL and the token with copy
// buttons, where to paste them in Meta, and that the token is shown this once (the server keeps only
// its fingerprint). Meta's verification fails until it is pasted.
import { Trans } from '@lingui/react/macro';
import type { ChannelWebhookSetup } from '@/domain/channel';
import { Button } from '@/src/ui/button';
import { Notice } from '@/src/ui/notice';
import { ChannelWebhookFields } from './channel-webhook-fields';

export function ChannelRotatedToken({ rotated, onFinish }: { rotated: ChannelWebhookSetup; onFinish: () => void }) {
  return (
    <>
      <Notice variant="warning" title={<Trans>Paste the new verify token in Meta now</Trans>}>
        <Trans>
          The old verify token no longer works. In Meta for Developers, open your app's App Dashboard → WhatsApp → Configuration, select
          Edit under Webhook, paste the Callback URL and the new Verify token, then select Verify and save.
        </Trans>
      </Notice>
      <ChannelWebhookFields answer={rotated} />
      <div>
        <Button onClick={onFinish}>
          <Trans>Done</Trans>
        </Button>
      </div>
    </>
  );
}
