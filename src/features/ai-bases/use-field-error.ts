import { useLingui } from '@lingui/react/macro';
import { aiBaseValidationMessages } from './ai-base-messages';

/** A field's message in the page's language (a text we do not know — a newer server's — as sent). */
export function useFieldError(errors: Record<string, string>) {
  const { i18n } = useLingui();
  return (field: string): string | undefined => {
    const text = errors[field];
    if (!text) return undefined;
    const descriptor = aiBaseValidationMessages.get(text);
    return descriptor ? i18n._(descriptor) : text;
  };
}
