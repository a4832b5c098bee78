// `/campaigns`: the account's campaigns, newest first — name, status, messages planned, when it
// started — each opening its page (or its draft, where it was left), and 'New campaign'. A draft can
// be deleted, after a confirmation (./campaign-delete-dialog.tsx); a planned campaign stays, counted.
import { useRef, useState } from 'react';
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
import { VisuallyHidden } from '@/src/ui/visually-hidden';
import { campaignDeleteApi, type CampaignDeleteFailure } from '../api/campaign-delete-api';
import { campaignListApi } from '../api/campaign-list-api';
import { campaignStatusNames } from '../campaign-messages';
import { CampaignDeleteDialog } from './campaign-delete-dialog';

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
  const { t } = useLingui();
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
  return <CampaignTable loaded={read.value} onReload={onRetry} />;
}

/** The list read, with its drafts deleted from here. */
function CampaignTable({ loaded, onReload }: { loaded: Campaign[]; onReload: () => void }) {
  const { t, i18n } = useLingui();
  const lang = useLang();
  const { api } = useRouter().options.context;
  const [campaigns, setCampaigns] = useState(loaded);
  const [toDelete, setToDelete] = useState<Campaign | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [problem, setProblem] = useState<CampaignDeleteFailure | null>(null);
  const tableRef = useRef<HTMLDivElement>(null);
  const nameOf = (campaign: Campaign) => campaign.name || t`Untitled campaign`;
  const deleteLabel = (campaign: Campaign) => {
    const name = nameOf(campaign);
    return t`Delete the draft ${name}`;
  };

  async function remove(campaign: Campaign) {
    setDeleting(true);
    setProblem(null);
    try {
      await campaignDeleteApi(api).remove(campaign.id);
      setCampaigns((shown) => shown.filter((other) => other.id !== campaign.id));
    } catch (error) {
      const failure = error as CampaignDeleteFailure;
      // Deleted in another tab: off the list either way.
      if (failure === 'not_found') setCampaigns((shown) => shown.filter((other) => other.id !== campaign.id));
      else setProblem(failure);
    } finally {
      setDeleting(false);
      setToDelete(null);
      // Its row (and the button that had the keyboard) may be gone: the list takes the focus.
      tableRef.current?.focus();
    }
  }

  if (campaigns.length === 0)
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
    <div ref={tableRef} tabIndex={-1}>
      {problem && (
        <Notice
          variant="negative"
          title={
            problem === 'not_draft' ? (
              <Trans>This campaign was planned meanwhile: it is no longer a draft, and its messages stay counted.</Trans>
            ) : (
              <Trans>The draft could not be deleted. Try again.</Trans>
            )
          }
        >
          {problem === 'not_draft' && (
            <Button variant="secondary" onClick={onReload}>
              <Trans>Show the campaigns as they are now</Trans>
            </Button>
          )}
        </Notice>
      )}
      <Table
        caption={t`Campaigns`}
        hideCaption
        rows={campaigns}
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
          {
            key: 'actions',
            header: <VisuallyHidden>{t`Actions`}</VisuallyHidden>,
            align: 'end',
            render: (campaign) =>
              campaign.status === 'draft' ? (
                <Button
                  variant="ghost"
                  size="sm"
                  disabled={deleting}
                  aria-label={deleteLabel(campaign)}
                  onClick={() => setToDelete(campaign)}
                >
                  <Trans>Delete</Trans>
                </Button>
              ) : null,
          },
        ]}
      />
      <CampaignDeleteDialog
        name={toDelete ? nameOf(toDelete) : null}
        deleting={deleting}
        onConfirm={() => toDelete && void remove(toDelete)}
        onCancel={() => setToDelete(null)}
      />
    </div>
  );
}
