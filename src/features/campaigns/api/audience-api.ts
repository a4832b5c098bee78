// The account's saved audiences: GET /api/v1/audiences, POST /audiences (a new one), PUT
// /audiences/:id (its name and rules changed). A refusal by field is campaignFailures' `refused`
// (the field ids are domain/audience.ts's), past the most an account keeps `too_many`.
import { audienceListSchema, audienceSchema, type Audience, type AudienceInput } from '@/domain/audience';
import type { ApiClient } from '@/src/api/api-client';
import { campaignFailures } from './campaign-failures';

const { calling, explains } = campaignFailures;

export function audienceApi(api: ApiClient) {
  return {
    list: async (signal?: AbortSignal): Promise<Audience[]> =>
      (await calling(api.get('/audiences', { schema: audienceListSchema, explains, ...(signal ? { signal } : {}) }))).audiences,
    save: (audienceId: string | null, input: AudienceInput): Promise<Audience> =>
      calling(
        audienceId
          ? api.put(`/audiences/${encodeURIComponent(audienceId)}`, input, { schema: audienceSchema, explains })
          : api.post('/audiences', input, { schema: audienceSchema, explains }),
      ),
  };
}
