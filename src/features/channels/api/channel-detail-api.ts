// One channel (GET /api/v1/channels/:id) for its own screen, with a page of its conversations
// (`cursor`: the page before's `nextCursor`). An address no channel can have, or a channel that is
// not the caller's, is not found (`null`); any other failure rejects. `channelReadActor` is the
// channel-connect machine's `readChannel` on it (the channel alone, read again once connected).
import { fromPromise } from 'xstate';
import { channelDetailSchema, channelIdParamsSchema, channelSchema, type Channel, type ChannelDetail } from '@/domain/channel';
import type { ApiClient } from '@/src/api/api-client';
import { isApiError } from '@/src/api/api-errors';

export function channelDetailApi(api: ApiClient) {
  return {
    get: async (id: string, signal?: AbortSignal, cursor?: string): Promise<ChannelDetail | null> => {
      if (!channelIdParamsSchema.safeParse({ id }).success) return null;
      const query = cursor === undefined ? '' : `?${new URLSearchParams({ cursor })}`;
      try {
        return await api.get(`/channels/${id}${query}`, {
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

/** The channel-connect machine's `readChannel`: the channel as it is now; gone, it rejects. */
export function channelReadActor(api: ApiClient) {
  const channels = channelDetailApi(api);
  return fromPromise<Channel, { id: string }>(async ({ input, signal }) => {
    const detail = await channels.get(input.id, signal);
    if (!detail) throw new Error('The channel is gone.');
    return channelSchema.parse(detail);
  });
}
