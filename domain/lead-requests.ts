// The landing page's public forms: contact requests and material requests. Shared by the SPA
// (which validates before posting) and the server (which validates again and stores them).
// zod/mini: the form chunk of the landing page loads this.
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import * as z from 'zod/mini';
import { localeSchema } from './locales';

// Validation messages are message ids, as in ./auth: the SPA translates them.
export const leadValidation = {
  nameRequired: msg`Name is required`,
  emailRequired: msg`Email is required`,
  emailInvalid: msg`The email must be valid`,
  phoneRequired: msg`Phone is required`,
  phoneInvalid: msg`The phone number must be valid`,
  positionRequired: msg`Position is required`,
  websiteRequired: msg`Homepage is required`,
  websiteInvalid: msg`The website must be valid`,
  platformRequired: msg`Platform is required`,
  privacyConsentRequired: msg`You must accept the privacy policy`,
  tooLong: msg`This field is too long`,
};

/** Every lead-form validation message by id, so a view can translate an id (or the server's copy of it). */
export const leadValidationMessages: Record<string, MessageDescriptor> = Object.fromEntries(
  Object.values(leadValidation).map((descriptor) => [descriptor.id, descriptor]),
);

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

const tooLong = (max: number) => z.maxLength(max, { error: leadValidation.tooLong.id });

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

const requiredText = (required: MessageDescriptor, max = 120) =>
  z.string().check(z.trim(), z.minLength(1, { error: required.id, abort: true }), tooLong(max));

function leadRequestShape(isValidPhone: PhoneCheck) {
  return {
    name: requiredText(leadValidation.nameRequired),
    email: z.string().check(
      z.trim(),
      z.minLength(1, { error: leadValidation.emailRequired.id, abort: true }),
      z.email({ error: leadValidation.emailInvalid.id, abort: true }),
      tooLong(254),
    ),
    phone: z.string().check(
      z.trim(),
      z.minLength(1, { error: leadValidation.phoneRequired.id, abort: true }),
      z.refine((phone) => e164Pattern.test(phone) && isValidPhone(phone), { error: leadValidation.phoneInvalid.id }),
    ),
    position: requiredText(leadValidation.positionRequired),
    segment: z.optional(z.enum(storeSegments)),
    // The SPA adds `https://` when people type a bare domain; the wire carries a full http(s) URL.
    website: z.string().check(
      z.trim(),
      z.minLength(1, { error: leadValidation.websiteRequired.id, abort: true }),
      tooLong(2048),
      z.refine(isWebsiteUrl, { error: leadValidation.websiteInvalid.id }),
    ),
    platform: z.enum(salesPlatforms, { error: leadValidation.platformRequired.id }),
    privacyConsent: z.boolean().check(z.refine((accepted) => accepted, { error: leadValidation.privacyConsentRequired.id })),
    whatsappConsent: z.boolean(),
    locale: localeSchema,
    /**
     * The honeypot: a field people never see. Any value is accepted here so bots learn nothing;
     * a request with it filled is answered like any other and then dropped (`isHoneypotFilled`).
     */
    nickname: z.optional(z.string().check(z.maxLength(500))),
  };
}

/** `POST /api/v1/contact-requests`: "talk to a specialist". */
export function createContactRequestSchema(isValidPhone: PhoneCheck) {
  return z.object(leadRequestShape(isValidPhone));
}

/** `POST /api/v1/material-requests`: the material (presentation) sent by email. Same fields today. */
export function createMaterialRequestSchema(isValidPhone: PhoneCheck) {
  return z.object(leadRequestShape(isValidPhone));
}

export type ContactRequestInput = z.infer<ReturnType<typeof createContactRequestSchema>>;
export type MaterialRequestInput = z.infer<ReturnType<typeof createMaterialRequestSchema>>;
export type LeadRequestInput = ContactRequestInput | MaterialRequestInput;
export type LeadRequestField = keyof ContactRequestInput;

export function isHoneypotFilled(input: { nickname?: string | undefined }): boolean {
  return (input.nickname ?? '').trim() !== '';
}

/** A bare domain ("loja.com.br") becomes a URL; anything with a scheme is left for the schema to judge. */
export function websiteUrl(text: string): string {
  const trimmed = text.trim();
  if (trimmed === '' || /^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed)) return trimmed;
  return `https://${trimmed.replace(/^\/+/, '')}`;
}
