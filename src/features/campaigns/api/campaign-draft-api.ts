// A campaign's draft: POST /api/v1/campaigns (a new one, by its name), GET and PUT /campaigns/:id
// (the wizard saves it at every step, with the step reached). Rejections are campaignFailures'.
import { campaignSchema, type Campaign, type CampaignDraft } from '@/domain/campaign';
import type { ApiClient } from '@/src/api/api-client';
import { campaignFailures } from './campaign-failures';

const path = (id: string) => `/campaigns/${encodeURIComponent(id)}`;
const { calling, explains } = campaignFailures;

export function campaignDraftApi(api: ApiClient) {
  return {
    create: (name: string): Promise<Campaign> => calling(api.post('/campaigns', { name }, { schema: campaignSchema, explains })),
    get: (id: string, signal?: AbortSignal): Promise<Campaign> =>
      calling(api.get(path(id), { schema: campaignSchema, explains, ...(signal ? { signal } : {}) })),
    save: (id: string, draft: CampaignDraft): Promise<Campaign> => calling(api.put(path(id), draft, { schema: campaignSchema, explains })),
  };
}
