// Checkout recovery's 'send me a test': reminder 1 of an inventory's saved flow sent to the merchant's
// own WhatsApp number with sample values, so they see what a shopper gets before switching the flow on.
// The request (the number as typed and the merchant's agreement to receive the test there), the answer,
// and the refusals by field that the screen translates: `phone`, `consent`, `flow`.
// zod/mini: the Checkouts screen's chunk loads this. The number is read on the server (libphonenumber-js
// with its metadata stays out of this file).
import type { MessageDescriptor } from '@lingui/core';
import * as z from 'zod/mini';

/** Tests an account may ask for in RECOVERY_TEST_WINDOW_MINUTES; then 429 with Retry-After. */
export const RECOVERY_TESTS_PER_WINDOW = 10;
export const RECOVERY_TEST_WINDOW_MINUTES = 60;

/** Bound of what the schema takes as a typed number; readContactPhone refuses anything past its own. */
const PHONE_TEXT_BOUND = 100;

/**
 * POST /inventories/{id}/recovery-flow/test. `phone`: the merchant's WhatsApp number as typed, read in
 * the country of the flow's sending number when it has no `+`. `consent`: the merchant agrees to receive
 * the test on it (the screen's checkbox); anything but `true` is refused at `consent`.
 */
export const recoveryTestRequestSchema = z.object({
  phone: z.string().check(z.maxLength(PHONE_TEXT_BOUND)),
  consent: z.optional(z.boolean()),
});
export type RecoveryTestRequest = z.infer<typeof recoveryTestRequestSchema>;

/** 202: the test was handed to the sender. */
export const recoveryTestSentSchema = z.object({
  /** The template send queued (its outcome is the sender's). */
  sendId: z.string(),
  /** The number it goes to, masked but its last four digits (`•••• 4321`). */
  phone: z.string(),
  templateName: z.string(),
  /** The template's language sent (`pt_BR`, `en_US`, `es`). */
  language: z.string(),
});
export type RecoveryTestSent = z.infer<typeof recoveryTestSentSchema>;

// Refusals, by field: `phone`, `consent`, `flow` (422 `recovery_test_refused`, each field's message id).
export const recoveryTestRefusals = {
  phoneRequired: /*i18n*/ { id: 'recovery_test.phone_required', message: 'Enter the WhatsApp number the test goes to.' },
  phoneInvalid: /*i18n*/ {
    id: 'recovery_test.phone_invalid',
    message:
      'This is not a valid WhatsApp number. Write it with its area code, and with + and the country code if it is from another country.',
  },
  phoneIsSender: /*i18n*/ {
    id: 'recovery_test.phone_is_sender',
    message: 'This is the number the reminders go from. Enter your own WhatsApp number to receive the test.',
  },
  phoneOptedOut: /*i18n*/ {
    id: 'recovery_test.phone_opted_out',
    message: 'This number asked not to receive these messages, so no test goes to it. Enter another number.',
  },
  consentMissing: /*i18n*/ {
    id: 'recovery_test.consent_missing',
    message: 'Confirm that this number is yours and that you agree to receive the test message on it.',
  },
  flowNoNumber: /*i18n*/ {
    id: 'recovery_test.flow_no_number',
    message: 'Choose the WhatsApp number the reminders go from and save the flow before sending a test.',
  },
  flowNoTemplate: /*i18n*/ {
    id: 'recovery_test.flow_no_template',
    message: 'Choose the template of the first reminder and save the flow before sending a test.',
  },
  flowTemplateNotApproved: /*i18n*/ {
    id: 'recovery_test.flow_template_not_approved',
    message: 'Meta has not approved the first reminder’s template on this number: a test can be sent once it is approved.',
  },
  flowTemplateNotInLanguage: /*i18n*/ {
    id: 'recovery_test.flow_template_not_in_language',
    message:
      'The first reminder’s template is not approved in the language of this number’s contact: change the contact’s language, or add that language to the template.',
  },
  flowVariableUnmapped: /*i18n*/ {
    id: 'recovery_test.flow_variable_unmapped',
    message: 'The first reminder’s template has a variable the flow does not fill: choose what fills it and save the flow.',
  },
} as const satisfies Record<string, MessageDescriptor>;

/** The fields a test may be refused at. */
export type RecoveryTestField = 'phone' | 'consent' | 'flow';

/** Each refusal by its message id, so a view can translate an id from the server (`undefined`: not one of ours). */
export const recoveryTestRefusalMessages: ReadonlyMap<string, MessageDescriptor> = new Map(
  Object.values(recoveryTestRefusals).map((descriptor) => [descriptor.id, descriptor]),
);

/** What the request itself breaks, before anything is looked up: the merchant's agreement, a number typed. */
export function recoveryTestRequestRefusals(request: RecoveryTestRequest): Partial<Record<RecoveryTestField, MessageDescriptor>> {
  const fields: Partial<Record<RecoveryTestField, MessageDescriptor>> = {};
  if (request.phone.trim() === '') fields.phone = recoveryTestRefusals.phoneRequired;
  if (request.consent !== true) fields.consent = recoveryTestRefusals.consentMissing;
  return fields;
}
