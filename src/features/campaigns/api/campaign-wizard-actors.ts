// The campaign-wizard machine's calls on the real API (machines/campaign-wizard.ts): the draft loaded
// (or created, for a new campaign) with what its steps choose from, the live count, an audience saved,
// the draft saved, the review, the plan, the campaign's page read (the campaign and its results) and
// its pause, resume or cancel. Each rejects with the machine's failure (campaignFailures).
import { fromPromise } from 'xstate';
import type { Audience, AudienceCount, AudienceRules } from '@/domain/audience';
import type { Campaign, CampaignDraft, CampaignReview } from '@/domain/campaign';
import type { CampaignChange, CampaignProgress, LoadedCampaign } from '@/machines/campaign-wizard';
import type { ApiClient } from '@/src/api/api-client';
import { campaignNumbersOf } from '../campaign-choices';
import { audienceApi } from './audience-api';
import { audienceCountApi } from './audience-count-api';
import { campaignChangeApi } from './campaign-change-api';
import { campaignChoicesApi } from './campaign-choices-api';
import { campaignDraftApi } from './campaign-draft-api';
import { campaignFailures } from './campaign-failures';
import { campaignResultsApi } from './campaign-results-api';
import { campaignReviewApi } from './campaign-review-api';

/** The server reads a time in this zone while the account has none (as its planner does). */
export const SERVER_DEFAULT_ZONE = 'America/Sao_Paulo';

export function campaignWizardActors(api: ApiClient) {
  const drafts = campaignDraftApi(api);
  const choices = campaignChoicesApi(api);
  const audiences = audienceApi(api);
  const counts = audienceCountApi(api);
  const reviews = campaignReviewApi(api);
  const results = campaignResultsApi(api);
  const changes = campaignChangeApi(api);
  const { calling } = campaignFailures;
  return {
    loadCampaign: fromPromise<LoadedCampaign, { campaignId: string | null }>(async ({ input, signal }) => {
      const [campaign, saved, channels, templates, inventories, timeZone] = await Promise.all([
        input.campaignId ? drafts.get(input.campaignId, signal) : drafts.create(''),
        audiences.list(signal),
        calling(choices.channels(signal)),
        calling(choices.templates(signal)),
        calling(choices.inventories(signal)),
        calling(choices.timeZone(signal)),
      ]);
      return {
        campaign,
        audiences: saved,
        numbers: campaignNumbersOf(channels, templates),
        inventories: inventories.map(({ id, name }) => ({ id, name })),
        timeZone: timeZone ?? SERVER_DEFAULT_ZONE,
      };
    }),
    countAudience: fromPromise<AudienceCount, { rules: AudienceRules }>(({ input, signal }) => counts.count(input.rules, signal)),
    saveAudience: fromPromise<Audience, { audienceId: string | null; name: string; rules: AudienceRules }>(({ input }) =>
      audiences.save(input.audienceId, { name: input.name, rules: input.rules }),
    ),
    saveDraft: fromPromise<Campaign, { campaignId: string; draft: CampaignDraft }>(({ input }) =>
      drafts.save(input.campaignId, input.draft),
    ),
    reviewCampaign: fromPromise<CampaignReview, { campaignId: string }>(({ input, signal }) => reviews.review(input.campaignId, signal)),
    planCampaign: fromPromise<Campaign, { campaignId: string }>(({ input }) => reviews.plan(input.campaignId)),
    loadProgress: fromPromise<CampaignProgress, { campaignId: string }>(async ({ input, signal }) => {
      const [campaign, figures] = await Promise.all([drafts.get(input.campaignId, signal), results.results(input.campaignId, signal)]);
      return { campaign, results: figures };
    }),
    changeCampaign: fromPromise<Campaign, { campaignId: string; change: CampaignChange }>(({ input }) =>
      changes.change(input.campaignId, input.change),
    ),
  };
}
