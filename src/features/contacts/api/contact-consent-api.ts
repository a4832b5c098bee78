// The merchant opts a contact in or out of a purpose, or both (POST /api/v1/contacts/:id/consent),
// with a note of why. The API answers 200 with the contact and its history whatever the change did:
// an opt-in against the shopper's own opt-out is recorded as ignored, not refused (consent-outcome.ts
// reads it). Rejects with a ContactFailure (`invalid` fields, `not_found`).
import type * as z from 'zod/mini';
import { contactDetailSchema, type contactConsentChangeSchema, type ContactDetail } from '@/domain/contact';
import type { ApiClient } from '@/src/api/api-client';
import { contactCall, contactExplains } from './contact-failure';

/** The change as the API takes it: `opt_in` or `opt_out` of `utility`, `marketing` or `all`, and a note. */
export type ConsentChangeInput = z.input<typeof contactConsentChangeSchema>;

export function contactConsentApi(api: ApiClient) {
  return {
    change: (id: string, change: ConsentChangeInput): Promise<ContactDetail> =>
      contactCall(
        api.post(`/contacts/${encodeURIComponent(id)}/consent`, change, { schema: contactDetailSchema, explains: contactExplains }),
      ),
  };
}
