// `/{lang}/campaigns`: the account's campaigns and 'New campaign'.
import { createFileRoute } from '@tanstack/react-router';
import { crumbs } from '@/src/layouts/crumbs';
import { CampaignsPage } from '@/src/features/campaigns/components/campaigns-page';

export const Route = createFileRoute('/$lang/_app/campaigns/')({
  staticData: { crumbs: [crumbs.campaigns] },
  component: CampaignsPage,
});
