// The account's tags with how many contacts have each, the most used first (GET /api/v1/contacts/tags):
// the list's tag filter and the tags a contact's page suggests.
import { contactTagCountListSchema, type ContactTagCountList } from '@/domain/contact-tags';
import type { ApiClient } from '@/src/api/api-client';

export function contactTagsApi(api: ApiClient) {
  return {
    list: async (signal?: AbortSignal): Promise<ContactTagCountList['tags']> =>
      (await api.get('/contacts/tags', { schema: contactTagCountListSchema, ...(signal ? { signal } : {}) })).tags,
  };
}
