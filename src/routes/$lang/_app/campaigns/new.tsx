// `/{lang}/campaigns/new`: a new campaign's draft is made, then the wizard goes on at its own address.
import { createFileRoute } from '@tanstack/react-router';
import { crumbs } from '@/src/layouts/crumbs';
import { CampaignWizardSection } from '@/src/features/campaigns/components/campaign-wizard';

export const Route = createFileRoute('/$lang/_app/campaigns/new')({
  staticData: { crumbs: [crumbs.campaigns, crumbs.campaign] },
  component: () => <CampaignWizardSection campaignId={null} />,
});
