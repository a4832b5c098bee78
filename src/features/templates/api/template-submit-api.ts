// A template submitted to Meta for review (PUT /api/v1/channels/:channelId/templates/:name with the
// draft): created at Meta, or a rejected or paused one edited. Answers its records as Meta has them
// now (most wait for review). Rejects with a TemplateEditorFailure: our rules checked again
// (`invalid`, by field), Meta's refusal (`refused`, at the field it names), the number gone, its
// token refused, Meta not answering. `templateSubmitActor` is the machine's `submitTemplate` on it.
import { fromPromise } from 'xstate';
import { templateRecordsSchema, type TemplateDraft, type TemplateRecord } from '@/domain/message-template';
import type { ApiClient } from '@/src/api/api-client';
import { templateCall, templateExplains } from './template-failure';

export function templateSubmitApi(api: ApiClient) {
  return {
    submit: async (channelId: string, draft: TemplateDraft): Promise<TemplateRecord[]> =>
      (
        await templateCall(
          api.put(`/channels/${encodeURIComponent(channelId)}/templates/${encodeURIComponent(draft.name.trim())}`, draft, {
            schema: templateRecordsSchema,
            explains: templateExplains,
          }),
        )
      ).records,
  };
}

/** The template-editor machine's `submitTemplate` on the real API. */
export function templateSubmitActor(api: ApiClient) {
  const templates = templateSubmitApi(api);
  return fromPromise<TemplateRecord[], { channelId: string; draft: TemplateDraft }>(({ input }) =>
    templates.submit(input.channelId, input.draft),
  );
}
