// The website widget's conversations (GET /api/v1/widget/conversations) for the channel screen of the
// widget's number, beside that number's WhatsApp conversations.
import { widgetConversationsSchema, type WidgetConversations } from '@/domain/widget-chat';
import type { ApiClient } from '@/src/api/api-client';

export function widgetConversationsApi(api: ApiClient) {
  return {
    get: (signal?: AbortSignal): Promise<WidgetConversations> =>
      api.get('/widget/conversations', { schema: widgetConversationsSchema, ...(signal ? { signal } : {}) }),
  };
}
