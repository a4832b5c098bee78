import { useLingui } from '@lingui/react/macro';
import { aiBaseValidationMessages } from '../../../domain/ai-base';

/** A field's message in the page's language, from its message id (an id we do not know — a newer server's — as sent). */
export function useFieldError(errors: Record<string, string>) {
  const { i18n } = useLingui();
  return (field: string): string | undefined => {
    const id = errors[field];
    if (!id) return undefined;
    const descriptor = aiBaseValidationMessages.get(id);
    return descriptor ? i18n._(descriptor) : id;
  };
}
