// A contact changed by the merchant (PATCH /api/v1/contacts/:id): its name, language or tags (the whole
// set). Answers the contact without its history. Rejects with a ContactFailure (`invalid` fields,
// `not_found`).
import type * as z from 'zod/mini';
import { contactSchema, type Contact, type updateContactSchema } from '@/domain/contact';
import type { ApiClient } from '@/src/api/api-client';
import { contactCall, contactExplains } from './contact-failure';

export type ContactChangeInput = z.input<typeof updateContactSchema>;

export function contactUpdateApi(api: ApiClient) {
  return {
    update: (id: string, change: ContactChangeInput): Promise<Contact> =>
      contactCall(api.patch(`/contacts/${encodeURIComponent(id)}`, change, { schema: contactSchema, explains: contactExplains })),
  };
}
