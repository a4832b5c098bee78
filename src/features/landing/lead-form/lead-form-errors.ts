import type { I18n } from '@lingui/core';
import type * as z from 'zod/mini';
import { leadValidationMessages } from './lead-validation-messages';
import type { LeadFormField } from './lead-form-values';

/** The first message per field of a schema's issues (the English texts of domain/lead-requests). */
export function fieldErrorsOf(schema: z.ZodMiniType, value: unknown): Partial<Record<LeadFormField, string>> {
  const result = schema.safeParse(value);
  if (result.success) return {};
  const errors: Partial<Record<string, string>> = {};
  for (const issue of result.error.issues) errors[String(issue.path[0] ?? '')] ??= issue.message;
  return errors;
}

/** A validation message in the page's language; a text we do not know (a newer server's) is shown as sent. */
export function validationText(i18n: I18n, text: string | undefined): string | undefined {
  if (!text) return undefined;
  const descriptor = leadValidationMessages.get(text);
  return descriptor ? i18n._(descriptor) : text;
}
