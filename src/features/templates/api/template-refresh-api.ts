// 'Refresh' on a number of the /templates screen (POST /api/v1/channels/:channelId/templates/refresh):
// the server reads the number's templates from Meta again and answers them. Rejects with a
// TemplateEditorFailure (the token no longer works, Meta did not answer, the number is gone).
import { templateAccountSchema, type TemplateAccount } from '@/domain/message-template';
import type { ApiClient } from '@/src/api/api-client';
import { templateCall, templateExplains } from './template-failure';

export function templateRefreshApi(api: ApiClient) {
  return {
    refresh: (channelId: string): Promise<TemplateAccount> =>
      templateCall(
        api.post(`/channels/${encodeURIComponent(channelId)}/templates/refresh`, undefined, {
          schema: templateAccountSchema,
          explains: templateExplains,
        }),
      ),
  };
}
