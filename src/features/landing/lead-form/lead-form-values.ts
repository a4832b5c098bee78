import type { SalesPlatform, StoreSegment } from '@/domain/lead-requests';

/** What the contact and material forms hold while people type (the wire shape is LeadRequestInput). */
export type LeadFormValues = {
  name: string;
  email: string;
  phone: string;
  position: string;
  segment: StoreSegment | '';
  website: string;
  platform: SalesPlatform | '';
  privacyConsent: boolean;
  whatsappConsent: boolean;
  /** The honeypot (see domain/lead-requests.ts). */
  nickname: string;
};

export type LeadFormField = keyof LeadFormValues;

export type LeadFormKind = 'contact' | 'material';

export const emptyLeadForm: LeadFormValues = {
  name: '',
  email: '',
  phone: '',
  position: '',
  segment: '',
  website: '',
  platform: '',
  privacyConsent: false,
  whatsappConsent: false,
  nickname: '',
};

/** Fields in the order they appear, to focus the first one with an error. */
export const leadFormFieldOrder: readonly LeadFormField[] = [
  'name',
  'email',
  'phone',
  'position',
  'segment',
  'website',
  'platform',
  'privacyConsent',
  'whatsappConsent',
];

/** The id of a field's control, the same in the static and the live form. */
export const leadFieldId = (kind: LeadFormKind, field: LeadFormField) => `${kind}-${field}`;

/**
 * What was typed into the static form before the live one loaded, so nothing is lost when the
 * live form takes its place. Only strings and booleans of known fields are read.
 */
export function readTypedValues(form: HTMLFormElement | null): Partial<LeadFormValues> {
  if (!form) return {};
  const typed: Record<string, string | boolean> = {};
  for (const field of Object.keys(emptyLeadForm) as LeadFormField[]) {
    const control = form.elements.namedItem(field);
    if (control instanceof HTMLInputElement && control.type === 'checkbox') typed[field] = control.checked;
    else if (control instanceof HTMLInputElement || control instanceof HTMLSelectElement) typed[field] = control.value;
  }
  return typed as Partial<LeadFormValues>;
}
