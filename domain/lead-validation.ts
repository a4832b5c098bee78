// The lead forms' validation messages (the schemas are domain/lead-requests.ts's): the seed's
// English texts, what an API caller reads in `error.fields`. The SPA translates them through
// src/features/landing/lead-form/lead-validation-messages.ts (Lingui descriptors of the same
// texts). Apart from the schemas so that the landing's first JS, which shows them after a form
// sent without JavaScript, brings no zod; free of Lingui macros, as the server imports it.
export const leadValidation = {
  nameRequired: 'Name is required',
  emailRequired: 'Email is required',
  emailInvalid: 'The email must be valid',
  phoneRequired: 'Phone is required',
  phoneInvalid: 'The phone number must be valid',
  positionRequired: 'Position is required',
  websiteRequired: 'Homepage is required',
  websiteInvalid: 'The website must be valid',
  platformRequired: 'Platform is required',
  privacyConsentRequired: 'You must accept the privacy policy',
  tooLong: 'This field is too long',
  unstorable: 'This field has characters that cannot be saved',
} as const;
export type LeadValidationText = (typeof leadValidation)[keyof typeof leadValidation];
