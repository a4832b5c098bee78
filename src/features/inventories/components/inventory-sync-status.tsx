// An inventory's sync status as the list's cards and the sync panel show it: a badge (pending
// synchronization, syncing, synced, failed), the reason of a failure in the page's language (the
// wizard's words for a store's or catalog's refusal), and the last update as a date and time of
// the page's language, in the browser's zone, named.
import type { I18n } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import styled from 'styled-components';
import type { PeerFailureReason, SyncStatus } from '@/domain/inventory';
import type { Locale } from '@/domain/locales';
import { formatDateTime as formatMoment } from '@/src/i18n/format';
import { useLang } from '@/src/i18n/use-lang';
import { Badge, type BadgeVariant } from '@/src/ui/badge';
import { peerFailureMessages } from '../inventory-messages';
import { internalSyncFailure, syncStatusNames } from '../sync-messages';

const badgeVariants: Record<SyncStatus, BadgeVariant> = { pending: 'info', syncing: 'info', synced: 'positive', failed: 'negative' };

const Reason = styled.p`
  margin: ${({ theme }) => theme.space(1)} 0 0;
  color: ${({ theme }) => theme.colors.negative};
`;

/** A date and time of the API (ISO 8601) in the page's language, its zone (the browser's) named. */
export function formatDateTime(
  lang: Locale,
  iso: string,
  options: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' },
): string {
  return formatMoment(lang, new Date(iso), options);
}

/** Why a sync failed: the store's or catalog's refusal, else (no code, or `internal`) our own failure. */
export function syncFailureText(i18n: I18n, reason: PeerFailureReason | 'internal' | null): string {
  return i18n._(reason && reason !== 'internal' ? peerFailureMessages[reason] : internalSyncFailure);
}

export function InventorySyncStatusBadge({ status }: { status: SyncStatus }) {
  const { i18n } = useLingui();
  return <Badge variant={badgeVariants[status]}>{i18n._(syncStatusNames[status])}</Badge>;
}

/** The badge, and under it the reason of a failed sync. */
export function InventorySyncStatus({ status, failure }: { status: SyncStatus; failure: PeerFailureReason | null }) {
  const { i18n } = useLingui();
  return (
    <>
      <InventorySyncStatusBadge status={status} />
      {status === 'failed' && <Reason>{syncFailureText(i18n, failure)}</Reason>}
    </>
  );
}

/** When the last sync finished, or that none has yet. */
export function InventoryLastUpdate({ at }: { at: string | null }) {
  const lang = useLang();
  if (!at) return <Trans>Not synced yet</Trans>;
  return <time dateTime={at}>{formatDateTime(lang, at)}</time>;
}
