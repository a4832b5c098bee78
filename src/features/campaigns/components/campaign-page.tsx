// A planned campaign's page (the campaign wizard's last state): its status — scheduled, sending,
// paused (by the merchant, or because Meta stopped its template), cancelled, finished — when it
// starts, Pause, Resume and Cancel (asked to confirm first), and its results beside the previous
// campaign's, read again every few seconds while it is scheduled or sending, every half minute after.
import { Trans, useLingui } from '@lingui/react/macro';
import styled from 'styled-components';
import type { CampaignStatus } from '@/domain/campaign';
import { canCancel, canPause, canResume, type CampaignWizardContext } from '@/machines/campaign-wizard';
import { formatDateTime, formatNumber } from '@/src/i18n/format';
import { useLang } from '@/src/i18n/use-lang';
import { Badge, type BadgeVariant } from '@/src/ui/badge';
import { Button } from '@/src/ui/button';
import { Dialog } from '@/src/ui/dialog';
import { Notice } from '@/src/ui/notice';
import { Skeleton } from '@/src/ui/skeleton';
import { campaignPauseReasonTexts, campaignStatusNames } from '../campaign-messages';
import { CampaignResults } from './campaign-results';

const Stack = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(5)};
  max-width: 860px;

  p {
    margin: 0;
  }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
`;

const statusVariants: Record<CampaignStatus, BadgeVariant> = {
  draft: 'neutral',
  scheduled: 'info',
  sending: 'primary',
  paused: 'warning',
  cancelled: 'negative',
  finished: 'positive',
};

type Props = {
  context: CampaignWizardContext;
  loading: boolean;
  loadFailed: boolean;
  changing: boolean;
  confirmingCancel: boolean;
  onPause: () => void;
  onResume: () => void;
  onCancel: () => void;
  onConfirmCancel: () => void;
  onKeep: () => void;
  onRetry: () => void;
};

export function CampaignPage({ context, loading, loadFailed, changing, confirmingCancel, ...on }: Props) {
  const { t, i18n } = useLingui();
  const lang = useLang();
  const { campaign, results, failure, change } = context;
  if (!campaign) return null;
  const status = campaign.status;
  const startsAt =
    campaign.startsAt &&
    formatDateTime(lang, new Date(campaign.startsAt), { dateStyle: 'medium', timeStyle: 'short', timeZone: context.timeZone });
  const planned = formatNumber(lang, campaign.planned);
  return (
    <Stack>
      <Actions>
        <span>
          <Trans>Status:</Trans> <Badge variant={statusVariants[status]}>{i18n._(campaignStatusNames[status])}</Badge>
        </span>
        {startsAt && (
          <span>
            {status === 'scheduled' ? <Trans>Starts {startsAt}</Trans> : <Trans>Started {startsAt}</Trans>} ·{' '}
            <Trans>{planned} messages planned</Trans>
          </span>
        )}
      </Actions>
      {status === 'paused' && campaign.pauseReason && (
        <Notice variant={campaign.pauseReason === 'template_unusable' ? 'negative' : 'info'}>
          {i18n._(campaignPauseReasonTexts[campaign.pauseReason])}
        </Notice>
      )}
      {failure === 'conflict' && (
        <Notice variant="warning">
          <Trans>This campaign changed meanwhile: here it is as it is now.</Trans>
        </Notice>
      )}
      {failure === 'unknown' && change && (
        <Notice variant="negative">
          {change === 'pause' ? (
            <Trans>The campaign could not be paused. Check your connection and try again.</Trans>
          ) : change === 'resume' ? (
            <Trans>The campaign could not be resumed. Check your connection and try again.</Trans>
          ) : (
            <Trans>The campaign could not be cancelled. Check your connection and try again.</Trans>
          )}
        </Notice>
      )}
      <Actions>
        {canPause(status) && (
          <Button variant="secondary" loading={changing && change === 'pause'} disabled={changing} onClick={on.onPause}>
            <Trans>Pause</Trans>
          </Button>
        )}
        {canResume(status) && (
          <Button loading={changing && change === 'resume'} disabled={changing} onClick={on.onResume}>
            <Trans>Resume</Trans>
          </Button>
        )}
        {canCancel(status) && (
          <Button variant="danger" disabled={changing} onClick={on.onCancel}>
            <Trans>Cancel the campaign</Trans>
          </Button>
        )}
      </Actions>
      {loadFailed && (
        <Notice variant="negative" title={<Trans>The results could not be loaded.</Trans>}>
          <Button variant="secondary" onClick={on.onRetry}>
            <Trans>Try again</Trans>
          </Button>
        </Notice>
      )}
      {results ? <CampaignResults results={results} /> : loading && <Skeleton block lines={6} label={t`Loading the results`} />}
      <Dialog
        open={confirmingCancel || (changing && change === 'cancel')}
        onClose={() => !changing && on.onKeep()}
        title={<Trans>Cancel this campaign?</Trans>}
        description={<Trans>The messages not sent yet never go. A cancelled campaign cannot be resumed.</Trans>}
        footer={
          <>
            <Button variant="ghost" disabled={changing} onClick={on.onKeep}>
              <Trans>Keep the campaign</Trans>
            </Button>
            <Button variant="danger" loading={changing} onClick={on.onConfirmCancel}>
              <Trans>Yes, cancel it</Trans>
            </Button>
          </>
        }
      />
    </Stack>
  );
}
