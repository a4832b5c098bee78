// `/{lang}/channels/{id}`: one connected number (its conversations to come).
import { createFileRoute } from '@tanstack/react-router';
import { crumbs } from '@/src/layouts/crumbs';
import { ChannelPage } from '@/src/features/channels/components/channel-page';

export const Route = createFileRoute('/$lang/_app/channels/$id')({
  staticData: { crumbs: [crumbs.channels, crumbs.channel] },
  component: ChannelPage,
});
