// What the audience editor offers to choose from: the account's tags with how many contacts have each
// (GET /api/v1/contacts/tags), and its contact imports, newest first, each the list of the contacts its
// file named (GET /api/v1/contacts/imports).
import { contactImportListSchema, type ContactImportRecord } from '@/domain/contact-imports';
import { contactTagCountListSchema, type ContactTagCountList } from '@/domain/contact-tags';
import type { ApiClient } from '@/src/api/api-client';

export function audienceSourcesApi(api: ApiClient) {
  const options = (signal?: AbortSignal) => (signal ? { signal } : {});
  return {
    tags: async (signal?: AbortSignal): Promise<ContactTagCountList['tags']> =>
      (await api.get('/contacts/tags', { schema: contactTagCountListSchema, ...options(signal) })).tags,
    imports: async (signal?: AbortSignal): Promise<ContactImportRecord[]> =>
      (await api.get('/contacts/imports', { schema: contactImportListSchema, ...options(signal) })).imports,
  };
}
