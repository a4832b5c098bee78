// The contacts vocabulary in the page's language: the purposes of consent, its statuses, where each
// consent event came from and what it did, the contacts' languages, why a call failed, and the
// forms' field messages by id (domain/contact.ts's and domain/contact-csv.ts's, and this screen's own).
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import {
  contactValidationMessages,
  type ConsentEffect,
  type ConsentPurpose,
  type ConsentSource,
  type ConsentStatus,
} from '@/domain/contact';
import { contactCsvMessagesById } from '@/domain/contact-csv-messages';
import type { Locale } from '@/domain/locales';
import type { ContactImportFailureKind } from '@/machines/contact-import';
import { useTranslatedFieldError } from '@/src/i18n/use-field-error';
import type { ContactFailureKind } from './api/contact-failure';

export const consentPurposeNames: Record<ConsentPurpose, MessageDescriptor> = {
  utility: msg({ message: 'Utility', context: "purpose of a shopper's consent: order notices" }),
  marketing: msg({ message: 'Marketing', context: "purpose of a shopper's consent: offers and campaigns" }),
};

/** What each purpose covers, said where the merchant chooses it. */
export const consentPurposeHints: Record<ConsentPurpose, MessageDescriptor> = {
  utility: msg`Order confirmations and shipping updates.`,
  marketing: msg`Cart reminders, offers and campaigns.`,
};

export const consentStatusNames: Record<ConsentStatus, MessageDescriptor> = {
  subscribed: msg({ message: 'Subscribed', context: "status of a shopper's consent" }),
  not_subscribed: msg({ message: 'Not subscribed', context: "status of a shopper's consent" }),
  unsubscribed: msg({ message: 'Unsubscribed', context: "status of a shopper's consent" }),
};

export const consentSourceNames: Record<ConsentSource, MessageDescriptor> = {
  whatsapp_conversation: msg`WhatsApp conversation`,
  cart_page: msg`Cart page checkbox`,
  csv_import: msg`CSV import`,
  api: msg`API`,
  stop_word: msg`Stop word on WhatsApp`,
  meta_user_preferences: msg`WhatsApp marketing preferences`,
  meta_error_131050: msg`WhatsApp refused marketing (error 131050)`,
  merchant: msg`You, on the Contacts screen`,
  store_checkout: msg`Store checkout (text message marketing)`,
  merchant_test: msg`You, asking for a test message on your own number`,
};

export const consentKindNames: Record<'opt_in' | 'opt_out', MessageDescriptor> = {
  opt_in: msg({ message: 'Opt-in', context: 'a consent event' }),
  opt_out: msg({ message: 'Opt-out', context: 'a consent event' }),
};

/** What a consent event did to its purpose. */
export const consentEffectNames: Record<ConsentEffect, MessageDescriptor> = {
  subscribed: msg({ message: 'Subscribed', context: 'what a consent event did' }),
  unsubscribed: msg({ message: 'Unsubscribed', context: 'what a consent event did' }),
  unchanged: msg`No change: it was already so`,
  ignored_before_opt_out: msg`Ignored: not later than the opt-out`,
  ignored_shopper_opt_out: msg`Ignored: the shopper opted out themselves`,
  ignored_stale_opt_out: msg`Ignored: older than the shopper’s own opt-in`,
};

export const contactLanguageNames: Record<Locale, MessageDescriptor> = {
  pt: msg`Portuguese`,
  en: msg`English`,
  es: msg`Spanish`,
};

export const contactFailureMessages: Record<ContactFailureKind, MessageDescriptor> = {
  invalid: msg`Some fields were refused. Check them and try again.`,
  exists: msg`This number is one of your contacts already.`,
  not_found: msg`This contact does not exist (or no longer does).`,
  unknown: msg`Something went wrong on our side, or the connection dropped. Try again.`,
};

export const contactImportFailureMessages: Record<ContactImportFailureKind, MessageDescriptor> = {
  invalid: msg`Some fields were refused. Check them and try again.`,
  unreachable: msg`The connection dropped before the import finished. Your file is still here: try again.`,
  unknown: msg`Something went wrong on our side. Your file is still here: try again.`,
};

/** This screen's own field messages, by the ids the import machine (contactImportFileErrors) and the forms give them. */
const screenMessages = {
  fileRequired: msg({ id: 'contact.import.file_required', message: 'Choose the CSV file to import.' }),
  fileType: msg({
    id: 'contact.import.file_type',
    message: 'Import a CSV file (.csv, or .txt / .tsv for tab-separated text). In Excel: File → Save as → CSV.',
  }),
  noteRequired: msg({
    id: 'contact.form.note_required',
    message: 'Say how the shopper agreed to receive these messages: it is kept as the proof of their consent.',
  }),
  exists: msg({ id: 'contact.form.exists', message: 'This number is one of your contacts already.' }),
} satisfies Record<string, MessageDescriptor>;

/** The message id said at the number when it is a contact already. */
export const CONTACT_EXISTS = screenMessages.exists.id!;

/** The message id of a missing consent note (the add form and the consent change ask for one with an opt-in). */
export const NOTE_REQUIRED = screenMessages.noteRequired.id!;

const fieldMessages: ReadonlyMap<string, MessageDescriptor> = new Map([
  ...contactValidationMessages,
  ...contactCsvMessagesById,
  ...Object.values(screenMessages).map((descriptor) => [descriptor.id!, descriptor] as const),
]);

/** A field's message in the page's language, from its message id (a schema's, the API's, or this screen's). */
export const useContactFieldError = (errors: Record<string, string>) => useTranslatedFieldError(errors, fieldMessages);

/** A message id (an import's row issue) in the page's language; undefined when it is none of ours. */
export const contactMessageOf = (id: string): MessageDescriptor | undefined => fieldMessages.get(id);
