// The AI base forms' field messages (domain/ai-base's validation ids), translated.
import { aiBaseValidationMessages } from '@/domain/ai-base';
import { useTranslatedFieldError } from '@/src/i18n/use-field-error';

/** A field's message in the page's language, from its message id. */
export const useFieldError = (errors: Record<string, string>) => useTranslatedFieldError(errors, aiBaseValidationMessages);
