// The add-contact form's values and their rules: what the form holds (strings and ticks), the API's
// input they become (createContactSchema's), and field → message id of each rule they break — the
// API's own schema, the number read in the chosen country, and a note saying how the shopper agreed
// whenever a purpose is ticked (the merchant's claim of consent needs its proof).
import { consentPurposes } from '@/domain/contact';
import { createContactSchema, readContactPhone, isPhoneCountry, type CreateContactInput } from '@/domain/contact-phone';
import type { Locale } from '@/domain/locales';
import { NOTE_REQUIRED } from './contact-messages';

export type ContactFormValues = {
  phone: string;
  /** The country a number without + is read in. */
  country: string;
  name: string;
  /** '': the number's country's. */
  language: '' | Locale;
  utility: boolean;
  marketing: boolean;
  note: string;
};

/** The form's fields in the order they are shown (the first in error takes the keyboard). */
export const contactFormFields = ['phone', 'country', 'name', 'language', 'utility', 'marketing', 'note'] as const;
export type ContactFormField = (typeof contactFormFields)[number];

export const emptyContactForm = (country: string): ContactFormValues => ({
  phone: '',
  country,
  name: '',
  language: '',
  utility: false,
  marketing: false,
  note: '',
});

/** The API's input of the form's values. */
export function createContactInput(values: ContactFormValues): CreateContactInput {
  return {
    phone: values.phone,
    ...(values.country ? { country: values.country } : {}),
    name: values.name,
    ...(values.language ? { language: values.language } : {}),
    optIn: consentPurposes.filter((purpose) => values[purpose]),
    note: values.note,
  };
}

/** Field → message id of each rule the values break (the API's field names: `optIn` is said at the note). */
export function contactFormErrors(values: ContactFormValues): Partial<Record<ContactFormField, string>> {
  const errors: Partial<Record<ContactFormField, string>> = {};
  const parsed = createContactSchema.safeParse(createContactInput(values));
  for (const issue of parsed.error?.issues ?? []) {
    const field = String(issue.path[0] ?? 'phone');
    const at = (contactFormFields as readonly string[]).includes(field) ? (field as ContactFormField) : 'note';
    errors[at] ??= issue.message;
  }
  // The schema reads the number only once its other fields pass: read here too, so both errors show at once.
  if (!errors.phone) {
    const country = values.country.trim().toUpperCase();
    const reading = readContactPhone(values.phone, isPhoneCountry(country) ? country : undefined);
    if (!reading.ok) errors.phone = reading.error.id;
  }
  if ((values.utility || values.marketing) && values.note.trim() === '') errors.note ??= NOTE_REQUIRED;
  return errors;
}
