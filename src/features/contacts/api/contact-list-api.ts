// A page of the caller's contacts (GET /api/v1/contacts), newest first, searched and filtered as the
// /contacts screen's URL says, with the count of every match for the pager.
import { contactListSchema, type ContactList } from '@/domain/contact';
import type { ApiClient } from '@/src/api/api-client';
import { listQuery, type ContactsFilter } from '../contact-search';

export function contactListApi(api: ApiClient) {
  return {
    list: (filter: ContactsFilter, signal?: AbortSignal): Promise<ContactList> =>
      api.get('/contacts', { schema: contactListSchema, query: listQuery(filter), ...(signal ? { signal } : {}) }),
  };
}
