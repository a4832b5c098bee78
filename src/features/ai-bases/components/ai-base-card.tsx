import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import styled from 'styled-components';
import type { AiBase } from '@/domain/ai-base';
import type { ChannelSummary } from '@/domain/channel';
import { Badge, type BadgeVariant } from '@/src/ui/badge';
import { Card } from '@/src/ui/card';
import { ProgressBar } from '@/src/ui/progress-bar';
import { useLang } from '@/src/i18n/use-lang';
import { functionNames, statusBadgeNames } from '../ai-base-messages';
import { AiBaseSummary } from './ai-base-summary';

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
  align-items: center;
`;

const Details = styled.details`
  summary {
    cursor: pointer;
    color: ${({ theme }) => theme.colors.secondary};
  }
  dl {
    margin-top: ${({ theme }) => theme.space(3)};
  }
`;

const numberBadges: Record<ChannelSummary['status'], BadgeVariant> = { active: 'primary', paused: 'neutral', needs_attention: 'warning' };

/**
 * One AI base in the list: status, function, the WhatsApp numbers it answers on (none: no badge),
 * progress while in configuration, edit, details.
 */
export function AiBaseCard({ base }: { base: AiBase }) {
  const { t, i18n } = useLingui();
  const numberLabel = ({ displayPhoneNumber: number, status }: ChannelSummary) =>
    status === 'active'
      ? t`WhatsApp ${number}`
      : status === 'paused'
        ? t`WhatsApp ${number}, paused`
        : t`WhatsApp ${number}, needs attention`;
  const lang = useLang();
  const inTraining = base.status === 'training';
  const name = base.name;
  return (
    <Card
      title={base.name}
      headingLevel={3}
      description={i18n._(functionNames[base.function].name)}
      footer={
        <Row>
          <Link to="/$lang/ia-base/$id" params={{ lang, id: base.id }} aria-label={t`Edit ${name}`}>
            {inTraining ? <Trans>Complete configuration</Trans> : <Trans>Edit</Trans>}
          </Link>
          {base.status === 'inactive' && (
            <Link to="/$lang/ia-base/$id/activate" params={{ lang, id: base.id }} aria-label={t`Reactivate ${name}`}>
              <Trans>Reactivate</Trans>
            </Link>
          )}
          {inTraining && base.progress === 100 && (
            <Link to="/$lang/ia-base/$id/activate" params={{ lang, id: base.id }} aria-label={t`Activate ${name}`}>
              <Trans>Activate</Trans>
            </Link>
          )}
        </Row>
      }
    >
      <Row>
        <Badge variant={base.status === 'active' ? 'positive' : inTraining ? 'info' : 'neutral'}>
          {i18n._(statusBadgeNames[base.status])}
        </Badge>
        {(base.connectedChannels ?? []).map((channel) => (
          <Badge key={channel.id} variant={numberBadges[channel.status]}>
            {numberLabel(channel)}
          </Badge>
        ))}
      </Row>
      {inTraining && (
        <>
          <p>
            <Trans>Agent status: in training</Trans>
          </p>
          <ProgressBar label={t`Configuration progress`} value={base.progress} showValue />
        </>
      )}
      <Details>
        <summary>
          <Trans>Details</Trans>
        </summary>
        <AiBaseSummary base={base} />
      </Details>
    </Card>
  );
}
