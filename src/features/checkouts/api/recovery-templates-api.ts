// Each connected number's templates as Catalyst last read them from Meta (GET /api/v1/templates), for
// the recovery flow: the templates a reminder may send are among them.
import { templateListSchema, type TemplateAccount } from '@/domain/message-template';
import type { ApiClient } from '@/src/api/api-client';

export function recoveryTemplatesApi(api: ApiClient) {
  return {
    list: async (signal?: AbortSignal): Promise<TemplateAccount[]> =>
      (await api.get('/templates', { schema: templateListSchema, ...(signal ? { signal } : {}) })).accounts,
  };
}
