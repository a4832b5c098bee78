// `/campaigns/{id}`: the wizard of a draft, resumed at its step, or the planned campaign's page.
import { getRouteApi } from '@tanstack/react-router';
import { CampaignWizardSection } from './campaign-wizard';

const editRoute = getRouteApi('/$lang/_app/campaigns/$id');

export function CampaignEditPage() {
  const { id } = editRoute.useParams();
  // A new key per campaign: another campaign's address starts a fresh wizard.
  return <CampaignWizardSection key={id} campaignId={id} />;
}
