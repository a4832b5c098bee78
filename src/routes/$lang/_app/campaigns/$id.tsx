// `/{lang}/campaigns/{id}`: a draft's wizard, resumed at its saved step, or a planned campaign's page.
import { createFileRoute } from '@tanstack/react-router';
import { crumbs } from '@/src/layouts/crumbs';
import { CampaignEditPage } from '@/src/features/campaigns/components/campaign-edit-page';

export const Route = createFileRoute('/$lang/_app/campaigns/$id')({
  staticData: { crumbs: [crumbs.campaigns, crumbs.campaign] },
  component: CampaignEditPage,
});
