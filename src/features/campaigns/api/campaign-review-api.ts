// GET /api/v1/campaigns/:id/review (what planning now would do) and POST /campaigns/:id/plan. Both
// refuse a draft that does not hold with a 422 `campaign_refused` by field (campaignFailures' `refused`).
import { campaignReviewSchema, campaignSchema, type Campaign, type CampaignReview } from '@/domain/campaign';
import type { ApiClient } from '@/src/api/api-client';
import { campaignFailures } from './campaign-failures';

const path = (id: string) => `/campaigns/${encodeURIComponent(id)}`;
const { calling, explains } = campaignFailures;

export function campaignReviewApi(api: ApiClient) {
  return {
    review: (id: string, signal?: AbortSignal): Promise<CampaignReview> =>
      calling(api.get(`${path(id)}/review`, { schema: campaignReviewSchema, explains, ...(signal ? { signal } : {}) })),
    plan: (id: string): Promise<Campaign> => calling(api.post(`${path(id)}/plan`, undefined, { schema: campaignSchema, explains })),
  };
}
