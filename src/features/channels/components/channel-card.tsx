// One connected number in the /channels list: its display number and verified name, its status
// (with what it needs, when it needs attention), Meta's quality rating, the AI base answering and the
// inventory it sells from, whether Meta verified its webhook, and Open, Pause or Resume, Disconnect.
import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import styled from 'styled-components';
import { channelAttentionMessages, type Channel, type ChannelStatus } from '@/domain/channel';
import { useLang } from '@/src/i18n/use-lang';
import { Badge, type BadgeVariant } from '@/src/ui/badge';
import { Button } from '@/src/ui/button';
import { Card } from '@/src/ui/card';
import { FactsList } from '@/src/ui/facts-list';
import { Notice } from '@/src/ui/notice';
import { channelStatusNames, qualityRatingNames } from '../channel-messages';

export type ChannelAction = 'pause' | 'resume' | 'disconnect';

export const channelStatusBadges: Record<ChannelStatus, BadgeVariant> = {
  active: 'positive',
  paused: 'neutral',
  needs_attention: 'warning',
};

const OpenLink = styled.span`
  a {
    display: inline-flex;
    align-items: center;
    min-height: 44px;
    padding-inline-end: ${({ theme }) => theme.space(2)};
    font-weight: 600;
    color: ${({ theme }) => theme.colors.secondary};
  }
`;

type Props = {
  channel: Channel;
  /** The answering AI base's name; null when it was deleted. */
  aiBaseName: string | null;
  /** The inventory's name; null when it sells from none. */
  inventoryName: string | null;
  /** The action under way on this channel. */
  busy: ChannelAction | null;
  /** Why the last action on this channel failed, in the page's language. */
  problem: ReactNode;
  onAction: (action: ChannelAction) => void;
  onDismissProblem: () => void;
};

export function ChannelCard({ channel, aiBaseName, inventoryName, busy, problem, onAction, onDismissProblem }: Props) {
  const { t, i18n } = useLingui();
  const lang = useLang();
  const number = channel.displayPhoneNumber;
  const { status, attentionReason } = channel;
  // A base switched back on answers again once resumed; a refused token or a lost number need more than a resume.
  const resumable = status === 'paused' || (status === 'needs_attention' && attentionReason === 'ai_base_inactive');
  return (
    <Card
      title={number}
      headingLevel={3}
      footer={
        <>
          <OpenLink>
            <Link to="/$lang/channels/$id" params={{ lang, id: channel.id }} aria-label={t`Open ${number}`}>
              <Trans>Open</Trans>
            </Link>
          </OpenLink>
          {status === 'active' && (
            <Button
              variant="secondary"
              loading={busy === 'pause'}
              disabled={busy !== null}
              aria-label={t`Pause ${number}`}
              onClick={() => onAction('pause')}
            >
              <Trans>Pause</Trans>
            </Button>
          )}
          {resumable && (
            <Button
              variant="secondary"
              loading={busy === 'resume'}
              disabled={busy !== null}
              aria-label={t`Resume ${number}`}
              onClick={() => onAction('resume')}
            >
              <Trans>Resume</Trans>
            </Button>
          )}
          <Button variant="ghost" disabled={busy !== null} aria-label={t`Disconnect ${number}`} onClick={() => onAction('disconnect')}>
            <Trans>Disconnect</Trans>
          </Button>
        </>
      }
    >
      <div>
        <Badge variant={channelStatusBadges[status]}>{i18n._(channelStatusNames[status])}</Badge>
      </div>
      {status === 'needs_attention' && attentionReason && (
        <Notice variant="warning">{i18n._(channelAttentionMessages[attentionReason])}</Notice>
      )}
      {problem && (
        <Notice variant="negative" onDismiss={onDismissProblem}>
          {problem}
        </Notice>
      )}
      <FactsList>
        <dt>
          <Trans>Verified name</Trans>
        </dt>
        <dd>{channel.verifiedName}</dd>
        <dt>
          <Trans>Quality rating</Trans>
        </dt>
        <dd>{i18n._(qualityRatingNames[channel.qualityRating])}</dd>
        <dt>
          <Trans>AI base</Trans>
        </dt>
        <dd>{aiBaseName ?? <Trans>None: it was deleted</Trans>}</dd>
        <dt>
          <Trans>Inventory</Trans>
        </dt>
        <dd>{inventoryName ?? <Trans>None: it answers from its knowledge base</Trans>}</dd>
        <dt>
          <Trans>Webhook</Trans>
        </dt>
        <dd>{channel.webhookVerifiedAt ? <Trans>Verified by Meta</Trans> : <Trans>Not verified by Meta yet</Trans>}</dd>
      </FactsList>
    </Card>
  );
}
