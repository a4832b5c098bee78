// `/channels/{id}`: one connected number's header (its number, verified name, status and quality).
// Its conversations come with the inbound work still to land; this screen is their place.
import { useMemo } from 'react';
import { getRouteApi, Link, useRouter } from '@tanstack/react-router';
import { useActor } from '@xstate/react';
import { fromPromise } from 'xstate';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Channel } from '../../../../domain/channel';
import { useLang } from '../../../i18n/use-lang';
import { PageFrame } from '../../../layouts/page-frame';
import { Badge } from '../../../ui/badge';
import { Card } from '../../../ui/card';
import { FactsList } from '../../../ui/facts-list';
import { Notice } from '../../../ui/notice';
import { Skeleton } from '../../../ui/skeleton';
import { channelDetailApi } from '../api/channel-detail-api';
import { channelStatusNames, qualityRatingNames } from '../channel-messages';
import { channelStatusBadges } from './channel-card';

const channelRoute = getRouteApi('/$lang/_app/channels/$id');

export function ChannelPage() {
  const { t, i18n } = useLingui();
  const lang = useLang();
  const { id } = channelRoute.useParams();
  const { api } = useRouter().options.context;
  // A failed read is an answer to show (useActor would throw a rejection to the error page).
  const logic = useMemo(
    () =>
      fromPromise<Channel | null | 'failed'>(({ signal }) =>
        channelDetailApi(api)
          .get(id, signal)
          .catch(() => 'failed' as const),
      ),
    [api, id],
  );
  const [snapshot] = useActor(logic);
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
  const channel = snapshot.output;
  if (!channel || channel === 'failed') {
    return (
      <PageFrame title={<Trans>Channel</Trans>}>
        {channel !== 'failed' ? (
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
        <p>
          <Trans>The conversations on this number will show here.</Trans>
        </p>
      </Card>
    </PageFrame>
  );
}
