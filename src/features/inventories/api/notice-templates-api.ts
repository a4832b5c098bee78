// Each connected number's templates as Catalyst last read them from Meta (GET /api/v1/templates), for
// the post-sale notices section: the templates a notice may send are among them.
import { templateListSchema, type TemplateAccount } from '@/domain/message-template';
import type { ApiClient } from '@/src/api/api-client';

export function noticeTemplatesApi(api: ApiClient) {
  return {
    list: async (signal?: AbortSignal): Promise<TemplateAccount[]> =>
      (await api.get('/templates', { schema: templateListSchema, ...(signal ? { signal } : {}) })).accounts,
  };
}
