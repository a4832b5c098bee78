// `/campaigns`: the account's campaigns, newest first — name, status, messages planned, when it
// started — each opening its page (or its draft, where it was left), and 'New campaign'.
import { useState } from 'react';
import { Link, useRouter } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Campaign } from '@/domain/campaign';
import { useRead } from '@/src/api/use-read';
import { formatDateTime, formatNumber } from '@/src/i18n/format';
import { useLang } from '@/src/i18n/use-lang';
import { Badge } from '@/src/ui/badge';
import { Button } from '@/src/ui/button';
import { EmptyState } from '@/src/ui/empty-state';
import { Notice } from '@/src/ui/notice';
import { PageFrame } from '@/src/ui/page-frame';
import { PrimaryLink } from '@/src/ui/primary-link';
import { Skeleton } from '@/src/ui/skeleton';
import { Table } from '@/src/ui/table';
import { campaignListApi } from '../api/campaign-list-api';
import { campaignStatusNames } from '../campaign-messages';

function NewCampaignLink() {
  const lang = useLang();
  return (
    <PrimaryLink>
      <Link to="/$lang/campaigns/new" params={{ lang }}>
        <Trans>New campaign</Trans>
      </Link>
    </PrimaryLink>
  );
}

export function CampaignsPage() {
  const [attempt, setAttempt] = useState(0);
  return (
    <PageFrame title={<Trans>Campaigns</Trans>} actions={<NewCampaignLink />}>
      <CampaignList key={attempt} onRetry={() => setAttempt((n) => n + 1)} />
    </PageFrame>
  );
}

function CampaignList({ onRetry }: { onRetry: () => void }) {
  const { t, i18n } = useLingui();
  const lang = useLang();
  const { api } = useRouter().options.context;
  const read = useRead<Campaign[]>((signal) => campaignListApi(api).list(signal));
  if (read.status === 'loading') return <Skeleton block lines={4} label={t`Loading the campaigns`} />;
  if (read.status === 'failed')
    return (
      <Notice variant="negative" title={<Trans>The campaigns could not be loaded.</Trans>}>
        <Button variant="secondary" onClick={onRetry}>
          <Trans>Try again</Trans>
        </Button>
      </Notice>
    );
  if (read.value.length === 0)
    return (
      <EmptyState
        title={<Trans>No campaign yet</Trans>}
        description={
          <Trans>
            A campaign sends an approved marketing template to the contacts of an audience who agreed to receive promotions, within your
            number’s messaging limit.
          </Trans>
        }
        action={<NewCampaignLink />}
      />
    );
  return (
    <Table
      caption={t`Campaigns`}
      hideCaption
      rows={read.value}
      rowKey={(campaign) => campaign.id}
      columns={[
        {
          key: 'name',
          header: t`Name`,
          isRowHeader: true,
          render: (campaign) => (
            <Link to="/$lang/campaigns/$id" params={{ lang, id: campaign.id }}>
              {campaign.name || t`Untitled campaign`}
            </Link>
          ),
        },
        { key: 'status', header: t`Status`, render: (campaign) => <Badge>{i18n._(campaignStatusNames[campaign.status])}</Badge> },
        { key: 'planned', header: t`Messages`, align: 'end', render: (campaign) => formatNumber(lang, campaign.planned) },
        {
          key: 'startsAt',
          header: t`Starts`,
          render: (campaign) => (campaign.startsAt ? formatDateTime(lang, new Date(campaign.startsAt)) : '—'),
        },
      ]}
    />
  );
}
