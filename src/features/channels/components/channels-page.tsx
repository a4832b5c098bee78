// `/channels`: the merchant's connected WhatsApp numbers, each with its status, quality, AI base and
// inventory, paused, resumed or disconnected (after a confirmation) from here; 'Connect a WhatsApp
// number' opens the connect flow above the list. The list and the names beside each number (AI
// bases, inventories) are read when the screen opens: a failed read says so and can be tried again.
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useRouter } from '@tanstack/react-router';
import { useActor } from '@xstate/react';
import { fromPromise } from 'xstate';
import { Trans, useLingui } from '@lingui/react/macro';
import styled from 'styled-components';
import type { Channel } from '@/domain/channel';
import { PageFrame } from '@/src/ui/page-frame';
import { Button } from '@/src/ui/button';
import { EmptyState } from '@/src/ui/empty-state';
import { scriptFocusTarget } from '@/src/ui/focus-ring';
import { Notice } from '@/src/ui/notice';
import { Skeleton } from '@/src/ui/skeleton';
import type { ChannelActionFailure } from '../api/channel-action-failure';
import { channelChoicesApi, type ChannelChoices } from '../api/channel-choices-api';
import { channelConnectActor } from '../api/channel-connect-api';
import { channelReadActor } from '../api/channel-detail-api';
import { channelDisconnectApi } from '../api/channel-disconnect-api';
import { channelListApi } from '../api/channel-list-api';
import { channelStatusApi } from '../api/channel-status-api';
import { pauseRefusalMessages, resumeRefusalMessages } from '../channel-messages';
import { ChannelCard, type ChannelAction } from './channel-card';
import { ChannelConnectPanel } from './channel-connect-panel';
import { ChannelDisconnectDialog } from './channel-disconnect-dialog';

const Grid = styled.ul`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(min(300px, 100%), 1fr));
  gap: ${({ theme }) => theme.space(4)};
  margin: 0;
  padding: 0;
  list-style: none;
`;

const List = styled.div`
  ${scriptFocusTarget}
`;

type Loaded = ChannelChoices & { channels: Channel[] };
type Problem = { channelId: string; action: ChannelAction; failure: ChannelActionFailure };

export function ChannelsPage() {
  const [attempt, setAttempt] = useState(0);
  return <ChannelsScreen key={attempt} onRetry={() => setAttempt((n) => n + 1)} />;
}

/** One read of the list and the names beside it (a retry mounts a new one). */
function ChannelsScreen({ onRetry }: { onRetry: () => void }) {
  const { t } = useLingui();
  const { api } = useRouter().options.context;
  const logic = useMemo(
    () =>
      // A failed read is an answer to show (useActor would throw a rejection to the error page).
      fromPromise<Loaded | 'failed'>(async ({ signal }) => {
        try {
          const [channels, choices] = await Promise.all([channelListApi(api).list(signal), channelChoicesApi(api).read(signal)]);
          return { channels, ...choices };
        } catch {
          return 'failed';
        }
      }),
    [api],
  );
  const [snapshot] = useActor(logic);
  const title = <Trans>Channels</Trans>;

  if (snapshot.status === 'active') {
    return (
      <PageFrame title={title}>
        <Skeleton block lines={3} label={t`Loading the channels`} />
      </PageFrame>
    );
  }
  if (snapshot.output === 'failed' || !snapshot.output) {
    return (
      <PageFrame title={title}>
        <Notice variant="negative" title={<Trans>The channels could not be loaded.</Trans>}>
          <Button variant="secondary" onClick={onRetry}>
            <Trans>Try again</Trans>
          </Button>
        </Notice>
      </PageFrame>
    );
  }
  return <ChannelsLoaded loaded={snapshot.output} />;
}

