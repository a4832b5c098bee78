// Why a templates call failed, as the template-editor machine tells it apart (and the list's
// Refresh says it): the API's refusals by code (src/api/failure-map.ts), any 404 the number or the
// template gone, and Meta's refusal of a submission with the field it names, our message id for it
// and Meta's own words. Shared by the calls of this folder.
import type { TemplateEditorFailure } from '@/machines/template-editor';
import { isApiError } from '@/src/api/api-errors';
import { failureMap } from '@/src/api/failure-map';

const failures = failureMap<TemplateEditorFailure>({
  codes: {
    validation_failed: 'invalid',
    template_refused: 'refused',
    not_found: 'not_found',
    channel_needs_access_token: 'channel_needs_attention',
    // Meta asking us to wait is said as Meta not answering.
    whatsapp_unreachable: 'unreachable',
    whatsapp_throttled: 'unreachable',
  },
  notFound: 'not_found',
});

/** The screen explains these itself: no generic toast beside them. */
export const templateExplains = failures.explains;

/**
 * An API error as the failure the flow acts on. `template_refused` carries the field Meta named
 * (the first key of `fields`; null when none), our message id for it, and Meta's words (`message`).
 */
export function templateFailureFrom(error: unknown): TemplateEditorFailure {
  const failure = failures.failureFrom(error);
  if (failure.kind !== 'refused' || !isApiError(error)) return failure;
  const [named] = Object.entries(error.fields ?? {});
  return named
    ? { kind: 'refused', field: named[0], messageId: named[1], metaMessage: error.message }
    : { kind: 'refused', field: null, metaMessage: error.message };
}

/** A call's answer, or its rejection as a TemplateEditorFailure. */
export async function templateCall<T>(call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (error) {
    throw templateFailureFrom(error);
  }
}
