// The contact import's refusals of a whole file, as message ids the SPA translates. Apart from
// ./contact-csv.ts (which reads numbers, with libphonenumber-js's full metadata) so the contacts
// screen's list can name them without loading that.
import type { MessageDescriptor } from '@lingui/core';

export const contactCsvMessages = {
  empty: /*i18n*/ { id: 'contact.csv.empty', message: 'This file has no contacts: a header row, then one contact per row.' },
  noPhoneColumn: /*i18n*/ {
    id: 'contact.csv.no_phone_column',
    message:
      'No phone column was found. Name the column of numbers "phone", "telefone", "celular", "whatsapp" or "teléfono" in the first row.',
  },
  tooManyRows: /*i18n*/ {
    id: 'contact.csv.too_many_rows',
    message: 'This file has more than 50,000 contacts. Split it into files of 50,000 rows at most.',
  },
  tooLarge: /*i18n*/ { id: 'contact.csv.too_large', message: 'This file is larger than 10 MB. Split it into smaller files.' },
  unreadable: /*i18n*/ {
    id: 'contact.csv.unreadable',
    message: 'This file could not be read as CSV: a quote opened in this row is never closed.',
  },
} as const satisfies Record<string, MessageDescriptor>;

/** Each of this file's messages by its id (validation messages of a row are contactValidationMessages'). */
export const contactCsvMessagesById: ReadonlyMap<string, MessageDescriptor> = new Map(
  Object.values(contactCsvMessages).map((descriptor) => [descriptor.id, descriptor]),
);
