// The lead forms' validation texts (domain/lead-requests, also what the API answers in
// `error.fields`) as Lingui descriptors, so the page shows them in its language.
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { leadValidation, type LeadValidationText } from '@/domain/lead-validation';

const descriptors: Record<keyof typeof leadValidation, MessageDescriptor> = {
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
  unstorable: msg`This field has characters that cannot be saved`,
};

/** The descriptor of each validation text, by the text itself. */
export const leadValidationMessages: ReadonlyMap<string, MessageDescriptor> = new Map(
  (Object.keys(descriptors) as (keyof typeof leadValidation)[]).map((key) => [leadValidation[key] as LeadValidationText, descriptors[key]]),
);
