import { websiteUrl } from '../../../../domain/lead-requests';
import type { Locale } from '../../../../domain/locales';
import type { LeadFormValues } from './lead-form-values';
import { phoneToE164 } from './phone-number';

/**
 * The form's values as the API takes them: the phone in E.164 (left as typed when it cannot be
 * read, so the schema reports it), a bare domain as an https URL, no empty optional choice.
 */
export function toLeadRequest(values: LeadFormValues, locale: Locale) {
  return {
    name: values.name,
    email: values.email,
    phone: phoneToE164(values.phone, locale) ?? values.phone,
    position: values.position,
    segment: values.segment === '' ? undefined : values.segment,
    website: websiteUrl(values.website),
    platform: values.platform,
    privacyConsent: values.privacyConsent,
    whatsappConsent: values.whatsappConsent,
    locale,
    nickname: values.nickname,
  };
}
