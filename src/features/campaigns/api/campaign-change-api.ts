// POST /api/v1/campaigns/:id/pause, /resume and /cancel: the campaign as it is after; a change its
// state no longer allows (409) is campaignFailures' `conflict`.
import { campaignSchema, type Campaign } from '@/domain/campaign';
import type { CampaignChange } from '@/machines/campaign-wizard';
import type { ApiClient } from '@/src/api/api-client';
import { campaignFailures } from './campaign-failures';

const { calling, explains } = campaignFailures;

export function campaignChangeApi(api: ApiClient) {
  return {
    change: (id: string, change: CampaignChange): Promise<Campaign> =>
      calling(api.post(`/campaigns/${encodeURIComponent(id)}/${change}`, undefined, { schema: campaignSchema, explains })),
  };
}
