// Reading a shopper's number as a merchant or shopper types it, and the shapes that read one (a new
// contact, a country): libphonenumber-js with its `max` metadata (exact number patterns, not lengths
// only), since a contact list is a sending list and a number that cannot exist costs a failed send.
// Apart from ./contact.ts so the screens that only show contacts do not load that metadata.
import type { MessageDescriptor } from '@lingui/core';
import { isSupportedCountry, parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/max';
import * as z from 'zod/mini';
import { consentNoteSchema, consentPurposeListSchema, contactNameSchema, contactValidation, languageForCountry } from './contact';
import { contactTagsSchema } from './contact-tags';
import { localeSchema } from './locale-schema';
import { storableText } from './storable-values';

export type { CountryCode };

const storable = () => storableText(contactValidation.unstorable.id);

/** A phone as read: E.164 and its country, or why not. */
export type PhoneReading = { ok: true; phone: string; country: CountryCode } | { ok: false; error: MessageDescriptor };

/** Whether `code` is a country libphonenumber-js reads numbers of (ISO 3166 alpha-2, upper case). */
export const isPhoneCountry = (code: string): code is CountryCode => /^[A-Z]{2}$/.test(code) && isSupportedCountry(code);

/**
 * A number as a merchant or shopper types it ("(11) 98765-4321", "+1 415-555-2671", "0034 612 34 56
 * 78", "5511987654321"), read in `defaultCountry` when it has no `+`: its E.164 form and the country
 * it belongs to. Refused: no number, one that cannot exist, one with an extension (a switchboard,
 * not a WhatsApp), one of no country (+800…). Mexico's old mobile forms (+52 1 …, 044/045 …),
 * which WhatsApp itself still writes, read as today's.
 */
export function readContactPhone(text: string, defaultCountry?: CountryCode): PhoneReading {
  const typed = text.trim();
  if (typed === '') return { ok: false, error: contactValidation.phoneRequired };
  const invalid = { ok: false, error: contactValidation.phoneInvalid } as const;
  if (typed.length > 40) return invalid;
  let parsed = parsePhoneNumberFromString(typed, defaultCountry);
  if (parsed && !parsed.isValid() && parsed.countryCallingCode === '52') {
    const mexican = /^(?:1|04[45])(\d{10})$/.exec(parsed.nationalNumber);
    if (mexican) parsed = parsePhoneNumberFromString(`+52${mexican[1]}`);
  }
  if (!parsed?.isValid() || parsed.ext || !parsed.country) return invalid;
  return { ok: true, phone: parsed.number, country: parsed.country };
}

/**
 * The E.164 number of a WhatsApp id (a webhook's `from`, `wa_id`: digits without `+`); null when it
 * is not a valid number. Brazilian mobiles registered before the ninth digit come without it
 * (55 11 8765-4321) and Mexican ones with the old 1: both read as the number a contact is stored by.
 */
export function phoneFromWhatsappId(waId: string): string | null {
  if (!/^\d{8,15}$/.test(waId)) return null;
  const brazilianWithoutNine = /^55(\d{2})([6-9]\d{7})$/.exec(waId);
  const digits = brazilianWithoutNine ? `55${brazilianWithoutNine[1]}9${brazilianWithoutNine[2]}` : waId;
  const reading = readContactPhone(`+${digits}`);
  return reading.ok ? reading.phone : null;
}

/** A country code, as typed (' br ' → 'BR'). */
export const countryCodeSchema = z.pipe(
  storable().check(z.trim(), z.toUpperCase()),
  z.transform((code: string, context): CountryCode => {
    if (!isPhoneCountry(code)) {
      context.issues.push({ code: 'custom', message: contactValidation.countryInvalid.id, input: code });
      return z.NEVER;
    }
    return code;
  }),
);

/**
 * POST /contacts: a number as typed, read in `country` when it has no `+` (the merchant's country;
 * the number's own country is what the contact gets), a name, a language (absent: the country's),
 * the purposes the shopper agreed to (the server records them as `merchant` or `api` opt-ins dated
 * now), a note of how they agreed, and the merchant's tags (domain/contact-tags.ts).
 */
export const createContactSchema = z.pipe(
  z.strictObject({
    phone: storable(),
    country: z.optional(countryCodeSchema),
    name: z.optional(contactNameSchema),
    language: z.optional(localeSchema),
    optIn: z._default(consentPurposeListSchema, []),
    note: z.optional(consentNoteSchema),
    tags: z.optional(contactTagsSchema),
  }),
  z.transform((input, context) => {
    const reading = readContactPhone(input.phone, input.country);
    if (!reading.ok) {
      context.issues.push({ code: 'custom', message: reading.error.id, input: input.phone, path: ['phone'] });
      return z.NEVER;
    }
    return {
      phone: reading.phone,
      country: reading.country,
      name: input.name ?? null,
      language: input.language ?? languageForCountry(reading.country),
      optIn: input.optIn,
      note: input.note ?? null,
      tags: input.tags ?? [],
    };
  }),
);
export type CreateContactInput = z.input<typeof createContactSchema>;
export type CreateContact = z.output<typeof createContactSchema>;
