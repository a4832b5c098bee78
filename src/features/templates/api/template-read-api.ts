// One template of a number, every language of it (GET /api/v1/channels/:channelId/templates/:name),
// as Meta has it now. `templateReadActor` is the template-editor machine's `loadTemplate` (a rejected
// or paused template opened to edit) and `readTemplate` (Meta's review asked about while it runs).
// Rejects with a TemplateEditorFailure (`not_found`: not the merchant's, or no longer there).
import { fromPromise } from 'xstate';
import { templateRecordsSchema, type TemplateRecord } from '@/domain/message-template';
import type { ApiClient } from '@/src/api/api-client';
import { templateCall, templateExplains } from './template-failure';

export function templateReadApi(api: ApiClient) {
  return {
    read: async (channelId: string, name: string, signal?: AbortSignal): Promise<TemplateRecord[]> =>
      (
        await templateCall(
          api.get(`/channels/${encodeURIComponent(channelId)}/templates/${encodeURIComponent(name)}`, {
            schema: templateRecordsSchema,
            explains: templateExplains,
            ...(signal ? { signal } : {}),
          }),
        )
      ).records,
  };
}

/** The template-editor machine's `loadTemplate` and `readTemplate` on the real API. */
export function templateReadActor(api: ApiClient) {
  const templates = templateReadApi(api);
  return fromPromise<TemplateRecord[], { channelId: string; name: string }>(({ input, signal }) =>
    templates.read(input.channelId, input.name, signal),
  );
}
