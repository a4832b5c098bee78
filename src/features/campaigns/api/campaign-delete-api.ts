// Delete a draft campaign (DELETE /api/v1/campaigns/:id). Rejects with why, as the campaigns list
// tells it: `not_found` (deleted meanwhile, in another tab), `not_draft` (planned meanwhile: its
// sends stay counted, so it stays), `unknown` (a network error, a 5xx: the client's toast says so).
import { isApiError } from '@/src/api/api-errors';
import type { ApiClient } from '@/src/api/api-client';

export type CampaignDeleteFailure = 'not_found' | 'not_draft' | 'unknown';

export function campaignDeleteApi(api: ApiClient) {
  return {
    remove: async (id: string): Promise<void> => {
      try {
        await api.delete<void>(`/campaigns/${encodeURIComponent(id)}`, undefined, { explains: ['not_found', 'campaign_not_draft'] });
      } catch (error) {
        const failure: CampaignDeleteFailure = !isApiError(error)
          ? 'unknown'
          : error.status === 404
            ? 'not_found'
            : error.code === 'campaign_not_draft'
              ? 'not_draft'
              : 'unknown';
        throw failure;
      }
    },
  };
}
