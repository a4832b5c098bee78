// One channel (GET /api/v1/channels/:id) for its own screen. An address no channel can have, or a
// channel that is not the caller's, is not found (`null`); any other failure rejects.
import { channelDetailSchema, channelIdParamsSchema, type Channel } from '../../../../domain/channel';
import type { ApiClient } from '../../../api/api-client';
import { isApiError } from '../../../api/api-errors';

export function channelDetailApi(api: ApiClient) {
  return {
    get: async (id: string, signal?: AbortSignal): Promise<Channel | null> => {
      if (!channelIdParamsSchema.safeParse({ id }).success) return null;
      try {
        return await api.get(`/channels/${id}`, {
          schema: channelDetailSchema,
          explains: ['not_found'],
          ...(signal ? { signal } : {}),
        });
      } catch (error) {
        if (isApiError(error) && error.status === 404) return null;
        throw error;
      }
    },
  };
}
