// 'Connect a WhatsApp number' on /channels: binds the channel-connect machine to its form and to the
// webhook steps shown once connected. The machine decides; this view shows its snapshot, sends its
// events and moves the keyboard where the merchant has to look (the first field to fix, the failure,
// the steps). Without an active AI base there is nothing to connect to: a note leads to the AI bases.
import { useEffect, useRef, type RefObject } from 'react';
import { Link } from '@tanstack/react-router';
import { useMachine } from '@xstate/react';
import type { PromiseActorLogic } from 'xstate';
import { Trans, useLingui } from '@lingui/react/macro';
import styled from 'styled-components';
import type { AiBase } from '@/domain/ai-base';
import type { Channel, ChannelWebhookSetup, ConnectChannel } from '@/domain/channel';
import type { Inventory } from '@/domain/inventory';
import { channelConnectMachine, connectFieldOrder } from '@/machines/channel-connect';
import { useLang } from '@/src/i18n/use-lang';
import { BlockDescription } from '@/src/ui/block-title';
import { Button } from '@/src/ui/button';
import { Notice } from '@/src/ui/notice';
import { scriptFocusTarget } from '@/src/ui/focus-ring';
import { connectFailureMessages } from '../channel-messages';
import { Actions, ChannelConnectForm, type ConnectFieldRefs } from './channel-connect-form';
import { Panel, PanelTitle } from './channel-panel';
import { ChannelWebhookSteps } from './channel-webhook-steps';

const Outcome = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
  ${scriptFocusTarget}
`;

type Props = {
  /** The machine's `connect`: the API's (channel-connect-api.ts), or a test's. */
  connect: PromiseActorLogic<ChannelWebhookSetup, ConnectChannel>;
  /** The machine's `readChannel`: the API's (channel-detail-api.ts), or a test's. */
  readChannel: PromiseActorLogic<Channel, { id: string }>;
  aiBases: AiBase[];
  inventories: Inventory[];
  /** The panel's title: it takes the keyboard when the panel opens. */
  headingRef: RefObject<HTMLHeadingElement | null>;
  onConnected: (channel: Channel) => void;
  onClose: () => void;
};

export function ChannelConnectPanel({ connect, readChannel, aiBases, inventories, headingRef, onConnected, onClose }: Props) {
  const { i18n } = useLingui();
  const lang = useLang();
  const activeBases = aiBases.filter((base) => base.status === 'active');
  const fieldRefs: ConnectFieldRefs = {
    phoneNumberId: useRef(null),
    wabaId: useRef(null),
    accessToken: useRef(null),
    appSecret: useRef(null),
    aiBaseId: useRef(null),
    inventoryId: useRef(null),
  };
  const failureRef = useRef<HTMLDivElement>(null);
  const connectedRef = useRef<HTMLHeadingElement>(null);

  const [snapshot, send] = useMachine(
    channelConnectMachine.provide({
      actors: { connect, readChannel },
      actions: { announceConnected: (_, channel) => onConnected(channel) },
    }),
  );
  const { values, fieldErrors, failure, connected } = snapshot.context;
  const state = String(snapshot.value);

  // The keyboard goes where the merchant has to look: the first field to fix (or the first field,
  // back from a failure), the failure, or the steps once connected.
  const previous = useRef(state);
  useEffect(() => {
    const was = previous.current;
    previous.current = state;
    if (state === 'failure') failureRef.current?.focus();
    else if (state === 'connected') connectedRef.current?.focus();
    else if (state === 'details') {
      const first = connectFieldOrder.find((field) => fieldErrors[field]) ?? (was === 'failure' ? connectFieldOrder[0] : undefined);
      if (first) fieldRefs[first].current?.focus();
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- on a new state or new field errors only
  }, [state, fieldErrors]);

  useEffect(() => {
    if (snapshot.status === 'done') onClose();
  }, [snapshot.status, onClose]);

  const title = (
    <PanelTitle ref={headingRef} tabIndex={-1} id="channel-connect-title">
      <Trans>Connect a WhatsApp number</Trans>
    </PanelTitle>
  );

  // Finished: the parent closes the panel (the token is gone from the machine already).
  if (snapshot.status === 'done') return null;

  if (activeBases.length === 0) {
    return (
      <Panel aria-labelledby="channel-connect-title">
        {title}
        <Notice variant="warning" title={<Trans>You have no active AI base yet.</Trans>}>
          <Trans>An active AI base is what answers on a WhatsApp number: activate one, then come back to connect your number.</Trans>{' '}
          <Link to="/$lang/ia-bases" params={{ lang }}>
            <Trans>Go to AI bases</Trans>
          </Link>
        </Notice>
        <Actions>
          <Button variant="ghost" onClick={onClose}>
            <Trans>Cancel</Trans>
          </Button>
        </Actions>
      </Panel>
    );
  }

  if (connected) {
    return (
      <Panel aria-labelledby="channel-connect-title">
        {title}
        <ChannelWebhookSteps
          answer={connected}
          headingRef={connectedRef}
          finishing={snapshot.hasTag('finishing')}
          onFinish={() => send({ type: 'FINISH' })}
        />
      </Panel>
    );
  }

  const checking = snapshot.hasTag('saving');
  return (
    <Panel aria-labelledby="channel-connect-title" aria-busy={checking}>
      <div>
        {title}
        <BlockDescription>
          <Trans>
            Your number's details from Meta, and the AI base that answers on it. Catalyst checks them with WhatsApp before saving anything.
          </Trans>
        </BlockDescription>
      </div>
      <div role="status">{checking && <Trans>Checking the number with WhatsApp…</Trans>}</div>
      {snapshot.hasTag('failed') && failure && (
        <Outcome ref={failureRef} tabIndex={-1}>
          <Notice variant="negative" title={<Trans>The number could not be connected.</Trans>}>
            {i18n._(connectFailureMessages[failure.kind])}
          </Notice>
          <Actions>
            <Button variant="secondary" onClick={() => send({ type: 'RETRY' })}>
              <Trans>Try again</Trans>
            </Button>
            <Button variant="secondary" onClick={() => send({ type: 'EDIT' })}>
              <Trans>Edit the details</Trans>
            </Button>
          </Actions>
        </Outcome>
      )}
      <ChannelConnectForm
        initialValues={values}
        fieldErrors={fieldErrors}
        editable={snapshot.hasTag('editing')}
        checking={checking}
        submittable={!snapshot.hasTag('failed')}
        aiBases={activeBases}
        inventories={inventories}
        fieldRefs={fieldRefs}
        onSubmit={(typed) => send({ type: 'SUBMIT', values: typed })}
        onCancel={onClose}
      />
    </Panel>
  );
}
