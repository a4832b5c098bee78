// A contact added by the merchant (POST /api/v1/contacts): a number as typed (read in `country`
// when it has no +), a name, a language, the purposes the shopper agreed to and how. Answers the
// contact with its history. Rejects with a ContactFailure: fields refused (`invalid`), the number a
// contact already (`exists`).
import { contactDetailSchema, type ContactDetail } from '@/domain/contact';
import { type CreateContactInput } from '@/domain/contact-phone';
import type { ApiClient } from '@/src/api/api-client';
import { contactCall, contactExplains } from './contact-failure';

export function contactCreateApi(api: ApiClient) {
  return {
    create: (input: CreateContactInput): Promise<ContactDetail> =>
      contactCall(api.post('/contacts', input, { schema: contactDetailSchema, explains: contactExplains })),
  };
}
