import { leadRequestOf } from '@/domain/lead-form-post';
import type { Locale } from '@/domain/locales';
import type { LeadFormValues } from './lead-form-values';
import { readPhone } from './phone-number';

/** The form's values as the API takes them (domain/lead-form-post.ts's leadRequestOf, with the phone library of this chunk). */
export function toLeadRequest(values: LeadFormValues, locale: Locale) {
  return leadRequestOf(values, locale, readPhone);
}
