// A number just connected: the callback URL and the verify token to paste in Meta's App Dashboard,
// each with a copy button, and Meta's steps to do it. The verify token is shown this once: the
// server keeps only its fingerprint. Done is busy while the channel is read again.
import type { RefObject } from 'react';
import { Trans } from '@lingui/react/macro';
import styled from 'styled-components';
import type { ChannelWebhookSetup } from '@/domain/channel';
import { BlockDescription } from '@/src/ui/block-title';
import { Button } from '@/src/ui/button';
import { PanelTitle } from './channel-panel';
import { ChannelWebhookFields } from './channel-webhook-fields';

const Steps = styled.ol`
  display: grid;
  gap: ${({ theme }) => theme.space(2)};
  margin: 0;
  padding-inline-start: ${({ theme }) => theme.space(6)};
`;

const Body = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(4)};
`;

type Props = {
  answer: ChannelWebhookSetup;
  headingRef: RefObject<HTMLHeadingElement | null>;
  /** Done was chosen: the channel is being read again. */
  finishing?: boolean;
  onFinish: () => void;
};

export function ChannelWebhookSteps({ answer, headingRef, finishing = false, onFinish }: Props) {
  const { displayPhoneNumber, verifiedName } = answer.channel;
  return (
    <Body>
      <div>
        <PanelTitle as="h3" ref={headingRef} tabIndex={-1}>
          <Trans>
            {displayPhoneNumber} ({verifiedName}) is connected
          </Trans>
        </PanelTitle>
        <BlockDescription>
          <Trans>One step left: tell Meta to send this number's messages to Catalyst. In Meta for Developers:</Trans>
        </BlockDescription>
      </div>
      <Steps>
        <li>
          <Trans>Open your app's App Dashboard and go to WhatsApp → Configuration.</Trans>
        </li>
        <li>
          <Trans>Under Webhook, select Edit.</Trans>
        </li>
        <li>
          <Trans>Paste the Callback URL and the Verify token below, then select Verify and save.</Trans>
        </li>
        <li>
          <Trans>
            Under Webhook fields, subscribe to <code>messages</code>.
          </Trans>
        </li>
      </Steps>
      <ChannelWebhookFields answer={answer} />
      <div>
        <Button loading={finishing} onClick={onFinish}>
          <Trans>Done</Trans>
        </Button>
      </div>
    </Body>
  );
}