function ChannelsLoaded({ loaded }: { loaded: Loaded }) {
  const { t, i18n } = useLingui();
  const { api } = useRouter().options.context;
  const connect = useMemo(() => channelConnectActor(api), [api]);
  const readChannel = useMemo(() => channelReadActor(api), [api]);
  const [channels, setChannels] = useState(loaded.channels);
  const [connecting, setConnecting] = useState(false);
  const [busy, setBusy] = useState<{ channelId: string; action: ChannelAction } | null>(null);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [toDisconnect, setToDisconnect] = useState<Channel | null>(null);
  const openerRef = useRef<HTMLButtonElement>(null);
  const panelTitleRef = useRef<HTMLHeadingElement>(null);
  const listRef = useRef<HTMLDivElement>(null);

  // The panel's title takes the keyboard when it opens.
  useEffect(() => {
    if (connecting) panelTitleRef.current?.focus();
  }, [connecting]);

  const closePanel = useCallback(() => {
    setConnecting(false);
    openerRef.current?.focus();
  }, []);
  const showConnected = useCallback(
    (channel: Channel) => setChannels((shown) => [...shown.filter((other) => other.id !== channel.id), channel]),
    [],
  );
  const remove = (id: string) => setChannels((shown) => shown.filter((channel) => channel.id !== id));

  async function act(channel: Channel, action: ChannelAction) {
    setBusy({ channelId: channel.id, action });
    setProblem(null);
    try {
      if (action === 'disconnect') {
        await channelDisconnectApi(api).disconnect(channel.id);
        remove(channel.id);
      } else {
        const changed = await channelStatusApi(api)[action](channel.id);
        setChannels((shown) => shown.map((other) => (other.id === changed.id ? changed : other)));
      }
    } catch (error) {
      const failure = error as ChannelActionFailure;
      // Disconnected elsewhere: it is off the list either way.
      if (failure === 'not_found') remove(channel.id);
      else setProblem({ channelId: channel.id, action, failure });
    } finally {
      setBusy(null);
      if (action === 'disconnect') {
        setToDisconnect(null);
        // Its card (and the button that had the keyboard) may be gone: the list takes the focus.
        listRef.current?.focus();
      }
    }
  }

  const problemText = ({ action, failure }: Problem): ReactNode => {
    const refusal = { resume: resumeRefusalMessages, pause: pauseRefusalMessages, disconnect: {} }[action][failure];
    if (refusal) return i18n._(refusal);
    if (action === 'pause') return <Trans>The number could not be paused. Try again.</Trans>;
    if (action === 'resume') return <Trans>The number could not be resumed. Try again.</Trans>;
    return <Trans>The number could not be disconnected. Try again.</Trans>;
  };

  const names = (channel: Channel) => ({
    aiBaseName: loaded.aiBases.find((base) => base.id === channel.aiBaseId)?.name ?? null,
    inventoryName: loaded.inventories.find((inventory) => inventory.id === channel.inventoryId)?.name ?? null,
  });

  const open = () => (connecting ? panelTitleRef.current?.focus() : setConnecting(true));
  const connectButton = (
    <Button ref={openerRef} aria-expanded={connecting} onClick={open}>
      <Trans>Connect a WhatsApp number</Trans>
    </Button>
  );

  return (
    <PageFrame title={<Trans>Channels</Trans>} actions={connectButton}>
      {connecting && (
        <ChannelConnectPanel
          connect={connect}
          readChannel={readChannel}
          aiBases={loaded.aiBases}
          inventories={loaded.inventories}
          headingRef={panelTitleRef}
          onConnected={showConnected}
          onClose={closePanel}
        />
      )}
      <List ref={listRef} tabIndex={-1} aria-label={t`Connected numbers`} role="region">
        {channels.length === 0 && !connecting && (
          <EmptyState
            title={<Trans>No WhatsApp number connected yet</Trans>}
            description={<Trans>Connect your WhatsApp Business number so that one of your AI bases answers your customers there.</Trans>}
            action={
              <Button variant="secondary" onClick={open}>
                <Trans>Connect a WhatsApp number</Trans>
              </Button>
            }
          />
        )}
        {channels.length > 0 && (
          <Grid>
            {channels.map((channel) => (
              <li key={channel.id}>
                <ChannelCard
                  channel={channel}
                  {...names(channel)}
                  busy={busy?.channelId === channel.id ? busy.action : null}
                  problem={problem?.channelId === channel.id ? problemText(problem) : null}
                  onAction={(action) => (action === 'disconnect' ? setToDisconnect(channel) : void act(channel, action))}
                  onDismissProblem={() => setProblem(null)}
                />
              </li>
            ))}
          </Grid>
        )}
      </List>
      <ChannelDisconnectDialog
        number={toDisconnect?.displayPhoneNumber ?? null}
        disconnecting={busy?.action === 'disconnect'}
        onConfirm={() => toDisconnect && void act(toDisconnect, 'disconnect')}
        onCancel={() => setToDisconnect(null)}
      />
    </PageFrame>
  );
}
