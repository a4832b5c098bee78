import type { I18n } from '@lingui/core';
import type * as z from 'zod/mini';
import { leadValidationMessages } from '../../../../domain/lead-requests';
import type { LeadFormField } from './lead-form-values';

/** The first message id per field of a schema's issues. */
export function fieldErrorsOf(schema: z.ZodMiniType, value: unknown): Partial<Record<LeadFormField, string>> {
  const result = schema.safeParse(value);
  if (result.success) return {};
  const errors: Partial<Record<string, string>> = {};
  for (const issue of result.error.issues) errors[String(issue.path[0] ?? '')] ??= issue.message;
  return errors;
}

/** A validation message in the page's language: schema issues are message ids; a text we do not know is shown as sent. */
export function validationText(i18n: I18n, idOrText: string | undefined): string | undefined {
  if (!idOrText) return undefined;
  const descriptor = leadValidationMessages[idOrText];
  return descriptor ? i18n._(descriptor) : idOrText;
}
