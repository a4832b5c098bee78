import type { I18n } from '@lingui/core';
import { passwordFormMessages } from '@/domain/password';

/** The translated text of a validation message id from the password forms' schemas. */
export function validationMessage(i18n: I18n, id: string | null | undefined): string | undefined {
  if (!id) return undefined;
  return i18n._(passwordFormMessages[id] ?? { id });
}
