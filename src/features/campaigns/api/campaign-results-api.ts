// GET /api/v1/campaigns/:id/results: the campaign's figures beside the previous campaign's.
import { campaignResultsSchema, type CampaignResults } from '@/domain/campaign';
import type { ApiClient } from '@/src/api/api-client';
import { campaignFailures } from './campaign-failures';

const { calling, explains } = campaignFailures;

export function campaignResultsApi(api: ApiClient) {
  return {
    results: (id: string, signal?: AbortSignal): Promise<CampaignResults> =>
      calling(
        api.get(`/campaigns/${encodeURIComponent(id)}/results`, { schema: campaignResultsSchema, explains, ...(signal ? { signal } : {}) }),
      ),
  };
}
