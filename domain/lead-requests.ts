// The landing page's public forms: contact requests and material requests. Shared by the SPA
// (which validates before posting) and the server (which validates again and stores them).
// zod/mini: the form chunk of the landing page loads this.
import * as z from 'zod/mini';
import { localeSchema } from './locale-schema';
import { storableText } from './storable-values';
import { leadValidation, type LeadValidationText } from './lead-validation';

// The validation messages live apart (zod-free); API callers and tests read them here too.
export { leadValidation, type LeadValidationText };

export const salesPlatforms = [
  'shopify',
  'vtex',
  'yampi',
  'nuvemshop',
  'woocommerce',
  'tray',
  'magento',
  'wix',
  'loja_integrada',
  'vnda',
  'bagy',
  'other',
] as const;
export type SalesPlatform = (typeof salesPlatforms)[number];

export const storeSegments = ['fashion', 'beauty', 'electronics', 'home', 'food', 'sports', 'pets', 'other'] as const;
export type StoreSegment = (typeof storeSegments)[number];

/**
 * Phones travel in E.164 (`+5511987654321`). domain/ imports only zod, so the phone library's
 * check (libphonenumber-js in the SPA and on the server) is handed in by the caller.
 */
export type PhoneCheck = (e164: string) => boolean;

const tooLong = (max: number) => z.maxLength(max, { error: leadValidation.tooLong });

// Own patterns rather than `z.regexes`/`z.url`: whatever zod code this module uses lands in the
// zod chunk every page loads first (bundlers keep a module whole), so this file stays on plain checks.
const e164Pattern = /^\+[1-9]\d{6,14}$/;
const hostnamePattern = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i;

/** An http(s) URL with a public-looking host name ("loja.com.br", not "localhost" or an IP). */
function isWebsiteUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && hostnamePattern.test(url.hostname) && !url.username && !url.password;
  } catch {
    return false;
  }
}

const storable = () => storableText(leadValidation.unstorable);
const requiredText = (required: LeadValidationText, max = 120) =>
  storable().check(z.trim(), z.minLength(1, { error: required, abort: true }), tooLong(max));

function leadRequestShape(isValidPhone: PhoneCheck) {
  return {
    name: requiredText(leadValidation.nameRequired),
    email: storable().check(
      z.trim(),
      z.minLength(1, { error: leadValidation.emailRequired, abort: true }),
      z.email({ error: leadValidation.emailInvalid, abort: true }),
      tooLong(254),
    ),
    phone: storable().check(
      z.trim(),
      z.minLength(1, { error: leadValidation.phoneRequired, abort: true }),
      z.refine((phone) => e164Pattern.test(phone) && isValidPhone(phone), { error: leadValidation.phoneInvalid }),
    ),
    position: requiredText(leadValidation.positionRequired),
    segment: z.optional(z.enum(storeSegments)),
    // The SPA adds `https://` when people type a bare domain; the wire carries a full http(s) URL.
    website: storable().check(
      z.trim(),
      z.minLength(1, { error: leadValidation.websiteRequired, abort: true }),
      tooLong(2048),
      z.refine(isWebsiteUrl, { error: leadValidation.websiteInvalid }),
    ),
    platform: z.enum(salesPlatforms, { error: leadValidation.platformRequired }),
    privacyConsent: z.boolean().check(z.refine((accepted) => accepted, { error: leadValidation.privacyConsentRequired })),
    whatsappConsent: z.boolean(),
    locale: localeSchema,
    /**
     * The honeypot: a field people never see. Any value is accepted here so bots learn nothing;
     * a request with it filled is answered like any other and then dropped (`isHoneypotFilled`).
     */
    nickname: z.optional(storable().check(z.maxLength(500))),
  };
}

export const leadRequestKinds = ['contact', 'material'] as const;
export type LeadRequestKind = (typeof leadRequestKinds)[number];

/** `POST /api/v1/contact-requests`: "talk to a specialist". */
export function createContactRequestSchema(isValidPhone: PhoneCheck) {
  return z.strictObject(leadRequestShape(isValidPhone));
}

/** `POST /api/v1/material-requests`: the material (presentation) sent by email. Same fields today. */
export function createMaterialRequestSchema(isValidPhone: PhoneCheck) {
  return z.strictObject(leadRequestShape(isValidPhone));
}

export type ContactRequestInput = z.infer<ReturnType<typeof createContactRequestSchema>>;
export type MaterialRequestInput = z.infer<ReturnType<typeof createMaterialRequestSchema>>;
export type LeadRequestInput = ContactRequestInput | MaterialRequestInput;
export type LeadRequestField = keyof ContactRequestInput;

/**
 * The answer to every well-formed request: stored, a repeat of a stored one, or a honeypot catch
 * alike, so the answer teaches a bot nothing.
 */
export const leadRequestReceivedSchema = z.object({ status: z.literal('received') });

/** A stored request, as the admin route and the CLI's export show it. */
export const leadRequestRecordSchema = z.object({
  id: z.string(),
  kind: z.enum(leadRequestKinds),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  position: z.string(),
  segment: z.nullable(z.enum(storeSegments)),
  website: z.string(),
  platform: z.enum(salesPlatforms),
  privacyConsent: z.boolean(),
  whatsappConsent: z.boolean(),
  locale: localeSchema,
  submissions: z.number(),
  createdAt: z.string(),
  lastSubmittedAt: z.string(),
});
export type LeadRequestRecord = z.infer<typeof leadRequestRecordSchema>;

export function isHoneypotFilled(input: { nickname?: string | undefined }): boolean {
  return (input.nickname ?? '').trim() !== '';
}
