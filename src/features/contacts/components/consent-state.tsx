// One purpose's consent as the list and a contact's page show it: a badge of its status, and under
// it where it came from and when (nothing under a consent never asked).
import { useLingui } from '@lingui/react/macro';
import styled from 'styled-components';
import type { ConsentStatus, PurposeConsent } from '@/domain/contact';
import { formatDateTime } from '@/src/i18n/format';
import { useLang } from '@/src/i18n/use-lang';
import { Badge, type BadgeVariant } from '@/src/ui/badge';
import { consentSourceNames, consentStatusNames } from '../contact-messages';

export const consentStatusBadges: Record<ConsentStatus, BadgeVariant> = {
  subscribed: 'positive',
  not_subscribed: 'neutral',
  unsubscribed: 'negative',
};

const Detail = styled.span`
  display: block;
  margin-top: ${({ theme }) => theme.space(1)};
  font-size: ${({ theme }) => theme.font.size.sm};
  color: ${({ theme }) => theme.colors.muted};
`;

export function ConsentState({ consent }: { consent: PurposeConsent }) {
  const { i18n } = useLingui();
  const lang = useLang();
  const at = consent.at ? new Date(consent.at) : null;
  return (
    <>
      <Badge variant={consentStatusBadges[consent.status]}>{i18n._(consentStatusNames[consent.status])}</Badge>
      {(consent.source || at) && (
        <Detail>
          {consent.source && i18n._(consentSourceNames[consent.source])}
          {consent.source && at && ' · '}
          {at && !Number.isNaN(at.getTime()) && <time dateTime={consent.at!}>{formatDateTime(lang, at)}</time>}
        </Detail>
      )}
    </>
  );
}
