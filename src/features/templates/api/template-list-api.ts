// The templates of every connected number (GET /api/v1/templates) for the /templates screen: each
// number's WhatsApp Business Account with its templates as Catalyst last read them from Meta.
import { templateListSchema, type TemplateAccount } from '@/domain/message-template';
import type { ApiClient } from '@/src/api/api-client';

export function templateListApi(api: ApiClient) {
  return {
    list: async (signal?: AbortSignal): Promise<TemplateAccount[]> =>
      (await api.get('/templates', { schema: templateListSchema, ...(signal ? { signal } : {}) })).accounts,
  };
}
