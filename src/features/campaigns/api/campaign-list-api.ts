// GET /api/v1/campaigns: the account's campaigns, newest first (the campaigns screen's list).
import { campaignListSchema, type Campaign } from '@/domain/campaign';
import type { ApiClient } from '@/src/api/api-client';

export function campaignListApi(api: ApiClient) {
  return {
    list: async (signal?: AbortSignal): Promise<Campaign[]> =>
      (await api.get('/campaigns', { schema: campaignListSchema, ...(signal ? { signal } : {}) })).campaigns,
  };
}
