// `/channels/{id}`: one connected number's header (its number, verified name, status and quality),
// its settings (channel-settings.tsx: why it needs attention, its access token, its verify token, the
// AI base and inventory that answer; the header follows what they change), then its conversations
// (channel-conversations.tsx), the shopper who wrote last first, a page at a time: 'Show more' reads
// the next page with the cursor the last one gave and adds it below; on the website widget's number,
// the widget's conversations after them (widget-conversations.tsx).
import { useMemo, useState } from 'react';
import { getRouteApi, Link, useRouter } from '@tanstack/react-router';
import { useActor } from '@xstate/react';
import { fromPromise } from 'xstate';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Channel, ChannelDetail, Conversation } from '@/domain/channel';
import { useLang } from '@/src/i18n/use-lang';
import { PageFrame } from '@/src/ui/page-frame';
import { Badge } from '@/src/ui/badge';
import { Button } from '@/src/ui/button';
import { Card } from '@/src/ui/card';
import { FactsList } from '@/src/ui/facts-list';
import { Notice } from '@/src/ui/notice';
import { Skeleton } from '@/src/ui/skeleton';
import { channelDetailApi } from '../api/channel-detail-api';
import { channelStatusNames, qualityRatingNames } from '../channel-messages';
import { channelStatusBadges } from './channel-card';
import { ChannelConversations } from './channel-conversations';
import { ChannelSettings } from './channel-settings';
import { WidgetConversations } from './widget-conversations';

const channelRoute = getRouteApi('/$lang/_app/channels/$id');

export function ChannelPage() {
  const { t, i18n } = useLingui();
  const lang = useLang();
  const { id } = channelRoute.useParams();
  const { api } = useRouter().options.context;
  // A failed read is an answer to show (useActor would throw a rejection to the error page).
  const logic = useMemo(
    () =>
      fromPromise<ChannelDetail | null | 'failed'>(({ signal }) =>
        channelDetailApi(api)
          .get(id, signal)
          .catch(() => 'failed' as const),
      ),
    [api, id],
  );
  const [snapshot] = useActor(logic);
  /** The channel as the settings last changed it (null: as read). */
  const [changed, setChanged] = useState<Channel | null>(null);
  /** The pages read after the first: their conversations, the cursor of the next, and whether a read is under way or failed. */
  const [more, setMore] = useState<{ conversations: Conversation[]; nextCursor: string | null; loading: boolean; failed: boolean } | null>(
    null,
  );
  const backLink = (
    <Link to="/$lang/channels" params={{ lang }}>
      <Trans>Back to channels</Trans>
    </Link>
  );

  if (snapshot.status === 'active') {
    return (
      <PageFrame title={<Trans>Channel</Trans>}>
        <Skeleton block lines={3} label={t`Loading the channel`} />
      </PageFrame>
    );
  }
  const read = snapshot.output;
  if (!read || read === 'failed') {
    return (
      <PageFrame title={<Trans>Channel</Trans>}>
        {read !== 'failed' ? (
          <Notice variant="warning" title={<Trans>This channel does not exist (or no longer does).</Trans>}>
            {backLink}
          </Notice>
        ) : (
          <Notice variant="negative" title={<Trans>The channel could not be loaded.</Trans>}>
            {backLink}
          </Notice>
        )}
      </PageFrame>
    );
  }
  const channel = { ...read, ...changed };
  const conversations = [...channel.conversations, ...(more?.conversations ?? [])];
  const nextCursor = more ? more.nextCursor : channel.nextCursor;
  const showMore = async () => {
    if (nextCursor === null) return;
    setMore((state) => ({ conversations: state?.conversations ?? [], nextCursor, loading: true, failed: false }));
    try {
      const page = await channelDetailApi(api).get(id, undefined, nextCursor);
      setMore((state) => ({
        conversations: [...(state?.conversations ?? []), ...(page?.conversations ?? [])],
        nextCursor: page?.nextCursor ?? null,
        loading: false,
        failed: false,
      }));
    } catch {
      setMore((state) => ({ conversations: state?.conversations ?? [], nextCursor, loading: false, failed: true }));
    }
  };
  return (
    <PageFrame title={channel.displayPhoneNumber} actions={backLink}>
      <Card title={channel.verifiedName}>
        <div>
          <Badge variant={channelStatusBadges[channel.status]}>{i18n._(channelStatusNames[channel.status])}</Badge>
        </div>
        <FactsList>
          <dt>
            <Trans>Quality rating</Trans>
          </dt>
          <dd>{i18n._(qualityRatingNames[channel.qualityRating])}</dd>
        </FactsList>
      </Card>
      <ChannelSettings channel={read} onChanged={setChanged} />
      <section aria-labelledby="channel-conversations">
        <h2 id="channel-conversations">
          <Trans>Conversations</Trans>
        </h2>
        <ChannelConversations conversations={conversations} />
        {more?.failed && <Notice variant="negative" title={<Trans>More conversations could not be loaded. Try again.</Trans>} />}
        {nextCursor !== null && (
          <Button variant="secondary" onClick={() => void showMore()} disabled={more?.loading === true}>
            <Trans>Show more</Trans>
          </Button>
        )}
      </section>
      <WidgetConversations channelId={channel.id} />
    </PageFrame>
  );
}
