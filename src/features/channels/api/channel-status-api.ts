// Pause and resume a channel (POST /api/v1/channels/:id/pause and …/resume): the AI base stops or
// starts answering on the number. Both answer the channel as it now is; they reject with a
// ChannelActionFailure (resuming is refused while the channel's AI base cannot answer).
import { channelSchema, type Channel } from '@/domain/channel';
import type { ApiClient } from '@/src/api/api-client';
import { channelAction, channelActionExplains } from './channel-action-failure';

export function channelStatusApi(api: ApiClient) {
  const change = (id: string, to: 'pause' | 'resume'): Promise<Channel> =>
    channelAction(
      api.post(`/channels/${encodeURIComponent(id)}/${to}`, undefined, { schema: channelSchema, explains: channelActionExplains }),
    );
  return { pause: (id: string) => change(id, 'pause'), resume: (id: string) => change(id, 'resume') };
}
