// One contact with its consent history, newest first (GET /api/v1/contacts/:id). Rejects with a
// ContactFailure (`not_found`: not the merchant's, or no longer there).
import { contactDetailSchema, type ContactDetail } from '@/domain/contact';
import type { ApiClient } from '@/src/api/api-client';
import { contactCall, contactExplains } from './contact-failure';

export function contactReadApi(api: ApiClient) {
  return {
    read: (id: string, signal?: AbortSignal): Promise<ContactDetail> =>
      contactCall(
        api.get(`/contacts/${encodeURIComponent(id)}`, {
          schema: contactDetailSchema,
          explains: contactExplains,
          ...(signal ? { signal } : {}),
        }),
      ),
  };
}
