// The campaigns screens' table of the API's refusals (src/api/failure-map.ts): a draft refused by
// field (422 `campaign_refused`, or a 400 with fields) is the wizard's `refused`, said at its fields;
// a planned campaign asked to change as a draft is `not_draft`; a pause, resume or cancel the
// campaign's state no longer allows is `conflict`; past the audiences an account keeps, `too_many`;
// any 404 is the record gone.
import type { CampaignWizardFailure } from '@/machines/campaign-wizard';
import { failureMap } from '@/src/api/failure-map';

export const campaignFailures = failureMap<CampaignWizardFailure>({
  codes: {
    campaign_refused: 'refused',
    validation_failed: 'refused',
    campaign_not_draft: 'not_draft',
    campaign_not_active: 'conflict',
    campaign_not_paused: 'conflict',
    campaign_ended: 'conflict',
    too_many_audiences: 'too_many',
  },
  notFound: 'not_found',
});
