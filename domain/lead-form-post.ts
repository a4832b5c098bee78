// A landing lead form sent as a plain HTML form: before the page's JavaScript has run, or without
// it. The browser posts the fields (application/x-www-form-urlencoded) to the landing's own URL;
// the server reads them into the API's request as the live form does (leadRequestOf), sends that
// through the API's route (the same validation, rate limit and honeypot), and renders the landing
// with the outcome: the form again with what was typed and each field's message, or the notice
// that the request was sent.
// No zod here (the values of domain/lead-requests.ts): the landing's first JS imports this.
import type { Locale } from './locales';
import type { LeadRequestField, LeadRequestKind } from './lead-requests';

/** The hidden field that says which form was sent: `contact` or `material`. */
export const LEAD_FORM_KIND_FIELD = 'form';

/**
 * The country a phone number without a `+` belongs to, by page language: Portuguese pages are
 * Brazilian, English pages American. Spanish is spoken in too many countries to guess one, so
 * Spanish pages ask for the `+` code.
 */
export const phoneDefaultCountry: Record<Locale, 'BR' | 'US' | undefined> = { pt: 'BR', en: 'US', es: undefined };

/** What people typed into a lead form: text as typed, the two consents ticked or not. */
export type TypedLead = {
  name: string;
  email: string;
  phone: string;
  position: string;
  segment: string;
  website: string;
  platform: string;
  privacyConsent: boolean;
  whatsappConsent: boolean;
  /** The honeypot (see domain/lead-requests.ts). */
  nickname: string;
};

/** Reads a phone as typed in a country (undefined: not a valid number); the phone library's, handed in. */
export type PhoneReader = (text: string, country: 'BR' | 'US' | undefined) => string | undefined;

/**
 * What was typed as the API takes it: the phone in E.164 (left as typed when it cannot be read, so
 * the schema reports it), a bare domain as an https URL, no empty optional choice.
 */
export function leadRequestOf(typed: TypedLead, locale: Locale, readPhone: PhoneReader) {
  return {
    name: typed.name,
    email: typed.email,
    phone: readPhone(typed.phone.trim(), phoneDefaultCountry[locale]) ?? typed.phone,
    position: typed.position,
    segment: typed.segment === '' ? undefined : typed.segment,
    website: websiteUrl(typed.website),
    platform: typed.platform,
    privacyConsent: typed.privacyConsent,
    whatsappConsent: typed.whatsappConsent,
    locale,
    nickname: typed.nickname,
  };
}

const textFields = ['name', 'email', 'phone', 'position', 'segment', 'website', 'platform', 'nickname'] as const;

/** A posted form's fields (each the first value sent, as text) as typed: a checkbox is sent only when ticked. */
export function typedLeadOfForm(fields: Record<string, unknown>): TypedLead {
  const text = (name: string) => {
    const value = fields[name];
    const first = Array.isArray(value) ? value[0] : value;
    return typeof first === 'string' ? first : '';
  };
  const typed = Object.fromEntries(textFields.map((name) => [name, text(name)])) as Omit<TypedLead, 'privacyConsent' | 'whatsappConsent'>;
  return { ...typed, privacyConsent: fields.privacyConsent !== undefined, whatsappConsent: fields.whatsappConsent !== undefined };
}

const kinds: Record<LeadRequestKind, true> = { contact: true, material: true };

export function isLeadRequestKind(value: unknown): value is LeadRequestKind {
  return typeof value === 'string' && Object.hasOwn(kinds, value);
}

/** A bare domain ("loja.com.br") becomes a URL; anything with a scheme is left for the schema to judge. */
export function websiteUrl(text: string): string {
  const trimmed = text.trim();
  if (trimmed === '' || /^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed)) return trimmed;
  return `https://${trimmed.replace(/^\/+/, '')}`;
}

/** How the API answered a posted form. */
export type LeadFormPostOutcome =
  | { kind: 'sent' }
  /** Each refused field's message (the API's text, which the page translates). */
  | { kind: 'invalid'; fields: Partial<Record<LeadRequestField, string>> }
  | { kind: 'rate-limited'; retryAfterSeconds?: number }
  | { kind: 'failed' };

/** A posted form, as the landing shows it after: which form, what was typed (kept unless sent), and the outcome. */
export type LeadFormPost = { kind: LeadRequestKind; typed: TypedLead | null; outcome: LeadFormPostOutcome };
