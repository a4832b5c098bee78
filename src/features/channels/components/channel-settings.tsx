// What a merchant changes on a number's page, bound to the channel-settings machine: why the number
// needs attention (in words), its access token (replaced after Meta refused it, or on request), its
// webhook verify token (a new one after a confirmation, shown once), the AI base and inventory
// that answer (the account's choices, read as the connect form reads them) and how many days its
// conversations are kept. The machine decides; this
// view shows its snapshot and sends its events.
import { useMemo } from 'react';
import { useRouter } from '@tanstack/react-router';
import { useActor, useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import styled from 'styled-components';
import { channelAttentionMessages, type Channel } from '@/domain/channel';
import { channelSettingsMachine, waitsForToken } from '@/machines/channel-settings';
import { Button } from '@/src/ui/button';
import { Card } from '@/src/ui/card';
import { ConfirmDialog } from '@/src/ui/confirm-dialog';
import { FactsList } from '@/src/ui/facts-list';
import { Notice } from '@/src/ui/notice';
import { Skeleton } from '@/src/ui/skeleton';
import { channelAnsweringActor } from '../api/channel-answering-api';
import { channelChoicesApi, type ChannelChoices } from '../api/channel-choices-api';
import { channelRetentionActor } from '../api/channel-retention-api';
import { channelTokenActor } from '../api/channel-token-api';
import { channelVerifyTokenActor } from '../api/channel-verify-token-api';
import { settingsFailureMessages } from '../channel-messages';
import { ChannelAnsweringForm } from './channel-answering-form';
import { Actions } from './channel-connect-form';
import { ChannelRetentionForm } from './channel-retention-form';
import { ChannelRotatedToken } from './channel-rotated-token';
import { ChannelTokenForm } from './channel-token-form';

const Section = styled.section`
  display: grid;
  gap: ${({ theme }) => theme.space(4)};
  margin-block: ${({ theme }) => theme.space(6)};
`;

type Props = {
  channel: Channel;
  /** The channel as it now is (its header follows). */
  onChanged: (channel: Channel) => void;
};

export function ChannelSettings({ channel: loaded, onChanged }: Props) {
  const { t, i18n } = useLingui();
  const { api } = useRouter().options.context;
  const [snapshot, send] = useMachine(
    channelSettingsMachine.provide({
      actors: {
        replaceToken: channelTokenActor(api),
        rotateVerifyToken: channelVerifyTokenActor(api),
        changeAnswering: channelAnsweringActor(api),
        changeRetention: channelRetentionActor(api),
      },
      actions: { announceChannel: (_, changed) => onChanged(changed) },
    }),
    { input: { channel: loaded } },
  );
  // The account's AI bases and inventories: the names shown and the answering form's choices.
  const choicesLogic = useMemo(
    () =>
      fromPromise<ChannelChoices | 'failed'>(({ signal }) =>
        channelChoicesApi(api)
          .read(signal)
          .catch(() => 'failed' as const),
      ),
    [api],
  );
  const [choices] = useActor(choicesLogic);
  const { channel, fieldErrors, failure, rotated, saved, accessToken, answering, retentionDays } = snapshot.context;
  const loadedChoices = choices.status === 'done' && choices.output !== 'failed' ? choices.output : null;
  const saving = snapshot.hasTag('saving');
  const failureText = failure && settingsFailureMessages[failure.kind];
  const problem = snapshot.hasTag('failed') && failureText ? <Notice variant="negative">{i18n._(failureText)}</Notice> : null;
  const waiting = waitsForToken(channel);
  const baseName = loadedChoices?.aiBases.find((base) => base.id === channel.aiBaseId)?.name;
  const inventoryName = loadedChoices?.inventories.find((inventory) => inventory.id === channel.inventoryId)?.name;

  return (
    <Section aria-labelledby="channel-settings">
      <h2 id="channel-settings">
        <Trans>Settings</Trans>
      </h2>
      {channel.status === 'needs_attention' && channel.attentionReason && (
        <Notice variant="warning" title={<Trans>This number needs attention: its AI base answers no one.</Trans>}>
          {i18n._(channelAttentionMessages[channel.attentionReason])}
        </Notice>
      )}

      <Card title={t`Access token`} headingLevel={3}>
        {saved === 'token' && (
          <Notice variant="positive">
            <Trans>WhatsApp accepted the new access token.</Trans>
          </Notice>
        )}
        <FactsList>
          <dt>
            <Trans>Current token</Trans>
          </dt>
          <dd>
            <Trans>Ends in {channel.accessTokenHint}</Trans>
          </dd>
        </FactsList>
        <div role="status">{snapshot.matches({ token: 'checking' }) && <Trans>Checking the token with WhatsApp…</Trans>}</div>
        {snapshot.matches('token') ? (
          <>
            {snapshot.matches({ token: 'failed' }) && problem}
            <ChannelTokenForm
              // A refusal opens the form again with what was typed.
              key={snapshot.matches({ token: 'failed' }) ? 'failed' : 'editing'}
              initialToken={accessToken}
              fieldErrors={fieldErrors}
              checking={saving}
              required={waiting}
              autoFocus={!waiting}
              onSubmit={(typed) => send({ type: 'SUBMIT_TOKEN', accessToken: typed })}
              onCancel={() => send({ type: 'CANCEL' })}
            />
          </>
        ) : (
          <Actions>
            <Button variant="secondary" disabled={!snapshot.matches('idle')} onClick={() => send({ type: 'REPLACE_TOKEN' })}>
              <Trans>Replace the access token</Trans>
            </Button>
          </Actions>
        )}
      </Card>

      <Card
        title={t`Webhook verify token`}
        headingLevel={3}
        description={<Trans>Meta checks the callback URL with it. Make a new one if it leaked or was lost.</Trans>}
      >
        {rotated && snapshot.matches({ rotation: 'shown' }) ? (
          <ChannelRotatedToken rotated={rotated} onFinish={() => send({ type: 'FINISH' })} />
        ) : snapshot.matches({ rotation: 'failed' }) ? (
          <>
            <Notice variant="negative" title={<Trans>No new verify token was made.</Trans>}>
              {failureText && i18n._(failureText)}
            </Notice>
            <Actions>
              <Button variant="secondary" onClick={() => send({ type: 'RETRY' })}>
                <Trans>Try again</Trans>
              </Button>
              <Button variant="ghost" onClick={() => send({ type: 'CANCEL' })}>
                <Trans>Cancel</Trans>
              </Button>
            </Actions>
          </>
        ) : (
          <Actions>
            <Button variant="secondary" disabled={!snapshot.matches('idle')} onClick={() => send({ type: 'ROTATE_VERIFY_TOKEN' })}>
              <Trans>Make a new verify token</Trans>
            </Button>
          </Actions>
        )}
      </Card>

      <Card title={t`AI base and inventory`} headingLevel={3}>
        {saved === 'answering' && (
          <Notice variant="positive">
            <Trans>Saved: this AI base answers on the number from now on.</Trans>
          </Notice>
        )}
        <FactsList>
          <dt>
            <Trans>AI base</Trans>
          </dt>
          <dd>{channel.aiBaseId === null ? <Trans>None: it was deleted</Trans> : (baseName ?? '…')}</dd>
          <dt>
            <Trans>Inventory</Trans>
          </dt>
          <dd>{channel.inventoryId === null ? <Trans>None: it answers from its knowledge base</Trans> : (inventoryName ?? '…')}</dd>
        </FactsList>
        <div role="status">{snapshot.matches({ answering: 'saving' }) && <Trans>Saving…</Trans>}</div>
        {snapshot.matches('answering') ? (
          loadedChoices ? (
            <>
              {snapshot.matches({ answering: 'failed' }) && problem}
              <ChannelAnsweringForm
                key={snapshot.matches({ answering: 'failed' }) ? 'failed' : 'editing'}
                initialValues={answering}
                fieldErrors={fieldErrors}
                saving={saving}
                aiBases={loadedChoices.aiBases.filter((base) => base.status === 'active')}
                inventories={loadedChoices.inventories}
                onSubmit={(values) => send({ type: 'SUBMIT_ANSWERING', values })}
                onCancel={() => send({ type: 'CANCEL' })}
              />
            </>
          ) : choices.status === 'active' ? (
            <Skeleton block lines={2} label={t`Loading your AI bases and inventories`} />
          ) : (
            <Notice variant="negative" title={<Trans>Your AI bases and inventories could not be loaded.</Trans>}>
              <Button variant="ghost" onClick={() => send({ type: 'CANCEL' })}>
                <Trans>Cancel</Trans>
              </Button>
            </Notice>
          )
        ) : (
          <Actions>
            <Button variant="secondary" disabled={!snapshot.matches('idle')} onClick={() => send({ type: 'CHANGE_ANSWERING' })}>
              <Trans>Change the AI base or inventory</Trans>
            </Button>
          </Actions>
        )}
      </Card>

      <Card title={t`Conversation history`} headingLevel={3}>
        {saved === 'retention' && (
          <Notice variant="positive">
            <Trans>Saved: older conversations are deleted at the next hourly clean-up.</Trans>
          </Notice>
        )}
        <FactsList>
          <dt>
            <Trans>Kept for</Trans>
          </dt>
          <dd>
            <Plural value={channel.retentionDays} one="# day" other="# days" />
          </dd>
        </FactsList>
        <div role="status">{snapshot.matches({ retention: 'saving' }) && <Trans>Saving…</Trans>}</div>
        {snapshot.matches('retention') ? (
          <>
            {snapshot.matches({ retention: 'failed' }) && problem}
            <ChannelRetentionForm
              key={snapshot.matches({ retention: 'failed' }) ? 'failed' : 'editing'}
              initialDays={retentionDays}
              fieldErrors={fieldErrors}
              saving={saving}
              onSubmit={(days) => send({ type: 'SUBMIT_RETENTION', retentionDays: days })}
              onCancel={() => send({ type: 'CANCEL' })}
            />
          </>
        ) : (
          <Actions>
            <Button variant="secondary" disabled={!snapshot.matches('idle')} onClick={() => send({ type: 'CHANGE_RETENTION' })}>
              <Trans>Change how long conversations are kept</Trans>
            </Button>
          </Actions>
        )}
      </Card>

      <ConfirmDialog
        open={snapshot.matches({ rotation: 'confirming' }) || snapshot.matches({ rotation: 'rotating' })}
        busy={snapshot.matches({ rotation: 'rotating' })}
        title={<Trans>Make a new verify token?</Trans>}
        description={
          <Trans>
            The current verify token stops working at once, and the new one is shown only once: paste it in your app's webhook settings in
            Meta. Messages keep arriving meanwhile.
          </Trans>
        }
        confirmLabel={<Trans>Make a new verify token</Trans>}
        onConfirm={() => send({ type: 'CONFIRM' })}
        onCancel={() => send({ type: 'CANCEL' })}
      />
    </Section>
  );
}
