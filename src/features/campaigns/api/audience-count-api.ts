// POST /api/v1/audiences/count: what rules match now — matched, reachable (subscribed to marketing),
// left out by why, the reachable by country. The audience editor asks it as the merchant edits.
import { audienceCountSchema, type AudienceCount, type AudienceRules } from '@/domain/audience';
import type { ApiClient } from '@/src/api/api-client';
import { campaignFailures } from './campaign-failures';

const { calling, explains } = campaignFailures;

export function audienceCountApi(api: ApiClient) {
  return {
    count: (rules: AudienceRules, signal?: AbortSignal): Promise<AudienceCount> =>
      calling(api.post('/audiences/count', { rules }, { schema: audienceCountSchema, explains, ...(signal ? { signal } : {}) })),
  };
}
