import type { ApiClient } from '@/src/api/api-client';
import { isApiError } from '@/src/api/api-errors';
import type { LeadRequestInput } from '@/domain/lead-requests';
import { emptyLeadForm, type LeadFormField, type LeadFormKind } from './lead-form-values';

export const leadRequestPaths: Record<LeadFormKind, string> = {
  contact: '/contact-requests',
  material: '/material-requests',
};

export type LeadSubmitOutcome =
  | { kind: 'sent' }
  /** The server refused some fields: `fields` maps a field to its message (a message id, or text). */
  | { kind: 'invalid'; fields: Partial<Record<LeadFormField, string>> }
  | { kind: 'rate-limited'; retryAfterSeconds: number | undefined }
  | { kind: 'failed' };

/** Posts a request and sorts the answer into what the form shows. */
export async function submitLeadRequest(
  api: Pick<ApiClient, 'post'>,
  kind: LeadFormKind,
  body: LeadRequestInput,
): Promise<LeadSubmitOutcome> {
  try {
    await api.post(leadRequestPaths[kind], body);
    return { kind: 'sent' };
  } catch (error) {
    return outcomeOf(error);
  }
}

export function outcomeOf(error: unknown): LeadSubmitOutcome {
  if (!isApiError(error)) return { kind: 'failed' };
  if (error.status === 429) return { kind: 'rate-limited', retryAfterSeconds: error.retryAfterSeconds };
  if (error.status >= 400 && error.status < 500 && error.fields) {
    const fields: Partial<Record<LeadFormField, string>> = {};
    for (const [field, message] of Object.entries(error.fields)) {
      if (field in emptyLeadForm) fields[field as LeadFormField] = message;
    }
    if (Object.keys(fields).length > 0) return { kind: 'invalid', fields };
  }
  return { kind: 'failed' };
}
