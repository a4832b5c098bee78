// A form field's message in the page's language, from the message id a schema or the server gave it
// (each feature passes its own map of ids to descriptors). An id the map lacks — a newer server's —
// is shown as sent rather than hidden.
import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react/macro';

export function useTranslatedFieldError(errors: Record<string, string>, messages: ReadonlyMap<string, MessageDescriptor>) {
  const { i18n } = useLingui();
  return (field: string): string | undefined => {
    const id = errors[field];
    if (!id) return undefined;
    const descriptor = messages.get(id);
    return descriptor ? i18n._(descriptor) : id;
  };
}
