// `/{lang}/channels`: the connected WhatsApp numbers, and 'Connect a WhatsApp number'.
import { createFileRoute } from '@tanstack/react-router';
import { crumbs } from '@/src/layouts/crumbs';
import { ChannelsPage } from '@/src/features/channels/components/channels-page';

export const Route = createFileRoute('/$lang/_app/channels/')({
  staticData: { crumbs: [crumbs.channels] },
  component: ChannelsPage,
});
